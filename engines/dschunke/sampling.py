"""Imagining the hidden rest of a game from one seat's view (information-set sampling)."""
from __future__ import annotations

import random

from engines.dschunke import data, flow
from engines.dschunke.data import KINDS, SPECIALS
from engines.dschunke.state import BID, EXCHANGE, PHASE_NAMES, SUPPLY, State, visible_counts
from engines.dschunke.hidden import step_from_view


def sample(shown: dict, seat: int, rng: random.Random) -> State:
    """A full state that shows `seat` exactly `shown`; what it cannot see is drawn at random."""
    s = public_state(shown, rng)
    sample_goods(s, shown, seat, rng)
    sample_specials(s, shown, seat, rng)
    sample_swaps(s, shown)
    sample_bids(s, shown, seat, rng)
    return s


def public_state(shown: dict, rng: random.Random) -> State:
    """The state's public part, read back from a view; the market deck is shuffled anew."""
    players = shown["players"]
    n = len(players)
    s = State.blank()
    s.n = n
    s.public_money = shown["options"]["public_money"]
    s.variant = shown["options"]["setup_variant"]
    s.round = shown["round"]
    s.phase = PHASE_NAMES.index(shown["phase"])
    s.start = shown["start_player"]
    s.queue = tuple(shown["queue"])
    s.step = step_from_view(shown["step"])
    s.main_done = shown["main_action_done"]
    s.exchanged = sum(1 << i for i in shown["exchanged"])
    s.used = sum(1 << w for w, worker in enumerate(shown["workers"]) if worker["used"])
    sample_merchants(s, shown, rng)
    market = shown["market"]
    s.market = market["card"] if market["card"] is not None else -1
    s.revealed = tuple(market["revealed"])
    s.covered = sum(1 << data.KIND_INDEX[k] for k in market["covered"])
    unseen = [card for card in range(len(data.MARKET_CARDS)) if card not in s.revealed]
    rng.shuffle(unseen)
    s.deck = tuple(unseen[: market["left"]])
    s.strips = tuple(p["strips_left"] for p in players)
    s.junks = tuple(tuple(tuple(-1 if o is None else o for o in layer) for layer in junk["layers"]) for junk in shown["junks"])
    s.vis = tuple(visible_counts(junk, n) for junk in s.junks)
    s.declared = tuple(shown["declared"]) if shown["declared"] is not None else None
    # A purse this seat cannot see is taken at its last declared value (0 before any declaration).
    s.money = tuple(p["money"] if "money" in p else (s.declared[i] if s.declared else 0) for i, p in enumerate(players))
    s.discarded = tuple(shown["discarded"])
    s.taken = sum(1 << st["stack"] for st in shown["stacks"] if st["taken"])
    s.last_reveal = None if shown["last_bids"] is None else tuple(
        (tuple(entry["cards"].get(kind, 0) for kind in KINDS), entry["void"]) for entry in shown["last_bids"]
    )
    return s


def sample_merchants(s: State, shown: dict, rng: random.Random) -> None:
    """Merchants as seen; in the set-up variant, face-down merchants in a random order, the
    first ones on the junks chosen so far (the view shows which junks, not which merchant)."""
    workers = shown["workers"][:3]
    if all(worker["junks"] for worker in workers):
        s.merchants = tuple(data.JUNK_INDEX[worker["junks"][0]] for worker in workers)
        s.facedown = ()
        return
    chosen = [j for j, junk in enumerate(shown["junks"]) if junk["face_down_merchant"]]
    order = list(range(3))
    rng.shuffle(order)
    merchants = [-1, -1, -1]
    for worker, junk in zip(order, chosen):
        merchants[worker] = junk
    s.merchants, s.facedown = tuple(merchants), tuple(order)


