// Dragon Market: the table page's board. The harbour (dragon_market/sea.js), the players'
// purses, goods and objectives, the dice and the prompt are drawn from the view; everything
// clickable is one of the server's legal actions (ActionIndex). A boat is moved by choosing it
// and then where it goes (or how it turns, in the prompt); the heir by clicking the square it
// steps to, whose cost in movement points is written on it.
import { el } from "../js/client.js";
import { gettext, interpolate, ngettext } from "../js/i18n.js";
import { ActionIndex, linkStylesheet, svg } from "./board.js";
import { BOAT_MOVES, CELL, MOVES_ON_THE_SEA, SEAT_COLOURS, describeBoatMove, drawBoat, drawSea, goodsName, goodsUnder } from "./dragon_market/sea.js";

await linkStylesheet(new URL("./dragon_market/dragon_market.css", import.meta.url));

// What the page remembers between draws: the boat chosen to move, and the position it was chosen in.
const local = { position: null, boat: null };

function seatNameOf(snapshot, me) {
  return (seat) => {
    const info = (snapshot.seats || [])[seat];
    const name = info ? info.name : interpolate(gettext("Seat %(number)s"), { number: seat + 1 });
    return seat === me ? interpolate(gettext("%(name)s (you)"), { name }) : name;
  };
}

// The objective a viewer may read for a unit: public, or (advanced game) the secret copy the
// server addressed to this seat, which only the unit's own seats receive.
function objectiveOf(unit, me, glossary) {
  if (unit.objective !== undefined) return unit.objective ? { card: unit.objective, goods: unit.objective_goods } : null;
  const copy = (unit.secret_copies || []).find((row) => row.seat === me);
  return copy ? { card: copy.secret, goods: (glossary.cards || {})[copy.secret] || [], secret: true } : null;
}

function goodsList(ctx, kinds, held) {
  return el("span", { class: "dm-goods-list" }, ...kinds.map((kind) => el("span", {
    class: `dm-chip${held.includes(kind) ? " held" : ""}`, title: held.includes(kind) ? gettext("collected") : gettext("still to collect"),
    text: `${held.includes(kind) ? "✓ " : ""}${goodsName(ctx, kind)}`,
  })));
}

const teamName = (unit) => interpolate(gettext("Team %(n)s"), { n: unit + 1 });

// The sides of the team game (a unit of two seats each), for the end screen; null otherwise.
export function teams(snapshot) {
  const view = snapshot.view;
  if (!view || !view.options.teams) return null;
  return view.units.map((_, unit) => ({
    name: teamName(unit), seats: view.players.filter((player) => player.unit === unit).map((player) => player.seat),
  }));
}

function teamLine(ctx, player) {
  const partners = ctx.view.players.filter((other) => other.unit === player.unit && other.seat !== player.seat);
  return el("div", { class: "dm-team", "data-testid": `team-${player.seat}` }, interpolate(gettext("%(team)s, with %(partner)s"),
    { team: teamName(player.unit), partner: partners.map((other) => ctx.seatName(other.seat)).join(", ") }));
}

