"""The fold: one handler per event type. No validation, no randomness; the input is never changed."""
from __future__ import annotations

from engines.dragon_market import data
from engines.dragon_market.geometry import boat_cells, carry_facts, cells_of
from engines.dragon_market.state import new_state, unit_of


def _copy(state: dict, *keys: str) -> dict:
    new = dict(state)
    for key in keys:
        value = state[key]
        new[key] = list(value) if isinstance(value, list) else dict(value)
    return new


def _use_power(new: dict, seat: int, power: str | None) -> None:
    if not power:
        return
    new["used"] = new["used"] + [power]
    if new["options"].get("teams"):
        power_seat = list(new["power_seat"])
        power_seat[seat % 2] = seat
        new["power_seat"] = power_seat


def game_created(state, event):
    new = new_state(event["players"], event["options"], event["first_player"], event["target"])
    return new


def boat_kind_picked(state, event):
    return {**state, "placing": {"kind": event["kind"]}}


def boat_sailor_set(state, event):
    return {**state, "placing": {"kind": state["placing"]["kind"], "cell": list(event["cell"])}}


def placement_back(state, event):
    placing = state["placing"]
    return {**state, "placing": {"kind": placing["kind"]} if "cell" in placing else {}}


def boat_placed(state, event):
    boat = event["boat"]
    boats = state["boats"] + [{"id": boat["id"], "kind": boat["kind"], "s": list(boat["s"]),
                               "d": list(boat["d"]), "goods": []}]
    return {**state, "boats": boats, "placing": {}, "turn": (state["first"] + len(boats)) % state["n"]}


def goods_dealt(state, event):
    boats = [{**boat, "goods": [[kind, data.TOKENS_PER_STACK] for kind in kinds]}
             for boat, kinds in zip(state["boats"], event["goods"])]
    return {**state, "boats": boats, "phase": "choose", "turn": state["first"]}


def pile_shuffled(state, event):
    return {**state, "deck": list(event["deck"])}


def _without(deck: list, cards: list) -> list:
    return [card for card in deck if card not in cards]


def objective_dealt(state, event):
    new = _copy(state, "objective")
    new["objective"][event["unit"]] = event["card"]
    new["deck"] = _without(state["deck"], [event["card"]])
    if new["ease"][event["unit"]] == 1:
        new["ease"] = list(new["ease"])
        new["ease"][event["unit"]] = 2
    return new


def _offer_cards(event) -> list:
    if "cards" in event:
        return list(event["cards"])
    return list(event["copies"][0]["offer"])


def objective_offered(state, event):
    cards = _offer_cards(event)
    new = _copy(state, "offers")
    new["offers"][event["seat"]] = cards
    new["deck"] = _without(state["deck"], cards)
    if state["phase"] == "play":
        new["phase"] = "keep"
    return new


def objective_kept(state, event):
    seat = event["seat"]
    card = event["card"] if "card" in event else event["copies"][0]["secret"]
    unit = unit_of(state, seat)
    new = _copy(state, "objective", "offers")
    new["objective"][unit] = card
    new["deck"] = state["deck"] + [other for other in state["offers"][seat] if other != card]
    new["offers"][seat] = []
    if state["ease"][unit] == 1:
        new["ease"] = list(state["ease"])
        new["ease"][unit] = 2
    if state["phase"] == "keep":
        new["phase"] = "play"
    return new


def coins_given(state, event):
    return {**state, "coins": list(event["coins"]), "bank": event["bank"]}


def dice_rolled(state, event):
    seat = event["seat"]
    new = {**state, "phase": "play", "turn": seat, "dice": list(event["dice"]), "mp": event["mp"],
           "bought": 0, "spent": False, "used": [], "turns": state["turns"] + 1}
    if seat == state["first"]:
        new["power_seat"] = [None, None]
    return new


def die_rerolled(state, event):
    dice = list(state["dice"])
    dice[event["die"]] = event["value"]
    new = {**state, "dice": dice, "mp": sum(dice)}
    _use_power(new, event["seat"], "reroll")
    return new


def mp_bought(state, event):
    unit = unit_of(state, event["seat"])
    new = _copy(state, "coins")
    new["coins"][unit] -= 1
    new.update(bank=state["bank"] + 1, mp=state["mp"] + 1, bought=state["bought"] + 1, spent=True)
    return new


def boat_moved(state, event):
    """Every boat move (slide, rotate and the power moves): the heirs on it ride along (M-T9)."""
    index = event["boat"]
    boat = state["boats"][index]
    old = boat_cells(boat)
    new_cells = cells_of(boat["kind"], event["s"], event["d"])
    moved = dict(zip(old, new_cells))
    boats = list(state["boats"])
    boats[index] = {**boat, "s": list(event["s"]), "d": list(event["d"])}
    carry_facts(state["boats"], boats, index, old, new_cells)
    heirs = [list(moved[cell]) if (cell := tuple(h)) in moved else h for h in state["heirs"]]
    new = {**state, "boats": boats, "heirs": heirs, "mp": state["mp"] - event["cost"], "spent": True}
    _use_power(new, event["seat"], event.get("power"))
    return new


