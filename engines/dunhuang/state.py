"""The game state: one JSON-native dict that is never mutated (copy-on-write).

Hands and shops are count vectors indexed by good (index 0 unused), the deck is a list whose
top is its end, market slot i lies under character tile i (0 = empty), `tokens[good]` is the
seat holding that majority token (-1: the bank) and `guards[good]` its guard face or None.
"""
from __future__ import annotations

from engines.dunhuang import data

NO_SEAT = -1

# The steps of play. "end_turn" is transient: decide follows it at once with the checks
# and refill that close a turn.
STEPS = (
    "setup", "draft", "place_camel", "move", "take", "act", "guard_fee",
    "keep", "pick_shop", "pick_hand", "pick_slot", "pick_token", "pick_opponent",
    "give", "domestic", "end_turn", "over",
)


def new_state(players: int, options: dict, first_player: int = 0) -> dict:
    empty = [0] * (data.MAX_GOOD + 1)
    return {
        "n": players,
        "options": dict(options),
        "first_player": first_player,  # drawn at set-up; turns go up the seats from here
        "faces": [],
        "market": [0] * data.TILES,
        "deck": [],
        "camel": NO_SEAT,
        "hands": [list(empty) for _ in range(players)],
        "shops": [list(empty) for _ in range(players)],
        "tokens": [NO_SEAT] * (data.MAX_GOOD + 1),
        "guards": [None] * (data.MAX_GOOD + 1),
        "coins": [data.STARTING_COINS[players]] * players,
        "prestige": [0] * players,
        "pending": [[] for _ in range(players)],  # private cards to choose from
        "boxed": [[] for _ in range(players)],  # cards each seat removed unseen (the draft)
        "discards": [],  # cards removed in the open
        "turn": 0,
        "step": "setup",
        "steps": 0,  # camel steps this turn
        "pick": 0,  # the first card chosen in a two-step action
        "opponent": NO_SEAT,
        "giver": NO_SEAT,
        "exchange": 0,  # cards each side swaps in a Trader/Merchant exchange
        "to_give": 0,
        "fee_good": 0,  # the token a Buddhist fee is asked for
        "resume": None,  # the step that follows the fee decision
        "final_round": False,
        "result": None,
    }


def cards_of(counts: list[int]) -> list[int]:
    """A count vector as a sorted list of cards."""
    return [good for good, count in enumerate(counts) for _ in range(count)]


def counts_of(cards: list[int]) -> list[int]:
    counts = [0] * (data.MAX_GOOD + 1)
    for good in cards:
        counts[good] += 1
    return counts


def last_player(state: dict) -> int:
    """The seat before the first player: it places the camel and closes every round."""
    return (state["first_player"] - 1) % state["n"]


def tokens_held(state: dict, seat: int) -> int:
    return state["tokens"].count(seat)


def current_face(state: dict) -> str:
    return state["faces"][state["camel"]]


def draw(deck: list[int], count: int) -> list[int]:
    """The top `count` cards of `deck`, in drawing order (the top is the end of the list)."""
    return deck[len(deck) - count:][::-1]