function drawPlayers(ctx) {
  const { view } = ctx;
  return el("div", { class: "dm-players" }, ...view.players.map((player) => {
    const unit = view.units[player.unit];
    const objective = objectiveOf(unit, ctx.me, ctx.glossary);
    const toMove = view.to_act.includes(player.seat);
    const secret = unit.has_objective && !objective;
    return el("div", { class: `dm-player${toMove ? " to-move" : ""}`, "data-seat": player.seat,
      style: `--seat-colour: ${SEAT_COLOURS[player.colour]}` },
    el("div", { class: "dm-player-head" },
      el("strong", { text: ctx.seatName(player.seat), "data-plain": "" }),
      el("span", { class: "dm-coins", title: gettext("coins"), text: interpolate(ngettext("%(n)s coin", "%(n)s coins", unit.coins), { n: unit.coins }) }),
      el("span", { class: "dm-done", title: gettext("Objective cards completed, of the number that wins."),
        text: interpolate(gettext("%(done)s of %(target)s objectives"), { done: unit.completed.length, target: view.target }) })),
    view.options.teams ? teamLine(ctx, player) : null,
    objective ? el("div", { class: "dm-objective", "data-testid": `objective-${player.seat}`,
      title: gettext("The objective card: collect these goods and bring them home to the pontoon; a tick marks those held.") },
      el("span", { class: "muted", text: interpolate(objective.secret ? gettext("Secret objective %(card)s (only your side sees it):")
        : gettext("Objective %(card)s:"), { card: objective.card }) }), " ",
      goodsList(ctx, objective.goods, unit.held))
      : el("div", { class: "muted", title: gettext("The objective card: collect these goods and bring them home to the pontoon; a tick marks those held."),
        text: secret ? interpolate(ngettext("A secret objective · %(n)s goods collected", "A secret objective · %(n)s goods collected", unit.held.length), { n: unit.held.length }) : gettext("No objective") }),
    unit.powers.length ? el("div", { class: "dm-powers", title: gettext("The powers of the red cards completed: each works once per turn."),
      text: unit.powers.map((power) => (ctx.glossary.powers || {})[power] || power).join(" · ") }) : null);
  }));
}

// The round (a turn of every seat), and how the game ends: by objectives, as the book has it,
// or also at the table's round limit; once over, why it ended.
function drawTurn(ctx) {
  const { view } = ctx;
  const limit = view.options.turn_limit;
  const facts = [interpolate(gettext("Round %(round)s"), { round: view.round })];
  if (view.options.teams) {
    facts.push(...view.units.map((unit, index) => interpolate(gettext("%(team)s: %(done)s of %(target)s objectives"),
      { team: teamName(index), done: unit.completed.length, target: view.target })));
  }
  if (limit) facts.push(interpolate(gettext("ends after round %(limit)s"), { limit }));
  if (view.outcome) {
    facts.push(endReason(ctx, view.outcome));
  } else {
    facts.push(interpolate(ngettext("the first to complete %(n)s objective wins", "the first to complete %(n)s objectives wins",
      view.target), { n: view.target }));
  }
  if (view.phase === "play") {
    facts.push(interpolate(gettext("dice %(a)s + %(b)s"), { a: view.dice[0], b: view.dice[1] }));
    facts.push(view.mp ? interpolate(ngettext("%(n)s movement point left", "%(n)s movement points left", view.mp), { n: view.mp })
      : gettext("no movement points left"));
  }
  if (view.phase !== "place") { // the pile is shuffled once the boats are placed
    facts.push(interpolate(ngettext("%(n)s objective card in the pile", "%(n)s objective cards in the pile", view.pile_size),
      { n: view.pile_size }));
  }
  return el("p", { class: "dm-turn", "data-testid": "dm-turn", text: facts.join(" · "), title: gettext(
    "A round is a turn of each player. The dice give the movement points (MP): each slides or turns a boat, or steps the heir; those left unused become coins.") });
}

function endReason(ctx, outcome) {
  const names = outcome.winners.map(ctx.seatName).join(", ");
  if (outcome.reason === "turn_limit") {
    return interpolate(gettext("game over: the round limit is reached; won by %(names)s"), { names });
  }
  return interpolate(gettext("game over: %(names)s completed the objectives"), { names });
}

// The good the active heir stands on (what a "take" takes).
function takenGoods(ctx) {
  const heir = ctx.view.players[ctx.view.turn].heir;
  return goodsName(ctx, goodsUnder(ctx.view, heir));
}

