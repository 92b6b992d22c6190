// Dragon Boats: the prompt under the board (what is being decided, and a clear button for
// every legal action, grouped), the status line above it, and actions in words.
import { el } from "../../js/client.js";
import { gettext, interpolate, labelled, ngettext } from "../../js/i18n.js";
import {
  PLACE_WORDS, boatWords, capital, cardName, kindWord, nodeWords, pickKind, seatName, spotWords,
} from "./common.js";

const PHASES = {
  setup: gettext("Set-up"), start_disc: gettext("Set-up"), start_offering: gettext("Set-up"), bid: gettext("Bidding"),
  resolve: gettext("Payment"), final: gettext("Final boarding"), window: gettext("Explore"), steer: gettext("Explore"),
  move: gettext("Explore"), storage: gettext("Storage"), over: gettext("Game over"),
};

export function statusLine(ctx) {
  const { view } = ctx;
  const rounds = view.rounds.length;
  const parts = [view.round ? interpolate(gettext("Round %(round)s of %(rounds)s"), { round: view.round, rounds })
    : gettext("Before round 1"), PHASES[view.step] || view.step];
  if (view.step === "resolve" && view.resolving) {
    parts.push(interpolate(gettext("stall %(stall)s resolves"), { stall: ["I", "II", "III", "IV", "V"][view.resolving.stall] }));
  }
  if (view.arrived !== null && view.arrived !== undefined && !view.outcome) {
    parts.push(interpolate(gettext("%(boat)s is out"), { boat: boatWords(ctx, view.arrived) }));
  }
  if (view.moving) {
    const m = view.moving;
    const left = Math.max(0, m.free - m.steps);
    parts.push(left ? interpolate(ngettext("%(name)s walks: %(n)s free step left", "%(name)s walks: %(n)s free steps left", left), { name: seatName(ctx, m.seat), n: left })
      : interpolate(gettext("%(name)s walks: each further step costs 1 food"), { name: seatName(ctx, m.seat) }));
  }
  const waiting = (view.to_act || []).map((seat) => seatName(ctx, seat));
  if (waiting.length && !view.outcome) parts.push(interpolate(gettext("to act: %(names)s"), { names: waiting.join(", ") }));
  return el("div", { class: "db-status", role: "status", text: parts.join(" · "), title: gettext(
    "Every round: bidding, payment and boarding, explore (the mountain, then the boats that sail), storage, upkeep. After the last round the points are counted.") });
}

// ----------------------------------------------------------------------------- the heading

function pendingHeading(ctx) {
  const { view } = ctx;
  const { card, picks } = view.pending;
  const kind = pickKind(view);
  const name = cardName(ctx, card);
  const asks = {
    port: gettext("click any open port on the map"),
    boat: gettext("click a boat"),
    arrangement: interpolate(gettext("choose the new order of %(boat)s"), { boat: boatWords(ctx, picks[0]) }),
    place: gettext("choose which of your members goes ashore next"),
    stall: gettext("click the stall to re-stack"),
    owner: interpolate(gettext("choose the owner of disc %(n)s from the top"), { n: picks.length }),
    seat: gettext("click the player to trade with"),
    their_kind: interpolate(gettext("choose the offering you take from %(name)s"), { name: seatName(ctx, picks[0]) }),
    my_kind: gettext("choose the offering you give"),
    spot: card === "G" ? (picks.length ? gettext("click an empty place on another boat") : gettext("click your member to move"))
      : (picks.length ? gettext("click a member of another colour on another boat") : gettext("click a member on a boat")),
    node: picks.length ? gettext("click the second single farmer") : gettext("click a single farmer"),
  };
  return labelled(name, asks[kind] || gettext("choose"));
}

// Which ways aboard the seat is offered now: "both", "board" (a boat), "path" (a mountain
// path) or null, so that a prompt never offers a way the actions do not hold.
function boardingWays(ctx) {
  const [board, path] = [offers(ctx, "board"), offers(ctx, "path")];
  return board && path ? "both" : board ? "board" : path ? "path" : null;
}

// Whether the legal actions hold one of `types`.
const offers = (ctx, ...types) => ctx.actions.all.some((action) => types.includes(action.type));

// Whose move a card window interrupts.
function windowContext(ctx) {
  const { view } = ctx;
  const point = view.window.point;
  if (point === "before_steer") return interpolate(gettext("%(boat)s is about to leave: "), { boat: capital(boatWords(ctx, view.arrived)) });
  if (point === "before_disembark") {
    const boat = view.boats[view.arrived];
    const cut = view.cut !== null && view.cut !== undefined ? boat.seats[view.cut] : null;
    const next = cut !== null && cut !== undefined ? cut : boat.seats.find((seat) => seat !== null);
    const landed = interpolate(gettext("%(boat)s has landed at %(port)s"), { boat: capital(boatWords(ctx, view.arrived)), port: nodeWords(ctx, boat.port) });
    return next === undefined ? `${landed}: ` : `${landed}; ${interpolate(gettext("%(name)s goes ashore next"), { name: seatName(ctx, next) })}: `;
  }
  return gettext("The explore phase begins: ");
}

