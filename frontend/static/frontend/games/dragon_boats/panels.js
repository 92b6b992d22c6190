// Dragon Boats: the market (stalls I–V with their disc stacks), the bonus display and deck,
// the supplies, the round cards and every player's board, as HTML. Clickable: stalls (bids,
// card D), stall tiles (buy), display cards and the deck (stall V), round cards (start discs),
// private spaces, bonus cards to play, offerings to pay or sell, and players named by card F.
import { el } from "../../js/client.js";
import { gettext, interpolate, labelled, ngettext, pgettext } from "../../js/i18n.js";
import {
  FARM_COLOURS, cardName, chip, choice, disc, kindWord, seatColour, seatName,
} from "./common.js";

const HIDDEN_NOTE = gettext("hidden from others");
const CARD_TYPES = { one_time: gettext("one time"), permanent: gettext("permanent"), end_game: gettext("end of game") };

// ----------------------------------------------------------------------------- market

export function drawMarket(ctx) {
  const { view } = ctx;
  const stalls = view.stalls.map((stall, index) => drawStall(ctx, stall, index));
  return el("div", { class: "db-market", role: "group", "aria-label": gettext("Market") },
    el("h3", { text: view.round ? interpolate(gettext("Market · round %(round)s of %(rounds)s"), { round: view.round, rounds: view.rounds.length })
      : gettext("Market · set-up"), title: gettext("The market: a disc bid on a stall is settled from the top of its stack and pays the stack's height then.") }),
    el("div", { class: "db-stalls" }, ...stalls),
    drawBonusRow(ctx),
    drawSupply(ctx));
}

function drawStall(ctx, stall, index) {
  const { view, actions } = ctx;
  const resolving = view.step === "resolve" && view.resolving && view.resolving.stall === index;
  const action = actions.find({ type: "bid", stall: stall.stall }) || choice(ctx, "stall", index);
  const picked = view.pending && view.pending.card === "D" && view.pending.picks[0] === index;
  const box = el("div", {
    // Named by index, as events name stalls (the page marks the stall a move touched).
    class: `db-stall${resolving ? " db-resolving" : ""}${picked ? " selected" : ""}`, "data-stall": index,
  });
  const price = stall.price ? interpolate(gettext("price %(price)s"), { price: stall.price }) : "";
  box.append(el("div", { class: "db-stall-head", title: stall.offerings
    ? gettext("A stall: each disc on it, when settled, buys one of its offerings for the price, or takes 1 money; its owner may board boats then.")
    : gettext("Stall V: each disc on it, when settled, may swap an offering for a random one and a food card, and give a treasure for a bonus card.") },
    el("strong", { text: interpolate(gettext("Stall %(stall)s"), { stall: stall.stall }) }), el("span", { class: "db-muted", text: price })));
  if (stall.offerings) {
    const tiles = stall.offerings.map((kind) => {
      const buy = resolving ? actions.find({ type: "buy", kind }) : null;
      const word = kindWord(ctx, kind);
      const node = chip(kind, undefined, { text: word, title: word });
      return actions.clickable(node, buy, interpolate(gettext("Buy %(kind)s for %(price)s money"), { kind: word, price: stall.price }));
    });
    for (let empty = stall.offerings.length; empty < 3; empty += 1) tiles.push(el("span", { class: "db-chip db-empty", text: "–" }));
    box.append(el("div", { class: "db-tiles" }, ...tiles));
  } else {
    box.append(el("div", { class: "db-stall-v db-muted",
      title: gettext("Stall V: each disc on it, when settled, may swap an offering for a random one and a food card, and give a treasure for a bonus card.") },
      el("div", { text: gettext("offering → random one + 1 food") }),
      el("div", { text: gettext("treasure → bonus card") })));
  }
  const stack = [...stall.stack].reverse();
  box.append(el("div", { class: "db-stack", title: gettext("Discs, top first") },
    stack.length ? el("span", { class: "db-muted", text: `${gettext("top")} ` }) : el("span", { class: "db-muted", text: gettext("no discs") }),
    ...stack.map((seat) => disc(seat, seatName(ctx, seat)))));
  if (resolving) {
    const extra = [actions.button(actions.find({ type: "take_money" }), gettext("Take 1 money"))];
    if (!stall.offerings) {
      for (const action of actions.all.filter((a) => a.type === "exchange")) {
        extra.push(actions.button(action, interpolate(gettext("Give %(kind)s"), { kind: kindWord(ctx, action.kind) })));
      }
    }
    box.append(el("div", { class: "db-stall-actions" }, ...extra.filter(Boolean)));
  }
  return actions.clickable(box, action, action && action.type === "bid"
    ? interpolate(gettext("Place a disc on stall %(stall)s"), { stall: stall.stall })
    : interpolate(gettext("Choose stall %(stall)s"), { stall: stall.stall }));
}

