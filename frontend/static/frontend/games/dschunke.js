// Dschunke drawn as SVG: the five junks with their holds seen from above, the merchants and
// trainees, the market card, the special-card stacks, the players' panels and the viewer's
// hand. Every clickable thing is one of the server's legal actions; nothing here decides
// what is allowed.
import { el } from "../js/client.js";
import { gettext, interpolate, labelled, ngettext, pgettext } from "../js/i18n.js";
import { svg, squeezed, explained, textWidth, ActionIndex } from "./board.js";

const OWNER_COLOURS = { red: "#d9483b", blue: "#3a6fd8", green: "#3c9a48", yellow: "#e3b92b" };
const JUNK_COLOURS = { grey: "#9aa0a6", brown: "#8a5a3c", white: "#f3efe4", purple: "#7c55bf", orange: "#ee8a2a" };
const KIND_INK = { brown: "#fff", white: "#222", orange: "#222", purple: "#fff", grey: "#222" };
// The players' colours agree with the noun they describe in French and German.
const CRATE_COLOURS = { red: pgettext("crate", "red"), blue: pgettext("crate", "blue"), green: pgettext("crate", "green"), yellow: pgettext("crate", "yellow") };
const STRIP_COLOURS = { red: pgettext("strip", "red"), blue: pgettext("strip", "blue"), green: pgettext("strip", "green"), yellow: pgettext("strip", "yellow") };
const BID_PLACED = gettext("bid placed");
const PHASE_WORDS = {
  setup: gettext("set-up"), placement: gettext("placement"), "round start": gettext("round start"),
  exchange: gettext("exchange"), "special event": gettext("special event"), "money declaration": gettext("money declaration"),
  actions: gettext("actions"), resupply: gettext("resupply"), bartering: gettext("bartering"),
  "special reward": gettext("special reward"), "round end": gettext("round end"), over: gettext("game over"),
  "merchant choice": gettext("merchant choice"),
};
const WORKER_SHORT = { load1: gettext("Load 1"), load2: gettext("Load 2"), goods: gettext("Goods"), money: gettext("Money") };
// What each worker's action does, for its badge's tooltip.
const WORKER_HELP = {
  load1: gettext("Load: put 1 of your cargo strips into this junk's hold."),
  load2: gettext("Load: put 1 or 2 of your cargo strips into this junk's hold."),
  goods: gettext("Take goods: a card of the junk's kind for each crate of yours visible in it, at least 3."),
  money: gettext("Earn money: a Yuan for each crate of yours visible in this junk, at least 3."),
};

// Names for players of the view's ids (junk colours, workers), from the engine's glossary.
const junkWord = (glossary, name) => ((glossary.junks || {})[name] || name);
const workerWord = (glossary, worker) => ((glossary.workers || {})[worker.name] || worker.title);
// The worker as the one a player uses, with the article its language puts there.
const usedWorkerWord = (glossary, worker) => ((glossary.workers_used || {})[worker.name] || worker.title);
function kindLabel(kind, glossary) {
  if (!kind) return gettext("any goods");
  return interpolate(gettext("%(goods)s (%(colour)s)"), { goods: (glossary.goods || {})[kind] || kind, colour: junkWord(glossary, kind) });
}

// Layout sizes in SVG units; the narrow layout puts two junks per row for phones.
function layoutFor(width) {
  const narrow = width < 640;
  return narrow
    ? { width: 500, columns: 2, junkW: 240, junkH: 330, cell: 58, panelColumns: 2 }
    : { width: 1000, columns: 5, junkW: 192, junkH: 300, cell: 48, panelColumns: 4 };
}

let exchangeGive = null; // the kind chosen to give in the exchange prompt, until the next view
let lastSeq = null;

export function render(root, snapshot, ui) {
  const view = snapshot.view;
  if (snapshot.seq !== lastSeq) {
    exchangeGive = null;
    lastSeq = snapshot.seq;
  }
  const actions = new ActionIndex(snapshot.legal_actions || [], ui.act);
  const layout = layoutFor(root.clientWidth || 1000);
  const names = snapshot.seats.map((seat) => seat.name);
  const ctx = { view, snapshot, actions, layout, names, glossary: ui.glossary, me: snapshot.seat };

  const parts = [];
  let y = 10;
  y = drawTopRow(parts, ctx, y);
  y = drawJunks(parts, ctx, y + 10);
  y = drawPanels(parts, ctx, y + 10);
  // Once the game is over the view holds every seat's hand: all are drawn face up.
  const shown = view.phase === "over" ? view.players.map((_, seat) => seat) : [ctx.me];
  for (const seat of shown) {
    if (seat !== null && seat !== undefined && view.players[seat].hand) y = drawHand(parts, ctx, seat, y + 10);
  }
  const board = svg("svg", {
    viewBox: `0 0 ${layout.width} ${y + 10}`,
    role: "group",
    "aria-label": interpolate(gettext("Dschunke, round %(round)s of 10"), { round: view.round }),
  }, ...parts);
  root.replaceChildren(board);
  renderPrompt(ui.prompt, ctx);
  return actions.placed;
}

// ----------------------------------------------------------------------------- top row

