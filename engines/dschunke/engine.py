"""The Dschunke engine: the protocol of engines/core.py over the modules of this package."""
from __future__ import annotations

import random

from engines.core import Engine
from engines.dschunke import actions, evolve, hidden, rules, sampling, scoring, setup, state as states, text
from engines.dschunke.text import describe
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

def options_schema() -> dict:
    """The table options, worded in the language in use."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "public_money": {
                "type": "boolean",
                "default": False,
                "title": _("Public money"),
                "description": _("Everybody's money is shown at all times (by the book it is secret except when"
                                 " declared)."),
            },
            "setup_variant": {
                "type": "boolean",
                "default": False,
                "title": _("Set-up variant"),
                "description": _("The players put the merchants face down on junks of their choice and place the"
                                 " first strips themselves; then the merchants are turned face up."),
            },
        },
    }


class Dschunke(Engine):
    """The calls made at every step of play (evolve, decide, to_act, legal_actions, outcome)
    are the module functions themselves, without a method in between."""

    name = "dschunke"
    title = N_("Dschunke")
    min_players = 3
    max_players = 4

    def setup(self, players: int, options: dict, rng: random.Random) -> list:
        return setup.setup_events(players, options, rng)

    evolve = staticmethod(evolve.evolve)

    decide = staticmethod(rules.decide)

    decide_listed = staticmethod(rules.decide_listed)

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
        return options_schema()

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

    def usage(self, event):
        return event["name"] if event["type"] == "special_played" else None

    silent_events = text.SILENT

    def describe(self, event):
        return describe(event)

    def private_keys(self, state):
        return hidden.private_keys(state)

    def players(self, state):
        return state.n
