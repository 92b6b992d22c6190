// Dschunke: das Legespiel: the table page's board. The open table (grid.js), the scores, the
// drawn tiles and the prompt are drawn from the view; everything clickable is one of the
// server's legal actions (ActionIndex). A placement is chosen in steps, as the engine asks:
// a tile, the cell of its first crate, then a direction, previewed before it is confirmed.
import { el, signed } from "../js/client.js";
import { gettext, interpolate, ngettext } from "../js/i18n.js";
import { ActionIndex, linkStylesheet, svg } from "./board.js";
import { drawGrid, zoomTools } from "./dschunke_tiles/grid.js";
import { CELL, COLOURS, drawSymbol, symbolHelp, symbolName, tileStrip } from "./dschunke_tiles/symbols.js";

await linkStylesheet(new URL("./dschunke_tiles/dschunke_tiles.css", import.meta.url));


// Under the end table's group points: each group scored, its symbol, size and points.
export function scoreDetail(key, row, glossary) {
  if (key !== "group_points" || !(row.groups || []).length) return null;
  // Each group on one line: the list wraps between groups, never inside one ("rote / Aubergine ×5: 15").
  return row.groups.map((group) => interpolate(gettext("%(symbol)s ×%(size)s: %(points)s"),
    { symbol: symbolName(group, glossary), size: group.size, points: group.points }).replaceAll(" ", "\u00a0")).join(" · ");
}

// What the page remembers between draws of one state: the direction previewed and a note.
const local = { seq: null, dir: null, note: "" };

function seatName(ctx, seat) {
  const info = (ctx.snapshot.seats || [])[seat];
  const name = info ? info.name : interpolate(gettext("Seat %(number)s"), { number: seat + 1 });
  return seat === ctx.me ? interpolate(gettext("%(name)s (you)"), { name }) : name;
}

function drawPlayers(ctx) {
  const { view } = ctx;
  return el("div", { class: "tl-players" }, ...view.players.map((player) => el("div", {
    class: `tl-player${view.seat_to_move === player.seat ? " to-move" : ""}`, "data-seat": player.seat,
    style: `--seat-colour: ${COLOURS[player.colour]}`,
  },
  el("strong", { text: seatName(ctx, player.seat), "data-plain": "" }),
  el("span", { class: "tl-colour", text: (ctx.glossary.colours || {})[player.colour] || player.colour,
    title: gettext("The colour this player scores: its groups of goods count, and its visible rats cost a point each.") }),
  el("span", { class: "tl-score", "data-testid": `score-${player.seat}`, text: String(signed(player.score)), title: gettext("Points now") }),
  el("span", { class: "muted", title: gettext("The points of this colour's groups, the points its visible rats cost, and the tiles placed."),
    text: interpolate(gettext("groups %(points)s · rats %(rats)s · %(tiles)s"), {
    points: player.group_points, rats: player.rats ? `−${player.rats}` : "0",
    tiles: interpolate(ngettext("%(n)s tile placed", "%(n)s tiles placed", player.tiles_placed), { n: player.tiles_placed }),
  }) }))));
}

function drawWaiting(ctx) {
  const { view, actions } = ctx;
  if (!view.waiting.length) return null;
  const owner = seatName(ctx, view.seat_to_move);
  const strips = view.waiting.map((tile) => {
    const chosen = view.selected === tile.tile;
    const select = actions.find({ type: "select", tile: tile.tile });
    const box = el("div", { class: `tl-waiting-tile${chosen ? " selected" : ""}`, "data-tile": tile.tile },
      el("span", { class: "tl-tile-name", text: tile.name, title: gettext("The tile's number; its three crates are drawn beside it.") }),
      tileStrip(tile, ctx.glossary, 40));
    return select ? actions.clickable(box, select, interpolate(gettext("Place %(tile)s first"), { tile: tile.name })) : box;
  });
  return el("div", { class: "tl-waiting" },
    el("span", { class: "muted", text: interpolate(ngettext("Drawn by %(name)s:", "Drawn by %(name)s:", view.waiting.length), { name: owner }), // "drawn" agrees with the tiles in some languages
      title: gettext("The tiles drawn for this turn, face up for both players: all of them are placed, in the order the player likes.") }),
    ...strips);
}