def sample_goods(s: State, shown: dict, seat: int, rng: random.Random) -> None:
    """Others' hands and the junk stocks from the cards `seat` does not hold; stocks keep their
    empty / not empty flags and others keep their hand sizes."""
    players = shown["players"]
    own = tuple(players[seat]["hand"][kind] for kind in KINDS)
    empty = {data.JUNK_KIND[j]: junk["stock_empty"] for j, junk in enumerate(shown["junks"]) if data.JUNK_KIND[j] >= 0}
    stocks = [0 if empty[k] else 1 for k in range(4)]
    forced, free = [], []
    for k in range(4):
        unknown = data.CARDS_PER_KIND - own[k] - stocks[k]
        (forced if empty[k] else free).extend([k] * unknown)
    rng.shuffle(free)
    sizes = [p["hand_size"] if i != seat else 0 for i, p in enumerate(players)]
    in_hands = sum(sizes)
    dealt = forced + free[: in_hands - len(forced)]
    for k in free[in_hands - len(forced):]:
        stocks[k] += 1
    rng.shuffle(dealt)
    hands, position = [], 0
    for i in range(s.n):
        if i == seat:
            hands.append(own)
            continue
        hand = [0, 0, 0, 0]
        for k in dealt[position: position + sizes[i]]:
            hand[k] += 1
        position += sizes[i]
        hands.append(tuple(hand))
    s.hands, s.stocks = tuple(hands), tuple(stocks)


def sample_specials(s: State, shown: dict, seat: int, rng: random.Random) -> None:
    players = shown["players"]
    offer = shown.get("search")
    known = set(players[seat]["specials"]) | set(s.discarded)
    for p in players:
        known |= set(p["shown_specials"])
    if offer:
        known |= set(offer["offer"])
    unknown = [card for card in range(len(SPECIALS)) if card not in known]
    rng.shuffle(unknown)
    specials, shown_cards = [], []
    for i, p in enumerate(players):
        shown_cards.append(tuple(p["shown_specials"]))
        if i == seat:
            specials.append(tuple(p["specials"]))
            continue
        barred = barred_kind(s, i)
        hidden = p["specials_count"] - len(p["shown_specials"])
        drawn = [card for card in unknown if SPECIALS[card][0] != barred][:hidden] if hidden else []
        specials.append(tuple(p["shown_specials"]) + tuple(drawn))
        unknown = [card for card in unknown if card not in drawn]
    stacks = []
    for stack in shown["stacks"]:
        if offer and offer["stack"] == stack["stack"]:
            stacks.append(tuple(offer["offer"]))
        else:
            stacks.append(tuple(unknown[: stack["size"]]))
            unknown = unknown[stack["size"]:]
    s.specials, s.shown, s.stacks = tuple(specials), tuple(shown_cards), tuple(stacks)


def barred_kind(s: State, seat: int) -> str | None:
    """The permanent card `seat` cannot hold unseen now: every copy held shows while it takes effect
    (Extra supply in the resupply; Exchange goods once the seat swapped in this phase 1). Being
    asked in phase 1 bars nothing: any seat with an unknown card is asked."""
    if s.phase == SUPPLY:
        return "extra_supply"
    if s.phase == EXCHANGE and s.exchanged >> seat & 1:
        return "exchange"
    return None


def sample_swaps(s: State, shown: dict) -> None:
    """The swaps left to the seat asked in phase 1: as seen, or, while unseen, what its sampled
    cards allow (it has not swapped yet)."""
    swaps = shown["swaps_left"]
    s.swaps = swaps if swaps is not None else flow.exchange_allowance(s, s.queue[0])


def sample_bids(s: State, shown: dict, seat: int, rng: random.Random) -> None:
    if s.phase != BID:
        s.bids = (None,) * s.n
        return
    bids = []
    for i, p in enumerate(shown["players"]):
        if i == seat:
            bids.append(tuple(p["bid"][kind] for kind in KINDS) if p["has_bid"] else None)
        elif not p["has_bid"]:
            bids.append(None)
        else:
            options = [(k, c) for k in range(4) if not s.covered >> k & 1 for c in range(1, s.hands[i][k] + 1)]
            bid = [0, 0, 0, 0]
            if options and rng.random() < 0.75:
                k, c = rng.choice(options)
                bid[k] = c
            bids.append(tuple(bid))
    s.bids = tuple(bids)
