"""The turn: dice, MP, buying MP, the end of a turn, coins and the shortfall (M-T1, M-T2, M-T20,
M-T23 to M-T26, X6, X7)."""
import random
from collections import Counter

import pytest

from engines.core import IllegalAction
from engines.dragon_market import data, flow
from tests.engines.dragon_market.dragon_market_helpers import (
    K, act, acts, boat, legal, position, snapshot, types)

FAR = [(0, 0), (0, 9), (9, 9), (9, 0)]
DOCK = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))


def test_M_T1_X7_the_dice_give_6_7_or_8_with_the_inferred_odds():
    """M-T1 / X7: each die shows 3 or 4 (five 3s, one 4): sums 6, 7, 8 only, mean 6 1/3."""
    state = position(boats=[DOCK], heirs=FAR)
    rng = random.Random(1)
    sums = Counter(flow.begin_turn(state, 1, rng)[0]["mp"] for _ in range(3600))
    assert set(sums) == {6, 7, 8}
    assert abs(sum(k * v for k, v in sums.items()) / 3600 - 19 / 3) < 0.05
    assert sums[6] > sums[7] > sums[8]


def test_M_T1_the_roll_is_an_event_at_the_start_of_each_turn():
    state = position(boats=[DOCK], heirs=FAR, coins=[0, 0, 0, 0])
    after, events = act(state, 0, {"type": "end_turn"})
    rolled = events[-1]
    assert rolled["type"] == "dice_rolled" and rolled["seat"] == 1 and rolled["mp"] == sum(rolled["dice"])
    assert after["turn"] == 1 and after["mp"] == rolled["mp"] and after["bought"] == 0


def test_fixed_mp_option_gives_seven_without_dice():
    state = position(boats=[DOCK], heirs=FAR, options={"fixed_mp": True})
    assert flow.begin_turn(state, 2, random.Random(0))[0]["mp"] == data.FIXED_MP


def test_M_T2_mp_are_spent_one_at_a_time_on_any_mix():
    """M-T2: boat moves and heir steps draw on the same MP, in any order."""
    state = position(boats=[DOCK, boat("centre", (5, 5), "E")], heirs=FAR, mp=6)
    state, _ = acts(state, 0, {"type": "step", "to": [1, 0]}, {"type": "slide", "boat": 1, "by": 1},
                    {"type": "step", "to": [2, 0]}, {"type": "rotate", "boat": 1, "turn": "cw"})
    assert state["mp"] == 2 and state["turn"] == 0


def test_M_T20_X7_buy_at_most_two_mp_a_turn_for_a_coin_each():
    """M-T20 / X7: a coin to the bank buys 1 MP, twice a turn at most: 8 + 2 = 10, never 11."""
    state = position(boats=[DOCK], heirs=FAR, mp=8, coins=[3, 0, 0, 0])
    state, events = acts(state, 0, {"type": "buy_mp"}, {"type": "buy_mp"})
    assert types(events) == ["mp_bought", "mp_bought"] and state["mp"] == 10
    assert state["coins"][0] == 1 and state["bank"] == 11
    assert {"type": "buy_mp"} not in legal(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "buy_mp"})
    assert error.value.code == "cannot_buy" and snapshot(state) == before
    broke = position(boats=[DOCK], heirs=FAR, coins=[0, 1, 1, 1])
    assert {"type": "buy_mp"} not in legal(broke)


def test_M_T23_the_turn_ends_by_choice_or_when_no_mp_can_be_had():
    """M-T23: end_turn at will; automatically once MP are gone and none can be bought, unless the
    heir stands on a good (below)."""
    empty_dock = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]), counts=(0, 0))
    state = position(boats=[empty_dock], heirs=FAR, mp=1, coins=[0, 1, 1, 1])
    after, events = act(state, 0, {"type": "step", "to": [1, 0]})
    assert "turn_ended" in types(events) and after["turn"] == 1
    waiting = position(boats=[empty_dock], heirs=FAR, mp=1, coins=[1, 1, 1, 1])
    after, events = act(waiting, 0, {"type": "step", "to": [1, 0]})
    assert "turn_ended" not in types(events) and legal(after) == [{"type": "buy_mp"}, {"type": "end_turn"}]


