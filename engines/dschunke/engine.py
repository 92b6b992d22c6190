"""The Dschunke engine: the protocol of engines/core.py over the modules of this package."""
from __future__ import annotations

import random

from engines.core import Engine
from engines.dschunke import actions, data, evolve, hidden, rules, sampling, scoring, state as states, text
from engines.dschunke.text import describe
from engines.dschunke.data import JUNKS, KINDS

OPTIONS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "public_money": {
            "type": "boolean",
            "default": False,
            "title": "Public money",
            "description": "Everybody's money is shown at all times (by the book it is secret except when declared).",
        },
        "setup_variant": {
            "type": "boolean",
            "default": False,
            "title": "Set-up variant",
            "description": ("The players put the merchants face down on junks of their choice and place the "
                            "first strips themselves; then the merchants are turned face up."),
        },
    },
}


class Dschunke(Engine):
    """The calls made at every step of play (evolve, decide, to_act, legal_actions, outcome)
    are the module functions themselves, without a method in between."""

    name = "dschunke"
    title = "Dschunke"
    min_players = 3
    max_players = 4

    def setup(self, players: int, options: dict, rng: random.Random) -> list:
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
        return rules.run(None, events)

    evolve = staticmethod(evolve.evolve)

    decide = staticmethod(rules.decide)

    to_act = staticmethod(actions.to_act)

    legal_actions = staticmethod(actions.legal_actions)

    def view(self, state, viewer):
        return hidden.view(state, viewer)

    def views(self, state, viewers):
        return hidden.views(state, viewers)

    def redact(self, event, viewer):
        return hidden.redact(event, viewer)

    outcome = staticmethod(scoring.outcome)

    def options(self):
        return OPTIONS

    def sample(self, view, seat, rng):
        return sampling.sample(view, seat, rng)

    def dump(self, state):
        return states.dump(state)

    def load(self, snapshot):
        return states.load(snapshot)

    def evaluate(self, state, seat):
        return scoring.evaluate(state, seat)

    def glossary(self):
        return text.glossary()

    def describe(self, event):
        return describe(event)

    def private_keys(self, state):
        return hidden.private_keys(state)

    def players(self, state):
        return state.n
