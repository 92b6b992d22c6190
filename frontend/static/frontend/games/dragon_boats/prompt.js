// Dragon Boats: the prompt under the board (what is being decided, and a clear button for
// every legal action, grouped), the status line above it, and actions in words.
import { el } from "../../js/client.js";
import {
  PLACE_WORDS, boatWords, capital, cardName, nodeWords, pickKind, plural, seatName,
} from "./common.js";

const PHASES = {
  setup: "Set-up", start_disc: "Set-up", start_offering: "Set-up", bid: "Bidding", resolve: "Payment",
  final: "Final boarding", window: "Explore", steer: "Explore", move: "Explore", storage: "Storage", over: "Game over",
};

export function statusLine(ctx) {
  const { view } = ctx;
  const rounds = view.rounds.length;
  const parts = [view.round ? `Round ${view.round} of ${rounds}` : "Before round 1", PHASES[view.step] || view.step];
  if (view.step === "resolve" && view.resolving) parts.push(`stall ${["I", "II", "III", "IV", "V"][view.resolving.stall]} resolves`);
  if (view.arrived !== null && view.arrived !== undefined && !view.outcome) parts.push(`${boatWords(ctx, view.arrived)} is out`);
  if (view.moving) {
    const m = view.moving;
    parts.push(`${seatName(ctx, m.seat)} walks: step ${m.steps}, ${m.free} free`);
  }
  const waiting = (view.to_act || []).map((seat) => seatName(ctx, seat));
  if (waiting.length && !view.outcome) parts.push(`to act: ${waiting.join(", ")}`);
  return el("div", { class: "db-status", role: "status", text: parts.join(" · ") });
}

// ----------------------------------------------------------------------------- the heading

function pendingHeading(ctx) {
  const { view } = ctx;
  const { card, picks } = view.pending;
  const kind = pickKind(view);
  const name = cardName(ctx, card);
  const asks = {
    port: "click any open port on the map",
    boat: "click a boat",
    arrangement: `choose the new order of ${boatWords(ctx, picks[0])}`,
    place: "choose which of your members goes ashore next",
    stall: "click the stall to re-stack",
    owner: `choose the owner of disc ${picks.length} from the top`,
    seat: "click the player to trade with",
    their_kind: `choose the offering you take from ${seatName(ctx, picks[0])}`,
    my_kind: "choose the offering you give",
    spot: card === "G" ? (picks.length ? "click an empty place on another boat" : "click your member to move")
      : (picks.length ? "click a member of another colour on another boat" : "click a member on a boat"),
    node: picks.length ? "click the second single farmer" : "click a single farmer",
  };
  return `${name}: ${asks[kind] || "choose"}`;
}

// Whose move a card window interrupts.
function windowContext(ctx) {
  const { view } = ctx;
  const point = view.window.point;
  if (point === "before_steer") return `${capital(boatWords(ctx, view.arrived))} is about to leave: `;
  if (point === "before_disembark") {
    const boat = view.boats[view.arrived];
    const cut = view.cut !== null && view.cut !== undefined ? boat.seats[view.cut] : null;
    const next = cut !== null && cut !== undefined ? cut : boat.seats.find((seat) => seat !== null);
    return `${capital(boatWords(ctx, view.arrived))} has landed at ${boat.port}${next === undefined ? "" : `; ${seatName(ctx, next)} goes ashore next`}: `;
  }
  return "The explore phase begins: ";
}

function heading(ctx) {
  const { view } = ctx;
  const me = ctx.me !== null && ctx.me !== undefined ? view.players[ctx.me] : null;
  if (view.pending) return pendingHeading(ctx);
  if (view.paying) {
    return `Mountain path ${view.paying.path}: pay ${plural(view.paying.left, "more offering")} (click one of yours)`;
  }
  switch (view.step) {
    case "start_disc": return "Put your start disc on a round card: its resources come now, the disc comes back in that round";
    case "start_offering": return `Choose a start offering from the bag (${me ? me.owed : 1} to take)`;
    case "bid": return "Place a disc: click a stall (its price is the stack height when it resolves) or a free private space";
    case "resolve": {
      const stall = view.stalls[view.resolving.stall];
      const what = stall.offerings
        ? `buy a tile for ${stall.price} or take 1 money`
        : `trade an offering and/or a treasure${view.options.stall_v_price === false ? "" : ` (price ${stall.price})`}, or take 1 money`;
      return `Your disc at stall ${stall.stall}: ${what}; you may also board a boat or take a mountain path`;
    }
    case "final": return "Final boarding: board a boat or take a mountain path, then click Done";
    case "window": return `${windowContext(ctx)}play a bonus card ${ctx.glossary.windows[view.window.point] || "now"}, or pass`;
    case "steer": return `Steer ${boatWords(ctx, view.arrived)}: click a port`;
    case "move": {
      const m = view.moving;
      const free = Math.max(0, m.free - m.steps);
      const cost = free ? `${plural(free, "free step")} left` : `each further step costs 1 food (you have ${me ? me.food : 0})`;
      return `Walk on: ${cost}. Click a highlighted space, or go home with what you collected`;
    }
    case "storage": {
      const held = me ? me.offerings.reduce((a, b) => a + b, 0) : 0;
      return `Storage: keep at most ${me ? me.storage_limit : 3} offerings (you hold ${held}); each sold brings 1 money, a treasure 2`;
    }
    default: return "Your move";
  }
}