function describe(ctx, action) {
  const boat = action.boat !== undefined ? ctx.view.boats[action.boat] : null;
  const id = boat ? boat.id : "";
  const turnWords = { cw: gettext("clockwise"), ccw: gettext("counter-clockwise") };
  switch (action.type) {
    case "rotate": return interpolate(gettext("Turn boat %(id)s a quarter %(way)s (1 MP)"), { id, way: turnWords[action.turn] });
    case "turn_far": return interpolate(gettext("Turn boat %(id)s about its far end, %(way)s (1 MP)"), { id, way: turnWords[action.turn] });
    case "half_turn": return interpolate(gettext("Turn boat %(id)s half a turn (1 MP)"), { id });
    case "swap_stacks": return interpolate(gettext("Swap the goods stacks of boat %(id)s (1 MP)"), { id });
    case "slide": case "hop": case "shift": return describeBoatMove(boat, action);
    case "step": return interpolate(gettext("Move the heir to (%(x)s, %(y)s)"), { x: action.to[0], y: action.to[1] });
    case "take": return interpolate(gettext("Take the %(goods)s"), { goods: takenGoods(ctx) });
    case "buy_mp": return gettext("Buy 1 MP for a coin");
    case "end_turn": return gettext("End turn");
    case "reroll": return interpolate(gettext("Reroll die %(n)s"), { n: action.die + 1 });
    case "swap_heir": return interpolate(gettext("Swap places with %(name)s's heir (1 MP)"), { name: ctx.seatName(action.seat) });
    case "pick_boat": return action.kind === "centre" ? gettext("Place a boat with its sailor in the middle") : gettext("Place a boat with its sailor at one end");
    case "facing": return facingWords(ctx, action.dir);
    case "sailor_at": return interpolate(gettext("Put the sailor on (%(x)s, %(y)s)"), { x: action.cell[0], y: action.cell[1] });
    case "keep": return interpolate(gettext("Keep objective %(card)s"), { card: action.card });
    case "coin_from": return interpolate(gettext("Take the coin from %(name)s"), { name: ctx.seatName(action.seat) });
    case "back": return gettext("Take the choice back");
    default: return action.type;
  }
}

export function describeAction(action, snapshot, glossary) {
  const ctx = { view: snapshot.view, glossary: glossary || {}, seatName: seatNameOf(snapshot, snapshot.seat) };
  return describe(ctx, action);
}

// A new boat's way: a centre boat's facing north lies north–south (both ends beside the sailor).
function facingWords(ctx, dir) {
  if ((ctx.view.placing || {}).kind === "centre") return dir === "N" || dir === "S" ? gettext("Lay the boat north–south") : gettext("Lay the boat east–west");
  return interpolate(gettext("Face the boat %(dir)s"), { dir: (ctx.glossary.directions || {})[dir] || dir });
}

// Where a boat's placement stands: its three steps, the one asked now in words.
function placeStep(placing) {
  if (!placing.kind) return gettext("Step 1 of 3: choose the kind of boat, its sailor in the middle or at one end.");
  if (!placing.cell) return gettext("Step 2 of 3: click a square with a dashed frame to put the sailor there.");
  // A centre boat lies either side of its sailor: one way shows as two outlines (north and south, say).
  if (placing.kind === "centre") return gettext("Step 3 of 3: choose which way the boat lies: north–south or east–west, each way shown by the two outlines either side of the sailor; click one or its button.");
  return gettext("Step 3 of 3: choose which way the boat lies: each outline beside the sailor shows one way; click it or its button.");
}

// An objective card offered to keep, with its goods and (a red card) its power beside the button:
// a phone shows no hover title, and the choice is blind without them.
function keepChoice(ctx, action) {
  const goods = (ctx.glossary.cards || {})[action.card] || [];
  const power = (ctx.glossary.powers || {})[(ctx.glossary.card_powers || {})[action.card]];
  return el("li", { "data-testid": `keep-${action.card}` }, ctx.actions.button(action, describe(ctx, action)),
    goodsList(ctx, goods, []), power ? el("span", { class: "muted", "data-testid": "objective-power", text: power }) : null);
}

