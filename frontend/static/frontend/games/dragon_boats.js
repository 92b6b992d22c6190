// Dragon Boats of the Four Seas: the table page's board. The sea (map.js), the market, round
// cards and player boards (panels.js) and the prompt (prompt.js) are drawn from the view;
// every clickable thing is one of the server's legal actions (ActionIndex), nothing here
// decides what is allowed. The module links its own stylesheet.
import { el } from "../js/client.js";
import { gettext } from "../js/i18n.js";
import { ActionIndex, linkStylesheet } from "./board.js";
import { drawMap, mapLegend } from "./dragon_boats/map.js";
import { chip, kindWord } from "./dragon_boats/common.js";
import { bonusCard, drawMarket, drawPlayers, drawRounds } from "./dragon_boats/panels.js";
import { describeAction, renderPrompt, statusLine } from "./dragon_boats/prompt.js";

export { describeAction };

await linkStylesheet(new URL("./dragon_boats/dragon_boats.css", import.meta.url));


// What the page remembers between draws: the middle place picked whose offering to leave
// out is asked next (forgotten with every new state), and whether the sea is drawn enlarged
// (a phone's choice, kept in this browser).
const ZOOM_KEY = "sampan.dragonBoats.seaEnlarged";
const local = { seq: null, seatChoice: null, enlarged: localStorage.getItem(ZOOM_KEY) === "1" };

export function render(root, snapshot, ui) {
  if (snapshot.seq !== local.seq || !(snapshot.legal_actions || []).length) {
    local.seq = snapshot.seq;
    local.seatChoice = null;
  }
  const actions = new ActionIndex(snapshot.legal_actions || [], ui.act);
  const ctx = {
    view: snapshot.view, snapshot, actions, glossary: ui.glossary, me: snapshot.seat, state: local,
    select: (spot) => {
      local.seatChoice = spot;
      render(root, snapshot, ui);
      if (spot && ui.showPrompt) ui.showPrompt(); // which offering to leave out: on a phone the folded prompt opens
    },
  };
  const before = root.querySelector(".db-sea-frame");
  const scrolled = before && before.parentElement.classList.contains("enlarged") === local.enlarged ? before.scrollLeft : null;
  const frame = el("div", { class: "db-sea-frame" }, drawMap(ctx));
  root.replaceChildren(el("div", { class: "db" },
    statusLine(ctx),
    el("div", { class: "db-top" },
      el("div", { class: `db-sea${local.enlarged ? " enlarged" : ""}` }, enlargeButton(() => render(root, snapshot, ui)), frame, mapLegend()),
      el("div", { class: "db-side" }, drawRounds(ctx), drawMarket(ctx))),
    drawPlayers(ctx)));
  // A redraw keeps the enlarged sea where the player scrolled it; a fresh one opens on its middle.
  if (local.enlarged) frame.scrollLeft = scrolled ?? (frame.scrollWidth - frame.clientWidth) / 2;
  renderPrompt(ui.prompt, ctx);
  return actions.placed;
}

// On a phone the whole sea's words are a few pixels high: the sea can be drawn twice as large,
// scrolled sideways within its frame.
function enlargeButton(redraw) {
  const enlarged = local.enlarged;
  const words = enlarged ? gettext("Show the whole sea") : gettext("Enlarge the sea");
  return el("button", {
    type: "button", class: "db-enlarge", "data-testid": "enlarge-sea", title: words, "aria-label": words,
    "aria-pressed": String(enlarged), text: enlarged ? "−" : "+",
    onclick: () => {
      local.enlarged = !enlarged;
      localStorage.setItem(ZOOM_KEY, local.enlarged ? "1" : "0");
      redraw();
    },
  });
}

// One component alone, as the board draws it (the how-to-play page): a bonus card or an offering.
export function drawPiece(piece, glossary) {
  const ctx = { glossary };
  if (piece.card) return bonusCard(ctx, piece.card, { class: "db-card-alone" });
  const word = kindWord(ctx, piece.offering);
  return chip(piece.offering, undefined, { text: word, title: word, class: "db-chip-alone" });
}