// ----------------------------------------------------------------------------- buttons

const GROUPS = [
  ["start_disc", "Round card"], ["start_offering", "Take"], ["bid", "Stall"], ["private", "Private"],
  ["buy", "Buy"], ["exchange", "Give"], ["draw_card", "Treasure for"], ["take_money", ""], ["board", "Board"],
  ["path", "Path"], ["pay", "Pay"], ["steer", "Steer to"], ["step", "Step to"], ["choose", "Choose"],
  ["sell", "Sell"], ["sell_treasure", ""], ["play", "Play"], ["stop", ""], ["pass", ""], ["done", ""],
];

export function renderPrompt(box, ctx) {
  box.replaceChildren();
  const { actions } = ctx;
  if (!actions.all.length) return;
  box.append(el("h3", { text: capital(heading(ctx)) }));
  const chosen = ctx.state.seatChoice;
  if (chosen) {
    const boards = actions.all.filter((a) => a.type === "board" && a.boat === chosen[0] && a.place === chosen[1]);
    if (boards.length) {
      box.append(el("div", { class: "choices db-omit" },
        el("span", { class: "db-label", text: `${capital(boatWords(ctx, chosen[0]))}, middle place: leave out` }),
        ...boards.map((action) => kindButton(ctx, action, action.omit))));
    }
  }
  for (const [type, label] of GROUPS) {
    const group = actions.all.filter((action) => action.type === type);
    if (!group.length) continue;
    const buttons = group.map((action) => {
      const kind = action.kind || (type === "choose" && typeof action.value === "string" && ctx.view.kinds.includes(action.value) ? action.value : null);
      return kind ? kindButton(ctx, action, shortWords(ctx, action)) : actions.button(action, shortWords(ctx, action));
    });
    box.append(el("div", { class: "choices" }, label ? el("span", { class: "db-label", text: `${label}:` }) : null, ...buttons));
  }
}

function kindButton(ctx, action, text) {
  const button = ctx.actions.button(action, text);
  const kind = action.kind || action.omit || action.value;
  if (button && ctx.view.kinds.includes(kind)) button.classList.add("db-kind-button", `db-kind-${kind}`);
  return button;
}

// The short label of a button in its group.
function shortWords(ctx, action) {
  const { view, glossary } = ctx;
  switch (action.type) {
    case "start_disc": return `${action.card}`;
    case "bid": return `${action.stall} (${plural(view.stalls.find((s) => s.stall === action.stall).stack.length, "disc")})`;
    case "private": return glossary.private_spaces[action.space];
    case "draw_card": return action.slot === "deck" ? "deck (blind)" : cardName(ctx, view.display[action.slot]);
    case "board": return `${boatWords(ctx, action.boat)}, ${PLACE_WORDS[action.place]}${action.omit ? `, without ${action.omit}` : ""}`;
    case "path": return `${action.path} (3 offerings)`;
    case "steer": case "step": return nodeWords(ctx, action.port || action.node);
    case "choose": return choiceWords(ctx, action.value);
    case "play": return cardName(ctx, action.card);
    case "take_money": return "Take 1 money";
    case "sell_treasure": return "Sell a treasure (2 money)";
    case "stop": return "Stop and go home";
    case "pass": return "Pass";
    case "done": return "Done";
    default: return action.kind || action.type.replace(/_/g, " ");
  }
}

function choiceWords(ctx, value) {
  const kind = pickKind(ctx.view);
  switch (kind) {
    case "port": case "node": return nodeWords(ctx, value);
    case "boat": return boatWords(ctx, value);
    case "arrangement": return value.map((seat, place) => `${PLACE_WORDS[place]}: ${seat === null ? "empty" : seatName(ctx, seat)}`).join(", ");
    case "place": return `${PLACE_WORDS[value]} place`;
    case "stall": return `stall ${["I", "II", "III", "IV", "V"][value]}`;
    case "owner": case "seat": return seatName(ctx, value);
    case "spot": {
      const occupant = ctx.view.boats[value[0]].seats[value[1]];
      return `${boatWords(ctx, value[0])} ${PLACE_WORDS[value[1]]}${occupant === null ? " (empty)" : ` (${seatName(ctx, occupant)})`}`;
    }
    default: return String(value);
  }
}

// The page's list of actions in words ("Choose an action").
export function describeAction(action, snapshot, glossary) {
  const ctx = { view: snapshot.view, snapshot, glossary, me: snapshot.seat, state: {} };
  const words = shortWords(ctx, action);
  const verbs = {
    start_disc: "Start disc on round card", start_offering: "Take start offering", bid: "Bid on stall",
    private: "Private action", buy: "Buy", exchange: "Give at stall V", draw_card: "Trade a treasure for",
    board: "Board", path: "Mountain path", pay: "Pay", steer: "Steer to", step: "Step to", choose: "Choose",
    sell: "Sell", play: "Play",
  };
  return verbs[action.type] ? `${verbs[action.type]} ${words}` : words;
}