// The type of the one legal action, if there is just one. A seat holding a hidden bonus card is
// asked at every card window and payment turn even when it can do nothing else there.
function onlyAction(ctx) {
  return ctx.actions.all.length === 1 ? ctx.actions.all[0].type : null;
}

function heading(ctx) {
  const { view } = ctx;
  const only = onlyAction(ctx);
  const me = ctx.me !== null && ctx.me !== undefined ? view.players[ctx.me] : null;
  if (view.pending) return pendingHeading(ctx);
  if (view.paying) {
    return interpolate(ngettext("Mountain path %(path)s: pay %(n)s more offering (click one of yours)",
      "Mountain path %(path)s: pay %(n)s more offerings (click one of yours)", view.paying.left), { path: view.paying.path, n: view.paying.left });
  }
  switch (view.step) {
    case "start_disc": return gettext("Put your start disc on a round card: its resources come now, the disc comes back in that round");
    case "start_offering": return interpolate(gettext("Choose a start offering from the bag (%(n)s to take)"), { n: me ? me.owed : 1 });
    case "bid": return gettext("Place a disc: click a stall (its price is the stack height when it resolves) or a free private space");
    case "resolve": {
      const stall = view.stalls[view.resolving.stall];
      if (only === "take_money") return interpolate(gettext("Your disc at stall %(stall)s: nothing to buy or board, take 1 money"), { stall: stall.stall });
      const ways = boardingWays(ctx);
      if (!offers(ctx, "buy", "take_money", "exchange", "draw_card")) {
        const still = {
          both: gettext("Your disc at stall %(stall)s: you may still board a boat or take a mountain path, then click Done"),
          board: gettext("Your disc at stall %(stall)s: you may still board a boat, then click Done"),
          path: gettext("Your disc at stall %(stall)s: you may still take a mountain path, then click Done"),
        }[ways];
        return interpolate(still || (offers(ctx, "play") ? gettext("Your disc at stall %(stall)s: play a bonus card, or click Done")
          : gettext("Your disc at stall %(stall)s: nothing more to do, click Done")), { stall: stall.stall });
      }
      const what = stall.offerings
        ? interpolate(gettext("buy an offering for %(price)s or take 1 money"), { price: stall.price })
        : view.options.stall_v_price === false ? gettext("trade an offering and/or a treasure, or take 1 money")
          : interpolate(gettext("trade an offering and/or a treasure (price %(price)s), or take 1 money"), { price: stall.price });
      const also = {
        both: gettext("Your disc at stall %(stall)s: %(what)s; you may also board a boat or take a mountain path"),
        board: gettext("Your disc at stall %(stall)s: %(what)s; you may also board a boat"),
        path: gettext("Your disc at stall %(stall)s: %(what)s; you may also take a mountain path"),
      }[ways];
      return interpolate(also || gettext("Your disc at stall %(stall)s: %(what)s"), { stall: stall.stall, what });
    }
    case "final": return {
      both: gettext("Final boarding: you may still board a boat or take a mountain path, then click Done"),
      board: gettext("Final boarding: you may still board a boat, then click Done"),
      path: gettext("Final boarding: you may still take a mountain path, then click Done"),
    }[boardingWays(ctx)] || (offers(ctx, "play") ? gettext("Final boarding: play a bonus card, or click Done")
      : gettext("Final boarding: nothing to do now, click Done"));
    case "window": return `${windowContext(ctx)}${only === "pass" ? gettext("no card to play now") : interpolate(gettext("play a bonus card %(when)s, or pass"), { when: ctx.glossary.windows[view.window.point] || gettext("now") })}`;
    case "steer": return interpolate(gettext("Steer %(boat)s: click a port"), { boat: boatWords(ctx, view.arrived) });
    case "move": {
      const m = view.moving;
      const free = Math.max(0, m.free - m.steps);
      const cost = free ? interpolate(ngettext("%(n)s free step left", "%(n)s free steps left", free), { n: free })
        : interpolate(gettext("each further step costs 1 food (you have %(n)s)"), { n: me ? me.food : 0 });
      return interpolate(gettext("Walk on: %(cost)s. Click a highlighted space, or go home with what you collected"), { cost });
    }
    case "storage": {
      const held = me ? me.offerings.reduce((a, b) => a + b, 0) : 0;
      return interpolate(gettext("Storage: keep at most %(limit)s offerings (you hold %(held)s); each kept scores 1 point at the end, each sold brings 1 money (a treasure 2)"),
        { limit: me ? me.storage_limit : 3, held });
    }
    default: return gettext("Your move");
  }
}

// ----------------------------------------------------------------------------- buttons

