"""The set-up: the start player, the hands dealt, the market deck and the special-card stacks
shuffled, and in the set-up variant the merchants mixed face down."""
from __future__ import annotations

import random

from engines.dschunke import data, evolve, rules
from engines.dschunke.data import JUNKS, KINDS


def setup_events(players: int, options: dict, rng: random.Random) -> list:
    start = rng.randrange(players)
    # Set-up variant: the merchants are mixed face down; the players choose their junks.
    merchants = None if options["setup_variant"] else [JUNKS[j] for j in data.MERCHANT_START_JUNKS]
    per_kind = data.CARDS_PER_KIND_IN_DEAL[players]
    pool = [k for k in range(4) for _ in range(per_kind)]
    rng.shuffle(pool)
    hands = []
    for seat in range(players):
        cards = pool[seat * data.HAND_SIZE:(seat + 1) * data.HAND_SIZE]
        hands.append({"seat": seat, "hand": {kind: cards.count(k) for k, kind in enumerate(KINDS)}})
    deck = list(range(len(data.MARKET_CARDS)))
    rng.shuffle(deck)
    specials = list(range(len(data.SPECIALS)))
    rng.shuffle(specials)
    stacks, first = [], 0
    for size in data.SPECIAL_STACK_SIZES:
        stacks.append(specials[first:first + size])
        first += size
    events = [
        {"type": "game_started", "players": players, "options": dict(options), "start_player": start,
         "merchants": merchants},
        {"type": "cards_dealt", "hands": hands,
         "stocks": {kind: data.CARDS_PER_KIND - per_kind for kind in KINDS}},
        {"type": "market_shuffled", "deck": deck, "count": len(deck)},
        {"type": "specials_shuffled", "stacks_order": stacks, "sizes": list(data.SPECIAL_STACK_SIZES)},
    ]
    if options["setup_variant"]:
        facedown = list(data.WORKERS[:3])
        rng.shuffle(facedown)
        # "deck_order" is a secret key (engines.core.SECRET_KEYS): no viewer ever gets it.
        events.append({"type": "merchants_shuffled", "deck_order": facedown, "count": len(facedown)})
    # The first event starts from no state; run folds the rest and adds the automatic events.
    return events[:1] + rules.run(evolve.apply(None, events[0]), events[1:])
