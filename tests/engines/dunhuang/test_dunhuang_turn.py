"""The five steps of a turn, the last round and the top-merchant win."""
import pytest

from dunhuang_helpers import ENGINE, act, acts, hand, position, shop, types
from engines.core import IllegalAction


def test_first_camel_step_is_free_and_each_further_step_costs_a_coin():
    state, events = act(position(coins=[6, 6, 6]), 0, {"type": "move", "steps": 1})
    assert (state["camel"], state["coins"][0]) == (1, 6)
    state, events = act(position(coins=[6, 6, 6]), 0, {"type": "move", "steps": 4})
    assert (state["camel"], state["coins"][0], events[0]["cost"]) == (4, 3, 3)


def test_camel_goes_round_the_circle():
    state, _ = act(position(camel=6), 0, {"type": "move", "steps": 3})
    assert state["camel"] == 1


def test_camel_steps_are_limited_by_coins_and_the_circle():
    poor = position(coins=[2, 6, 6])
    assert [action["steps"] for action in ENGINE.legal_actions(poor, 0)] == [1, 2, 3]
    with pytest.raises(IllegalAction) as error:
        act(poor, 0, {"type": "move", "steps": 4})
    assert error.value.code == "too_poor"
    rich = position(coins=[20, 6, 6])
    assert max(action["steps"] for action in ENGINE.legal_actions(rich, 0)) == 7
    for steps in (0, 8, -1):
        with pytest.raises(IllegalAction) as error:
            act(rich, 0, {"type": "move", "steps": steps})
        assert error.value.code == "bad_steps"


@pytest.mark.parametrize("to", ["hand", "shop"])
def test_take_the_goods_into_hand_or_shop(to):
    state, _ = act(position(), 0, {"type": "move", "steps": 2})
    assert state["step"] == "take"
    state, _ = act(state, 0, {"type": "take", "to": to})
    assert (hand(state, 0), shop(state, 0)) == (([4], []) if to == "hand" else ([], [4]))
    assert state["market"][2] == 0
    assert state["step"] == "act"
    assert (state["tokens"][4] == 0) == (to == "shop")  # only a shop earns the token


def test_landing_on_an_empty_slot_skips_the_take():
    state, _ = act(position(market=[2, 0, 4, 5, 6, 7, 8, 2]), 0, {"type": "move", "steps": 1})
    assert state["step"] == "act"


def test_money_then_top_merchant_check_then_refill_and_next_turn():
    state, _ = acts(position(deck=[8, 7]), 0, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events) == ["coins_taken", "market_refilled", "turn_started"]
    assert state["coins"][0] == 6 + 3
    assert state["market"][1] == 7  # the top of the deck is the end of the list
    assert state["deck"] == [8]
    assert (state["turn"], state["step"]) == (1, "move")


def test_a_character_that_cannot_act_leaves_only_the_coins():
    state = position(face="painter", step="act")  # the painter needs a card in hand
    assert ENGINE.legal_actions(state, 0) == [{"type": "coins"}]
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "use"})
    assert error.value.code == "cannot_use"


def test_actions_of_another_step_are_refused():
    with pytest.raises(IllegalAction) as error:
        act(position(), 0, {"type": "coins"})
    assert error.value.code == "wrong_step"


def test_deck_running_out_starts_the_last_round_which_ends_after_the_last_seat():
    state = position(players=3, deck=[8], market=[2, 3, 4, 5, 6, 7, 8, 2], turn=0)
    state, _ = acts(state, 0, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events) == ["coins_taken", "market_refilled", "final_round", "turn_started"]
    assert state["final_round"]
    state, _ = acts(state, 1, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 1, {"type": "coins"})
    assert types(events)[-1] == "turn_started"  # no refill: the deck is empty
    assert state["market"][2] == 0
    state, _ = acts(state, 2, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 2, {"type": "coins"})
    assert types(events)[-1] == "game_ended"
    assert ENGINE.outcome(state)["reason"] == "deck_out"
    assert ENGINE.to_act(state) == frozenset()


def test_when_the_last_seat_empties_the_deck_the_game_ends_at_once():
    state = position(players=2, deck=[8], turn=1, camel=3)
    state, _ = acts(state, 1, {"type": "move", "steps": 1}, {"type": "take", "to": "shop"})
    state, events = act(state, 1, {"type": "coins"})
    assert types(events)[-2:] == ["final_round", "game_ended"]