const GROUPS = [
  ["start_disc", gettext("Round card")], ["start_offering", gettext("Take")], ["bid", gettext("Stall")],
  ["private", gettext("Private")], ["buy", gettext("Buy")], ["exchange", gettext("Give")], ["draw_card", gettext("Treasure for")],
  ["take_money", ""], ["board", gettext("Board")], ["path", gettext("Path")], ["pay", gettext("Pay")],
  ["steer", gettext("Steer to")], ["step", gettext("Step to")], ["choose", gettext("Choose")], ["sell", gettext("Sell")],
  ["sell_treasure", ""], ["play", gettext("Play")], ["stop", ""], ["pass", ""], ["done", ""],
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
        el("span", { class: "db-label", text: interpolate(gettext("%(boat)s, middle place: leave out"), { boat: capital(boatWords(ctx, chosen[0])) }) }),
        ...boards.map((action) => kindButton(ctx, action, kindWord(ctx, action.omit)))));
    }
  }
  for (const [type, label] of GROUPS) {
    const group = actions.all.filter((action) => action.type === type);
    if (!group.length) continue;
    const buttons = group.map((action) => {
      const kind = action.kind || (type === "choose" && typeof action.value === "string" && ctx.view.kinds.includes(action.value) ? action.value : null);
      return kind ? kindButton(ctx, action, shortWords(ctx, action)) : actions.button(action, shortWords(ctx, action));
    });
    box.append(el("div", { class: "choices" }, label ? el("span", { class: "db-label", text: interpolate(gettext("%(label)s:"), { label }) }) : null, ...buttons));
  }
  // Asked with nothing to do: the holder of a hidden card is asked at every such moment.
  if (["pass", "done"].includes(onlyAction(ctx)) && ["window", "final"].includes(ctx.view.step)) {
    box.append(el("p", { class: "muted", "data-testid": "db-why-asked", text: gettext(
      "You hold a hidden bonus card: every holder is asked at each such moment, so nobody can tell whether yours could be played.") }));
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
    case "bid": {
      // the discs already there, not a count to bid: a bid is always one disc
      const discs = view.stalls.find((s) => s.stall === action.stall).stack.length;
      const there = discs ? interpolate(ngettext("%(n)s disc already", "%(n)s discs already", discs), { n: discs }) : gettext("empty");
      return `${action.stall} (${there})`;
    }
    case "private": return glossary.private_spaces[action.space];
    case "draw_card": return action.slot === "deck" ? gettext("deck (blind)") : cardName(ctx, view.display[action.slot]);
    case "board": return `${boatWords(ctx, action.boat)}, ${PLACE_WORDS[action.place]}${action.omit ? `, ${interpolate(gettext("without paying %(kind)s"), { kind: kindWord(ctx, action.omit) })}` : ""}`;
    case "path": return interpolate(gettext("%(path)s (3 offerings)"), { path: action.path });
    case "steer": case "step": return nodeWords(ctx, action.port || action.node);
    case "choose": return choiceWords(ctx, action.value);
    case "play": return cardName(ctx, action.card);
    case "take_money": return gettext("Take 1 money");
    case "sell_treasure": return gettext("Sell a treasure (2 money)");
    case "stop": return gettext("Stop and go home");
    case "pass": return gettext("Pass");
    case "done": return gettext("Done");
    default: return action.kind ? kindWord(ctx, action.kind) : action.type.replace(/_/g, " ");
  }
}

function choiceWords(ctx, value) {
  const kind = pickKind(ctx.view);
  switch (kind) {
    case "port": case "node": return nodeWords(ctx, value);
    case "boat": return boatWords(ctx, value);
    case "arrangement": return value.map((seat, place) => labelled(PLACE_WORDS[place], seat === null ? gettext("empty") : seatName(ctx, seat))).join(", ");
    case "place": return interpolate(gettext("%(place)s place"), { place: PLACE_WORDS[value] });
    case "stall": return interpolate(gettext("stall %(stall)s"), { stall: ["I", "II", "III", "IV", "V"][value] });
    case "owner": case "seat": return seatName(ctx, value);
    case "spot": return spotWords(ctx, value[0], value[1]);
    default: return kindWord(ctx, value);
  }
}

// The page's list of actions in words ("Choose an action").
export function describeAction(action, snapshot, glossary) {
  const ctx = { view: snapshot.view, snapshot, glossary, me: snapshot.seat, state: {} };
  const what = shortWords(ctx, action);
  // Whole phrases, so that each language puts the verb where it belongs (German: "Leder verkaufen").
  const phrases = {
    start_disc: gettext("Start disc on round card %(what)s"), start_offering: gettext("Take start offering %(what)s"),
    bid: gettext("Bid on stall %(what)s"), private: gettext("Private action: %(what)s"), buy: gettext("Buy %(what)s"),
    exchange: gettext("Give %(what)s at stall V"), draw_card: gettext("Trade a treasure for %(what)s"),
    board: gettext("Board %(what)s"), path: gettext("Mountain path %(what)s"), pay: gettext("Pay %(what)s"),
    steer: gettext("Steer to %(what)s"), step: gettext("Step to %(what)s"), choose: gettext("Choose %(what)s"),
    sell: gettext("Sell %(what)s"), play: gettext("Play %(what)s"),
  };
  return phrases[action.type] ? interpolate(phrases[action.type], { what }) : what;
}
