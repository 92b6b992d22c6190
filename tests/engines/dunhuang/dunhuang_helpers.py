"""Shared pieces of the Merchants of Dunhuang tests: hand-made positions and one-call play."""
from __future__ import annotations

import json
import random

from engines import registry
from engines.core import fold, play
from engines.dunhuang import data
from engines.dunhuang.state import counts_of, new_state

ENGINE = registry.get("dunhuang")
FRONTS = [card[0] for card in data.CHARACTER_CARDS]
BACKS = [card[1] for card in data.CHARACTER_CARDS]


def position(players: int = 3, face: str | None = None, hands=None, shops=None, tokens=None, guards=None,
             **fields) -> dict:
    """A hand-made state at seat 0's turn, the camel on tile 0.

    `face` puts that character on the camel's tile; `hands`/`shops` are card lists per seat;
    `tokens`/`guards` map goods to a seat / a guard face.
    """
    state = new_state(players, {"faces": "random"})
    faces = list(FRONTS)
    camel = fields.get("camel", 0)
    if face:
        faces[camel] = face
    state.update({
        "faces": faces,
        "market": [2, 3, 4, 5, 6, 7, 8, 2],
        "deck": [8, 7, 6, 5, 4, 3],
        "camel": 0,
        "step": "move",
        "turn": 0,
    })
    if hands:
        state["hands"] = [counts_of(cards) for cards in hands]
    if shops:
        state["shops"] = [counts_of(cards) for cards in shops]
    token_row = list(state["tokens"])
    for good, seat in (tokens or {}).items():
        token_row[good] = seat
    guard_row = list(state["guards"])
    for good, guard in (guards or {}).items():
        guard_row[good] = guard
    state.update(tokens=token_row, guards=guard_row)
    state.update(fields)
    return state


def act(state: dict, seat: int, action: dict, seed: int = 0) -> tuple[dict, list[dict]]:
    """Play `action`; returns the new state and its events."""
    return play(ENGINE, state, seat, action, random.Random(seed))


def acts(state: dict, seat: int, *actions: dict) -> tuple[dict, list[dict]]:
    """Play several actions of one seat in a row; returns the last state and all events."""
    events = []
    for action in actions:
        state, new = act(state, seat, action)
        events += new
    return state, events


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def hand(state: dict, seat: int) -> list[int]:
    return [good for good, count in enumerate(state["hands"][seat]) for _ in range(count)]


def shop(state: dict, seat: int) -> list[int]:
    return [good for good, count in enumerate(state["shops"][seat]) for _ in range(count)]


def snapshot(state: dict) -> str:
    return json.dumps(ENGINE.dump(state), sort_keys=True)


def refold(events: list[dict]) -> dict:
    return fold(ENGINE, events)
