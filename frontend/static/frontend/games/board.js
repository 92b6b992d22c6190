// Small pieces the board renderers share: SVG elements and the index of legal actions that
// turns drawn things into clickable moves.
import { el } from "../js/client.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// A renderer's own stylesheet, linked once when its module loads. The module awaits it, so a
// page never shows what it draws unstyled (a chip as bare words, a side panel under the board).
// A sheet that fails to load still lets the module draw.
export function linkStylesheet(url) {
  return new Promise((resolve) => {
    const link = el("link", { rel: "stylesheet", href: new URL(url).href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== "") node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// A label keeps inside its room (SVG units): one wider than the room, measured in the board's
// font (words run longer in French and German), is squeezed to fit rather than run over its neighbour.
const ruler = document.createElement("canvas").getContext("2d");
export function textWidth(label, fontSize = 14, weight = 400) {
  ruler.font = `${weight} ${fontSize}px system-ui, sans-serif`;
  return ruler.measureText(label).width;
}

export function squeezed(label, room, fontSize = 14, weight = 400) {
  return textWidth(label, fontSize, weight) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
}

function sameAction(a, b) {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  }
  return value;
}

// The server's legal actions, looked up by their exact content. Whatever the board draws
// as clickable is recorded in `placed`, so the page can list the rest.
// Makes a drawn `node` a button: `press` runs when it is clicked, or focused and given Enter or Space.
export function pressable(node, label, press) {
  node.classList.add("clickable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", press);
  node.addEventListener("keydown", (key) => {
    if (key.key === "Enter" || key.key === " ") {
      key.preventDefault();
      press();
    }
  });
  return node;
}

export class ActionIndex {
  constructor(actions, act) {
    this.all = actions;
    this.act = act;
    this.placed = new Set();
  }

  indexOf(action) {
    return this.all.findIndex((candidate) => sameAction(candidate, action));
  }

  find(wanted) {
    const index = this.indexOf(wanted);
    return index < 0 ? null : this.all[index];
  }

  // Makes `node` submit `action` when clicked (or with Enter / Space); no action, no change.
  // The node names the action's index, so that the page can point at it (a hint).
  clickable(node, action, label) {
    if (!action) return node;
    node.dataset.actionIndex = this.place(action);
    return pressable(node, label, () => this.act(action));
  }

  button(action, label) {
    if (!action) return null;
    return el("button", { type: "button", onclick: () => this.act(action), text: label, "data-action-index": this.place(action) });
  }

  // Makes `node` the way to `actions` that the board draws only once it is chosen (a boat, then
  // its moves): they count as placed, and a hint at one of them outlines the node (hint.js).
  leadsTo(node, actions) {
    node.dataset.leadsTo = actions.map((action) => this.place(action)).join(" ");
    return node;
  }

  place(action) {
    const index = this.indexOf(action);
    this.placed.add(index);
    return index;
  }
}

// A label of the board with a tooltip (an SVG <title>, read on hover, and on a tap by the table
// page) for the words a newcomer may not know: every label of a board has one, or says it needs
// none (`plain`, such as a player's name). The browser tests check it over each board's labels.
export function explained(node, help) {
  return svg("g", {}, node, svg("title", {}, help));
}

// A label whose words need no tooltip (a name, a plain count), as the boards' test reads it.
export function plain(node) {
  node.setAttribute("data-plain", "");
  return node;
}

export function kindLabel(kind, glossary) {
  if (!kind) return "any goods";
  const goods = glossary && glossary.goods ? glossary.goods[kind] : null;
  return goods ? `${goods} (${kind})` : kind;
}