function renderPrompt(target, ctx) {
  const { actions, view, local: mine } = ctx;
  if (!actions.all.length) {
    target.replaceChildren();
    return;
  }
  // The buttons come right under the heading and the words that explain them follow: a phone's
  // prompt holds a quarter of the screen, and a button under its edge is a choice not seen.
  const parts = [];
  if (view.phase === "place") parts.push(el("p", { "data-testid": "dm-place-step", text: placeStep(view.placing || {}) }));
  const buttons = [];
  const boatActions = actions.all.filter((action) => BOAT_MOVES.includes(action.type));
  if (mine.boat !== null) {
    const boat = view.boats[mine.boat];
    const turns = boatActions.filter((a) => a.boat === mine.boat && !MOVES_ON_THE_SEA.includes(a.type));
    const moves = boatActions.some((a) => a.boat === mine.boat && MOVES_ON_THE_SEA.includes(a.type));
    const how = moves && turns.length ? gettext("Boat %(id)s: the dashed outlines show where it can go; click the white dot of one to move it there, or turn it here.")
      : moves ? gettext("Boat %(id)s: the dashed outlines show where it can go; click the white dot of one to move it there.")
        : turns.length ? gettext("Boat %(id)s cannot move from here: turn it here.")
          : gettext("Boat %(id)s can neither move nor turn now.");
    parts.push(el("p", { text: interpolate(how, { id: boat.id }) }));
    for (const action of turns) buttons.push(actions.button(action, describe(ctx, action)));
    buttons.push(el("button", { type: "button", class: "secondary", onclick: () => ctx.selectBoat(null), text: gettext("Choose another boat") }));
  } else if (boatActions.length) {
    parts.push(el("p", { class: "muted", text: gettext("Click a boat to move or turn it, or a marked square to move your heir.") }));
  }
  if (actions.find({ type: "take" })) {
    parts.push(el("p", { "data-testid": "dm-take-hint", text: interpolate(gettext(
      "Your heir stands on the %(goods)s, which your objective needs: click it to take it (this costs no movement point), or move on without it."),
    { goods: takenGoods(ctx) }) }));
  }
  const keeps = actions.all.filter((action) => action.type === "keep");
  if (keeps.length) parts.push(el("ul", { class: "explained-choices" }, ...keeps.map((action) => keepChoice(ctx, action))));
  for (const action of actions.all) {
    if (["take", "pick_boat", "facing", "coin_from", "reroll", "swap_heir", "buy_mp", "end_turn", "back"].includes(action.type)) {
      buttons.push(actions.button(action, describe(ctx, action)));
    }
  }
  const heading = el("h3", { text: (ctx.glossary.prompts || {})[view.phase] || "" });
  target.replaceChildren(heading, ...(buttons.length ? [el("div", { class: "choices" }, ...buttons)] : []), ...parts);
}

// Which boat and heir the latest move touched, to mark them on the board.
function lastTouched(move) {
  const events = move ? move.events : [];
  const last = { boat: null, heir: null };
  for (const frame of events) {
    const event = frame.event || {};
    if (typeof event.boat === "number") last.boat = event.boat;
    if (event.type === "heir_moved" || event.type === "heirs_swapped") last.heir = event.seat;
  }
  return last;
}

function stepCost(view, to) {
  const here = view.players.find((player) => view.to_act.includes(player.seat));
  if (!here) return 1;
  const dx = Math.abs(to[0] - here.heir[0]);
  const dy = Math.abs(to[1] - here.heir[1]);
  return dx + dy === 2 && (dx === 0 || dy === 0) ? view.options.mp_cost_special_steps || 2 : 1;
}

