"""The fold: state + event -> new state. Copy-on-write, no validation, no randomness."""
from __future__ import annotations

from engines.dunhuang.state import NO_SEAT, new_state

# After a first pick, the step that asks for the second one.
SECOND_PICK = {"soldier": "pick_slot", "general": "pick_slot", "maid": "pick_hand"}
FIRST_STEP = {
    "interpreter": "act", "diplomat": "act", "farmer": "act", "princess": "act", "dancer": "act",
    "soldier": "pick_shop", "musician": "pick_shop", "maid": "pick_shop",
    "general": "pick_hand", "painter": "pick_hand",
    "shepherd": "pick_slot",
    "manichean": "pick_token", "buddhist": "pick_token",
    "trader": "pick_opponent", "merchant": "pick_opponent",
    "domestic": "domestic",
}


def evolve(state: dict | None, event: dict) -> dict:
    return HANDLERS[event["type"]](state, event)


def _add(vector: list[int], index: int, delta: int) -> list[int]:
    updated = list(vector)
    updated[index] += delta
    return updated


def _add_card(rows: list[list[int]], seat: int, good: int, delta: int) -> list[list[int]]:
    updated = list(rows)
    updated[seat] = _add(rows[seat], good, delta)
    return updated


def _put(vector: list, index: int, value) -> list:
    updated = list(vector)
    updated[index] = value
    return updated


def _move_cards(state: dict, giver: int, receiver: int, cards: list[int]) -> list[list[int]]:
    hands = list(state["hands"])
    hands[giver] = list(hands[giver])
    hands[receiver] = list(hands[receiver])
    for good in cards:
        hands[giver][good] -= 1
        hands[receiver][good] += 1
    return hands


def _shrink_deck(state: dict, count: int) -> list[int]:
    return state["deck"][: len(state["deck"]) - count]


# ----------------------------------------------------------------------------- set-up


def _game_created(state, event):
    # Games set up before the first player was drawn began with seat 0.
    return new_state(event["players"], event["options"], event.get("first_player", 0))


def _characters_placed(state, event):
    return {**state, "faces": list(event["faces"])}


def _deck_shuffled(state, event):
    return {**state, "deck": list(event["deck"])}


def _market_dealt(state, event):
    return {**state, "market": list(event["cards"]), "deck": _shrink_deck(state, len(event["cards"]))}


def _drawn_to_pending(state, event, step):
    """Cards drawn from the deck wait, seen by their seat alone, until it keeps one."""
    drawn = event["drafted"]
    return {**state, "pending": _put(state["pending"], event["seat"], list(drawn)),
            "deck": _shrink_deck(state, len(drawn)), "step": step}


def _draft_dealt(state, event):
    return _drawn_to_pending(state, event, "draft")


def _draft_kept(state, event):
    seat = event["seat"]
    pending = _put(state["pending"], seat, [])
    step = "draft" if any(pending) else "place_camel"
    return {**state, "hands": _add_card(state["hands"], seat, event["hand"], 1), "pending": pending,
            "boxed": _put(state["boxed"], seat, list(event["secret"])), "step": step}


def _camel_placed(state, event):
    return {**state, "camel": event["tile"], "turn": state["first_player"], "step": "move"}


# ----------------------------------------------------------------------------- turn flow


def _camel_moved(state, event):
    tile, seat = event["tile"], event["seat"]
    return {**state, "camel": tile, "steps": event["steps"], "coins": _add(state["coins"], seat, -event["cost"]),
            "step": "take" if state["market"][tile] else "act"}


def _goods_taken(state, event):
    zone = "hands" if event["to"] == "hand" else "shops"
    return {**state, "market": _put(state["market"], event["tile"], 0), "step": "act",
            zone: _add_card(state[zone], event["seat"], event["good"], 1)}


def _coins_taken(state, event):
    return {**state, "coins": _add(state["coins"], event["seat"], event["amount"]), "step": "end_turn"}


def _character_used(state, event):
    return {**state, "step": FIRST_STEP[event["face"]]}


def _market_refilled(state, event):
    market = list(state["market"])
    for slot, good in zip(event["slots"], event["cards"]):
        market[slot] = good
    return {**state, "market": market, "deck": _shrink_deck(state, len(event["cards"]))}


def _final_round(state, event):
    return {**state, "final_round": True}


def _turn_started(state, event):
    return {**state, "turn": event["seat"], "step": "move", "steps": 0, "pick": 0, "opponent": NO_SEAT,
            "giver": NO_SEAT, "exchange": 0, "to_give": 0}


def _top_merchant(state, event):
    return {**state, "step": "over", "result": {"reason": "top_merchant", "winner": event["seat"]}}


def _game_ended(state, event):
    return {**state, "step": "over", "result": {"reason": "deck_out", "winner": NO_SEAT}}


# ----------------------------------------------------------------------------- majority tokens


def _token_taken(state, event):
    seat, good, holder, fee = event["seat"], event["good"], event["from"], event["paid"]
    coins = state["coins"]
    if fee:
        coins = _add(_add(coins, seat, -fee), holder, fee)
    changes = {"step": state["resume"], "resume": None, "fee_good": 0} if state["step"] == "guard_fee" else {}
    return {**state, "tokens": _put(state["tokens"], good, seat), "guards": _put(state["guards"], good, None),
            "coins": coins, **changes}


def _token_returned(state, event):
    good = event["good"]
    return {**state, "tokens": _put(state["tokens"], good, NO_SEAT), "guards": _put(state["guards"], good, None)}