def test_M_T16_M_T23_a_heir_reaching_a_good_with_its_last_mp_may_still_take_it():
    """Taking costs no MP (M-T16), so a turn out of MP waits while its heir stands on a good: on a
    needed one the seat may take it, then ends the turn. It waits on any good, needed or not, so
    that waiting tells nothing of a secret card (test_dragon_market_secret)."""
    state = position(boats=[DOCK], heirs=FAR, mp=2, coins=[0, 1, 1, 1])
    state, events = acts(state, 0, {"type": "step", "to": [1, 0]}, {"type": "step", "to": [2, 0]})
    assert "turn_ended" not in types(events) and state["mp"] == 0
    assert legal(state) == [{"type": "take"}, {"type": "end_turn"}]  # the necklace is on B01
    state, events = act(state, 0, {"type": "take"})
    assert state["held"][0] == [K["necklace"]] and legal(state) == [{"type": "end_turn"}]
    state, events = act(state, 0, {"type": "end_turn"})
    assert types(events)[0] == "turn_ended" and state["turn"] == 1
    not_needed = position(boats=[DOCK], heirs=FAR, mp=1, coins=[0, 1, 1, 1])
    not_needed, events = act(not_needed, 0, {"type": "step", "to": [1, 0]})  # the ring is not on B01
    assert "turn_ended" not in types(events) and legal(not_needed) == [{"type": "end_turn"}]


def test_M_T24_unused_mp_become_coins_from_the_bank():
    """M-T24: each unused MP gives a coin from the bank at the end of the turn (automatically)."""
    state = position(boats=[DOCK], heirs=FAR, mp=5, coins=[0, 1, 2, 3])
    after, events = act(state, 0, {"type": "end_turn"})
    assert types(events)[:2] == ["turn_ended", "coins_paid"]
    assert events[1] == {"type": "coins_paid", "seat": 0, "unit": 0, "from": "bank", "amount": 5}
    assert after["coins"] == [5, 1, 2, 3] and after["bank"] == 1


def test_X6_M_T25_a_short_bank_sends_the_seat_to_the_tied_richest_who_it_may_drain_alone():
    """X6 / M-T25: 3 MP unused, bank 1: 1 from the bank, 2 from the richest others; with two tied
    richest the seat picks each coin's source, and may take both from one of them."""
    state = position(boats=[DOCK], heirs=FAR, mp=3, coins=[0, 4, 4, 3], bank=1)
    state, events = act(state, 0, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "coins_paid", "shortfall_started"]
    assert state["phase"] == "coin_from" and state["richest"] == [1, 2] and state["owed"] == 2
    assert legal(state) == [{"type": "coin_from", "seat": 1}, {"type": "coin_from", "seat": 2}]
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "coin_from", "seat": 3})
    state, events = act(state, 0, {"type": "coin_from", "seat": 1})
    assert state["phase"] == "coin_from" and state["coins"][1] == 3  # R stays {1, 2}
    state, events = act(state, 0, {"type": "coin_from", "seat": 1})
    assert state["coins"] == [3, 2, 4, 3] and state["bank"] == 0
    assert "shortfall_ended" in types(events) and state["turn"] == 1 and state["phase"] == "play"


def test_M_T25_a_single_richest_pays_without_a_question_then_the_next_richest():
    """M-T25: no choice with one richest; once R is empty the richest of the others is found anew;
    with nobody left holding coins the rest is lost."""
    state = position(boats=[DOCK], heirs=FAR, mp=6, coins=[0, 2, 1, 0], bank=9)
    state = {**state, "bank": 0, "coins": [0, 2, 1, 0]}
    after, events = act(state, 0, {"type": "end_turn"})
    paid = [(e["from"], e["amount"]) for e in events if e["type"] == "coins_paid"]
    assert paid == [(1, 2), (2, 1)] and after["coins"] == [3, 0, 0, 0]
    assert "shortfall_started" not in types(events)


def test_M_T26_coins_are_conserved_in_every_transfer():
    """M-T26: bank + all seats = 12 (random games check it after every action too)."""
    state = position(boats=[DOCK], heirs=FAR, mp=3, coins=[0, 4, 4, 3], bank=1)
    state, _ = act(state, 0, {"type": "end_turn"})
    state, _ = acts(state, 0, {"type": "coin_from", "seat": 2}, {"type": "coin_from", "seat": 1})
    assert sum(state["coins"]) + state["bank"] == data.COINS_TOTAL


def test_bought_and_unused_mp_come_back_at_par():
    """A13: buying an MP and leaving it unused is allowed and nets zero."""
    state = position(boats=[DOCK], heirs=FAR, mp=0, coins=[2, 0, 0, 0])
    state, _ = act(state, 0, {"type": "buy_mp"})
    state, _ = act(state, 0, {"type": "end_turn"})
    assert state["coins"][0] == 2
