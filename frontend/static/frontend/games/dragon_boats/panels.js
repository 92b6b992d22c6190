// Dragon Boats: the market (stalls I–V with their disc stacks), the bonus display and deck,
// the supplies, the round cards and every player's board, as HTML. Clickable: stalls (bids,
// card D), stall tiles (buy), display cards and the deck (stall V), round cards (start discs),
// private spaces, bonus cards to play, offerings to pay or sell, and players named by card F.
import { el } from "../../js/client.js";
import {
  FARM_COLOURS, cardName, chip, choice, disc, plural, seatColour, seatName,
} from "./common.js";

// ----------------------------------------------------------------------------- market

export function drawMarket(ctx) {
  const { view } = ctx;
  const stalls = view.stalls.map((stall, index) => drawStall(ctx, stall, index));
  return el("section", { class: "db-market", "aria-label": "Market" },
    el("h3", { text: `Market · round ${view.round || "set-up"} of ${view.rounds.length}` }),
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
    class: `db-stall${resolving ? " db-resolving" : ""}${picked ? " selected" : ""}`, "data-stall": stall.stall,
  });
  const price = stall.price ? `price ${stall.price}` : "";
  box.append(el("div", { class: "db-stall-head" },
    el("strong", { text: `Stall ${stall.stall}` }), el("span", { class: "db-muted", text: price })));
  if (stall.offerings) {
    const tiles = stall.offerings.map((kind) => {
      const buy = resolving ? actions.find({ type: "buy", kind }) : null;
      const node = chip(kind, undefined, { text: kind.slice(0, 3), title: kind });
      return actions.clickable(node, buy, `Buy ${kind} for ${stall.price} money`);
    });
    for (let empty = stall.offerings.length; empty < 3; empty += 1) tiles.push(el("span", { class: "db-chip db-empty", text: "–" }));
    box.append(el("div", { class: "db-tiles" }, ...tiles));
  } else {
    box.append(el("div", { class: "db-stall-v db-muted" },
      el("div", { text: "offering → random one + 1 food" }),
      el("div", { text: "treasure → bonus card" })));
  }
  const stack = [...stall.stack].reverse();
  box.append(el("div", { class: "db-stack", title: "Discs, top first" },
    stack.length ? el("span", { class: "db-muted", text: "top " }) : el("span", { class: "db-muted", text: "no discs" }),
    ...stack.map((seat) => disc(seat, seatName(ctx, seat)))));
  if (resolving) {
    const extra = [actions.button(actions.find({ type: "take_money" }), "Take 1 money")];
    if (!stall.offerings) {
      for (const action of actions.all.filter((a) => a.type === "exchange")) {
        extra.push(actions.button(action, `Give ${action.kind}`));
      }
    }
    box.append(el("div", { class: "db-stall-actions" }, ...extra.filter(Boolean)));
  }
  return actions.clickable(box, action, action && action.type === "bid"
    ? `Place a disc on stall ${stall.stall}` : `Choose stall ${stall.stall}`);
}

function bonusCard(ctx, letter, attrs = {}) {
  const card = ctx.glossary.cards[letter];
  return el("div", { class: `db-card db-card-${card.type}${attrs.class ? ` ${attrs.class}` : ""}`, title: card.text, "data-card": letter },
    el("div", { class: "db-card-name" }, el("b", { text: letter }), ` ${card.name}`),
    el("div", { class: "db-card-text", text: card.text }),
    el("div", { class: "db-card-foot", text: `${card.type.replace("_", " ")}${card.vp ? ` · ${card.vp} VP` : ""}${attrs.note ? ` · ${attrs.note}` : ""}` }));
}

function drawBonusRow(ctx) {
  const { view, actions } = ctx;
  const display = view.display.map((letter, slot) => actions.clickable(
    bonusCard(ctx, letter), actions.find({ type: "draw_card", slot }), `Trade a treasure for ${cardName(ctx, letter)}`));
  const deck = actions.clickable(
    el("div", { class: "db-card db-card-back", title: "The bonus deck: its top card is drawn blind" },
      el("div", { class: "db-card-name", text: "Bonus deck" }), el("div", { text: plural(view.deck_size, "card") })),
    actions.find({ type: "draw_card", slot: "deck" }), "Trade a treasure for the top card of the deck (blind)");
  return el("div", { class: "db-bonus-row" }, ...display, deck);
}

