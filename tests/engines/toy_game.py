"""A tiny hidden-information game used only to test the engine helpers and the bots.

Each seat is dealt a secret hand of numbers; in turn, a seat plays one card face up, and when
every hand is empty the highest total wins. Small enough to read at a glance, yet it has hidden
hands, a deck, redaction and sampling like the real games.
"""
from __future__ import annotations

import random

from engines.core import Engine, IllegalAction, check_seat

HAND_SIZE = 3


class ToyGame(Engine):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4

    def setup(self, players, options, rng):
        deck = list(range(1, 3 * HAND_SIZE * players + 1))
        rng.shuffle(deck)
        events = [{"type": "started", "players": players, "options": options}]
        for seat in range(players):
            events.append({"type": "dealt", "seat": seat, "hand": sorted(deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])})
        return events

    def evolve(self, state, event):
        if event["type"] == "started":
            return {"hands": [[] for _ in range(event["players"])], "played": [[] for _ in range(event["players"])], "turn": 0, "options": event["options"]}
        state = {**state, "hands": [list(hand) for hand in state["hands"]], "played": [list(p) for p in state["played"]]}
        if event["type"] == "dealt":
            state["hands"][event["seat"]] = list(event["hand"])
        elif event["type"] == "played":
            state["hands"][event["seat"]].remove(event["card"])
            state["played"][event["seat"]].append(event["card"])
            state["turn"] = (event["seat"] + 1) % len(state["hands"])
        return state

    def decide(self, state, seat, action, rng):
        check_seat(self, state, seat)
        if action.get("type") != "play":
            raise IllegalAction("unknown_action", "Play a card from your hand.")
        if action.get("card") not in state["hands"][seat]:
            raise IllegalAction("not_in_hand", "That card is not in your hand.")
        return [{"type": "played", "seat": seat, "card": action["card"]}]

    def to_act(self, state):
        return frozenset() if self.outcome(state) else frozenset({state["turn"]})

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "play", "card": card} for card in state["hands"][seat]]

    def view(self, state, viewer):
        return {
            "players": [
                {"seat": seat, "hand": state["hands"][seat] if seat == viewer else None,
                 "hand_size": len(state["hands"][seat]), "played": state["played"][seat]}
                for seat in range(len(state["hands"]))
            ],
            "turn": state["turn"],
            "options": state["options"],
        }

    def redact(self, event, viewer):
        if event["type"] == "dealt" and event["seat"] != viewer:
            return {"type": "dealt", "seat": event["seat"], "hand": None}
        return event

    def outcome(self, state):
        if any(state["hands"]):
            return None
        scores = [sum(played) for played in state["played"]]
        best = max(scores)
        return {"scores": scores, "winners": [s for s, v in enumerate(scores) if v == best],
                "ranking": sorted(range(len(scores)), key=lambda s: -scores[s])}

    def options(self):
        return {"type": "object", "additionalProperties": False,
                "properties": {"fast": {"type": "boolean", "default": False, "title": "Fast"}}}

    def sample(self, view, seat, rng):
        players = view["players"]
        seen = set(players[seat]["hand"])
        for player in players:
            seen.update(player["played"])
        unseen = [c for c in range(1, 3 * HAND_SIZE * len(players) + 1) if c not in seen]
        rng.shuffle(unseen)
        hands = []
        for player in players:
            if player["seat"] == seat:
                hands.append(list(player["hand"]))
            else:
                hands.append(sorted(unseen[:player["hand_size"]]))
                del unseen[:player["hand_size"]]
        return {"hands": hands, "played": [list(p["played"]) for p in players], "turn": view["turn"], "options": view["options"]}

    def dump(self, state):
        return state

    def load(self, data):
        return data

    def evaluate(self, state, seat):
        return float(sum(state["played"][seat]) + sum(state["hands"][seat]))


TOY = ToyGame()
