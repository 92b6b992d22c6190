"""Log lines in words. Seats appear as "{seat0}", "{seat1}" … for the caller to name."""
from __future__ import annotations

from engines.dragon_boats import data


def _s(seat) -> str:
    return "a neutral disc" if seat == data.NEUTRAL else f"{{seat{seat}}}"


def _list(items) -> str:
    items = [str(item) for item in items]
    return ", ".join(items) if items else "nothing"


def _gain(e) -> str:
    parts = []
    if e.get("money"):
        parts.append(f"{e['money']} money")
    if e.get("food"):
        parts.append(f"{e['food']} food")
    if e.get("treasure"):
        parts.append(f"{e['treasure']} treasure")
    parts += list(e.get("offerings", []))
    return _list(parts)


def _card(letter) -> str:
    return f"card {letter} ({data.CARDS[letter]['name']})"


def _spot(spot) -> str:
    return f"boat {spot[0] + 1} ({data.BOAT_PLACES[spot[1]]})"


STEP_WORDS = {
    "start_disc": "place a start disc", "start_offering": "choose a start offering", "bid": "place a disc",
    "resolve": "resolve a disc", "final": "board or pass", "window": "play a card or pass", "steer": "steer",
    "move": "move", "storage": "store", "over": "see the result",
}

LINES = {
    "game_created": lambda e: (f"Dragon Boats for {e['players']} players over {len(e['rounds'])} rounds;"
                               f" {_s(e['first'])} is the first player."),
    "toppers_placed": lambda e: "Toppers on the boats: " + _list(f"{beats} beats" for beats in e["boats"]) + ".",
    "wisdom_placed": lambda e: "The wisdom tiles are laid on the mountain.",
    "farms_placed": lambda e: "The farm tiles are laid on the islands; 7 stay in the bag.",
    "stalls_filled": lambda e: "The market stalls are filled.",
    "bonus_display": lambda e: "Bonus cards on display: " + _list(e["display"]) + ".",
    "turn": lambda e: (f"{_s(e['actor'])} to {STEP_WORDS.get(e.get('step'), 'act')}." if e.get("actor", -1) >= 0
                       else "The game moves on."),
    "start_disc_placed": lambda e: f"{_s(e['seat'])} puts a start disc on round card {e['card']}.",
    "start_offering_taken": lambda e: f"{_s(e['seat'])} takes a start offering: {e['kind']}.",
    "round_started": lambda e: f"Round {e['round']} begins; {_s(e['first'])} is the first player.",
    "disc_placed": lambda e: f"{_s(e['seat'])} places a disc on stall {data.STALLS[e['stall']]}.",
    "private_action": lambda e: f"{_s(e['seat'])} takes the private action {e['space']}: {_gain(e)}.",
    "gained": lambda e: f"{_s(e['seat'])} gains {_gain(e)}.",
    "neutral_removed": lambda e: f"The neutral disc leaves stall {data.STALLS[e['stall']]}.",
    "bought": lambda e: f"{_s(e['seat'])} buys {e['kind']} at stall {data.STALLS[e['stall']]} for {e['price']} money.",
    "took_money": lambda e: f"{_s(e['seat'])} takes 1 money instead of buying.",
    "exchanged": lambda e: (f"{_s(e['seat'])} gives {e['give']} and draws {e['got'] or 'nothing'}"
                            f" and {e['food']} food at stall V."),
    "card_bought": lambda e: (f"{_s(e['seat'])} trades a treasure for "
                              + (_card(e["card"]) if "card" in e else "a card from the deck") + "."),
    "card_drawn": lambda e: f"{_s(e['seat'])} draws a bonus card" + (f": {_card(e['hand'])}." if "hand" in e else "."),
    "card_revealed": lambda e: f"{_s(e['seat'])} shows {_card(e['card'])}.",
    "disc_returned": lambda e: f"{_s(e['seat'])} takes back the disc from stall {data.STALLS[e['stall']]}.",
    "boarded": lambda e: f"{_s(e['seat'])} boards {_spot([e['boat'], e['place']])}, paying {_list(e['paid'])}.",
    "path_started": lambda e: f"{_s(e['seat'])} heads for mountain path {e['path']}.",
    "path_paid": lambda e: f"{_s(e['seat'])} offers {e['kind']} for path {e['path']}.",
    "stored": lambda e: f"{_s(e['seat'])} has stored its offerings.",
    "sold": lambda e: f"{_s(e['seat'])} sells {e['kind']} for 1 money.",
    "treasure_sold": lambda e: f"{_s(e['seat'])} sells a treasure for 2 money.",
    "boats_returned": lambda e: "The boats return to their docks.",
    "topper_drawn": lambda e: f"Boat {e['boat'] + 1} gets a new topper: {e['beats']} beats.",
    "stall_refilled": lambda e: f"Stall {data.STALLS[e['stall']]} is refilled: {_list(e['tiles'])}.",
    "game_ended": lambda e: "The game ends. Scores: " + _list(e["result"]["scores"]) + ".",
    "climb_started": lambda e: f"{_s(e['seat'])} starts up mountain path {e['path']}.",
    "boat_departed": lambda e: f"Boat {e['boat'] + 1} sails to {e['port']}.",
    "disembarked": lambda e: f"{_s(e['seat'])} goes ashore at {e['node']}.",
    "moved": lambda e: f"{_s(e['seat'])} steps to {e['node']}" + (" (1 food)." if e["food"] else "."),
    "hex_taken": lambda e: f"{_s(e['seat'])} settles on {e['node']} and takes its tile ({e['tile']}).",
    "member_returned": lambda e: f"{_s(e['seat'])}'s house member goes home.",
    "passed": lambda e: f"{_s(e['seat'])} plays no card.",
    "card_played": lambda e: f"{_s(e['seat'])} plays {_card(e['card'])}.",
    "card_picked": lambda e: f"{_s(e['seat'])} chooses {e['value']}.",
    "card_resolved": lambda e: f"{_card(e['card'])} is done.",
    "steered": lambda e: f"Boat {e['boat'] + 1} is sent to {e['port']}.",
    "boat_rearranged": lambda e: f"Boat {e['boat'] + 1} is re-seated.",
    "cut_in_line": lambda e: f"{_s(e['seat'])} goes ashore first.",
    "stack_reordered": lambda e: f"The discs of stall {data.STALLS[e['stall']]} are re-stacked.",
    "traded": lambda e: f"{_s(e['seat'])} takes {e['take']} from {_s(e['opponent'])} and gives {e['give']}.",
    "member_switched": lambda e: f"{_s(e['seat'])} moves a member from {_spot(e['from'])} to {_spot(e['to'])}.",
    "members_swapped": lambda e: f"Members on {_spot(e['a'])} and {_spot(e['b'])} swap places.",
    "boat_flagged": lambda e: (f"Boat {e['boat'] + 1} will leave first." if e["flag"] == "first"
                               else f"Boat {e['boat'] + 1} will leave this round."),
    "farmers_swapped": lambda e: f"The farmers on {e['a']} and {e['b']} swap fields.",
}


