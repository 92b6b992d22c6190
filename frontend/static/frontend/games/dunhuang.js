// Merchants of Dunhuang drawn as SVG: the circle of characters with the camel and the market
// card under each, every player's shop with majority tokens and guards, coins and prestige,
// and the viewer's hand. Clickable things are the server's legal actions, nothing more.
import { el } from "../js/client.js";
import { gettext, interpolate, labelled, ngettext } from "../js/i18n.js";
import { svg, squeezed, explained, plain, ActionIndex } from "./board.js";

const LINE_HEIGHT = 18; // of the centre's lines in 13 px type (smaller print takes less)
const NAME_CHARS = 40; // a panel's name shown in full up to this length (a line of its own)
const shortName = (name) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);

// A character's name and effect in the reader's language (the view carries English ids).
const faceName = (glossary, face) => ((glossary.faces || {})[face] || face);
const faceText = (glossary, slot) => ((glossary.face_text || {})[slot.face] || slot.action);

const SEAT_COLOURS = ["#d9483b", "#3a6fd8", "#3c9a48", "#e3b92b"];
const GOOD_COLOURS = {
  1: "#e8c33a", 2: "#5fae6e", 3: "#e7e2d6", 4: "#f4ecd0", 5: "#b07a4f",
  6: "#6f9fd8", 7: "#c8579b", 8: "#7a9a3a", 9: "#d2692d", 10: "#9b8ec9",
};
const GUARD_MARK = { manichean: "M", buddhist: "B" };
const TILES = 8;

function layoutFor(width) {
  return width < 640
    ? { width: 500, cx: 250, cy: 235, radius: 175, tileW: 118, tileH: 96, panelX: 10, panelW: 480, stacked: true }
    : { width: 1000, cx: 270, cy: 265, radius: 200, tileW: 132, tileH: 100, panelX: 545, panelW: 445, stacked: false };
}

// Under the end table's hand points: the cards that counted, or why none did (the glossary's
// score_note, under the table, tells how they are chosen).
export function scoreDetail(key, row) {
  if (key !== "hand_points") return null;
  if (row.scored_cards.length) return row.scored_cards.join(" + ");
  return row.tokens ? gettext("none: holds the most cards of no goods") : gettext("none: no majority token");
}

export function render(root, snapshot, ui) {
  const view = snapshot.view;
  const actions = new ActionIndex(snapshot.legal_actions || [], ui.act);
  const layout = layoutFor(root.clientWidth || 1000);
  const ctx = {
    view, snapshot, actions, layout, glossary: ui.glossary, me: snapshot.seat,
    names: snapshot.seats.map((seat) => seat.name),
  };
  const parts = [];
  drawCircle(parts, ctx);
  let y = layout.stacked ? layout.cy + layout.radius + layout.tileH / 2 + 20 : 10;
  y = drawPanels(parts, ctx, y);
  const me = ctx.me !== null && ctx.me !== undefined ? view.players[ctx.me] : null;
  if (me && me.hand && !view.outcome) y = drawHand(parts, ctx, me, y + 8); // at the end it is in the panel, as every hand
  const height = Math.max(y, layout.stacked ? 0 : layout.cy * 2) + 10;
  root.replaceChildren(svg("svg", {
    viewBox: `0 0 ${layout.width} ${height}`, role: "group", "aria-label": gettext("The market of Dunhuang"),
  }, ...parts));
  renderPrompt(ui.prompt, ctx);
  return actions.placed;
}

function goodName(ctx, good) {
  return ctx.glossary.goods[String(good)] || String(good);
}

function goodCard(ctx, good, x, y, w, h, hit = false) {
  return svg("g", { class: "good", "data-good": good },
    svg("rect", { x, y, width: w, height: h, rx: 5, fill: GOOD_COLOURS[good], stroke: "#333", class: hit ? "hit" : "" }),
    svg("text", { x: x + w / 2, y: y + h / 2 + 2, "text-anchor": "middle", "font-size": Math.min(22, h * 0.5), "font-weight": 700 }, String(good)),
    h >= 44 ? svg("text", { x: x + w / 2, y: y + h - 6, "text-anchor": "middle", "font-size": 11, ...squeezed(goodName(ctx, good), w - 4, 11) },
      goodName(ctx, good)) : null,
    svg("title", {}, `${good} · ${goodName(ctx, good)}`));
}