export function bonusCard(ctx, letter, attrs = {}) {
  const card = ctx.glossary.cards[letter];
  return el("div", { class: `db-card db-card-${card.type}${attrs.class ? ` ${attrs.class}` : ""}`, title: card.text, "data-card": letter },
    el("div", { class: "db-card-name" }, el("b", { text: letter }), ` ${card.name}`),
    el("div", { class: "db-card-text", text: card.text }),
    el("div", { class: "db-card-foot", text: `${CARD_TYPES[card.type] || card.type}${card.vp ? ` · ${interpolate(gettext("%(n)s VP"), { n: card.vp })}` : ""}${attrs.note ? ` · ${attrs.note}` : ""}` }));
}

function drawBonusRow(ctx) {
  const { view, actions } = ctx;
  const display = view.display.map((letter, slot) => actions.clickable(
    bonusCard(ctx, letter), actions.find({ type: "draw_card", slot }), interpolate(gettext("Trade a treasure for %(card)s"), { card: cardName(ctx, letter) })));
  const deck = actions.clickable(
    el("div", { class: "db-card db-card-back", title: gettext("The bonus deck: its top card is drawn blind") },
      el("div", { class: "db-card-name", text: gettext("Bonus deck") }), el("div", { text: interpolate(ngettext("%(n)s card", "%(n)s cards", view.deck_size), { n: view.deck_size }) })),
    actions.find({ type: "draw_card", slot: "deck" }), gettext("Trade a treasure for the top card of the deck (blind)"));
  return el("div", { class: "db-bonus-row" }, ...display, deck);
}

function drawSupply(ctx) {
  const { view } = ctx;
  return el("div", { class: "db-supply", title: gettext("The bag of offerings, drawn at random, and the supplies of food cards, treasures, toppers and farm tiles.") },
    el("span", { class: "db-muted", text: gettext("Bag:") }),
    ...view.kinds.map((kind, index) => chip(kind, view.bag[index], {
      text: `${view.bag[index]} ${kindWord(ctx, kind)}`,
      title: interpolate(gettext("%(n)s %(kind)s in the bag"), { n: view.bag[index], kind: kindWord(ctx, kind) }),
    })),
    el("span", { text: interpolate(gettext("food %(food)s · treasure %(treasure)s · toppers %(toppers)s · unseen farms %(farms)s"),
      { food: view.food, treasure: view.treasure, toppers: view.toppers.length, farms: view.farm_bag_size }) }));
}

// ----------------------------------------------------------------------------- round cards

function roundWords(ctx, number) {
  const card = ctx.glossary.round_cards[String(number)];
  if (!card || card.restricted) return gettext("no start disc");
  return [
    card.money && interpolate(gettext("%(n)s money"), { n: card.money }),
    card.offerings && interpolate(ngettext("%(n)s offering", "%(n)s offerings", card.offerings), { n: card.offerings }),
    card.food && interpolate(gettext("%(n)s food"), { n: card.food }), card.treasure && interpolate(ngettext("%(n)s treasure", "%(n)s treasures", card.treasure), { n: card.treasure }),
  ].filter(Boolean).join(" + ");
}

export function drawRounds(ctx) {
  const { view, actions } = ctx;
  const cards = view.round_cards.map((card) => {
    const now = view.round === card.round;
    const restricted = (ctx.glossary.round_cards[String(card.card)] || {}).restricted;
    const node = el("div", {
      class: `db-round${now ? " db-now" : ""}${card.turned ? " db-turned" : ""}`, "data-round-card": card.card,
      title: restricted ? interpolate(gettext("Round card %(card)s: no start disc goes here."), { card: card.card })
        : interpolate(gettext("Round card %(card)s: a start disc here brings %(words)s before the first round, and misses the rounds until this one."),
          { card: card.card, words: roundWords(ctx, card.card) }),
    },
    el("div", {}, el("b", { text: interpolate(gettext("Round %(round)s"), { round: card.round }) })),
    el("div", { class: "db-round-text", text: interpolate(gettext("card %(card)s: %(words)s"), { card: card.card, words: roundWords(ctx, card.card) }) }),
    el("div", { class: "db-discs" }, ...card.discs.map((seat) => disc(seat, interpolate(gettext("%(name)s's start disc"), { name: seatName(ctx, seat) })))));
    return actions.clickable(node, actions.find({ type: "start_disc", card: card.card }),
      interpolate(gettext("Put your start disc on round card %(card)s (%(words)s)"), { card: card.card, words: roundWords(ctx, card.card) }));
  });
  return el("div", { class: "db-rounds", role: "group", "aria-label": gettext("Round cards") }, ...cards);
}