def _guard_blocked(state, event):
    return {**state, "guards": _put(state["guards"], event["good"], None)}


def _guard_fee_due(state, event):
    return {**state, "step": "guard_fee", "fee_good": event["good"], "resume": event["resume"]}


def _guard_fee_refused(state, event):
    return {**state, "step": state["resume"], "resume": None, "fee_good": 0}


# ----------------------------------------------------------------------------- character faces


def _cards_drawn(state, event):
    return _drawn_to_pending(state, event, "keep")


def _drawn_kept(state, event):
    seat = event["seat"]
    return {**state, "hands": _add_card(state["hands"], seat, event["hand"], 1),
            "pending": _put(state["pending"], seat, []), "deck": list(event["secret"]) + state["deck"],
            "step": "end_turn"}


def _picked(state, event):
    return {**state, "pick": event["good"], "step": SECOND_PICK[state["faces"][state["camel"]]]}


def _market_swapped(state, event):
    zone = "hands" if event["zone"] == "hand" else "shops"
    seat, gave, took = event["seat"], event["gave"], event["took"]
    rows = _add_card(_add_card(state[zone], seat, gave, -1), seat, took, 1)
    return {**state, "market": _put(state["market"], event["slot"], gave), "pick": 0, "step": "end_turn",
            zone: rows}


def _extra_goods_taken(state, event):
    return {**state, "market": _put(state["market"], event["slot"], 0), "step": "end_turn",
            "hands": _add_card(state["hands"], event["seat"], event["good"], 1)}


def _guard_placed(state, event):
    return {**state, "guards": _put(state["guards"], event["good"], event["guard"]), "step": "end_turn"}


def _prestige_gained(state, event):
    return {**state, "prestige": _add(state["prestige"], event["seat"], event["amount"]), "step": "end_turn"}


def _card_discarded(state, event):
    zone = "hands" if event["zone"] == "hand" else "shops"
    seat = event["seat"]
    return {**state, "discards": state["discards"] + [event["good"]], "step": "end_turn",
            "prestige": _add(state["prestige"], seat, event["prestige"]),
            zone: _add_card(state[zone], seat, event["good"], -1)}


def _cards_snatched(state, event):
    seat, victim, count = event["seat"], event["from"], event["count"]
    taken = event["private"][0]["secret"]
    return {**state, "hands": _move_cards(state, victim, seat, taken), "opponent": victim, "exchange": count,
            "giver": seat, "to_give": count, "step": "give"}


def _exchange_started(state, event):
    count = event["count"]
    return {**state, "opponent": event["from"], "exchange": count, "giver": event["from"], "to_give": count,
            "step": "give"}


def _card_given(state, event):
    giver, good = event["seat"], event["private"][0]["secret"]
    hands = _move_cards(state, giver, event["to"], [good])
    to_give = state["to_give"] - 1
    if to_give:
        return {**state, "hands": hands, "to_give": to_give}
    if giver != state["turn"]:  # the Merchant's opponent has given: now the Merchant gives back
        return {**state, "hands": hands, "giver": state["turn"], "to_give": state["exchange"]}
    return {**state, "hands": hands, "to_give": 0, "giver": NO_SEAT, "step": "end_turn"}


def _shop_hand_swapped(state, event):
    seat, to_hand, to_shop = event["seat"], event["to_hand"], event["to_shop"]
    hands = _add_card(_add_card(state["hands"], seat, to_shop, -1), seat, to_hand, 1)
    shops = _add_card(_add_card(state["shops"], seat, to_hand, -1), seat, to_shop, 1)
    return {**state, "hands": hands, "shops": shops, "pick": 0, "step": "end_turn"}


def _card_moved(state, event):
    seat, good = event["seat"], event["good"]
    to_hand = 1 if event["to"] == "hand" else -1
    return {**state, "hands": _add_card(state["hands"], seat, good, to_hand),
            "shops": _add_card(state["shops"], seat, good, -to_hand), "step": "end_turn"}


HANDLERS = {
    "game_created": _game_created,
    "characters_placed": _characters_placed,
    "deck_shuffled": _deck_shuffled,
    "market_dealt": _market_dealt,
    "draft_dealt": _draft_dealt,
    "draft_kept": _draft_kept,
    "camel_placed": _camel_placed,
    "camel_moved": _camel_moved,
    "goods_taken": _goods_taken,
    "coins_taken": _coins_taken,
    "character_used": _character_used,
    "market_refilled": _market_refilled,
    "final_round": _final_round,
    "turn_started": _turn_started,
    "top_merchant": _top_merchant,
    "game_ended": _game_ended,
    "token_taken": _token_taken,
    "token_returned": _token_returned,
    "guard_blocked": _guard_blocked,
    "guard_fee_due": _guard_fee_due,
    "guard_fee_refused": _guard_fee_refused,
    "cards_drawn": _cards_drawn,
    "drawn_kept": _drawn_kept,
    "picked": _picked,
    "market_swapped": _market_swapped,
    "extra_goods_taken": _extra_goods_taken,
    "guard_placed": _guard_placed,
    "prestige_gained": _prestige_gained,
    "card_discarded": _card_discarded,
    "cards_snatched": _cards_snatched,
    "exchange_started": _exchange_started,
    "card_given": _card_given,
    "shop_hand_swapped": _shop_hand_swapped,
    "card_moved": _card_moved,
}