def stacks_swapped(state, event):
    index = event["boat"]
    boat = state["boats"][index]
    boats = list(state["boats"])
    boats[index] = {**boat, "goods": [boat["goods"][1], boat["goods"][0]]}
    new = {**state, "boats": boats, "mp": state["mp"] - event["cost"], "spent": True}
    _use_power(new, event["seat"], "swap_stacks")
    return new


def heir_moved(state, event):
    heirs = list(state["heirs"])
    heirs[event["seat"]] = list(event["to"])
    new = {**state, "heirs": heirs, "mp": state["mp"] - event["cost"], "spent": True}
    _use_power(new, event["seat"], None if event["how"] == "step" else event["how"])
    return new


def heirs_swapped(state, event):
    seat, other = event["seat"], event["other"]
    heirs = list(state["heirs"])
    heirs[seat], heirs[other] = state["heirs"][other], state["heirs"][seat]
    new = {**state, "heirs": heirs, "mp": state["mp"] - event["cost"], "spent": True}
    _use_power(new, seat, "swap_heir")
    return new


def goods_taken(state, event):
    index, slot, unit = event["boat"], event["slot"], event["unit"]
    boat = state["boats"][index]
    goods = [list(stack) for stack in boat["goods"]]
    goods[slot][1] -= 1
    boats = list(state["boats"])
    boats[index] = {**boat, "goods": goods}
    held = list(state["held"])
    held[unit] = held[unit] + [event["kind"]]
    return {**state, "boats": boats, "held": held}


def objective_completed(state, event):
    unit = event["unit"]
    new = _copy(state, "objective", "held", "completed", "ease")
    new["objective"][unit] = None
    new["held"][unit] = []  # the delivered tokens leave the game
    new["completed"][unit] = state["completed"][unit] + [event["card"]]
    new["ease"][unit] = 1 if data.BONUS.get(event["card"]) == "ease" else 0
    return new


def coins_paid(state, event):
    new = _copy(state, "coins")
    source = event["from"]
    if source == "bank":
        new["bank"] = state["bank"] - event["amount"]
    else:
        new["coins"][source] -= event["amount"]
    new["coins"][event["unit"]] += event["amount"]
    if state["phase"] == "coin_from":
        new["owed"] = state["owed"] - event["amount"]
    return new


def shortfall_started(state, event):
    return {**state, "phase": "coin_from", "owed": event["owed"], "richest": list(event["richest"]),
            "resume": event["resume"]}


def shortfall_ended(state, event):
    return {**state, "phase": "play", "owed": 0, "richest": [], "resume": None}


def turn_ended(state, event):
    return {**state, "mp": 0}


def game_ended(state, event):
    return {**state, "phase": "over", "result": {"reason": event["reason"], "winners": list(event["winners"])}}


HANDLERS = {
    "game_created": game_created,
    "boat_kind_picked": boat_kind_picked,
    "boat_sailor_set": boat_sailor_set,
    "placement_back": placement_back,
    "boat_placed": boat_placed,
    "goods_dealt": goods_dealt,
    "pile_shuffled": pile_shuffled,
    "objective_dealt": objective_dealt,
    "objective_offered": objective_offered,
    "objective_kept": objective_kept,
    "coins_given": coins_given,
    "dice_rolled": dice_rolled,
    "die_rerolled": die_rerolled,
    "mp_bought": mp_bought,
    "boat_slid": boat_moved,
    "boat_rotated": boat_moved,
    "boat_hopped": boat_moved,
    "boat_shifted": boat_moved,
    "boat_half_turned": boat_moved,
    "boat_turned_far": boat_moved,
    "stacks_swapped": stacks_swapped,
    "heir_moved": heir_moved,
    "heirs_swapped": heirs_swapped,
    "goods_taken": goods_taken,
    "objective_completed": objective_completed,
    "coins_paid": coins_paid,
    "shortfall_started": shortfall_started,
    "shortfall_ended": shortfall_ended,
    "turn_ended": turn_ended,
    "game_ended": game_ended,
}


# decide folds its events to find what follows them, then the caller folds the very same event
# objects onto the very same states: fold remembers its last results (by event) for evolve to hand
# back. Both objects are checked by identity, so an entry of another game or thread only misses.
_folded: dict = {}
FOLDS_REMEMBERED = 16


def evolve(state, event):
    known = _folded.get(id(event))
    if known is not None and known[0] is state and known[1] is event:
        return known[2]
    return HANDLERS[event["type"]](state, event)


def fold(state, events):
    """The state after `events` (decide's path: the results are remembered for evolve)."""
    for event in events:
        after = HANDLERS[event["type"]](state, event)
        if len(_folded) >= FOLDS_REMEMBERED:
            _folded.clear()
        _folded[id(event)] = (state, event, after)
        state = after
    return state