// The round and start player on their own lines (a phase's name is long in some languages),
// then the market and the special-card stacks: side by side when the board is wide.
function drawTopRow(parts, ctx, y) {
  const { view, layout } = ctx;
  parts.push(
    explained(svg("text", { x: 10, y: y + 18, class: "round", "font-size": 20, "font-weight": 700 },
      `${interpolate(gettext("Round %(round)s of 10"), { round: view.round })} · ${PHASE_WORDS[view.phase] || view.phase}`),
    gettext("Every round: the market card, one action each, resupply, bartering; then the merchants and trainees move on.")),
    explained(svg("text", { x: 10, y: y + 40, "font-size": 15 }, interpolate(gettext("Start player: %(name)s"), { name: ctx.names[view.start_player] })),
      gettext("The start player acts first in the round; the role passes to the left every round.")),
  );
  const marketY = y + 52;
  drawMarket(parts, ctx, 10, marketY);
  const stacksX = layout.columns === 2 ? 10 : 330;
  const stacksY = layout.columns === 2 ? marketY + 96 : marketY;
  drawStacks(parts, ctx, stacksX, stacksY);
  return stacksY + 90;
}

function drawMarket(parts, ctx, x, y) {
  const market = ctx.view.market;
  parts.push(explained(svg("text", { x, y: y + 14, "font-size": 14 }, market.card === null ? gettext("Market card")
    : interpolate(gettext("Market card (%(n)s left)"), { n: market.left })),
  gettext("The round's market card: what each kind of goods pays this round to the highest bid at the bartering (S: a special card).")));
  if (!market.values) return;
  Object.entries(market.values).forEach(([kind, value], index) => {
    const bx = x + index * 68;
    const covered = market.covered.includes(kind);
    // A sold value is covered by a strip that leaves it readable, and says "sold".
    const worth = value === "S" ? gettext("a special card") : interpolate(gettext("%(n)s Yuan"), { n: value });
    parts.push(svg("g", { class: `market-kind${covered ? " sold" : ""}`, "data-kind": kind },
      svg("rect", { x: bx, y: y + 22, width: 62, height: 58, rx: 6, fill: JUNK_COLOURS[kind], stroke: "#333" }),
      covered ? svg("rect", { x: bx + 4, y: y + 60, width: 54, height: 16, rx: 3, fill: "rgba(20,20,20,.72)" }) : null,
      svg("text", { x: bx + 31, y: y + 55, "text-anchor": "middle", "font-size": 26, "font-weight": 700, fill: KIND_INK[kind],
        opacity: covered ? 0.55 : 1 }, String(value)),
      covered ? svg("text", { x: bx + 31, y: y + 72, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, gettext("sold")) : null,
      svg("title", {}, covered ? interpolate(gettext("%(kind)s: %(worth)s (sold)"), { kind: kindLabel(kind, ctx.glossary), worth })
        : labelled(kindLabel(kind, ctx.glossary), worth))));
  });
}

function drawStacks(parts, ctx, x, y) {
  const help = gettext("Special cards lie in four face-down stacks: they are won with an S at the market, or searched in rounds 3 and 7.");
  parts.push(explained(svg("text", { x, y: y + 14, "font-size": 14 }, gettext("Special cards")), help));
  ctx.view.stacks.forEach((stack) => {
    const bx = x + stack.stack * 82;
    const target = ctx.actions.find({ type: "search", stack: stack.stack });
    const card = svg("g", { "data-stack": stack.stack }, svg("title", {}, help),
      svg("rect", { x: bx + 4, y: y + 26, width: 70, height: 54, rx: 5, fill: "#c9b48a", stroke: "#6b5a3a" }),
      svg("rect", { x: bx, y: y + 22, width: 70, height: 54, rx: 5, fill: stack.taken ? "#ddd" : "#f1deb0", stroke: "#6b5a3a", class: target ? "hit" : "" }),
      svg("text", { x: bx + 35, y: y + 44, "text-anchor": "middle", "font-size": 13 }, interpolate(gettext("Stack %(n)s"), { n: stack.stack + 1 })),
      svg("text", { x: bx + 35, y: y + 64, "text-anchor": "middle", "font-size": 13 }, stack.taken ? gettext("taken")
        : interpolate(ngettext("%(n)s card", "%(n)s cards", stack.size), { n: stack.size })));
    parts.push(ctx.actions.clickable(card, target, interpolate(gettext("Search stack %(n)s"), { n: stack.stack + 1 })));
  });
}

// ----------------------------------------------------------------------------- junks

function drawJunks(parts, ctx, y) {
  const { layout } = ctx;
  const gap = (layout.width - 20 - layout.columns * layout.junkW) / Math.max(1, layout.columns - 1);
  ctx.view.junks.forEach((junk, index) => {
    const col = index % layout.columns;
    const row = Math.floor(index / layout.columns);
    parts.push(drawJunk(ctx, junk, 10 + col * (layout.junkW + gap), y + row * (layout.junkH + 10)));
  });
  const rows = Math.ceil(ctx.view.junks.length / layout.columns);
  return y + rows * (layout.junkH + 10);
}

function drawJunk(ctx, junk, x, y) {
  const { layout, actions } = ctx;
  const w = layout.junkW;
  const takeAction = junk.goods ? actions.find({ type: "take", kind: junk.goods }) : null;
  // Set-up variant: the junk itself is clicked to put the next face-down merchant on it.
  const merchantAction = actions.find({ type: "place_merchant", junk: junk.name });
  const hullAction = takeAction || merchantAction;
  const hull = svg("path", {
    d: `M${x} ${y + 26} L${x + w} ${y + 26} L${x + w - 18} ${y + layout.junkH - 6} Q${x + w / 2} ${y + layout.junkH + 6} ${x + 18} ${y + layout.junkH - 6} Z`,
    fill: JUNK_COLOURS[junk.name], stroke: "#3b2f23", "stroke-width": 2, class: hullAction ? "hit" : "",
  });
  const junkName = junkWord(ctx.glossary, junk.name);
  const title = `${junkName} · ${junk.goods ? ctx.glossary.goods[junk.goods] : gettext("any goods")}`;
  // Stock sizes are hidden by the rules; only whether a junk still has cards is shown.
  const stock = junk.goods ? (junk.stock_empty ? gettext("no cards left") : gettext("cards in stock")) : gettext("takes from any stock");
  const help = junk.goods
    ? interpolate(gettext("The %(junk)s junk: its hold of cargo strips seen from above, and its stock of %(goods)s cards."), { junk: junkName, goods: ctx.glossary.goods[junk.goods] })
    : gettext("The grey junk: its hold of cargo strips seen from above; goods taken here come from any stock.");
  const group = svg("g", { class: "junk", "data-junk": junk.name },
    ctx.actions.clickable(svg("g", {}, hull), hullAction, takeAction
      ? interpolate(gettext("Take %(kind)s"), { kind: kindLabel(junk.goods, ctx.glossary) })
      : interpolate(gettext("Put a face-down merchant on the %(junk)s junk"), { junk: junkName })),
    explained(svg("text", { x: x + 4, y: y + 18, "font-size": 16, "font-weight": 700, ...squeezed(title, w - 8, 16, 700) }, title), help),
    explained(svg("text", {
      x: x + w / 2, y: y + layout.junkH - 14, "font-size": 12, "text-anchor": "middle",
      fill: KIND_INK[junk.name], class: "stock",
    }, stock), gettext("Goods cards taken on a junk come from its stock, whose size is secret; the grey junk takes from any stock.")));
  const holdSize = layout.cell * 3;
  const hx = x + (w - holdSize) / 2;
  const hy = y + 36;
  group.append(drawHold(ctx, junk, hx, hy));
  group.append(drawVisible(ctx, junk, x + 10, hy + holdSize + 20));
  group.append(drawWorkers(ctx, junk, x + 10, hy + holdSize + 34, w - 20));
  return group;
}

function drawHold(ctx, junk, x, y) {
  const cell = ctx.layout.cell;
  const group = svg("g", { class: "hold" },
    svg("rect", { x: x - 4, y: y - 4, width: cell * 3 + 8, height: cell * 3 + 8, fill: "#6f5132", rx: 4 }));
  for (let cx = 0; cx < 3; cx += 1) {
    for (let cy = 0; cy < 3; cy += 1) {
      const crate = junk.hold[cx][cy];
      const px = x + cx * cell;
      const py = y + cy * cell;
      if (!crate) {
        group.append(svg("rect", { x: px + 2, y: py + 2, width: cell - 4, height: cell - 4, fill: "#a88a63", rx: 3 }));
        continue;
      }
      group.append(drawCrate(crate, junk.layers.length - 1 - crate.layer, px, py, cell));
    }
  }
  drawStripTargets(ctx, junk, group, x, y);
  return group;
}

// Deeper crates are drawn darker; the number is the layer counted from the bottom.
function drawCrate(crate, depth, px, py, cell) {
  return svg("g", { class: "crate", "data-owner": crate.owner },
    svg("rect", { x: px + 2, y: py + 2, width: cell - 4, height: cell - 4, rx: 3, fill: OWNER_COLOURS[crate.colour], stroke: "#222" }),
    depth > 0 ? svg("rect", { x: px + 2, y: py + 2, width: cell - 4, height: cell - 4, rx: 3, fill: "#000", opacity: Math.min(0.45, depth * 0.15) }) : null,
    svg("text", { x: px + cell / 2, y: py + cell / 2 + 6, "text-anchor": "middle", "font-size": 16, fill: "#fff", "font-weight": 700 }, String(crate.layer + 1)),
    svg("title", {}, interpolate(gettext("%(colour)s crate, layer %(layer)s"), { colour: CRATE_COLOURS[crate.colour] || crate.colour, layer: crate.layer + 1 })));
}

// The layer the next strip goes into: the top one until it holds three strips.
function openLayerOf(junk) {
  return junk.layers.length && junk.layers[junk.layers.length - 1].includes(null) ? junk.layers.length - 1 : junk.layers.length;
}

const holdOf = (snapshot, name) => snapshot.view.junks.find((junk) => junk.name === name);

// Where a strip goes or lies, as the log says it: the layer (its crates' number) and the column
// or row of the hold seen from above.
function stripPlace(glossary, layer, slot) {
  return glossary.strip_places[layer % 2][slot].replace("{layer}", String(layer + 1));
}

function loadWords(glossary, junkName, layer, slot) {
  return interpolate(gettext("Load a strip on the %(junk)s junk (%(place)s)"), { junk: junkWord(glossary, junkName), place: stripPlace(glossary, layer, slot) });
}

function liftWords(glossary, junkName, layer, slot) {
  return interpolate(gettext("Lift the strip off the %(junk)s junk (%(place)s)"), { junk: junkWord(glossary, junkName), place: stripPlace(glossary, layer, slot) });
}

// A strip in slot s of an even layer fills column s; of an odd layer, row s (seen from above).
function stripRect(layerIndex, slot, x, y, cell) {
  return layerIndex % 2 === 0
    ? { x: x + slot * cell + 3, y: y + 3, width: cell - 6, height: cell * 3 - 6 }
    : { x: x + 3, y: y + slot * cell + 3, width: cell * 3 - 6, height: cell - 6 };
}

function drawStripTargets(ctx, junk, group, x, y) {
  const cell = ctx.layout.cell;
  const openLayer = openLayerOf(junk);
  const topLayer = junk.layers.length - 1;
  for (let slot = 0; slot < 3; slot += 1) {
    const place = ctx.actions.find({ type: "place", junk: junk.name, slot });
    if (place) {
      const target = svg("rect", { ...stripRect(openLayer, slot, x, y, cell), rx: 6, fill: "#fff", "fill-opacity": 0.35, class: "hit", "stroke-dasharray": "8 5" });
      group.append(ctx.actions.clickable(target, place, loadWords(ctx.glossary, junk.name, openLayer, slot)));
    }
    const lift = ctx.actions.find({ type: "lift", junk: junk.name, slot });
    if (lift) {
      const target = svg("rect", { ...stripRect(topLayer, slot, x, y, cell), rx: 6, fill: "#fff", "fill-opacity": 0.15, class: "hit" });
      group.append(ctx.actions.clickable(target, lift, liftWords(ctx.glossary, junk.name, topLayer, slot)));
    }
  }
}

function drawVisible(ctx, junk, x, y) {
  const group = svg("g", { class: "visible" });
  let offset = 0;
  junk.visible.forEach((count, seat) => {
    if (!count) return;
    const colour = ctx.view.players[seat].colour;
    group.append(
      svg("rect", { x: x + offset, y: y - 11, width: 12, height: 12, fill: OWNER_COLOURS[colour], stroke: "#222" }),
      svg("text", { x: x + offset + 15, y, "font-size": 13 }, `${count}`),
    );
    offset += 38;
  });
  if (!offset) group.append(svg("text", { x, y, "font-size": 12 }, gettext("no crates")));
  return group;
}

// Merchants on this junk, and trainees that may act here (they work where no merchant is).
// In the set-up variant a merchant may lie here face down: which one is not known yet.
function drawWorkers(ctx, junk, x, y, width) {
  const group = svg("g", { class: "workers" });
  const here = ctx.view.workers.filter((worker) => worker.junks.includes(junk.name));
  const faceDown = junk.face_down_merchant ? 1 : 0;
  const badgeW = Math.min(112, (width - 6) / Math.max(1, here.length + faceDown));
  if (faceDown) {
    group.append(svg("g", { class: "worker face-down", "data-worker": "face-down" },
      svg("rect", { x, y, width: badgeW, height: 44, rx: 22, fill: "#6b5a3a", stroke: "#333" }),
      svg("text", { x: x + badgeW / 2, y: y + 18, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#fff" }, "?"),
      svg("text", { x: x + badgeW / 2, y: y + 35, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, gettext("face down")),
      svg("title", {}, gettext("A merchant lies here face down; all are turned face up after the strips are placed"))));
  }
  here.forEach((worker, position) => {
    const index = position + faceDown;
    const action = ctx.actions.find({ type: "use", worker: worker.name, junk: junk.name });
    const merchant = worker.name.endsWith("merchant");
    const bx = x + index * (badgeW + 6);
    const short = WORKER_SHORT[worker.action] || "—";
    const who = merchant ? gettext("merchant") : workerWord(ctx.glossary, worker);
    const help = `${WORKER_HELP[worker.action] || ""} ${merchant ? gettext("A merchant acts on its own junk and moves on to the next junk every round.")
      : gettext("A trainee acts on one junk without a merchant, of its user's choice: it is drawn on each of them. Its action changes every round.")}`;
    const room = badgeW - (merchant ? 20 : 8); // a merchant's pill narrows towards its round ends
    const badge = svg("g", { class: `worker${worker.used ? " used" : ""}`, "data-worker": worker.name }, svg("title", {}, help.trim()),
      svg("rect", {
        x: bx, y, width: badgeW, height: 44, rx: merchant ? 22 : 8,
        fill: worker.used ? "#bbb" : merchant ? "#fff7df" : "#e3f1ff", stroke: "#333", class: action ? "hit" : "",
      }),
      svg("text", { x: bx + badgeW / 2, y: y + 18, "text-anchor": "middle", "font-size": 15, "font-weight": 700,
        "text-decoration": worker.used ? "line-through" : "none", ...squeezed(short, room, 15, 700) }, short),
      svg("text", { x: bx + badgeW / 2, y: y + 35, "text-anchor": "middle", "font-size": 11, ...squeezed(who, room, 11) }, who));
    group.append(ctx.actions.clickable(badge, action, interpolate(gettext("Use %(worker)s on the %(junk)s junk"),
      { worker: usedWorkerWord(ctx.glossary, worker), junk: junkWord(ctx.glossary, junk.name) })));
  });
  return group;
}

// ----------------------------------------------------------------------------- players

function drawPanels(parts, ctx, y) {
  const { layout, view } = ctx;
  const columns = layout.panelColumns;
  const w = (layout.width - 20 - (columns - 1) * 10) / columns;
  const lines = view.players.map((player, seat) => panelLines(ctx, player, seat, w - PANEL_MARGIN));
  const h = Math.max(138, 50 + 22 * Math.max(...lines.map((some) => some.length))); // each as tall as the fullest
  view.players.forEach((player, seat) => {
    const px = 10 + (seat % columns) * (w + 10);
    const py = y + Math.floor(seat / columns) * (h + 10);
    parts.push(drawPanel(ctx, player, seat, lines[seat], px, py, w, h));
  });
  return y + Math.ceil(view.players.length / columns) * (h + 10);
}

function moneyText(ctx, player, seat) {
  if (player.money !== undefined) return interpolate(gettext("%(n)s Yuan"), { n: player.money });
  const declared = ctx.view.declared;
  return declared ? interpolate(gettext("? Yuan (declared %(n)s)"), { n: declared[seat] }) : gettext("? Yuan (hidden)");
}

// Permanent cards that took effect are face up for everybody: their names on as many lines of
// `room` as they need (a long French or German name is not squeezed).
function openSpecials(ctx, player, room) {
  const counts = {};
  for (const card of player.shown_specials) {
    const title = ctx.glossary.specials[card].title;
    counts[title] = (counts[title] || 0) + 1;
  }
  const titles = Object.entries(counts).map(([title, count]) => (count > 1 ? `${title} ×${count}` : title));
  if (!titles.length) return [];
  const lines = [interpolate(gettext("open: %(titles)s"), { titles: titles[0] })];
  for (const title of titles.slice(1)) {
    const longer = `${lines[lines.length - 1]}, ${title}`;
    if (textWidth(longer) <= room) lines[lines.length - 1] = longer;
    else lines.push(title);
  }
  return lines;
}

// "2 white cards": the colour agrees with the cards in French.
function cardCount(ctx, kind, count) {
  return interpolate(ngettext("%(n)s %(colour)s card", "%(n)s %(colour)s cards", count), { n: count, colour: junkWord(ctx.glossary, kind) });
}

function bidText(ctx, player, seat) {
  if (ctx.view.phase !== "bartering") return "";
  if (player.bid) {
    const cards = Object.entries(player.bid).filter(([, count]) => count);
    return cards.length ? interpolate(gettext("your bid: %(cards)s"), { cards: cards.map(([kind, count]) => cardCount(ctx, kind, count)).join(", ") })
      : gettext("your bid: nothing");
  }
  return player.has_bid ? BID_PLACED : gettext("bidding…");
}

// A room of 26 units is kept beside a panel's lines (its colour band and margins).
const PANEL_MARGIN = 26;

function panelLines(ctx, player, seat, room) {
  return [
    moneyText(ctx, player, seat),
    // Two short lines rather than one squeezed into a phone's panel.
    interpolate(gettext("hand %(hand)s · supply %(supply)s"), { hand: player.hand_size, supply: player.supply_cards }),
    interpolate(gettext("specials %(specials)s · strips left %(n)s"), { specials: player.specials_count, n: player.strips_left }),
    ...openSpecials(ctx, player, room),
    bidText(ctx, player, seat),
  ].filter(Boolean);
}

function drawPanel(ctx, player, seat, lines, x, y, w, h) {
  const view = ctx.view;
  const acting = (ctx.snapshot.to_act || []).includes(seat);
  const named = seat === ctx.me ? interpolate(gettext("%(name)s (you)"), { name: ctx.names[seat] }) : ctx.names[seat];
  const name = `${acting ? "▶ " : ""}${named}${seat === view.start_player ? " ★" : ""}`;
  const room = w - PANEL_MARGIN; // a long name or line is squeezed into the panel rather than run out of it
  return svg("g", { class: "panel", "data-seat": seat },
    svg("rect", { x, y, width: w, height: h, rx: 8, fill: acting ? "#fff4c2" : "#fffdf8", stroke: acting ? "#d39b00" : "#cbbf9f", "stroke-width": acting ? 3 : 1 }),
    svg("rect", { x, y, width: 10, height: h, rx: 4, fill: OWNER_COLOURS[player.colour] }),
    svg("text", { x: x + 18, y: y + 24, "font-size": 16, "font-weight": 700, ...squeezed(name, room, 16, 700) }, name),
    ...lines.map((line, index) => svg("text", {
      x: x + 18, y: y + 50 + index * 22, "font-size": 14, class: line === BID_PLACED ? "bid-placed" : "", ...squeezed(line, room),
    }, line)),
    svg("title", {}, acting ? interpolate(gettext("%(name)s: to act"), { name: named }) : named));
}

// ----------------------------------------------------------------------------- hands

const HAND_HELP = gettext("Your goods cards, hidden from the others: bid them at the bartering; at the end they break a tie in Yuan.");
const SHOWN_HELP = gettext("The game is over: every player's goods cards and special cards are shown.");

// A seat's goods cards and special cards: the viewer's own during the game, every seat's
// once it is over (the colour square ties a hand to its panel).
function drawHand(parts, ctx, seat, y) {
  const { view, layout, glossary } = ctx;
  const player = view.players[seat];
  const mine = seat === ctx.me;
  const over = view.phase === "over";
  const title = mine ? gettext("Your hand") : interpolate(gettext("%(name)s's hand"), { name: ctx.names[seat] });
  const group = svg("g", { class: "hand", "data-seat": seat },
    svg("rect", { x: 10, y: y + 3, width: 14, height: 14, rx: 2, fill: OWNER_COLOURS[player.colour], stroke: "#222" }),
    explained(svg("text", { x: 30, y: y + 16, "font-size": 16, "font-weight": 700, ...squeezed(title, layout.width - 40, 16, 700) }, title),
      over ? SHOWN_HELP : HAND_HELP));
  Object.entries(player.hand).forEach(([kind, count], index) => {
    group.append(goodsCard(glossary, kind, `×${count}`, 10 + index * 88, y + 26));
  });
  const perRow = layout.columns === 2 ? 2 : 4;
  const cardW = (layout.width - 20 - (perRow - 1) * 8) / perRow;
  const top = y + 110;
  const none = over ? gettext("No special cards") : gettext("No special cards yet");
  const heading = player.specials.length ? (mine ? gettext("Your special cards") : gettext("Special cards")) : none;
  group.append(explained(svg("text", { x: 10, y: top + 14, "font-size": 14 }, heading),
    over ? SHOWN_HELP : gettext("Special cards are held face down; hover over or tap one to read what it does.")));
  player.specials.forEach((card, index) => {
    const sx = 10 + (index % perRow) * (cardW + 8);
    const sy = top + 22 + Math.floor(index / perRow) * 50;
    const play = mine ? ctx.actions.find({ type: "play_special", card }) : null;
    const node = specialCard(glossary, card, sx, sy, cardW, play ? "hit" : "");
    group.append(ctx.actions.clickable(node, play, interpolate(gettext("Play %(card)s"), { card: glossary.specials[card].title })));
  });
  parts.push(group);
  return top + 22 + Math.ceil(player.specials.length / perRow) * 50;
}

function goodsCard(glossary, kind, count, x, y) {
  return svg("g", { class: "goods-card", "data-kind": kind },
    svg("title", {}, interpolate(gettext("%(goods)s cards, stocked by the %(junk)s junk"), { goods: glossary.goods[kind], junk: junkWord(glossary, kind) })),
    svg("rect", { x, y, width: 80, height: 70, rx: 6, fill: JUNK_COLOURS[kind], stroke: "#333" }),
    svg("text", { x: x + 40, y: y + 32, "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: KIND_INK[kind] }, count),
    svg("text", { x: x + 40, y: y + 58, "text-anchor": "middle", "font-size": 12, fill: KIND_INK[kind] }, glossary.goods[kind]));
}

// A special card writes its name, then when it is played and on which junk (if it names one).
function specialCard(glossary, card, x, y, width, hit) {
  const info = glossary.specials[card];
  const room = width - 16; // a long name is squeezed onto the card rather than run off it
  const below = info.junk ? `${specialLabel(info)} · ${info.junk}` : specialLabel(info);
  return svg("g", { class: "special-card", "data-card": card }, svg("title", {}, labelled(info.title, info.text || "")),
    svg("rect", { x, y, width, height: 44, rx: 6, fill: "#f1deb0", stroke: "#6b5a3a", class: hit }),
    svg("text", { x: x + 8, y: y + 19, "font-size": 13, "font-weight": 700, ...squeezed(info.name, room, 13, 700) }, info.name),
    svg("text", { x: x + 8, y: y + 36, "font-size": 11, ...squeezed(below, room, 11) }, below));
}

// ----------------------------------------------------------------------------- prompts

const heading = (text) => el("h3", { text });
const row = (...buttons) => el("div", { class: "choices" }, ...buttons.filter(Boolean));

function renderPrompt(box, ctx) {
  box.replaceChildren();
  if (!ctx.actions.all.length) return;
  const { view } = ctx;
  const build = view.phase === "bartering" ? bidPrompt
    : view.phase === "exchange" ? exchangePrompt
      : view.phase === "merchant choice" ? merchantPrompt
        : view.step ? STEP_PROMPTS[view.step.step]
          : view.phase === "actions" ? turnPrompt : null;
  if (build) box.append(...build(ctx, box));
}

function typed(ctx, type) {
  return ctx.actions.all.filter((action) => action.type === type);
}

// A sealed bid: one row of counts per kind still for sale, then the empty fist and bluffs.
function bidPrompt(ctx) {
  const { actions, view } = ctx;
  const forSale = (kind) => !view.market.covered.includes(kind);
  const byKind = {};
  const bluffs = [];
  for (const action of typed(ctx, "bid")) {
    const kinds = Object.keys(action.cards);
    if (kinds.length === 1 && forSale(kinds[0])) (byKind[kinds[0]] ||= []).push(action);
    else if (kinds.length) bluffs.push(action);
  }
  return [
    heading(gettext("Your sealed bid: cards of one kind (nobody sees it until all have bid)")),
    ...Object.entries(byKind).map(([kind, bids]) => row(
      el("span", { class: "kind-label", text: kindLabel(kind, ctx.glossary) }),
      ...bids.map((action) => actions.button(action, String(action.cards[kind]))),
    )),
    row(
      actions.button(actions.find({ type: "bid", cards: {} }), gettext("Bid nothing")),
      ...bluffs.map((action) => bluffButton(ctx, action)),
    ),
    bluffs.length ? el("p", { class: "muted", text: gettext("A bluff is shown with the other bids but counts as no bid: its cards stay in your hand.") }) : null,
  ].filter(Boolean);
}

// A bluff shows cards and counts as no bid: a quieter button than a real bid, its cards alone named.
function bluffButton(ctx, action) {
  const button = ctx.actions.button(action, interpolate(gettext("Bluff: show %(cards)s"), { cards: bidCards(action, ctx.glossary) }));
  button.classList.add("secondary");
  return button;
}

// Set-up variant: the next face-down merchant goes on the junk clicked (or chosen here).
function merchantPrompt(ctx) {
  return [
    heading(gettext("Put the next face-down merchant on a junk: click a junk")),
    row(...typed(ctx, "place_merchant").map((action) => ctx.actions.button(action, interpolate(gettext("%(junk)s junk"), { junk: junkWord(ctx.glossary, action.junk) })))),
  ];
}

// Exchange goods in two clicks: the kind to give, then the kind to take. Every player with a
// special card nobody knows is asked, so most are asked with nothing to exchange.
function exchangePrompt(ctx, box) {
  const { actions, view, glossary } = ctx;
  const swaps = typed(ctx, "exchange");
  if (!swaps.length) {
    return [
      heading(gettext("Exchange goods: nothing to exchange")),
      row(actions.button(actions.find({ type: "done" }), gettext("Continue"))),
      el("p", { class: "muted", text: gettext("Every player holding a special card stops here each round, so nobody can tell from it which card you hold.") }),
    ];
  }
  const gives = [...new Set(swaps.map((action) => action.give))];
  const giveButton = (kind) => actions.leadsTo(el("button", {
    type: "button", class: exchangeGive === kind ? "selected" : "", text: kindLabel(kind, glossary),
    onclick: () => { exchangeGive = kind; renderPrompt(box, ctx); },
  }), swaps.filter((action) => action.give === kind));
  const takes = swaps.filter((action) => action.give === exchangeGive);
  return [
    heading(interpolate(ngettext("Exchange goods (%(n)s swap left): give a card, take another kind",
      "Exchange goods (%(n)s swaps left): give a card, take another kind", view.swaps_left), { n: view.swaps_left })),
    row(el("span", { text: gettext("Give:") }), ...gives.map(giveButton)),
    exchangeGive ? row(el("span", { text: gettext("Take:") }), ...takes.map((action) => actions.button(action, kindLabel(action.take, glossary)))) : null,
    row(actions.button(actions.find({ type: "done" }), gettext("Done exchanging"))),
  ].filter(Boolean);
}

function specialLabel(info) {
  return { permanent: gettext("permanent"), once: gettext("one use"), end: gettext("end-of-game bonus") }[info.timing];
}

// In the last round's bartering a card that pays during play comes too late: only an end-of-game
// bonus still counts, which the choice says before the player makes it.
const inLastRound = (ctx) => ctx.view.round === ctx.glossary.rounds;
const paysAtTheEnd = (info) => info.timing === "end";

const STEP_PROMPTS = {
  // Why the stack is searched: an S won at the market, or the round's event on the trainee track.
  search: (ctx) => [
    heading(ctx.view.phase === "special reward" ? gettext("You won an S at the market: choose a stack of special cards to search")
      : gettext("This round's S event: choose a stack of special cards to search")),
    row(...typed(ctx, "search").map((action) => ctx.actions.button(action, interpolate(gettext("Stack %(n)s"), { n: action.stack + 1 })))),
  ],
  // Each card with what it does beside it: a phone shows no hover title, and the choice is blind without it.
  pick: (ctx) => [
    heading(interpolate(gettext("Keep one card from stack %(n)s"), { n: ctx.view.step.stack + 1 })),
    el("ul", { class: "explained-choices" }, ...typed(ctx, "pick").map((action) => {
      const info = ctx.glossary.specials[action.card];
      const late = inLastRound(ctx) && !paysAtTheEnd(info);
      return el("li", {}, ctx.actions.button(action, `${info.title} (${specialLabel(info)})`),
        info.text ? el("span", { class: "muted", "data-testid": "card-effect", text: info.text }) : null,
        late ? el("span", { "data-testid": "card-too-late", text: gettext("No use now: the game ends after this bartering.") }) : null);
    })),
  ],
  choose: (ctx) => [
    heading(gettext("You won an S in the last round's bartering")),
    row(
      ctx.actions.button(ctx.actions.find({ type: "reward", choice: "yuan" }), interpolate(gettext("Take %(n)s Yuan"), { n: ctx.glossary.last_round_s_yuan })),
      ctx.actions.button(ctx.actions.find({ type: "reward", choice: "card" }), gettext("Take a special card")),
    ),
    el("p", { "data-testid": "last-s-note", text: gettext("The game ends after this bartering: a special card pays only if its bonus is counted at the end of the game (permanent and one-use cards come too late), and the stack you search may hold none.") }),
  ],
  take: (ctx) => [
    heading(interpolate(ngettext("Take %(n)s goods card: click a junk or choose a kind",
      "Take %(n)s goods cards: click a junk or choose a kind", ctx.view.step.remaining), { n: ctx.view.step.remaining })),
    row(...typed(ctx, "take").map((action) => ctx.actions.button(action, kindLabel(action.kind, ctx.glossary)))),
  ],
  place: (ctx) => {
    const { step, players } = ctx.view;
    const colour = STRIP_COLOURS[players[step.owner].colour] || players[step.owner].colour;
    return [heading(step.from_reserve
      ? interpolate(ngettext("Load %(n)s %(colour)s strip: click a highlighted slot", "Load %(n)s %(colour)s strips: click a highlighted slot", step.remaining), { n: step.remaining, colour })
      : interpolate(gettext("Put the lifted %(colour)s strip on another junk: click a highlighted slot"), { colour }))];
  },
  lift: () => [heading(gettext("Move a cargo strip: click a strip in the top layer of a junk"))],
};

// A turn with nothing left to choose ends by itself, except for a holder of a special card the
// others have not seen (waiting on its end would tell them it has no card to play): the prompt
// says so, rather than asking for a card it cannot play.
function turnPrompt(ctx) {
  const { actions, view, glossary } = ctx;
  const cards = typed(ctx, "play_special").length > 0;
  const nothingLeft = !cards && (view.main_action_done || !typed(ctx, "use").length);
  let words = gettext("Your action: click a merchant or trainee on a junk");
  if (nothingLeft) words = view.main_action_done ? gettext("Your action is done: end your turn") : gettext("No merchant or trainee is left for you: pass");
  else if (view.main_action_done) words = gettext("Play a special card or end your turn");
  const why = gettext("You hold a special card, so your turn ends when you say so.");
  return [
    heading(words),
    row(
      ...typed(ctx, "play_special").map((action) => actions.button(action, interpolate(gettext("Play %(card)s"), { card: glossary.specials[action.card].title }))),
      actions.button(actions.find({ type: "end_turn" }), gettext("End turn")),
      actions.button(actions.find({ type: "pass" }), gettext("Pass")),
    ),
    ...(nothingLeft ? [el("p", { class: "muted", text: why })] : []),
  ];
}

// ----------------------------------------------------------------------------- words

// A bid's cards, e.g. "2 × rice (white) + 1 × fish (brown)".
function bidCards(action, glossary) {
  return Object.entries(action.cards).map(([name, count]) => interpolate(gettext("%(n)s × %(kind)s"),
    { n: count, kind: kindLabel(name, glossary) })).join(" + ");
}

export function describeAction(action, snapshot, glossary) {
  const kind = (name) => kindLabel(name, glossary);
  switch (action.type) {
    case "use": {
      const worker = snapshot.view.workers.find((w) => w.name === action.worker);
      return interpolate(gettext("Use %(worker)s (%(action)s) on the %(junk)s junk"), {
        worker: worker ? usedWorkerWord(glossary, worker) : action.worker, action: glossary.actions[worker && worker.action] || "",
        junk: junkWord(glossary, action.junk) });
    }
    case "place": return loadWords(glossary, action.junk, openLayerOf(holdOf(snapshot, action.junk)), action.slot);
    case "lift": return liftWords(glossary, action.junk, holdOf(snapshot, action.junk).layers.length - 1, action.slot);
    case "take": return interpolate(gettext("Take %(kind)s"), { kind: kind(action.kind) });
    case "exchange": return interpolate(gettext("Exchange a %(give)s card for %(take)s"), { give: kind(action.give), take: kind(action.take) });
    case "done": return (snapshot.legal_actions || []).some((other) => other.type === "exchange")
      ? gettext("Done exchanging") : gettext("Continue (nothing to exchange)");
    case "place_merchant": return interpolate(gettext("Put a face-down merchant on the %(junk)s junk"), { junk: junkWord(glossary, action.junk) });
    case "search": return interpolate(gettext("Search stack %(n)s"), { n: action.stack + 1 });
    case "pick": return interpolate(gettext("Keep %(card)s"), { card: glossary.specials[action.card].title });
    case "reward": return action.choice === "yuan" ? interpolate(gettext("Take %(n)s Yuan"), { n: glossary.last_round_s_yuan }) : gettext("Take a special card");
    case "play_special": return interpolate(gettext("Play %(card)s"), { card: glossary.specials[action.card].title });
    case "end_turn": return gettext("End turn");
    case "pass": return gettext("Pass");
    case "bid": {
      const cards = Object.entries(action.cards);
      if (!cards.length) return gettext("Bid nothing");
      const words = bidCards(action, glossary);
      return cards.length > 1 ? interpolate(gettext("Bid %(cards)s (void: more than one kind)"), { cards: words })
        : interpolate(gettext("Bid %(cards)s"), { cards: words });
    }
    default: return action.type.replace(/_/g, " ");
  }
}

// One component alone, for the how-to-play page: a cargo strip of a colour (three crates), a
// goods card, or a special card, drawn as on the board.
export function drawPiece(piece, glossary) {
  const image = (width, height, label, ...children) => svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label,
    class: width > 120 ? "wide-piece" : "" }, ...children);
  if (piece.strip) {
    const crate = { colour: piece.strip, layer: 0 };
    return image(148, 52, interpolate(gettext("%(colour)s crate, layer %(layer)s"), { colour: CRATE_COLOURS[piece.strip], layer: 1 }),
      svg("rect", { x: 0, y: 0, width: 148, height: 52, rx: 4, fill: "#6f5132" }),
      ...[0, 1, 2].map((index) => drawCrate(crate, 0, 2 + index * 48, 2, 48)));
  }
  if (piece.goods) return image(84, 74, glossary.goods[piece.goods], goodsCard(glossary, piece.goods, "", 2, 2));
  const title = glossary.specials[piece.special].title;
  return image(224, 48, title, specialCard(glossary, piece.special, 2, 2, 220, ""));
}