// ----------------------------------------------------------------------------- the circle

function tileCentre(layout, tile) {
  const angle = -Math.PI / 2 + (tile * 2 * Math.PI) / TILES;
  return [layout.cx + layout.radius * Math.cos(angle), layout.cy + layout.radius * Math.sin(angle)];
}

function drawCircle(parts, ctx) {
  const { layout, view } = ctx;
  parts.push(svg("circle", { cx: layout.cx, cy: layout.cy, r: layout.radius, fill: "none", stroke: "#c7a96b", "stroke-width": 10, "stroke-dasharray": "2 10" }));
  view.circle.forEach((slot) => parts.push(drawTile(ctx, slot)));
  // Each fact with what it means, in its lines' tooltip.
  const deck = [interpolate(ngettext("Deck: %(n)s card", "Deck: %(n)s cards", view.deck_size), { n: view.deck_size }),
    gettext("The goods deck refills the market. Once it is empty, the round is played to its end and the points are counted.")];
  const last = [view.final_round && view.step !== "over" ? gettext("Final round!") : "", gettext("The deck is empty: this round is the last.")];
  const goal = [interpolate(gettext("Top merchant: %(n)s tokens"), { n: view.tokens_to_win }),
    interpolate(gettext("A player who ends their turn with %(n)s majority tokens and 4 different goods in hand wins at once."),
      { n: view.tokens_to_win })];
  const fixed = centreLines([deck, last, bankFact(view.bank_tokens.map((good) => goodName(ctx, good)))], true);
  const goalLines = centreLines([goal]);
  const camel = view.circle.find((slot) => slot.camel);
  let camelLines = [];
  let effect = [];
  if (camel) {
    const help = labelled(faceName(ctx.glossary, camel.face), faceText(ctx.glossary, camel));
    camelLines = centreLines([[interpolate(gettext("Camel: %(face)s"), { face: faceName(ctx.glossary, camel.face) }), help]], true);
    effect = centreLines([[faceText(ctx.glossary, camel), help]], false, EFFECT_SIZE);
  }
  // The diagonal tiles' inner corners bound the centre: about radius·cos 45° from it. What does
  // not fit gives way: the goal first (it never changes; its tooltip and the rules tell it), then
  // the character's effect (its tooltip and the prompt tell it).
  const room = 2 * (layout.radius * Math.SQRT1_2 - layout.tileH / 2) - 8;
  const choices = [[...fixed, ...goalLines, ...camelLines, ...effect], [...fixed, ...camelLines, ...effect],
    [...fixed, ...goalLines, ...camelLines]];
  const lines = choices.find((choice) => linesHeight(choice) <= room) || choices[2];
  let y = layout.cy - linesHeight(lines) / 2 + 10;
  for (const { text, help, size, bold } of lines) {
    parts.push(explained(svg("text", { x: layout.cx, y, "text-anchor": "middle", "font-size": size,
      "font-weight": bold ? 700 : 400, class: size === EFFECT_SIZE ? "centre-effect" : null }, text), help));
    y += lineHeight(size);
  }
}

// The centre's lines of `facts` ([text, tooltip], "" text: none): the first one bold where
// `heading`, in `size` type, wrapped to the centre's width (smaller print holds more).
const EFFECT_SIZE = 11;
function centreLines(facts, heading = false, size = 13) {
  const width = size === EFFECT_SIZE ? 31 : 26;
  return facts.filter(([text]) => text).flatMap(([text, help], index) => wrap(text, width)
    .map((part, row) => ({ text: part, help, size, bold: heading && index === 0 && row === 0 })));
}