// ----------------------------------------------------------------------------- players

export function drawPlayers(ctx) {
  return el("div", { class: "db-players", role: "group", "aria-label": gettext("Players") },
    ...ctx.view.players.map((player) => drawPlayer(ctx, player)));
}

function offeringAction(ctx, seat, kind) {
  const { actions, view } = ctx;
  if (seat === ctx.me) {
    return actions.find({ type: "pay", kind }) || actions.find({ type: "sell", kind }) || choice(ctx, "my_kind", kind);
  }
  return view.pending && view.pending.picks[0] === seat ? choice(ctx, "their_kind", kind) : null;
}

function offeringWords(ctx, action, kind) {
  if (!action) return "";
  const word = kindWord(ctx, kind);
  if (action.type === "pay") return interpolate(gettext("Pay %(kind)s toward the mountain path"), { kind: word });
  if (action.type === "sell") return interpolate(gettext("Sell %(kind)s for 1 money"), { kind: word });
  return interpolate(gettext("Choose %(kind)s"), { kind: word });
}

function drawPlayer(ctx, player) {
  const { view, actions } = ctx;
  const seat = player.seat;
  const acting = (view.to_act || []).includes(seat);
  const named = choice(ctx, "seat", seat);
  const box = el("div", {
    role: "group",
    class: `db-player${acting ? " db-acting" : ""}${seat === ctx.me ? " db-me" : ""}`, "data-seat": seat,
    style: `--seat-colour:${seatColour(seat)}`,
  });
  box.append(el("header", {},
    el("span", { class: "db-player-name", text: seatName(ctx, seat), "data-plain": "" },
      seat === view.first ? el("span", { class: "db-first", "data-testid": "first-player", title: gettext("Plays first this round"), text: " ★" }) : null),
    el("span", { class: "db-score", text: interpolate(gettext("%(n)s VP"), { n: player.score }),
      title: view.outcome ? gettext("Final score") : gettext("Provisional score (without others' hidden cards)") })));
  box.append(el("div", { class: "db-line", title: gettext("Money buys offerings. Food pays for the steps beyond the free ones. A treasure buys a bonus card at stall V, or sells for 2 money; each one left scores a point.") },
    el("span", { text: interpolate(gettext("%(n)s money"), { n: player.money }) }),
    el("span", { text: interpolate(gettext("%(n)s food"), { n: player.food }) }),
    actions.clickable(el("span", { class: "db-treasure", text: interpolate(ngettext("%(n)s treasure", "%(n)s treasures", player.treasure), { n: player.treasure }) }),
      seat === ctx.me ? actions.find({ type: "sell_treasure" }) : null, gettext("Sell a treasure for 2 money"))));
  const start = player.start_card ? ` · ${interpolate(gettext("start disc on card %(card)s"), { card: player.start_card })}` : "";
  box.append(el("div", { class: "db-line db-muted", title: gettext("Discs to bid with this round; the start disc waits on its round card; members at home may still board a boat or climb a path."), text: `${interpolate(ngettext("%(n)s disc in hand", "%(n)s discs in hand", player.discs), { n: player.discs })}${start} · ${interpolate(gettext("%(n)s/10 members at home"), { n: player.members })}` }));
  const held = player.offerings.reduce((sum, count) => sum + count, 0);
  box.append(el("div", { class: "db-line" },
    el("span", { class: "db-label", text: interpolate(gettext("Offerings %(held)s/%(limit)s"), { held, limit: player.storage_limit }),
      title: gettext("Offerings held, and how many may be kept at the end of a round; each one left at the end scores a point.") }),
    ...view.kinds.map((kind, index) => (player.offerings[index]
      ? actions.clickable(chip(kind, player.offerings[index], { text: `${player.offerings[index]} ${kindWord(ctx, kind)}`, title: `${player.offerings[index]} ${kindWord(ctx, kind)}` }),
        offeringAction(ctx, seat, kind), offeringWords(ctx, offeringAction(ctx, seat, kind), kind)) : null))));
  box.append(el("div", { class: "db-line", title: gettext("The farm tiles your farmers took: each kind scores in sets, a set its size squared.") },
    el("span", { class: "db-label", text: gettext("Farms") }),
    ...view.farm_kinds.map((farm, index) => (player.farms[index]
      ? el("span", { class: "db-farm", style: `background:${FARM_COLOURS[farm]}`, text: `${kindWord(ctx, farm)} ×${player.farms[index]}` }) : null)),
    player.farms.some(Boolean) ? null : el("span", { class: "db-muted", text: pgettext("no farms", "none") })));
  if (player.wisdom.length) {
    box.append(el("div", { class: "db-line" }, el("span", { class: "db-label", text: gettext("Wisdom"),
      title: gettext("Wisdom tiles taken on the mountain: hover over one to read it.") }),
      ...player.wisdom.map((number) => {
        const tile = ctx.glossary.wisdom[String(number)];
        return el("span", { class: "db-wisdom", title: tile.text, text: `W${number} ${tile.name}` });
      })));
  }
  box.append(drawPrivate(ctx, player));
  box.append(drawCards(ctx, player));
  return actions.clickable(box, named, interpolate(gettext("Choose %(name)s"), { name: seatName(ctx, seat) }));
}