def describe(event: dict) -> str:
    line = LINES.get(event.get("type"))
    return line(event) if line else str(event.get("type", "")).replace("_", " ")


# ----------------------------------------------------------------------------- the board page's names

CARD_TEXT = {
    "A": "Before a boat is steered: send it to any port not reached this round.",
    "B": "Your turn or before the mountain: re-seat one docked boat's occupants in any order.",
    "C": "Before a landed boat's next passenger goes ashore: one of your members on it goes next.",
    "D": "Your bidding turn: re-stack one stall, choosing the disc owners from top to bottom.",
    "E": "Permanent: store 1 more offering.",
    "F": "Your turn: take an offering of your choice from a player and give it one of yours.",
    "G": "Your turn, before the mountain or before going ashore: move one of your members to an empty place"
         " on another boat.",
    "H": "Before the mountain: a ready boat with one of your members leaves first.",
    "I": "Your turn or before the mountain: swap two members of different colours on two docked boats.",
    "J": "Permanent: food reward spaces give 2.",
    "K": "Permanent: treasure reward spaces give 2.",
    "L": "End: +1 VP per bonus card you own (this one included).",
    "M": "Permanent: money reward spaces give 2.",
    "N": "End: each single farmer scores 2.",
    "O": "End: 1 VP per 2 money.",
    "P": "Your turn: take a random offering, a food and a treasure.",
    "Q": "End: 2 VP per food, at most 8.",
    "R": "Before the mountain: a docked boat with exactly one passenger departs this round.",
    "S": "Your turn: two single farmers of different colours swap places.",
    "T": "End: your first 4 treasures score 2 VP each.",
    "U": "Permanent: 4 free steps.",
    "V": "End: counts as one more pork farm.",
    "W": "End: counts as one more fish farm.",
    "X": "End: counts as one more poultry farm.",
    "Y": "End: +1 VP per soy farm.",
    "Z": "End: +1 VP per rice farm.",
}

WINDOW_WORDS = {
    "before_mountain": "before the mountain climbs and the boats leave",
    "before_steer": "before the departing boat is steered",
    "before_disembark": "before the next passenger goes ashore",
}


def glossary() -> dict:
    """What the board page names by id: bonus cards, wisdom tiles, round cards, spaces, rewards."""
    return {
        "cards": {letter: {"name": card["name"], "type": card["type"], "vp": card["vp"],
                           "text": CARD_TEXT[letter]} for letter, card in data.CARDS.items()},
        "wisdom": {str(number): dict(tile) for number, tile in data.WISDOM.items()},
        "round_cards": {str(number): dict(card) for number, card in data.ROUND_CARDS.items()},
        "private_spaces": {"money": f"+{data.PRIVATE_MONEY} money", "food": "+1 food", "offering": "+1 random offering"},
        "places": list(data.BOAT_PLACES),
        "windows": dict(WINDOW_WORDS),
        "steps": dict(STEP_WORDS),
        "neutral": data.NEUTRAL,
        "goods_stalls": data.GOODS_STALLS,
    }
