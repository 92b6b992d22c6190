// Dragon Boats of the Four Seas: the table page's board. The sea (map.js), the market, round
// cards and player boards (panels.js) and the prompt (prompt.js) are drawn from the view;
// every clickable thing is one of the server's legal actions (ActionIndex), nothing here
// decides what is allowed. The module links its own stylesheet.
import { el } from "../js/client.js";
import { ActionIndex, linkStylesheet } from "./board.js";
import { drawMap } from "./dragon_boats/map.js";
import { chip, kindWord } from "./dragon_boats/common.js";
import { bonusCard, drawMarket, drawPlayers, drawRounds } from "./dragon_boats/panels.js";
import { describeAction, renderPrompt, statusLine } from "./dragon_boats/prompt.js";

export { describeAction };

await linkStylesheet(new URL("./dragon_boats/dragon_boats.css", import.meta.url));


// What the page remembers between draws: the middle place picked whose offering to leave
// out is asked next (forgotten with every new state).
const local = { seq: null, seatChoice: null };

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
    },
  };
  root.replaceChildren(el("div", { class: "db" },
    statusLine(ctx),
    el("div", { class: "db-top" },
      el("div", { class: "db-sea" }, drawMap(ctx)),
      el("div", { class: "db-side" }, drawRounds(ctx), drawMarket(ctx))),
    drawPlayers(ctx)));
  renderPrompt(ui.prompt, ctx);
  return actions.placed;
}

// One component alone, as the board draws it (the how-to-play page): a bonus card or an offering.
export function drawPiece(piece, glossary) {
  const ctx = { glossary };
  if (piece.card) return bonusCard(ctx, piece.card, { class: "db-card-alone" });
  const word = kindWord(ctx, piece.offering);
  return chip(piece.offering, undefined, { text: word, title: word, class: "db-chip-alone" });
}
