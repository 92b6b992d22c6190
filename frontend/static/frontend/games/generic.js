// The fallback renderer for games without a board of their own: the view as nested lists.
// Every legal action then appears in the page's "choose an action" list.
import { el } from "../js/client.js";

function tree(value) {
  if (Array.isArray(value)) return el("ol", { start: 0 }, ...value.map((item) => el("li", {}, tree(item))));
  if (value && typeof value === "object") {
    return el("dl", {}, ...Object.entries(value).flatMap(([key, item]) => [el("dt", { text: key }), el("dd", {}, tree(item))]));
  }
  return document.createTextNode(String(value));
}

export function render(root, snapshot, ui) {
  ui.prompt.replaceChildren();
  root.replaceChildren(el("div", { class: "generic-view" }, tree(snapshot.view)));
  return new Set();
}
