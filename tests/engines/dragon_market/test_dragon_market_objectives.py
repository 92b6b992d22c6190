"""Objectives: completion, the next card, the win (M-T21, M-T22, M-T27, M-T28) and the advanced
game's secret cards (M-A1 to M-A9, X2)."""
import random

import pytest

from engines.core import IllegalAction, find_leaks, start
from engines.dragon_market import ENGINE, data
from tests.engines.dragon_market.dragon_market_helpers import (
    K, act, boat, legal, position, snapshot, types)

B01 = [K["necklace"], K["frog"], K["Buddha statue"], K["snake"]]
HOME_BOATS = [boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"])),  # (2,0), (1,0)
              boat("centre", (5, 5), "E", goods=(K["frog"], K["Buddha statue"])),
              boat("centre", (5, 7), "E", goods=(K["snake"], K["teapot"]))]
AT_DOOR = [(1, 0), (0, 9), (9, 9), (9, 0)]


def test_M_T21_M_T22_completing_at_the_pontoon_draws_a_new_card_and_the_turn_goes_on():
    """M-T21: every good held and the heir home: the tokens leave, a new blue card is drawn face up.
    M-T22: the MP left can still be used."""
    state = position(boats=HOME_BOATS, heirs=AT_DOOR, held=[B01, [], [], []])
    top = state["deck"][-1]
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events) == ["heir_moved", "objective_completed", "objective_dealt"]
    assert events[1]["goods"] == B01 and events[2]["card"] == top
    assert after["completed"][0] == ["B01"] and after["held"][0] == [] and after["objective"][0] == top
    assert after["turn"] == 0 and after["mp"] == 6 and after["phase"] == "play"


