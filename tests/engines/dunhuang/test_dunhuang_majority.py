"""Majority tokens gained and returned as shops change, and the two guards."""
import pytest

from dunhuang_helpers import ENGINE, act, acts, position, types
from engines.core import IllegalAction

TAKE_TILE_1 = ({"type": "move", "steps": 1}, {"type": "take", "to": "shop"})  # tile 1 holds a 3


def take_three(state):
    return acts(state, 0, *TAKE_TILE_1)


def test_first_card_of_a_kind_in_a_shop_takes_the_token_from_the_bank():
    state, events = take_three(position())
    assert state["tokens"][3] == 0
    assert events[-1] == {"type": "token_taken", "seat": 0, "good": 3, "from": -1, "paid": 0}


def test_a_tie_takes_the_token_from_its_holder():
    state, events = take_three(position(shops=[[], [3]], tokens={3: 1}, players=2))
    assert state["tokens"][3] == 0
    assert events[-1]["from"] == 1


def test_fewer_cards_do_not_take_the_token():
    state, events = take_three(position(shops=[[], [3, 3]], tokens={3: 1}, players=2))
    assert state["tokens"][3] == 1
    assert types(events) == ["camel_moved", "goods_taken"]
    assert events[0]["from_tile"] != events[0]["tile"]  # the move says where the camel came from


def test_a_shop_that_falls_behind_returns_the_token_to_the_bank_not_to_the_leader():
    # seat 0 holds the 4 token at 1 card; seat 1 ties with 1 card; seat 0's musician discards it.
    state = position(players=2, face="musician", step="act", shops=[[4], [4]], tokens={4: 0})
    state, events = acts(state, 0, {"type": "use"}, {"type": "pick_shop", "card": 4})
    assert "token_returned" in types(events)
    assert state["tokens"][4] == -1  # seat 1 does not receive it automatically


def test_a_shop_still_tied_keeps_its_token_after_a_loss():
    state = position(players=2, face="musician", step="act", shops=[[4, 4], [4]], tokens={4: 0})
    state, events = acts(state, 0, {"type": "use"}, {"type": "pick_shop", "card": 4})
    assert state["tokens"][4] == 0
    assert "token_returned" not in types(events)


def test_manichean_guard_blocks_one_tie_then_is_spent():
    state = position(players=3, shops=[[], [3], [3]], tokens={3: 1}, guards={3: "manichean"})
    state, events = take_three(state)
    assert types(events)[-1] == "guard_blocked"
    assert (state["tokens"][3], state["guards"][3]) == (1, None)


def test_manichean_guard_does_not_stop_a_lead():
    state = position(players=2, shops=[[3], [3]], tokens={3: 1}, guards={3: "manichean"})
    state, events = take_three(state)
    assert (state["tokens"][3], state["guards"][3]) == (0, None)


def test_buddhist_guard_asks_a_tie_for_two_coins():
    state = position(players=2, shops=[[], [3]], tokens={3: 1}, guards={3: "buddhist"})
    state, events = take_three(state)
    assert types(events)[-1] == "guard_fee_due"
    assert state["step"] == "guard_fee"
    assert ENGINE.legal_actions(state, 0) == [{"type": "pay_guard"}, {"type": "refuse_guard"}]
    paid, _ = act(state, 0, {"type": "pay_guard"})
    assert (paid["tokens"][3], paid["guards"][3], paid["coins"]) == (0, None, [3, 7])
    assert paid["step"] == "act"
    refused, _ = act(state, 0, {"type": "refuse_guard"})
    assert (refused["tokens"][3], refused["guards"][3], refused["coins"]) == (1, "buddhist", [5, 5])
    assert refused["step"] == "act"


def test_buddhist_guard_keeps_the_token_from_a_seat_that_cannot_pay():
    state = position(players=2, shops=[[], [3]], tokens={3: 1}, guards={3: "buddhist"}, coins=[1, 5])
    state, events = take_three(state)
    assert types(events) == ["camel_moved", "goods_taken"]
    assert state["tokens"][3] == 1


def test_buddhist_guard_does_not_stop_a_lead():
    state = position(players=2, shops=[[3], [3]], tokens={3: 1}, guards={3: "buddhist"})
    state, _ = take_three(state)
    assert (state["tokens"][3], state["coins"]) == (0, [5, 5])


def test_guard_fee_during_a_character_resumes_with_the_end_of_the_turn():
    state = position(players=2, face="domestic", step="act", hands=[[3], []], shops=[[], [3]],
                     tokens={3: 1}, guards={3: "buddhist"})
    state, events = acts(state, 0, {"type": "use"}, {"type": "pick_hand", "card": 3})
    assert state["step"] == "guard_fee"
    state, events = act(state, 0, {"type": "pay_guard"})
    assert types(events) == ["token_taken", "turn_started"]


def test_guard_fee_step_refuses_other_actions():
    state = position(players=2, shops=[[], [3]], tokens={3: 1}, guards={3: "buddhist"})
    state, _ = take_three(state)
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "coins"})
