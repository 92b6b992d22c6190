"""The game state: one JSON-native dict, never mutated (handlers copy what they change).

Offerings are count vectors in `data.KINDS` order; farms count vectors in `data.FARMS` order.
Boats are indexed by their home dock (0 CNW, 1 CNE, 2 CSE, 3 CSW); a boat seat holds the seat
number of the member on it, or None. Stall stacks list owners bottom to top (-1: neutral).

Flow fields: `step` names what is being decided and `actor` who decides it; `pending` (a card
being resolved pick by pick) and `paying` (offerings owed for a mountain path) are overlays on
top of the step: while one is set, only its actions are legal.
"""
from __future__ import annotations

from engines.dragon_boats import data

NOBODY = -1


def new_seat() -> dict:
    return {
        "money": 0,
        "offerings": [0] * len(data.KINDS),
        "food": 0,
        "treasure": 0,
        "discs": 0,  # discs in hand this round
        "start_card": None,  # the round card holding the start disc
        "members": data.MEMBERS,  # house members in supply
        "farms": [0] * len(data.FARMS),
        "wisdom": [],
        "cards": [],  # bonus cards owned (played one-time cards included)
        "hidden": [],  # the owned cards others have not seen
        "used": [],  # one-time cards played
        "private": [],  # private-action spaces used this round
        "owed": 0,  # start offerings still to choose
        "stored": False,  # storage decision made this round
    }


def new_state(players: int, options: dict) -> dict:
    return {
        "n": players,
        "options": dict(options),
        "rounds": [],  # round card numbers in play, in order
        "round": 0,  # 1-based; 0 during set-up
        "first": 0,  # the round's first player
        "step": "setup",
        "actor": NOBODY,
        "seats": [new_seat() for _ in range(players)],
        "bag": [data.OFFERINGS_PER_KIND] * len(data.KINDS),
        "stalls": [[] for _ in range(data.GOODS_STALLS)],
        "stacks": [[] for _ in data.STALLS],
        "boats": [],
        "toppers": [],  # the topper pile (drawn at random)
        "topper_discards": [],
        "paths": {"A": [], "B": []},
        "tiles": {},  # land node -> farm kind (islands) or wisdom number (mountain), until taken
        "farmers": {},  # land node -> seat
        "farm_bag": [],  # the unused farm tiles (never seen)
        "reached": [],  # ports reached this round
        "display": [],
        "deck": [],
        "food": data.FOOD_CARDS,
        "treasure": data.TREASURE_CARDS,
        "resolving": None,  # {"stall", "decided", "used"} during a disc resolution
        "queue": [],  # seats still to take the final boarding turn / members still to climb
        "window": None,  # {"point", "asked": seats already passed}
        "pending": None,  # {"seat", "card", "picks", "resume"}
        "paying": None,  # {"seat", "path", "left"}
        "moving": None,  # {"seat", "node", "visited", "steps", "free", "boat"}
        "arrived": None,  # the boat whose passengers are disembarking
        "cut": None,  # card C: the place that disembarks next
        "last": NOBODY,  # the seat that acted last (bidding goes on clockwise from it)
        "result": None,
    }


# ----------------------------------------------------------------------------- copy-on-write helpers


def with_seat(state: dict, seat: int, **changes) -> dict:
    """A copy of `state` whose seat row `seat` has `changes`."""
    seats = list(state["seats"])
    row = dict(seats[seat])
    row.update(changes)
    seats[seat] = row
    return {**state, "seats": seats}


def add_vec(vector: list[int], kinds: list[str], sign: int = 1) -> list[int]:
    out = list(vector)
    for kind in kinds:
        out[data.KIND_INDEX[kind]] += sign
    return out


def kinds_of(vector: list[int]) -> list[str]:
    return [kind for kind, count in zip(data.KINDS, vector) for _ in range(count)]


# ----------------------------------------------------------------------------- derived facts


def turn_order(state: dict) -> list[int]:
    first, n = state["first"], state["n"]
    return [(first + offset) % n for offset in range(n)]


def last_round(state: dict) -> bool:
    return state["round"] == len(state["rounds"])


def card_round(state: dict, card: int | None) -> int:
    """The round in which a start disc on round card `card` comes back (0: no start disc)."""
    if card is None or card not in state["rounds"]:
        return 0
    return state["rounds"].index(card) + 1


def holds(state: dict, seat: int, letter: str) -> bool:
    """`seat` owns card `letter` and, for a one-time card, has not played it."""
    row = state["seats"][seat]
    return letter in row["cards"] and letter not in row["used"]


def free_steps(state: dict, seat: int) -> int:
    steps = data.FREE_STEPS
    if holds(state, seat, "U"):
        steps += 1
    if 8 in state["seats"][seat]["wisdom"]:
        steps += 1
    return steps


def storage_limit(state: dict, seat: int) -> int:
    limit = data.STORAGE
    if holds(state, seat, "E"):
        limit += 1
    if 9 in state["seats"][seat]["wisdom"]:
        limit += data.WISDOM_STORE
    return limit


def passengers(boat: dict) -> int:
    return sum(1 for occupant in boat["seats"] if occupant is not None)


def is_ready(state: dict, boat: dict) -> bool:
    """The boat departs this round (B-X3, card R)."""
    if boat["sailed"]:
        return False
    count = passengers(boat)
    if count == 0:
        return False
    if last_round(state) or boat["sent"]:
        return True
    return count >= data.TOPPERS[boat["topper"]]["min"]


def next_boat(state: dict) -> int | None:
    """The ready boat that departs next: one sent first by card H, else the highest beats."""
    ready = [index for index, boat in enumerate(state["boats"]) if is_ready(state, boat)]
    if not ready:
        return None
    return max(ready, key=lambda index: (state["boats"][index]["first"], state["boats"][index]["topper"]))


def rearmost(boat: dict) -> int | None:
    for occupant in reversed(boat["seats"]):
        if occupant is not None:
            return occupant
    return None


def stall_price(state: dict, stall: int) -> int:
    return len(state["stacks"][stall])