def test_M_T21_no_completion_with_a_good_missing_or_away_from_home():
    state = position(boats=HOME_BOATS, heirs=AT_DOOR, held=[B01[:3], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert "objective_completed" not in types(events) and after["completed"][0] == []
    away = position(boats=HOME_BOATS, heirs=[(2, 0), (0, 9), (9, 9), (9, 0)], held=[B01, [], [], []])
    after, events = act(away, 0, {"type": "step", "to": [1, 0]})
    assert "objective_completed" not in types(events)


def test_M_T27_M_T28_the_second_completion_wins_at_once_without_a_card_or_coins():
    """M-T27: the first to complete its 2nd objective (4 players, basic) wins mid-turn, no coins
    taken. M-T28: no new card is drawn."""
    state = position(boats=HOME_BOATS, heirs=AT_DOOR, held=[B01, [], [], []], completed=[["B05"], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events) == ["heir_moved", "objective_completed", "game_ended"]
    assert after["coins"][0] == 0 and after["objective"][0] is None
    result = ENGINE.outcome(after)
    assert result["winners"] == [0] and result["scores"] == [2, 0, 0, 0] and result["ranking"][0] == 0
    assert ENGINE.to_act(after) == frozenset() and legal(after, 0) == []
    with pytest.raises(IllegalAction) as error:
        act(after, 0, {"type": "end_turn"})
    assert error.value.code == "game_over"


# ----------------------------------------------------------------------------- advanced game

def advanced_start(players=4, seed=0, teams=False):
    return start(ENGINE, players, {"boat_setup": "random", "variant": "advanced", "teams": teams}, random.Random(seed))


def test_M_A1_M_A2_X2_each_seat_draws_two_red_cards_and_keeps_one_secretly():
    """M-A1: red cards only. M-A2: all seats draw 2 at once, keep 1 face down, the others are
    shuffled back. X2: the kept card is not visible to the others. M-A3: the rest plays as basic."""
    state, events = advanced_start()
    assert state["phase"] == "choose" and ENGINE.to_act(state) == frozenset({0, 1, 2, 3})
    assert all(len(offer) == 2 and set(offer) <= set(data.RED) for offer in state["offers"])
    offered = state["offers"][1]
    for viewer in (None, 0, 2, 3):
        seen = ENGINE.view(state, viewer)
        assert find_leaks(seen, viewer, ENGINE.private_keys(state)) == []
        assert not set(offered) & set(_strings(seen["players"][1]))
    assert ENGINE.view(state, 1)["players"][1]["offer_copies"] == [{"seat": 1, "offer": offered}]
    state, kept = act(state, 1, {"type": "keep", "card": offered[0]})
    assert types(kept) == ["objective_kept"] and ENGINE.to_act(state) == frozenset({0, 2, 3})
    assert ENGINE.redact(kept[0], 0) == {"type": "objective_kept", "seat": 1, "returned": 1,
                                         "copies": [{"seat": 1}]}
    for seat in (0, 2, 3):
        state, events = act(state, seat, {"type": "keep", "card": state["offers"][seat][1]})
    assert types(events)[:3] == ["objective_kept", "pile_shuffled", "coins_given"]
    assert len(state["deck"]) == 9 and offered[1] in state["deck"] and state["phase"] == "play"
    assert state["objective"][1] == offered[0]
    assert "secret_copies" not in ENGINE.view(state, 0)["units"][1]
    assert ENGINE.view(state, 1)["units"][1]["secret_copies"] == [{"seat": 1, "secret": offered[0]}]


def _strings(payload):
    if isinstance(payload, dict):
        return [s for value in payload.values() for s in _strings(value)]
    if isinstance(payload, list):
        return [s for value in payload for s in _strings(value)]
    return [payload] if isinstance(payload, str) else []


def adv(objective=("R07", "R08", "R09", "R10"), completed=None, **fields):
    return position(options={"variant": "advanced"}, objective=list(objective),
                    completed=completed or [[], [], [], []], **fields)


R07 = [K["perfume"], K["toadstools"], K["bonsai"]]
ADV_BOATS = [boat("end", (3, 0), "W", goods=(K["perfume"], K["ring"])),
             boat("centre", (5, 5), "E", goods=(K["toadstools"], K["bonsai"])),
             boat("centre", (5, 7), "E", goods=(K["frog"], K["teapot"]))]


def test_M_A4_completion_turns_the_card_up_and_offers_two_to_keep_one():
    """M-A4: (a) the completed card goes face up, its bonus usable at once; (b) draw 2, keep 1 face
    down, the other shuffled back."""
    state = adv(objective=["R03", "R08", "R09", "R10"], boats=ADV_BOATS, heirs=AT_DOOR,
                held=[[K["perfume"], K["flower vase"], K["frog"], K["porcelain bowl"]], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events) == ["heir_moved", "objective_completed", "objective_offered"]
    assert after["phase"] == "keep" and len(after["offers"][0]) == 2 and after["completed"][0] == ["R03"]
    assert ENGINE.view(after, 1)["units"][0]["completed"] == ["R03"]
    assert "copies" in events[2] and ENGINE.redact(events[2], 1)["copies"] == [{"seat": 0}]
    assert legal(after) == [{"type": "keep", "card": card} for card in after["offers"][0]]
    keep = after["offers"][0][1]
    kept, events = act(after, 0, {"type": "keep", "card": keep})
    assert types(events) == ["objective_kept", "pile_shuffled"]
    assert kept["objective"][0] == keep and after["offers"][0][0] in kept["deck"] and kept["phase"] == "play"
    assert "diagonal" in ENGINE.view(kept, 0)["units"][0]["powers"]


def test_M_A5_M_B12_draw_three_applies_to_the_same_completion():
    """M-A5 / M-B12: the R12 bonus is turned up before the draw: 3 cards offered, 2 go back."""
    state = adv(objective=["R12", "R08", "R09", "R10"], boats=ADV_BOATS, heirs=AT_DOOR,
                held=[[K["carpet"], K["teapot"], K["kite"]], [], [], []])
    after, _ = act(state, 0, {"type": "step", "to": [0, 0]})
    assert len(after["offers"][0]) == 3
    kept, events = act(after, 0, {"type": "keep", "card": after["offers"][0][2]})
    assert events[0]["returned"] == 2 and len(kept["deck"]) == len(after["deck"]) + 2


def test_M_B13_three_coins_come_at_once_then_the_draw():
    """M-B13: take 3 coins from the bank at the completion (before the draw)."""
    state = adv(objective=["R13", "R08", "R09", "R10"], boats=ADV_BOATS, heirs=AT_DOOR,
                held=[[K["folding fan"], K["goldfish bowl"], K["bonsai"]], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events) == ["heir_moved", "objective_completed", "coins_paid", "objective_offered"]
    assert after["coins"][0] == 3


def test_M_B13_M_T25_three_coins_with_a_short_bank_ask_the_tied_richest_then_draw():
    state = adv(objective=["R13", "R08", "R09", "R10"], boats=ADV_BOATS, heirs=AT_DOOR, coins=[0, 5, 5, 1], bank=1,
                held=[[K["folding fan"], K["goldfish bowl"], K["bonsai"]], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events)[-1] == "shortfall_started" and after["phase"] == "coin_from"
    after, events = act(after, 0, {"type": "coin_from", "seat": 2})
    after, events = act(after, 0, {"type": "coin_from", "seat": 2})
    assert types(events)[-2:] == ["shortfall_ended", "objective_offered"] and after["phase"] == "keep"
    assert after["coins"] == [3, 5, 3, 1]


def test_M_A7_a_good_with_no_token_left_is_waived():
    """M-A7: once no token of a kind is on any boat and the unit holds none, the card does not need it."""
    boats = [boat("end", (3, 0), "W", goods=(K["perfume"], K["ring"]), counts=(2, 2)),
             boat("centre", (5, 5), "E", goods=(K["toadstools"], K["bonsai"]), counts=(2, 0))]
    state = adv(boats=boats, heirs=AT_DOOR, held=[[K["perfume"], K["toadstools"]], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})  # bonsai gone from the board
    assert "objective_completed" in types(events)
    kept = adv(boats=ADV_BOATS, heirs=AT_DOOR, held=[[K["perfume"], K["toadstools"]], [], [], []])
    after, events = act(kept, 0, {"type": "step", "to": [0, 0]})  # bonsai still on a boat
    assert "objective_completed" not in types(events)


def test_M_A8_fewer_cards_than_asked_are_drawn_as_they_are():
    """M-A8: with one red card left, the completion offers that one."""
    state = adv(boats=ADV_BOATS, heirs=AT_DOOR, held=[R07, [], [], []], deck=["R01"])
    after, _ = act(state, 0, {"type": "step", "to": [0, 0]})
    assert after["offers"][0] == ["R01"] and after["deck"] == []


def test_M_A6_the_third_completion_wins_the_advanced_game():
    """M-A6: 3 objectives win the advanced game at every player count."""
    state = adv(boats=ADV_BOATS, heirs=AT_DOOR, held=[R07, [], [], []], completed=[["R01", "R02"], [], [], []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events)[-1] == "game_ended" and ENGINE.outcome(after)["winners"] == [0]
    assert ENGINE.view(after, 1)["units"][2]["objective"] == "R09"  # all shown after the game


def test_keep_refuses_a_card_not_offered():
    state, _ = advanced_start(seed=3)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "keep", "card": "B01"})
    assert error.value.code == "bad_card" and snapshot(state) == before
