"""The one toy game of the tests: the engine helpers, the bots and the service's machinery.

Each seat is dealt a hidden hand from a shuffled deck; in turn, a seat still holding cards plays
one face up or (once per game) rolls a die. The game ends when every hand is empty; the score is the sum of
played cards and the roll. Hands are private ("hand" inside an object with "seat"); the deck is
secret. Registered as "tiny".
"""
from __future__ import annotations

import copy

from engines import registry
from engines.core import Engine, IllegalAction, check_seat


class TinyEngine(Engine):
    name = "tiny"
    title = "Tiny"
    min_players = 2
    max_players = 4

    def options(self) -> dict:
        return {
            "type": "object",
            "properties": {"cards": {"type": "integer", "minimum": 1, "maximum": 3, "default": 2}},
            "additionalProperties": False,
        }

    def setup(self, players, options, rng):
        deck = list(range(1, 13))
        rng.shuffle(deck)
        cards = options["cards"]
        events = [{"type": "setup", "players": players, "deck": deck[players * cards:]}]
        for seat in range(players):
            events.append({"type": "deal", "seat": seat, "hand": deck[seat * cards:(seat + 1) * cards]})
        return events

    def evolve(self, state, event):
        kind = event["type"]
        if kind == "setup":
            n = event["players"]
            return {"players": n, "deck": list(event["deck"]), "hands": [[] for _ in range(n)],
                    "played": [[] for _ in range(n)], "rolls": [None] * n, "turn": 0}
        state = copy.deepcopy(state)
        if kind == "deal":
            state["hands"][event["seat"]] = list(event["hand"])
            return state
        seat = event["seat"]
        if kind == "played":
            state["hands"][seat].remove(event["card"])
            state["played"][seat].append(event["card"])
        elif kind == "rolled":
            state["rolls"][seat] = event["value"]
        state["turn"] = self._next_holder(state, seat)
        return state

    @staticmethod
    def _next_holder(state, seat):
        """The next seat after `seat` that still holds cards (seats with empty hands are done)."""
        n = state["players"]
        for step in range(1, n + 1):
            if state["hands"][(seat + step) % n]:
                return (seat + step) % n
        return seat

    def decide(self, state, seat, action, rng):
        check_seat(self, state, seat)
        if not isinstance(action, dict):
            raise IllegalAction("bad_action", "An action is a JSON object.")
        if action.get("type") == "play":
            if action.get("card") not in state["hands"][seat]:
                raise IllegalAction("bad_card", "You do not hold that card.")
            return [{"type": "played", "seat": seat, "card": action["card"]}]
        if action.get("type") == "roll":
            if state["rolls"][seat] is not None:
                raise IllegalAction("already_rolled", "You have rolled already.")
            return [{"type": "rolled", "seat": seat, "value": rng.randint(1, 6)}]
        raise IllegalAction("unknown_action", f"Unknown action {action.get('type')!r}.")

    def to_act(self, state):
        return frozenset() if self.outcome(state) else frozenset({state["turn"]})

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        actions = [{"type": "play", "card": card} for card in state["hands"][seat]]
        return actions + ([{"type": "roll"}] if state["rolls"][seat] is None else [])

    def view(self, state, viewer):
        return {
            "players": [
                {"seat": s, "hand": list(state["hands"][s]) if s == viewer else None,
                 "hand_size": len(state["hands"][s]), "played": list(state["played"][s]), "roll": state["rolls"][s]}
                for s in range(state["players"])
            ],
            "deck_size": len(state["deck"]),
            "turn": state["turn"],
        }

    def redact(self, event, viewer):
        if event["type"] == "setup":
            return {"type": "setup", "players": event["players"], "deck": None, "deck_size": len(event["deck"])}
        if event["type"] == "deal" and event["seat"] != viewer:
            return {"type": "deal", "seat": event["seat"], "hand": None, "count": len(event["hand"])}
        return dict(event)

    def outcome(self, state):
        if any(state["hands"]):
            return None
        scores = [sum(state["played"][s]) + (state["rolls"][s] or 0) for s in range(state["players"])]
        best = max(scores)
        ranking = sorted(range(state["players"]), key=lambda s: -scores[s])
        return {"scores": scores, "winners": [s for s in range(state["players"]) if scores[s] == best],
                "ranking": ranking}

    def sample(self, view, seat, rng):
        seen = {c for p in view["players"] for c in (p["hand"] or []) + p["played"]}
        unseen = [c for c in range(1, 13) if c not in seen]
        rng.shuffle(unseen)
        hands = []
        for p in view["players"]:
            hands.append(list(p["hand"]) if p["seat"] == seat else [unseen.pop() for _ in range(p["hand_size"])])
        return {"players": len(view["players"]), "deck": unseen[:view["deck_size"]], "hands": hands,
                "played": [list(p["played"]) for p in view["players"]],
                "rolls": [p["roll"] for p in view["players"]], "turn": view["turn"]}

    def private_keys(self, state):
        return frozenset({"hand"})

    def players(self, state):
        return state["players"]

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def describe(self, event):
        if event["type"] == "played":
            return "{seat%d} plays %s" % (event["seat"], event["card"])
        if event["type"] == "rolled":
            return "{seat%d} rolls %s" % (event["seat"], event["value"])
        return event["type"]


TINY = registry.register(TinyEngine())
