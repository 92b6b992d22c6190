"""The Dragon Market engine: the protocol of engines/core.py over the modules beside it."""
from __future__ import annotations

from engines.core import Engine, IllegalAction, check_seat
from engines.dragon_market import data, escape, hidden, rules, scoring, text
from engines.dragon_market.evolve import evolve
from engines.dragon_market.setup import setup_events
from engines.dragon_market.state import new_state
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

STATE_KEYS = frozenset(new_state(2, {}, 0, 2))


class DragonMarket(Engine):
    """The calls made at every step of play (evolve, decide_listed, to_act, legal_actions,
    outcome) are the module functions themselves, without a method in between."""

    name = "dragon_market"
    title = N_("Dragon Market")
    min_players = 2
    max_players = data.MAX_PLAYERS
    undo_actions = frozenset({"back"})
    # Bots may wander without completing an objective: a table with no person seated ends at a
    # round limit all the same (the book has none; people's tables default to none).
    bots_only_options = {"turn_limit": data.BOT_TABLE_ROUND_LIMIT}
    # A turn is six to ten one-MP moves: a boat is slid so that a later step reaches a good.
    plans_turns = True

    def unblocking_moves(self, state, seat):
        if state["phase"] != "play" or state["turn"] != seat:
            return []
        moves = escape.escape_moves(state, seat)
        return [rules.BUY, *moves] if moves and state["mp"] < 1 else moves

    def setup(self, players, options, rng):
        return setup_events(players, options, rng)

    evolve = staticmethod(evolve)

    def decide(self, state, seat, action, rng):
        if type(seat) is not int or seat not in rules.to_act(state):
            check_seat(self, state, seat)
        return rules.decide(state, seat, action, rng)

    decide_listed = staticmethod(rules.decide_listed)

    to_act = staticmethod(rules.to_act)

    legal_actions = staticmethod(rules.legal_actions)

    def view(self, state, viewer):
        return hidden.view(state, viewer)

    def redact(self, event, viewer):
        return hidden.redact(event, viewer)

    outcome = staticmethod(scoring.outcome)

    def options(self):
        return {
            "type": "object",
            "properties": {
                "variant": {"type": "string", "enum": ["basic", "advanced"], "default": "basic",
                            "enumNames": [_("Basic game"), _("Advanced game")],
                            "title": _("Game"),
                            "description": _("Basic game (blue cards, face up) or the advanced game (red cards, "
                                             "secret objectives and bonus powers).")},
                "teams": {"type": "boolean", "default": False, "x-players": [4],
                          "title": _("Teams"),
                          "description": _("Team game, 4 players only: seats 1 and 3 against 2 and 4.")},
                "long_game": {"type": "string", "enum": ["auto", "on", "off"], "default": "auto",
                              "x-requires": {"variant": "basic", "teams": False},
                              "enumNames": [_("At 2 or 3 players"), _("Always"), _("Never")],
                              "title": _("Long game"),
                              "description": _("Basic game: 3 objectives to win instead of 2; by default only at 2 or 3 players.")},
                "boat_setup": {"type": "string", "enum": ["players", "random"], "default": "players",
                               "enumNames": [_("Placed by the players"), _("At random")],
                               "title": _("Boats set up"),
                               "description": _("Boats placed by the players in turn, or a random legal layout.")},
                "fixed_mp": {"type": "boolean", "default": False,
                             "title": _("No dice"),
                             "description": _("House rule: no dice, every turn gives 7 movement points.")},
                "mp_cost_special_steps": {"type": "integer", "enum": [1, 2], "default": 2,
                                          "x-requires": {"variant": "advanced"},
                                          "enumNames": [_("1 MP"), _("2 MP")],
                                          "title": _("Special steps cost"),
                                          "description": _("MP for crossing a sailor or leaping water (powers).")},
                "turn_limit": {"type": "integer", "minimum": 0, "maximum": 500, "default": data.DEFAULT_TURN_LIMIT,
                               "title": _("Round limit"),
                               "description": _("0 plays as the book does: the game ends only when a player completes the "
                                                "objectives. Any other number also ends it after that many rounds, "
                                                "won by the most objectives, then the most goods held.")},
            },
            "additionalProperties": False,
        }

    def sample(self, view, seat, rng):
        return hidden.sample(view, seat, rng)

    def dump(self, state):
        return state  # JSON-native already, and never mutated

    def load(self, payload):
        if not isinstance(payload, dict) or set(payload) != STATE_KEYS:
            raise IllegalAction("bad_snapshot", _("This is not a Dragon Market game state."))
        return dict(payload)

    def private_keys(self, state):
        return hidden.PRIVATE

    def players(self, state):
        return state["n"]

    def evaluate(self, state, seat):
        result = scoring.outcome(state)
        if result:
            return float(result["scores"][seat])
        return scoring.evaluate(state, seat)

    def glossary(self):
        return text.glossary()

    def usage(self, event):
        return event.get("power") if event["type"].startswith("boat_") else None

    silent_events = text.SILENT

    def describe(self, event):
        return text.describe(event)
