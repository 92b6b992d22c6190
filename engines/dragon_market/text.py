"""Log lines in words. Seats appear as "{seat0}", "{seat1}" … for the caller to name."""
from __future__ import annotations

from engines.dragon_market import data


def _seat(seat) -> str:
    return f"{{seat{seat}}}" if isinstance(seat, int) else "the table"


def _cell(cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _good(kind: int) -> str:
    return data.GOODS[kind]


def _unit(event) -> str:
    return "team" if event.get("unit") != event.get("seat") else _seat(event["seat"])


def _from(source) -> str:
    """The bank, or a seat's purse (in the team game, unit 0 is seat 0's team and unit 1 seat 1's)."""
    return "the bank" if source == "bank" else f"{{seat{source}}}'s purse"


HOW = {"step": "steps", "diagonal": "steps diagonally", "leap": "leaps over the water",
       "cross_sailor": "crosses a sailor"}

LINES = {
    "game_created": lambda e: (f"A game of Dragon Market for {e['players']} players begins; "
                               f"{_seat(e['first_player'])} is the first player; {e['target']} objectives win."),
    "boat_kind_picked": lambda e: f"{_seat(e['seat'])} picks a {e['kind']}-sailor boat to place.",
    "boat_sailor_set": lambda e: f"{_seat(e['seat'])} puts its sailor on {_cell(e['cell'])}.",
    "placement_back": lambda e: f"{_seat(e['seat'])} takes the choice back.",
    "boat_placed": lambda e: (f"{_seat(e['seat'])} places boat {e['boat']['id']} with its sailor on "
                              f"{_cell(e['boat']['s'])}, facing {data.DIR_NAMES[tuple(e['boat']['d'])]}."),
    "goods_dealt": lambda e: "The goods are stacked on the boats at random.",
    "pile_shuffled": lambda e: f"The objective pile ({e['size']} cards) is shuffled.",
    "objective_dealt": lambda e: f"{_seat(e['seat'])} draws objective {e['card']} face up.",
    "objective_offered": lambda e: f"{_seat(e['seat'])} chooses among {e['count']} objective cards.",
    "objective_kept": lambda e: (f"{_seat(e['seat'])} keeps "
                                 + (f"objective {e['card']}" if "card" in e else "an objective face down")
                                 + f" and returns {e['returned']} to the pile."),
    "coins_given": lambda e: "Starting coins are handed out.",
    "dice_rolled": lambda e: f"{_seat(e['seat'])}'s turn: {e['mp']} movement points.",
    "die_rerolled": lambda e: f"{_seat(e['seat'])} rerolls die {e['die'] + 1}: {e['value']}.",
    "mp_bought": lambda e: f"{_seat(e['seat'])} pays a coin for one more movement point.",
    "boat_slid": lambda e: f"{_seat(e['seat'])} slides boat {e['boat']} (sailor now on {_cell(e['s'])}).",
    "boat_rotated": lambda e: f"{_seat(e['seat'])} turns boat {e['boat']} a quarter turn.",
    "boat_hopped": lambda e: f"{_seat(e['seat'])} slides boat {e['boat']} over another boat.",
    "boat_shifted": lambda e: f"{_seat(e['seat'])} moves boat {e['boat']} sideways.",
    "boat_half_turned": lambda e: f"{_seat(e['seat'])} turns boat {e['boat']} right round.",
    "boat_turned_far": lambda e: f"{_seat(e['seat'])} turns boat {e['boat']} about its far end.",
    "stacks_swapped": lambda e: f"{_seat(e['seat'])} swaps the goods stacks of boat {e['boat']}.",
    "heir_moved": lambda e: f"{_seat(e['seat'])}'s heir {HOW[e['how']]} to {_cell(e['to'])}.",
    "heirs_swapped": lambda e: f"{_seat(e['seat'])}'s heir swaps places with {_seat(e['other'])}'s.",
    "goods_taken": lambda e: f"{_seat(e['seat'])} collects the {_good(e['kind'])}.",
    "objective_completed": lambda e: f"{_seat(e['seat'])} delivers objective {e['card']}!",
    "coins_paid": lambda e: f"{_seat(e['seat'])} takes {e['amount']} coin(s) from {_from(e['from'])}.",
    "shortfall_started": lambda e: f"The bank is empty: {_seat(e['seat'])} chooses whom to take {e['owed']} coin(s) from.",
    "shortfall_ended": lambda e: "The coins are settled.",
    "turn_ended": lambda e: f"{_seat(e['seat'])} ends the turn with {e['unused']} movement point(s) unused.",
    "game_ended": lambda e: ("The game ends: " + ", ".join(_seat(s) for s in e["winners"])
                             + (" win." if len(e["winners"]) > 1 else " wins.")
                             + (" (turn limit)" if e["reason"] == "turn_limit" else "")),
}


def describe(event: dict) -> str:
    line = LINES.get(event.get("type"))
    return line(event) if line else str(event.get("type", "")).replace("_", " ")
