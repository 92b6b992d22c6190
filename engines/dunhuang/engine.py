"""The Merchants of Dunhuang engine: the protocol of engines/core.py over the modules beside it."""
from __future__ import annotations

from engines.core import Engine, IllegalAction, check_seat
from engines.dunhuang import data, hidden, rules, scoring, setup, text
from engines.dunhuang.evolve import HANDLERS
from engines.dunhuang.state import new_state, tokens_held
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

STATE_KEYS = frozenset(new_state(2, {}))
HAND_WEIGHT = 0.6  # hand cards may still be lost in the comparison at the end
COIN_WEIGHT = 0.1  # coins only break ties, but buy camel steps
RACE_WEIGHT = 20.0  # how much being close to the top-merchant win is worth


class Dunhuang(Engine):
    name = "dunhuang"
    title = N_("Merchants of Dunhuang")
    min_players = 2
    max_players = data.MAX_PLAYERS

    def setup(self, players, options, rng):
        return setup.setup_events(players, options, rng)

    def evolve(self, state, event):
        return HANDLERS[event["type"]](state, event)

    def decide(self, state, seat, action, rng):
        if type(seat) is not int or seat not in rules.to_act(state):
            check_seat(self, state, seat)  # the full check, which says why a seat may not act
        return rules.decide(state, seat, action, rng)

    def to_act(self, state):
        return rules.to_act(state)

    def legal_actions(self, state, seat):
        return rules.legal_actions(state, seat)

    def view(self, state, viewer):
        return hidden.view(state, viewer)

    def redact(self, event, viewer):
        return hidden.redact(event, viewer)

    def outcome(self, state):
        return None if state["result"] is None else scoring.outcome(state)

    def options(self):
        return {
            "type": "object",
            "properties": {
                "faces": {
                    "type": "string",
                    "enum": ["random", "front", "back"],
                    "enumNames": [_("One face at random per card"), _("All fronts"), _("All backs")],
                    "default": "random",
                    "title": _("Characters"),
                    "description": _("Which face of each character card is in play: one at random per card "
                                     "(the book's rule), or all fronts, or all backs."),
                },
            },
            "additionalProperties": False,
        }

    def sample(self, view, seat, rng):
        return hidden.sample(view, seat, rng)

    def dump(self, state):
        return state  # JSON-native already, and never mutated

    def load(self, payload):
        if isinstance(payload, dict) and "first_player" not in payload:
            payload = {**payload, "first_player": 0}  # saved before the first player was drawn: seat 0
        if not isinstance(payload, dict) or set(payload) != STATE_KEYS:
            raise IllegalAction("bad_snapshot", _("This is not a Merchants of Dunhuang game state."))
        return dict(payload)

    def private_keys(self, state):
        return hidden.PRIVATE

    def players(self, state):
        return state["n"]

    def evaluate(self, state, seat):
        result = self.outcome(state)
        if result:
            return float(result["scores"][seat])
        tokens = tokens_held(state, seat)
        kinds = [good for good, count in enumerate(state["hands"][seat]) if count]
        hand_points = sum(sorted(kinds, reverse=True)[:tokens])
        race = (min(tokens / data.TOKENS_TO_WIN[state["n"]], 1.0)
                * min(len(kinds) / data.KINDS_IN_HAND_TO_WIN, 1.0))
        return (tokens * data.POINTS_PER_TOKEN + state["prestige"][seat] * data.POINTS_PER_PRESTIGE
                + HAND_WEIGHT * hand_points + COIN_WEIGHT * state["coins"][seat] + RACE_WEIGHT * race * race)

    def glossary(self):
        return text.glossary()

    def usage(self, event):
        return event["face"] if event["type"] == "character_used" else None

    silent_events = text.SILENT

    def describe(self, event):
        return text.describe(event)