function drawFacts(ctx) {
  const { view } = ctx;
  return el("p", { class: "tl-facts muted", title: gettext("Red places one tile first; then each turn draws two tiles from the face-down pile and places both, until the last tile is placed.") },
    interpolate(gettext("Turn %(turn)s of %(turns)s · %(pile)s in the draw pile"), {
    turn: Math.min(view.turn + 1, view.turns), turns: view.turns,
    pile: interpolate(ngettext("%(n)s tile", "%(n)s tiles", view.pile_size), { n: view.pile_size }),
  }));
}

function renderPrompt(target, ctx) {
  const { view, actions } = ctx;
  if (!actions.all.length) {
    target.replaceChildren();
    return;
  }
  const parts = [el("h3", { text: (ctx.glossary.prompts || {})[view.step] || "" })];
  const orient = local.dir ? actions.find({ type: "orient", dir: local.dir }) : null;
  const buttons = [];
  if (orient) {
    const confirm = actions.button(orient, gettext("Place the tile here"));
    confirm.dataset.testid = "confirm";
    buttons.push(confirm);
  }
  const back = actions.find({ type: "back" });
  if (back) {
    const label = view.step === "orient" ? gettext("Choose another cell") : gettext("Choose the other tile");
    buttons.push(actions.button(back, `${label} (${interpolate(ngettext("%(n)s undo left", "%(n)s undos left", view.backs_left), { n: view.backs_left })})`));
  }
  // The buttons come right under the heading: a phone's prompt holds a quarter of the screen,
  // and the way back must not fall below its edge.
  if (buttons.length) parts.push(el("div", { class: "choices" }, ...buttons));
  if (orient) {
    const words = (ctx.glossary.directions || {})[local.dir] || local.dir;
    parts.push(el("p", { text: interpolate(gettext("Preview: the tile runs %(dir)s from its first crate."), { dir: words }) }));
  } else if (view.step === "orient") {
    parts.push(el("p", { class: "muted", text: gettext("Click an arrow on the board to preview the tile that way.") }));
  }
  if (local.note) parts.push(el("p", { class: "tl-note", role: "status", text: local.note }));
  target.replaceChildren(...parts);
}

// A cell's coordinates never break across lines ("(3, / -5)" on a phone).
const startWords = ([x, y]) => interpolate(gettext("Start the tile at (%(x)s, %(y)s)"), { x, y }).replace(/, (?=-?\d+\))/, ",\u00a0");

export function describeAction(action, snapshot, glossary) {
  if (action.type === "select") {
    const drawn = ((snapshot.view || {}).waiting || []).find((entry) => entry.tile === action.tile);
    return interpolate(gettext("Place tile %(tile)s first"), { tile: drawn ? drawn.name : action.tile });
  }
  if (action.type === "anchor") return startWords(action.cell);
  if (action.type === "orient") return interpolate(gettext("Run the tile %(dir)s"), { dir: (glossary.directions || {})[action.dir] || action.dir });
  return gettext("Take the last choice back");
}

export function render(root, snapshot, ui) {
  if (snapshot.seq !== local.seq) Object.assign(local, { seq: snapshot.seq, dir: null, note: "" });
  const actions = new ActionIndex(snapshot.legal_actions || [], ui.act);
  const redraw = () => render(root, snapshot, ui);
  const ctx = {
    view: snapshot.view, snapshot, actions, glossary: ui.glossary || {}, me: snapshot.seat, local, redraw,
    preview: (dir) => {
      local.dir = dir;
      local.note = "";
      redraw();
    },
    explain: (note) => {
      local.note = note;
      renderPrompt(ui.prompt, ctx);
    },
  };
  root.replaceChildren(el("div", { class: "tl" },
    drawPlayers(ctx), el("div", { class: "tl-facts-row" }, drawFacts(ctx), zoomTools(ctx)), drawWaiting(ctx), drawGrid(ctx)));
  renderPrompt(ui.prompt, ctx);
  return actions.placed;
}

// One component alone, drawn as on the board, for the how-to-play page: a crate's symbol
// (`piece.symbol`) or a whole tile (`piece.tile`).
export function drawPiece(piece, glossary) {
  if (piece.tile) return tileStrip(piece.tile, glossary, 40);
  const size = CELL - 8;
  return svg("svg", { viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, width: size, height: size, class: "tl-piece",
    role: "img", "aria-label": symbolName(piece.symbol, glossary) },
  svg("title", {}, symbolHelp(piece.symbol, glossary)), drawSymbol(piece.symbol, 0, 0));
}
