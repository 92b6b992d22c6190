"""The Dschunke: the tile game engine: the protocol of engines/core.py over the modules beside it."""
from __future__ import annotations

from engines.core import Engine, check_seat
from engines.dschunke_tiles import data, heuristic, hidden, rules, scoring, state as states, text
from engines.dschunke_tiles.evolve import HANDLERS
from engines.dschunke_tiles.setup import setup_events
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)


class DschunkeTiles(Engine):
    name = "dschunke_tiles"
    title = N_("Dschunke: the tile game")
    min_players = data.PLAYERS
    max_players = data.PLAYERS

    def setup(self, players, options, rng):
        return setup_events(players, options, rng)

    def evolve(self, state, event):
        return HANDLERS[event["type"]](state, event)

    def decide(self, state, seat, action, rng):
        if type(seat) is not int or seat not in rules.to_act(state):
            check_seat(self, state, seat)  # the full check, which says why a seat may not act
        return rules.decide(state, seat, action, rng)

    def decide_listed(self, state, seat, action, rng):
        return rules.decide_listed(state, seat, action, rng)

    def to_act(self, state):
        return rules.to_act(state)

    def legal_actions(self, state, seat):
        return rules.legal_actions(state, seat)

    def view(self, state, viewer):
        return hidden.view(state, viewer)

    def redact(self, event, viewer):
        return hidden.redact(event, viewer)

    def outcome(self, state):
        return scoring.outcome(state) if state["over"] else None

    def options(self):
        return {
            "type": "object",
            "properties": {
                "colours": {
                    "type": "string",
                    "enum": ["random", "seat0_red"],
                    "enumNames": [_("Drawn at random"), _("Always the player in seat 1")],
                    "default": "random",
                    "title": _("Colours"),
                    "description": _("Who plays red (and starts): drawn at random, or always the player in seat 1."),
                },
            },
            "additionalProperties": False,
        }

    def sample(self, view, seat, rng):
        return hidden.sample(view, seat, rng)

    def dump(self, state):
        return states.dump(state)

    def load(self, payload):
        return states.load(payload)

    def private_keys(self, state):
        return frozenset()  # nothing is private; the pile order is a SECRET_KEYS "deck"

    def players(self, state):
        return data.PLAYERS

    def evaluate(self, state, seat):
        return heuristic.evaluate(state, seat)

    # A random placement says nothing the score of the tiles laid does not (measured: with random
    # moves after each new position the tree search lost to greedy, without them it won).
    search_rollout_steps = 0
    undo_actions = frozenset({"back"})

    silent_events = text.SILENT

    def describe(self, event):
        return text.describe(event)

    def glossary(self):
        return text.glossary()