function drawSupply(ctx) {
  const { view } = ctx;
  return el("div", { class: "db-supply" },
    el("span", { class: "db-muted", text: "Bag:" }),
    ...view.kinds.map((kind, index) => chip(kind, view.bag[index], {
      text: `${view.bag[index]} ${kind.slice(0, 3)}`, title: `${view.bag[index]} ${kind} in the bag`,
    })),
    el("span", { text: `food ${view.food} · treasure ${view.treasure} · toppers ${view.toppers.length} · unseen farms ${view.farm_bag_size}` }));
}

// ----------------------------------------------------------------------------- round cards

function roundWords(ctx, number) {
  const card = ctx.glossary.round_cards[String(number)];
  if (!card || card.restricted) return "no start disc";
  return [
    card.money && `${card.money} money`, card.offerings && plural(card.offerings, "offering"),
    card.food && `${card.food} food`, card.treasure && `${card.treasure} treasure`,
  ].filter(Boolean).join(" + ");
}

export function drawRounds(ctx) {
  const { view, actions } = ctx;
  const cards = view.round_cards.map((card) => {
    const now = view.round === card.round;
    const node = el("div", {
      class: `db-round${now ? " db-now" : ""}${card.turned ? " db-turned" : ""}`, "data-round-card": card.card,
    },
    el("div", {}, el("b", { text: `Round ${card.round}` })),
    el("div", { class: "db-round-text", text: `card ${card.card}: ${roundWords(ctx, card.card)}` }),
    el("div", { class: "db-discs" }, ...card.discs.map((seat) => disc(seat, `${seatName(ctx, seat)}'s start disc`))));
    return actions.clickable(node, actions.find({ type: "start_disc", card: card.card }),
      `Put your start disc on round card ${card.card} (${roundWords(ctx, card.card)})`);
  });
  return el("section", { class: "db-rounds", "aria-label": "Round cards" }, ...cards);
}

// ----------------------------------------------------------------------------- players

export function drawPlayers(ctx) {
  return el("section", { class: "db-players", "aria-label": "Players" },
    ...ctx.view.players.map((player) => drawPlayer(ctx, player)));
}

function offeringAction(ctx, seat, kind) {
  const { actions, view } = ctx;
  if (seat === ctx.me) {
    return actions.find({ type: "pay", kind }) || actions.find({ type: "sell", kind }) || choice(ctx, "my_kind", kind);
  }
  return view.pending && view.pending.picks[0] === seat ? choice(ctx, "their_kind", kind) : null;
}

function offeringWords(action, kind) {
  if (!action) return "";
  if (action.type === "pay") return `Pay ${kind} toward the mountain path`;
  if (action.type === "sell") return `Sell ${kind} for 1 money`;
  return `Choose ${kind}`;
}