// The majority tokens no shop holds, as a line and its tooltip: their goods by name, or how many
// kinds while many are left (the names then fill the tooltip, not the centre's few lines).
function bankFact(goods) {
  const help = gettext("The majority tokens no shop holds: the first shop with a card of the kind takes its token.");
  if (goods.length <= 2) {
    return [interpolate(gettext("Tokens in the bank: %(goods)s"), { goods: goods.join(", ") || gettext("none") }), help];
  }
  return [interpolate(ngettext("Tokens in the bank: %(n)s kind", "Tokens in the bank: %(n)s kinds", goods.length), { n: goods.length }),
    `${help} ${goods.join(", ")}`];
}

const lineHeight = (size) => (LINE_HEIGHT * size) / 13;
const linesHeight = (lines) => lines.reduce((sum, { size }) => sum + lineHeight(size), 0);

// Splits `text` into lines of at most `width` characters at spaces (SVG text does not wrap); a
// number stays with the word after it ("7 kinds").
function wrap(text, width) {
  const lines = [];
  for (const word of text.replace(/(\d) /g, "$1\u00a0").split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function drawTile(ctx, slot) {
  const { layout, view, actions } = ctx;
  const [cx, cy] = tileCentre(layout, slot.tile);
  const x = cx - layout.tileW / 2;
  const y = cy - layout.tileH / 2;
  const place = actions.find({ type: "place_camel", tile: slot.tile });
  const steps = (slot.tile - view.camel + TILES) % TILES;
  const move = steps > 0 ? actions.find({ type: "move", steps }) : null;
  const tileAction = place || move;
  const face = faceName(ctx.glossary, slot.face);
  const label = place ? interpolate(gettext("Place the camel on the %(face)s"), { face })
    : interpolate(ngettext("Move the camel %(n)s tile to the %(face)s", "Move the camel %(n)s tiles to the %(face)s", steps), { n: steps, face });
  const card = svg("g", { class: "tile", "data-tile": slot.tile },
    svg("rect", {
      x, y, width: layout.tileW, height: layout.tileH, rx: 8,
      fill: slot.camel ? "#ffe9b0" : "#fbf4e4", stroke: slot.camel ? "#a0522d" : "#8c7a56", "stroke-width": slot.camel ? 3 : 1.5,
      class: tileAction ? "hit" : "",
    }),
    svg("text", { x: x + 8, y: y + 18, "font-size": 14, "font-weight": 700, ...squeezed(face, layout.tileW - 16 - (move ? 26 : 0), 14, 700) }, face),
    svg("title", {}, labelled(face, faceText(ctx.glossary, slot))));
  if (move) {
    card.append(svg("text", { x: x + layout.tileW - 8, y: y + 18, "text-anchor": "end", "font-size": 13, fill: "#a0522d", "font-weight": 700 }, `+${steps}`));
  }
  if (ctx.numbered !== false) { // the log names places by these numbers
    const number = interpolate(gettext("tile %(n)s"), { n: slot.tile + 1 });
    card.append(svg("text", { x: x + 8, y: y + 38, "font-size": 11, fill: "#7a6a48", ...squeezed(number, layout.tileW - 76, 11) }, number));
  }
  if (slot.camel) {
    const camel = gettext("camel");
    card.append(
      svg("ellipse", { cx: x + 28, cy: y + layout.tileH - 22, rx: 22, ry: 13, fill: "#a0522d" }),
      svg("text", { x: x + 28, y: y + layout.tileH - 18, "text-anchor": "middle", "font-size": 11, fill: "#fff", ...squeezed(camel, 38, 11) }, camel),
    );
  }
  // The market card is part of the tile, unless it is a choice of its own (Soldier, General …).
  const pick = slot.goods ? actions.find({ type: "pick_slot", slot: slot.tile }) : null;
  const goods = slot.goods ? goodCard(ctx, slot.goods, x + layout.tileW - 60, y + 28, 52, layout.tileH - 34, Boolean(pick)) : null;
  if (goods && !pick) card.append(goods);
  const group = svg("g", {}, actions.clickable(card, tileAction, label));
  if (pick) group.append(actions.clickable(goods, pick, interpolate(gettext("Choose the %(goods)s under the %(face)s"), { goods: goodName(ctx, slot.goods), face: faceName(ctx.glossary, slot.face) })));
  return group;
}

// ----------------------------------------------------------------------------- players

const PANEL_H = 128;
const CHIP_STEP = 30; // a shop or hand card's place in a panel's row
const HAND_ROW_H = 44;

// After the game every hand is shown (RULES.md, Hidden information): each panel gets a row of
// its hand's cards, so that the hand points of the end table can be checked.
const shownHand = (ctx, player) => (ctx.view.outcome && player.hand ? player.hand : null);
const chipsPerRow = (w) => Math.max(1, Math.floor((w - 86) / CHIP_STEP));

function drawPanels(parts, ctx, y) {
  const { layout, view } = ctx;
  view.players.forEach((player, seat) => {
    const hand = shownHand(ctx, player);
    const h = PANEL_H + (hand ? Math.max(1, Math.ceil(hand.length / chipsPerRow(layout.panelW))) * HAND_ROW_H : 0);
    parts.push(drawPanel(ctx, player, seat, layout.panelX, y, layout.panelW, h));
    y += h + 8;
  });
  return y;
}

const OPENING_STEPS = new Set(["draft", "place_camel"]);

function drawPanel(ctx, player, seat, x, y, w, h) {
  const { view, actions } = ctx;
  const acting = (view.to_act || []).includes(seat);
  const opponent = actions.find({ type: "pick_opponent", opponent: seat });
  const figures = `${interpolate(ngettext("%(n)s coin", "%(n)s coins", player.coins), { n: player.coins })} · ${
    interpolate(gettext("%(prestige)s prestige · hand %(hand)s"), { prestige: player.prestige, hand: player.hand_size })}`;
  // The turn's mark, once turns have begun (while the opening's cards are kept and the camel placed
  // the view's turn names nobody in particular).
  const hasTurn = view.turn === seat && !view.outcome && !OPENING_STEPS.has(view.step);
  const name = `${hasTurn ? "▶ " : ""}${
    shortName(seat === ctx.me ? interpolate(gettext("%(name)s (you)"), { name: ctx.names[seat] }) : ctx.names[seat])}`;
  // The name has the panel's width (a bot's name and strength are long in some languages), the
  // figures the line below it; whose turn it is shows by the panel's colour and a mark.
  const nameRoom = w - 28;
  const box = svg("g", { class: "panel", "data-seat": seat },
    svg("rect", { x, y, width: w, height: h, rx: 8, fill: acting ? "#fff4c2" : "#fffdf8", stroke: acting ? "#d39b00" : "#cbbf9f", "stroke-width": acting ? 3 : 1, class: opponent ? "hit" : "" }),
    svg("rect", { x, y, width: 10, height: h, rx: 4, fill: SEAT_COLOURS[seat] }),
    svg("text", { x: x + 18, y: y + 22, "font-size": 16, "font-weight": 700, ...squeezed(name, nameRoom, 16, 700) }, name,
      svg("title", {}, hasTurn ? `${ctx.names[seat]} · ${gettext("turn")}` : ctx.names[seat])),
    explained(svg("text", { x: x + 18, y: y + 41, "font-size": 13, ...squeezed(figures, w - 28, 13) }, figures),
    gettext("Coins pay for the camel's steps after the first. Prestige: a point each at the end. Hand: the goods cards held, hidden from the others.")));
  const panel = actions.clickable(box, opponent, interpolate(gettext("Choose %(name)s"), { name: ctx.names[seat] }));
  const group = svg("g", {}, panel);
  // Majority tokens, with the guard sitting on them.
  group.append(explained(svg("text", { x: x + 18, y: y + 66, "font-size": 12 }, gettext("tokens")),
    gettext("Majority tokens: the shop with the most cards of a kind holds its token, worth 2 points at the end.")));
  player.tokens.forEach((good, index) => {
    const guard = player.guards.find((entry) => entry.good === good);
    const pick = actions.find({ type: "pick_token", good });
    const tx = x + 78 + index * 30;
    const token = svg("g", { class: "token", "data-good": good },
      svg("circle", { cx: tx, cy: y + 62, r: 12, fill: GOOD_COLOURS[good], stroke: guard ? "#222" : "#666", "stroke-width": guard ? 3 : 1, class: pick ? "hit" : "" }),
      svg("text", { x: tx, y: y + 66, "text-anchor": "middle", "font-size": 12, "font-weight": 700 }, String(good)),
      guard ? svg("text", { x: tx + 9, y: y + 54, "font-size": 11, "font-weight": 700 }, GUARD_MARK[guard.guard]) : null,
      svg("title", {}, guard ? interpolate(gettext("majority token %(good)s, guarded by the %(guard)s"), { good, guard: faceName(ctx.glossary, guard.guard) })
        : interpolate(gettext("majority token %(good)s"), { good })));
    group.append(actions.clickable(token, pick, interpolate(gettext("Guard token %(good)s"), { good })));
  });
  if (!player.tokens.length) group.append(nothingHere(x + 78, y + 66, 12, gettext("none")));
  // The shop, open to all.
  group.append(explained(svg("text", { x: x + 18, y: y + 102, "font-size": 12 }, gettext("shop")),
    gettext("The shop: goods cards laid out for all to see, which win the majority tokens.")));
  player.shop.forEach((good, index) => {
    const pick = seat === ctx.me ? actions.find({ type: "pick_shop", card: good }) : null;
    const chip = goodCard(ctx, good, x + 76 + index * 30, y + 82, 27, 36, Boolean(pick));
    group.append(actions.clickable(chip, pick, interpolate(gettext("Choose the %(goods)s in your shop"), { goods: goodName(ctx, good) })));
  });
  if (!player.shop.length) group.append(nothingHere(x + 78, y + 102, 12, gettext("empty")));
  const hand = shownHand(ctx, player);
  if (hand) drawShownHand(group, ctx, hand, seat, x, y + PANEL_H - 2, w);
  return group;
}

// The hand of a finished game's panel, face up, in rows under the shop.
function drawShownHand(group, ctx, hand, seat, x, y, w) {
  group.append(explained(svg("text", { x: x + 18, y: y + 20, "font-size": 12 }, gettext("hand")),
    gettext("The goods cards this player held at the end, shown to all now that the game is over.")));
  const perRow = chipsPerRow(w);
  hand.forEach((good, index) => {
    const chip = goodCard(ctx, good, x + 76 + (index % perRow) * CHIP_STEP, y + Math.floor(index / perRow) * HAND_ROW_H, 27, 36);
    chip.dataset.row = "shown-hand";
    chip.dataset.seat = seat;
    group.append(chip);
  });
  if (!hand.length) group.append(nothingHere(x + 78, y + 20, 12, gettext("empty")));
}

// Greyed words where a row of cards or tokens is empty.
function nothingHere(x, y, size, words) {
  return plain(svg("text", { x, y, "font-size": size, fill: "#6b6b6b" }, words));
}

function drawHand(parts, ctx, me, y) {
  const { actions } = ctx;
  y = drawCardRow(parts, ctx, y, {
    name: "hand",
    title: gettext("Your hand"),
    about: gettext("Your goods cards, hidden from the others: 4 different ones make the top merchant, and they score at the end."),
    cards: me.hand, none: gettext("No cards."),
    action: (good) => actions.find({ type: "pick_hand", card: good }) || actions.find({ type: "give", card: good }),
    label: (good) => interpolate(gettext("Choose the %(goods)s in your hand"), { goods: goodName(ctx, good) }),
  });
  if (!(me.drafted || []).length) return y;
  return drawCardRow(parts, ctx, y + 8, {
    name: "drafted",
    title: gettext("Cards you drew"),
    about: gettext("Seen by you alone until you keep one of them."),
    cards: me.drafted,
    action: (good) => actions.find({ type: "keep", card: good }),
    label: (good) => interpolate(gettext("Keep the %(goods)s"), { goods: goodName(ctx, good) }),
  });
}

// A titled row of goods cards below the panels (`row.name` marks them), each clickable where
// `row.action` finds an action; `row.none` stands in for no cards.
function drawCardRow(parts, ctx, y, row) {
  const { layout, actions } = ctx;
  const x = layout.panelX;
  parts.push(explained(svg("text", { x, y: y + 16, "font-size": 16, "font-weight": 700 }, row.title), row.about));
  const cardW = 54;
  const perRow = Math.floor(layout.panelW / (cardW + 6));
  if (!row.cards.length && row.none) {
    parts.push(nothingHere(x, y + 44, 13, row.none));
  }
  row.cards.forEach((good, index) => {
    const action = row.action(good);
    const cx = x + (index % perRow) * (cardW + 6);
    const cy = y + 26 + Math.floor(index / perRow) * 78;
    const card = goodCard(ctx, good, cx, cy, cardW, 72, Boolean(action));
    card.dataset.row = row.name;
    parts.push(actions.clickable(card, action, row.label(good)));
  });
  const rows = Math.ceil(row.cards.length / perRow);
  return y + 26 + (rows ? rows * 78 : 30);
}

// ----------------------------------------------------------------------------- prompts

function renderPrompt(box, ctx) {
  const { view, actions } = ctx;
  box.replaceChildren();
  if (!actions.all.length) return;
  const face = view.circle[view.camel] ? view.circle[view.camel] : null;
  // A character that cannot act for the player is not offered: the heading asks for the coins
  // alone and the engine's reason says why (the view tells it to this player only).
  const why = view.cannot_use && (ctx.glossary.cannot_use || {})[view.cannot_use];
  const text = why && ctx.glossary.coins_only ? ctx.glossary.coins_only : ctx.glossary.prompts[view.step] || "";
  box.append(el("h3", { text }));
  if (why && face) box.append(el("p", { "data-testid": "cannot-use", text: why.replace("{face}", faceName(ctx.glossary, face.face)) }));
  const asked = askedToGive(view, ctx);
  if (asked) box.append(el("p", { "data-testid": "asked-to-give", text: asked }));
  const pending = pendingExchange(view, ctx);
  if (pending) box.append(el("p", { "data-testid": "pending-exchange", text: pending }));
  // What the board already offers (a tile, a card, a token) is clicked there, not repeated here.
  const offstage = actions.all.filter((_, index) => !actions.placed.has(index));
  const buttons = offstage.map((action) => {
    if (action.type === "use" && face) return actions.button(action, interpolate(gettext("Use the %(face)s"), { face: faceName(ctx.glossary, face.face) }));
    return actions.button(action, describeAction(action, ctx.snapshot, ctx.glossary));
  });
  if (offstage.length < actions.all.length) {
    box.append(el("p", { class: "muted", "data-testid": "on-board-hint", text: gettext("What you may choose is outlined on the board.") }));
  }
  if (buttons.length) box.append(el("div", { class: "choices" }, ...buttons));
  // The character's effect as a line of its own under the buttons: within a button it made the
  // choice too tall for a phone's prompt to show both buttons.
  if (face && offstage.some((action) => action.type === "use")) {
    box.append(el("p", { "data-testid": "character-effect", text: faceText(ctx.glossary, face) }));
  }
}

// Where the camel goes and which goods it finds, so that a move quoted apart from the board (in
// the analysis, say) still says what it did.
function moveWords(steps, view, glossary) {
  if (!(view.camel >= 0)) return interpolate(ngettext("Move the camel %(n)s tile", "Move the camel %(n)s tiles", steps), { n: steps });
  const face = faceName(glossary, view.circle[(view.camel + steps) % TILES].face);
  return interpolate(ngettext("Move the camel %(n)s tile to the %(face)s", "Move the camel %(n)s tiles to the %(face)s", steps), { n: steps, face });
}

function takeWords(to, view, name) {
  const goods = view.camel >= 0 ? view.circle[view.camel].goods : null;
  if (!goods) return to === "hand" ? gettext("Take the goods in hand") : gettext("Put the goods in the shop");
  const card = name(goods);
  return to === "hand" ? interpolate(gettext("Take %(card)s in hand"), { card }) : interpolate(gettext("Put %(card)s in the shop"), { card });
}

// Halfway through a swap or a give, what is already settled: the card chosen to swap, or whom
// the cards go to and how many are left to give (the prompt's question alone repeats itself).
function pendingExchange(view, ctx) {
  if (view.pick && (view.step === "pick_slot" || view.step === "pick_hand")) {
    return interpolate(gettext("To swap: %(card)s"), { card: `${view.pick} (${goodName(ctx, view.pick)})` });
  }
  if (view.step === "give" && view.to_give) {
    const receiver = view.giver === view.turn ? view.opponent : view.turn;
    return interpolate(ngettext("To %(name)s: %(n)s card left to give", "To %(name)s: %(n)s cards left to give", view.to_give),
      { name: ctx.names[receiver], n: view.to_give });
  }
  return null;
}

// Why a player is asked to give on another's turn: that player's character makes them give first.
function askedToGive(view, ctx) {
  if (view.step !== "give" || view.giver === view.turn || !(view.camel >= 0)) return null;
  return interpolate(gettext("%(name)s used the %(face)s: you give them cards of your choice first, then they give you as many back."),
    { name: ctx.names[view.turn], face: faceName(ctx.glossary, view.circle[view.camel].face) });
}

export function describeAction(action, snapshot, glossary) {
  const name = (good) => `${good} (${glossary.goods[String(good)] || good})`;
  const seatName = (seat) => (snapshot.seats[seat] ? snapshot.seats[seat].name : interpolate(gettext("Seat %(number)s"), { number: seat + 1 }));
  switch (action.type) {
    case "keep": return interpolate(gettext("Keep %(card)s"), { card: name(action.card) });
    case "place_camel": return interpolate(gettext("Place the camel on tile %(n)s (%(face)s)"), { n: action.tile + 1, face: faceName(glossary, snapshot.view.circle[action.tile].face) });
    case "move": return moveWords(action.steps, snapshot.view, glossary);
    case "take": return takeWords(action.to, snapshot.view, name);
    case "use": return gettext("Use the character");
    case "coins": return interpolate(gettext("Take %(n)s coins"), { n: glossary.coins_action });
    case "pay_guard": return interpolate(gettext("Pay the guard %(n)s coins"), { n: glossary.guard_fee });
    case "refuse_guard": return gettext("Leave the token");
    case "pick_shop": return snapshot.view.step === "domestic"
      ? interpolate(gettext("Move %(card)s from your shop to your hand"), { card: name(action.card) })
      : interpolate(gettext("Shop card %(card)s"), { card: name(action.card) });
    case "pick_hand": return snapshot.view.step === "domestic"
      ? interpolate(gettext("Move %(card)s from your hand to your shop"), { card: name(action.card) })
      : interpolate(gettext("Hand card %(card)s"), { card: name(action.card) });
    case "pick_slot": return interpolate(gettext("Market card on tile %(n)s"), { n: action.slot + 1 });
    case "pick_token": return interpolate(gettext("Token %(card)s"), { card: name(action.good) });
    case "pick_opponent": return interpolate(gettext("Exchange with %(name)s"), { name: seatName(action.opponent) });
    case "give": return interpolate(gettext("Give %(card)s"), { card: name(action.card) });
    default: return action.type.replace(/_/g, " ");
  }
}

// ----------------------------------------------------------------------------- one piece

// One component alone, drawn as on the board, for the how-to-play page: a character's tile
// (`piece.face`), its name band only (the rest of a tile holds a market card, none here), or a
// goods card (`piece.good`).
export function drawPiece(piece, glossary) {
  const inert = new ActionIndex([], () => {});
  if (piece.good) {
    return svg("svg", { viewBox: "0 0 56 76", width: 56, height: 76, role: "img", "aria-label": goodName({ glossary }, piece.good) },
      goodCard({ glossary }, piece.good, 2, 2, 52, 72));
  }
  const layout = { ...layoutFor(1000), radius: 0, tileH: 28 };
  layout.cx = layout.tileW / 2 + 2;
  layout.cy = layout.tileH / 2 + 2;
  const slot = { tile: 0, face: piece.face, goods: null, camel: false };
  const ctx = { layout, view: { camel: 0 }, actions: inert, glossary, numbered: false };
  return svg("svg", { viewBox: `0 0 ${layout.tileW + 4} ${layout.tileH + 4}`, width: layout.tileW + 4, height: layout.tileH + 4,
    role: "img", "aria-label": faceName(glossary, piece.face) }, drawTile(ctx, slot));
}
