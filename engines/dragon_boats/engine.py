"""The Dragon Boats engine: the protocol of engines/core.py over the modules beside it."""
from __future__ import annotations

from engines.core import Engine, IllegalAction, check_seat
from engines.dragon_boats import data, hidden, rules, scoring, setup, text
from engines.dragon_boats.evolve import HANDLERS
from engines.dragon_boats.state import new_state
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

STATE_KEYS = frozenset(new_state(2, {}))
# Heuristic weights: what a running game's assets are worth in points (bots only).
MONEY_WEIGHT = 0.25  # money buys offerings, and breaks ties
FOOD_WEIGHT = 0.4  # extra steps
EN_ROUTE_WEIGHT = 3.0  # a member on a boat, a path or walking: a farmer to come


class DragonBoats(Engine):
    name = "dragon_boats"
    title = N_("Dragon Boats of the Four Seas")
    min_players = 2
    max_players = 4

    def __init__(self):
        # The last decide's state, its events and the state after each: decide has to fold its
        # events anyway, and its caller folds the very same event objects onto the very same
        # states next. Another event object or state just folds afresh.
        self._decided = (None, (), ())

    def setup(self, players, options, rng):
        return setup.setup_events(players, options, rng)

    def evolve(self, state, event):
        before, events, states = self._decided
        for index, known in enumerate(events):
            if known is event:
                if state is (states[index - 1] if index else before):
                    return states[index]
                break
        return HANDLERS[event["type"]](state, event)

    def decide(self, state, seat, action, rng):
        if type(seat) is not int or seat not in rules.to_act(state):
            check_seat(self, state, seat)
        return self._remember(state, *rules.decide(state, seat, action, rng))

    def decide_listed(self, state, seat, action, rng):
        return self._remember(state, *rules.decide_listed(state, seat, action, rng))

    def _remember(self, state, events: list, states: list) -> list:
        self._decided = (state, tuple(events), states)
        return events

    def to_act(self, state):
        return rules.to_act(state)

    def legal_actions(self, state, seat):
        return rules.legal_actions(state, seat)

    def view(self, state, viewer):
        return hidden.view(state, viewer)

    def redact(self, event, viewer):
        return hidden.redact(event, viewer)

    def outcome(self, state):
        return state["result"]

    def options(self):
        return {
            "type": "object",
            "properties": {
                "short_game": {"type": "boolean", "default": False, "x-players": [4],
                               "title": _("Short game"),
                               "description": _("The quicker 4-player game: 4 rounds (round cards 1, two of 2-5, 6).")},
                "short_cards": {"type": "string", "enum": ["random", "fixed"], "default": "random",
                                "x-requires": {"short_game": True},
                                "enumNames": [_("Two of cards 2-5 at random"), _("Always 1, 4, 5, 6")],
                                "title": _("Short game's round cards"),
                                "description": _("Short game: drop two of cards 2-5 at random, or always play 1, 4, 5, 6.")},
                "interactive_cards": {"type": "boolean", "default": True,
                                      "title": _("Interactive cards"),
                                      "description": _("Keep the bonus cards that act on other players: {cards}.").format(
                                          cards=", ".join(f"{letter} {_(data.CARDS[letter]['name'])}" for letter in data.INTERACTIVE))},
                "stall_v_price": {"type": "boolean", "default": True,
                                  "title": _("Stall V price"),
                                  "description": _("Stall V charges the stack price like the other stalls.")},
            },
            "additionalProperties": False,
        }

    def sample(self, view, seat, rng):
        return hidden.sample(view, seat, rng)

    def dump(self, state):
        return state  # JSON-native already, and never mutated

    def load(self, payload):
        if not isinstance(payload, dict) or set(payload) != STATE_KEYS:
            raise IllegalAction("bad_snapshot", _("This is not a Dragon Boats game state."))
        return dict(payload)

    def private_keys(self, state):
        return hidden.PRIVATE

    def players(self, state):
        return state["n"]

    def evaluate(self, state, seat):
        if state["result"] is not None:
            return float(state["result"]["scores"][seat])
        row = state["seats"][seat]
        points = scoring.seat_breakdown(state, seat)["total"]
        en_route = sum(boat["seats"].count(seat) for boat in state["boats"] if not boat["sailed"])
        en_route += state["paths"]["A"].count(seat) + state["paths"]["B"].count(seat)
        moving = state["moving"]
        if moving is not None and moving["seat"] == seat:
            en_route += 1
        if state["arrived"] is not None:
            en_route += state["boats"][state["arrived"]]["seats"].count(seat)
        return points + MONEY_WEIGHT * row["money"] + FOOD_WEIGHT * row["food"] + EN_ROUTE_WEIGHT * en_route

    def usage(self, event):
        return f"bonus card {event['card']}" if event["type"] == "card_played" else None

    silent_events = text.SILENT

    def describe(self, event):
        return text.describe(event)

    def glossary(self):
        return text.glossary()