function drawPrivate(ctx, player) {
  const spaces = Object.entries(ctx.glossary.private_spaces).map(([space, words]) => {
    const used = player.private.includes(space);
    const action = player.seat === ctx.me ? ctx.actions.find({ type: "private", space }) : null;
    const label = interpolate(gettext("Private action: %(words)s"), { words });
    const node = el("span", { class: `db-space${used ? " db-used" : ""}`, title: label }, used ? disc(player.seat) : null, words);
    return ctx.actions.clickable(node, action, label);
  });
  return el("div", { class: "db-line db-private" }, el("span", { class: "db-label", text: gettext("Private"),
    title: gettext("Private spaces: a disc bid on one pays at once, once a round.") }), ...spaces);
}

// A bonus card on a player's board: its name and kind; the effect shows on hover and in the
// market's display.
function miniCard(ctx, letter, note, used) {
  const card = ctx.glossary.cards[letter];
  const kind = { one_time: gettext("once"), permanent: gettext("permanent"), end_game: gettext("end") }[card.type] || card.type;
  return el("span", {
    class: `db-mini db-card-${card.type}${used ? " db-used" : ""}`, "data-card": letter,
    title: `${labelled(card.name, card.text)}${card.vp ? ` (${interpolate(gettext("%(n)s VP"), { n: card.vp })})` : ""}${note ? ` · ${note}` : ""}`,
  }, el("b", { text: letter }), ` ${card.name}`, el("small", { text: ` ${kind}${note === HIDDEN_NOTE ? ` · ${gettext("hidden")}` : ""}` }));
}

function drawCards(ctx, player) {
  const { actions } = ctx;
  const mine = player.seat === ctx.me;
  const cards = [];
  const add = (letter, note) => {
    const used = player.used.includes(letter);
    const action = mine ? actions.find({ type: "play", card: letter }) : null;
    cards.push(actions.clickable(miniCard(ctx, letter, used ? gettext("played") : note, used), action,
      interpolate(gettext("Play %(card)s"), { card: cardName(ctx, letter) })));
  };
  player.cards_known.forEach((letter) => add(letter, ""));
  // Once the game is over the view shows every seat's blind cards to all: none is hidden then.
  (player.hand || []).forEach((letter) => add(letter, ctx.view.outcome ? "" : HIDDEN_NOTE));
  if (!player.hand) {
    for (let back = 0; back < player.cards_hidden; back += 1) {
      cards.push(el("span", { class: "db-mini db-card-back", title: gettext("A bonus card drawn blind"), text: gettext("hidden card") }));
    }
  }
  if (!cards.length) {
    return el("div", { class: "db-line db-muted", text: gettext("No bonus cards"), title: gettext("Bonus cards come from stall V or from reward spaces on the islands.") });
  }
  return el("div", { class: "db-hand" }, ...cards);
}