def test_the_deck_empty_before_refill_also_ends():
    state = position(players=2, deck=[], turn=0)
    state, _ = acts(state, 0, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events) == ["coins_taken", "final_round", "turn_started"]


def top_merchant_position(players, tokens_needed):
    goods = [2, 3, 4, 5, 6][:tokens_needed]
    shops = [goods] + [[] for _ in range(players - 1)]
    tokens = {good: 0 for good in goods[:-1]}  # the last token comes with this turn's take
    market = [2, goods[-1], 4, 5, 6, 7, 8, 2]
    return position(players=players, hands=[[2, 3, 7, 8]] + [[]] * (players - 1), shops=shops,
                    tokens=tokens, market=market)


@pytest.mark.parametrize("players, needed", [(2, 5), (3, 4), (4, 4)])
def test_top_merchant_wins_at_the_end_of_the_turn(players, needed):
    state, _ = acts(top_merchant_position(players, needed), 0, {"type": "move", "steps": 1},
                    {"type": "take", "to": "shop"})
    assert ENGINE.outcome(state) is None  # only at the end of the turn
    state, events = act(state, 0, {"type": "coins"})
    assert types(events)[-1] == "top_merchant"
    result = ENGINE.outcome(state)
    assert (result["reason"], result["winners"], result["ranking"][0]) == ("top_merchant", [0], 0)
    # The log says the game ends, not who wins: a resigned top merchant ends it and does not win.
    assert ENGINE.describe(events[-1]) == "{seat0} is the top merchant: the game ends at once."


def test_four_tokens_are_not_enough_at_two_players():
    state, _ = acts(top_merchant_position(2, 4), 0, {"type": "move", "steps": 1}, {"type": "take", "to": "shop"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events)[-1] == "turn_started"


def test_three_kinds_in_hand_are_not_enough():
    state = top_merchant_position(3, 4)
    state["hands"] = position(hands=[[2, 3, 3, 7], [], []])["hands"]
    state, _ = acts(state, 0, {"type": "move", "steps": 1}, {"type": "take", "to": "shop"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events)[-1] == "turn_started"


def test_only_the_seat_whose_turn_ends_is_checked():
    state = position(players=3, hands=[[], [2, 3, 4, 5], []], tokens={2: 1, 3: 1, 4: 1, 5: 1},
                     shops=[[], [2, 3, 4, 5], []])
    state, _ = acts(state, 0, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events)[-1] == "turn_started"


@pytest.mark.parametrize("players, first", [(3, 1), (3, 2), (4, 3), (2, 1)])
def test_the_last_round_ends_after_the_seat_before_the_first_player(players, first):
    last = (first - 1) % players
    state = position(players=players, first_player=first, deck=[8], turn=first)
    state, _ = acts(state, first, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, first, {"type": "coins"})
    assert "final_round" in types(events)
    played = [first]
    while ENGINE.outcome(state) is None:
        seat = state["turn"]
        played.append(seat)
        state, _ = act(state, seat, {"type": "move", "steps": 1})
        if state["step"] == "take":
            state, _ = act(state, seat, {"type": "take", "to": "hand"})
        state, events = act(state, seat, {"type": "coins"})
    assert played == [(first + turn) % players for turn in range(players)]  # every seat once
    assert played[-1] == last and types(events)[-1] == "game_ended"


def test_when_the_seat_before_the_first_player_empties_the_deck_the_game_ends_at_once():
    state = position(players=3, first_player=1, deck=[8], turn=0, camel=3)
    state, _ = acts(state, 0, {"type": "move", "steps": 1}, {"type": "take", "to": "shop"})
    state, events = act(state, 0, {"type": "coins"})
    assert types(events)[-2:] == ["final_round", "game_ended"]


def test_the_highest_seat_does_not_end_the_game_when_another_seat_went_first():
    state = position(players=3, first_player=1, deck=[], final_round=True, turn=2)
    state, _ = acts(state, 2, {"type": "move", "steps": 1}, {"type": "take", "to": "hand"})
    state, events = act(state, 2, {"type": "coins"})
    assert types(events)[-1] == "turn_started" and state["turn"] == 0