// A boat chosen stays chosen while the turn goes on with every boat where it was and that boat
// still able to move or turn (a late frame of the same move, a step of the heir); else it is let
// go. A position drawn without choices (others' moves stepped through, the replay) shows none
// and leaves the choice as it was.
function chosenBoat(snapshot, actions) {
  if (!actions.all.length) return null;
  const view = snapshot.view;
  const position = JSON.stringify([view.round, view.to_act, view.boats]);
  const movable = actions.all.some((action) => BOAT_MOVES.includes(action.type) && action.boat === local.boat);
  if (position !== local.position || !movable) Object.assign(local, { position, boat: null });
  return local.boat;
}

export function render(root, snapshot, ui) {
  const actions = new ActionIndex(snapshot.legal_actions || [], ui.act);
  const chosen = { boat: chosenBoat(snapshot, actions) };
  const view = snapshot.view;
  const me = snapshot.seat;
  const myUnit = me === null || me === undefined ? null : view.units[view.players[me].unit];
  const objective = myUnit ? objectiveOf(myUnit, me, ui.glossary || {}) : null;
  const touched = lastTouched(ui.lastMove);
  const ctx = {
    view, snapshot, actions, glossary: ui.glossary || {}, me, local: chosen,
    seatName: seatNameOf(snapshot, me),
    wanted: new Set(objective ? objective.goods.filter((kind) => !myUnit.held.includes(kind)) : []),
    movable: new Set(actions.all.filter((action) => BOAT_MOVES.includes(action.type)).map((action) => action.boat)),
    lastBoat: touched.boat, lastHeir: touched.heir,
    stepCost: (to) => stepCost(view, to),
    takeLabel: () => describe(ctx, { type: "take" }),
    selectBoat: (index) => {
      local.boat = index;
      render(root, snapshot, ui);
      // Its turns are buttons of the prompt alone: on a phone the folded prompt opens to show them.
      const turns = actions.all.some((action) => action.boat === index && BOAT_MOVES.includes(action.type)
        && !MOVES_ON_THE_SEA.includes(action.type));
      if (turns && ui.showPrompt) ui.showPrompt();
    },
  };
  root.replaceChildren(el("div", { class: "dm" },
    drawTurn(ctx),
    el("div", { class: "dm-top" }, el("div", { class: "dm-sea-box" }, drawSea(ctx)), drawPlayers(ctx))));
  renderPrompt(ui.prompt, ctx);
  return actions.placed;
}

// One boat alone, lying east, its sailor in the middle or at the west end, as the harbour draws it.
function loneBoat(ctx, piece) {
  const cells = piece.kind === "centre" ? [[1, 0], [0, 0], [2, 0]] : [[0, 0], [1, 0], [2, 0]];
  const boat = { id: piece.id, cells, d: [1, 0], dir: "E", goods: piece.goods };
  // Its own size until the stylesheet (linked on first use) sizes it.
  return svg("svg", { viewBox: `-8 0 ${3 * CELL + 16} ${CELL}`, width: 3 * CELL + 16, height: CELL, class: "dm-boat-alone", role: "img",
    "aria-label": interpolate(gettext("Boat %(id)s, facing %(dir)s"), { id: piece.id, dir: (ctx.glossary.directions || {}).E || "E" }) },
  drawBoat(ctx, boat, 0, 1));
}

// One objective card alone: its name and goods, red for the advanced game, blue for the basic.
function loneCard(ctx, piece) {
  const goods = (ctx.glossary.cards || {})[piece.card] || [];
  return el("span", { class: `dm-card-alone ${piece.card[0] === "R" ? "red" : "blue"}` },
    el("strong", { text: piece.card }), goodsList(ctx, goods, []));
}

// The how-to-play page's single components: a boat ({boat: {id, kind, goods}}) or an objective
// card ({card}).
export function drawPiece(piece, glossary) {
  const ctx = { glossary: glossary || {}, view: { goods_names: [] }, local: {}, wanted: new Set() };
  return piece.boat ? loneBoat(ctx, piece.boat) : loneCard(ctx, piece);
}
