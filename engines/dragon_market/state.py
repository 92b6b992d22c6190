"""The game state: one JSON-native dict, never mutated (evolve copies what it changes).

Squares are [x, y] with y pointing up. A boat is {"id", "kind", "s": sailor square, "d": unit axis,
"goods": [[kind, count], [kind, count]]}: a centre boat covers s - d, s, s + d (goods on s - d, s + d),
an end boat s, s + d, s + 2d (goods on s + d, s + 2d). Objectives, collected goods, completed cards
and coins belong to a "unit": the seat itself, or its team (seat % 2) in the team game.
"""
from __future__ import annotations

from engines.dragon_market import data

PHASES = ("place", "choose", "play", "keep", "coin_from", "over")


def new_state(players: int, options: dict, first: int, target: int) -> dict:
    teams = bool(options.get("teams"))
    units = 2 if teams else players
    return {
        "n": players,
        "options": dict(options),
        "first": first,
        "target": target,
        "phase": "place",
        "turn": first,
        "turns": 0,  # turns started so far; a round is n of them (round_of)
        "placing": {},  # a boat being placed: {"kind"} then {"kind", "cell"}
        "boats": [],
        "heirs": [list(data.PONTOONS[corner]) for corner in data.CORNERS[players]],
        "objective": [None] * units,
        "held": [[] for _ in range(units)],
        "completed": [[] for _ in range(units)],
        "coins": [0] * units,
        "bank": data.COINS_TOTAL,
        "deck": [],  # the objective pile, top at the end (never shown)
        "offers": [[] for _ in range(players)],  # cards a seat chooses from
        "ease": [0] * units,  # R11: 1 = for the next objective, 2 = on the current one
        "dice": [0, 0],
        "mp": 0,
        "bought": 0,
        "spent": False,  # any MP spent or bought this turn (a reroll must come first)
        "used": [],  # once-per-turn powers used this turn
        "power_seat": [None, None],  # team game: the partner who used powers this round
        "owed": 0,  # coins still owed in a shortfall
        "richest": [],  # the units coins are taken from in a shortfall
        "resume": None,  # what follows the shortfall: "next_turn" or "draw"
        "result": None,
    }


def unit_of(state: dict, seat: int) -> int:
    return seat % 2 if state["options"].get("teams") else seat


def seats_of(state: dict, unit: int) -> list[int]:
    if state["options"].get("teams"):
        return [unit, unit + 2]
    return [unit]


def pontoon(state: dict, seat: int) -> tuple[int, int]:
    return data.PONTOONS[data.CORNERS[state["n"]][seat]]


def next_seat(state: dict, seat: int) -> int:
    return (seat + 1) % state["n"]


def round_of(state: dict) -> int:
    """The round in play, from 1: the turns started so far, n to a round, each round beginning
    with the first player (the round limit counts these)."""
    return max(1, (state["turns"] + state["n"] - 1) // state["n"])


def turn_order(state: dict) -> list[int]:
    return [(state["first"] + offset) % state["n"] for offset in range(state["n"])]


def goods_of(state: dict, unit: int) -> tuple[int, ...]:
    card = state["objective"][unit]
    return data.CARDS[card] if card else ()


def powers_of(state: dict, unit: int) -> set[str]:
    """The repeating powers a unit owns (advanced game): bonuses of its completed red cards."""
    return {data.BONUS[card] for card in state["completed"][unit] if card in data.BONUS} - data.ONE_TIME


def on_board_kinds(state: dict) -> set[int]:
    return {kind for boat in state["boats"] for kind, count in boat["goods"] if count}


def missing(state: dict, unit: int) -> list[int]:
    """The goods of the unit's objective it still lacks; a good with no token left anywhere is
    waived in the advanced game (M-A7; the basic game never runs
    short: each kind has 2 tokens and lies on 2 blue cards)."""
    held = state["held"][unit]
    if state["options"].get("variant") != "advanced":
        return [kind for kind in goods_of(state, unit) if kind not in held]
    left = on_board_kinds(state)
    return [kind for kind in goods_of(state, unit) if kind not in held and kind in left]


def objective_done(state: dict, unit: int) -> bool:
    if state["objective"][unit] is None:
        return False
    allowed = 1 if state["ease"][unit] == 2 else 0
    return len(missing(state, unit)) <= allowed
