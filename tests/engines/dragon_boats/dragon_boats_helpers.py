"""Shared pieces of the Dragon Boats tests: hand-made positions and one-call play."""
from __future__ import annotations

import json
import random

from engines.core import fold, play, resolve_options
from engines.dragon_boats import ENGINE, data, flow
from engines.dragon_boats.state import new_state

DEFAULTS = resolve_options(ENGINE, None)
STALL_TILES = [["jade", "gold", "tea"], ["cinnabar", "leather", "tea"], ["gold", "gold", "jade"],
               ["leather", "tea", "cinnabar"]]
# boat 0: 11 beats, min 2, gold+leather+tea; boat 1: 7 beats, min 2, cinnabar+jade+leather;
# boat 2: 6 beats, min 3, gold+jade+tea; boat 3: 1 beat, min 3, cinnabar+leather.
TOPPERS = [11, 7, 6, 1]


def vec(*kinds: str) -> list[int]:
    out = [0] * len(data.KINDS)
    for kind in kinds:
        out[data.KIND_INDEX[kind]] += 1
    return out


def position(players: int = 4, options: dict | None = None, **fields) -> dict:
    """A hand-made state: round 1 of 6, seat 0 first and to bid, 3 discs and 10 money each,
    the stalls above, wisdom tile k on W k, island farms in a fixed cycle."""
    state = new_state(players, {**DEFAULTS, **(options or {})})
    farms = [data.FARMS[index % len(data.FARMS)] for index in range(data.FARMS_ON_ISLANDS)]
    tiles = {f"W{number}": number for number in range(1, 11)}
    tiles.update(zip(data.ISLAND_LAND, farms))
    bag = [data.OFFERINGS_PER_KIND] * len(data.KINDS)
    for stall in STALL_TILES:
        for kind in stall:
            bag[data.KIND_INDEX[kind]] -= 1
    seats = []
    for seat in range(players):
        seats.append({**state["seats"][seat], "discs": 3, "start_card": 2 + seat % 4, "money": 10})
    state.update(
        rounds=list(range(1, 7)), round=1, first=0, step="bid", actor=0, last=players - 1, seats=seats,
        stalls=[list(tiles_) for tiles_ in STALL_TILES], bag=bag,
        stacks=[[data.NEUTRAL] if name in data.NEUTRAL_STALLS[players] else [] for name in data.STALLS],
        boats=[{"topper": beats, "seats": [None, None, None], "sailed": False, "port": None, "first": False,
                "sent": False} for beats in TOPPERS],
        toppers=sorted(set(data.TOPPERS) - set(TOPPERS)), tiles=tiles,
        farm_bag=sorted(farm for farm in data.FARMS for _ in range(data.FARMS_PER_KIND))[::5],
        display=["A", "B"], deck=[letter for letter in data.LETTERS if letter not in ("A", "B")],
    )
    for key, value in fields.items():
        state[key] = value
    return state


def with_seat(state: dict, seat: int, **changes) -> dict:
    seats = list(state["seats"])
    seats[seat] = {**seats[seat], **changes}
    return {**state, "seats": seats}


def give_cards(state: dict, seat: int, *letters: str, hidden: bool = False) -> dict:
    """`seat` owns `letters` (taken out of the deck and display)."""
    deck = [letter for letter in state["deck"] if letter not in letters]
    display = [letter for letter in state["display"] if letter not in letters]
    row = state["seats"][seat]
    state = with_seat(state, seat, cards=row["cards"] + list(letters),
                      hidden=row["hidden"] + (list(letters) if hidden else []))
    return {**state, "deck": deck, "display": display}


def boat_seats(state: dict, boat: int, seats: list) -> dict:
    """Put members on boat `boat` (taking them from each owner's supply)."""
    boats = list(state["boats"])
    boats[boat] = {**boats[boat], "seats": list(seats)}
    state = {**state, "boats": boats}
    for occupant in seats:
        if occupant is not None:
            state = with_seat(state, occupant, members=state["seats"][occupant]["members"] - 1)
    return state


def act(state: dict, seat: int, action: dict, seed: int = 0) -> tuple[dict, list[dict]]:
    return play(ENGINE, state, seat, action, random.Random(seed))


def acts(state: dict, seat: int, *actions: dict) -> tuple[dict, list[dict]]:
    events = []
    for action in actions:
        state, new = act(state, seat, action)
        events += new
    return state, events


def advance(state: dict, stage: str, seed: int = 0) -> tuple[dict, list[dict]]:
    """Run the automatic flow from `stage` (as decide does after an action)."""
    events, _ = flow.run(state, stage, random.Random(seed))
    return fold(ENGINE, events, state), events


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def legal_types(state: dict, seat: int) -> set[str]:
    return {action["type"] for action in ENGINE.legal_actions(state, seat)}


def snapshot(state: dict) -> str:
    return json.dumps(ENGINE.dump(state), sort_keys=True)


def explore(state: dict, **fields) -> dict:
    """A position in the explore phase, before any boat has left."""
    return {**state, "step": "window", "actor": -1, **fields}