function drawPlayer(ctx, player) {
  const { view, actions } = ctx;
  const seat = player.seat;
  const acting = (view.to_act || []).includes(seat);
  const named = choice(ctx, "seat", seat);
  const box = el("section", {
    class: `db-player${acting ? " db-acting" : ""}${seat === ctx.me ? " db-me" : ""}`, "data-seat": seat,
    style: `--seat-colour:${seatColour(seat)}`,
  });
  box.append(el("header", {},
    el("span", { class: "db-player-name", text: `${seatName(ctx, seat)}${seat === view.first ? " ★" : ""}` }),
    el("span", { class: "db-score", title: "Provisional score (without others' hidden cards)", text: `${player.score} VP` })));
  box.append(el("div", { class: "db-line" },
    el("span", { text: `${player.money} money` }),
    el("span", { text: `${player.food} food` }),
    actions.clickable(el("span", { class: "db-treasure", text: `${player.treasure} treasure` }),
      seat === ctx.me ? actions.find({ type: "sell_treasure" }) : null, "Sell a treasure for 2 money")));
  const start = player.start_card ? ` · start disc on card ${player.start_card}` : "";
  box.append(el("div", { class: "db-line db-muted", text: `${plural(player.discs, "disc")} in hand${start} · ${player.members}/10 members at home` }));
  const held = player.offerings.reduce((sum, count) => sum + count, 0);
  box.append(el("div", { class: "db-line" },
    el("span", { class: "db-label", text: `Offerings ${held}/${player.storage_limit}` }),
    ...view.kinds.map((kind, index) => (player.offerings[index]
      ? actions.clickable(chip(kind, player.offerings[index], { text: `${player.offerings[index]} ${kind}` }),
        offeringAction(ctx, seat, kind), offeringWords(offeringAction(ctx, seat, kind), kind)) : null))));
  box.append(el("div", { class: "db-line" },
    el("span", { class: "db-label", text: "Farms" }),
    ...view.farm_kinds.map((farm, index) => (player.farms[index]
      ? el("span", { class: "db-farm", style: `background:${FARM_COLOURS[farm]}`, text: `${player.farms[index]} ${farm}` }) : null)),
    player.farms.some(Boolean) ? null : el("span", { class: "db-muted", text: "none" })));
  if (player.wisdom.length) {
    box.append(el("div", { class: "db-line" }, el("span", { class: "db-label", text: "Wisdom" }),
      ...player.wisdom.map((number) => {
        const tile = ctx.glossary.wisdom[String(number)];
        return el("span", { class: "db-wisdom", title: tile.text, text: `W${number} ${tile.name}` });
      })));
  }
  box.append(drawPrivate(ctx, player));
  box.append(drawCards(ctx, player));
  return actions.clickable(box, named, `Choose ${seatName(ctx, seat)}`);
}

function drawPrivate(ctx, player) {
  const spaces = Object.entries(ctx.glossary.private_spaces).map(([space, words]) => {
    const used = player.private.includes(space);
    const action = player.seat === ctx.me ? ctx.actions.find({ type: "private", space }) : null;
    const node = el("span", { class: `db-space${used ? " db-used" : ""}`, title: `Private action: ${words}` },
      used ? disc(player.seat) : null, words);
    return ctx.actions.clickable(node, action, `Private action: ${words}`);
  });
  return el("div", { class: "db-line db-private" }, el("span", { class: "db-label", text: "Private" }), ...spaces);
}

// A bonus card on a player's board: its name and kind; the effect shows on hover and in the
// market's display.
function miniCard(ctx, letter, note, used) {
  const card = ctx.glossary.cards[letter];
  const kind = { one_time: "once", permanent: "permanent", end_game: "end" }[card.type] || card.type;
  return el("span", {
    class: `db-mini db-card-${card.type}${used ? " db-used" : ""}`, "data-card": letter,
    title: `${card.name}: ${card.text}${card.vp ? ` (${card.vp} VP)` : ""}${note ? ` · ${note}` : ""}`,
  }, el("b", { text: letter }), ` ${card.name}`, el("small", { text: ` ${kind}${note === "hidden from others" ? " · hidden" : ""}` }));
}

function drawCards(ctx, player) {
  const { actions } = ctx;
  const mine = player.seat === ctx.me;
  const cards = [];
  const add = (letter, note) => {
    const used = player.used.includes(letter);
    const action = mine ? actions.find({ type: "play", card: letter }) : null;
    cards.push(actions.clickable(miniCard(ctx, letter, used ? "played" : note, used), action, `Play ${cardName(ctx, letter)}`));
  };
  player.cards_known.forEach((letter) => add(letter, ""));
  (player.hand || []).forEach((letter) => add(letter, "hidden from others"));
  if (!player.hand) {
    for (let back = 0; back < player.cards_hidden; back += 1) {
      cards.push(el("span", { class: "db-mini db-card-back", title: "A bonus card drawn blind", text: "hidden card" }));
    }
  }
  if (!cards.length) return el("div", { class: "db-line db-muted", text: "No bonus cards" });
  return el("div", { class: "db-hand" }, ...cards);
}
