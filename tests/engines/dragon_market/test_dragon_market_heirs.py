"""Heirs: steps, sailors, crossing other heirs, collecting (M-T11 to M-T19, X1, X5)."""
import pytest

from engines.core import IllegalAction
from engines.dragon_market import data
from tests.engines.dragon_market.dragon_market_helpers import (
    K, act, acts, boat, legal, of_type, position, snapshot, steps_to, types)

FAR = [(0, 0), (0, 9), (9, 9), (9, 0)]  # every heir at home

# Seat 0's objective B01: necklace, frog, Buddha statue, snake.
DOCK = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))  # cells (3,0) sailor, (2,0), (1,0)


def cross_board(heirs=FAR, **fields):
    """X5 layout: a centre boat with its sailor on (5, 4) and a vertical end boat above (4, 4)."""
    boats = [boat("centre", (5, 4), "E", goods=(K["Buddha statue"], K["teapot"])),  # (4,4) (5,4)S (6,4)
             boat("end", (4, 7), "S", goods=(K["frog"], K["snake"]))]  # (4,7)S (4,6) (4,5)
    return position(boats=boats, heirs=heirs, **fields)


def test_M_T11_M_T15_an_heir_steps_from_its_pontoon_onto_a_boat_for_one_mp():
    """M-T11: 1 MP per orthogonal step. M-T15: pontoon to boat is an ordinary step."""
    state = position(boats=[DOCK], heirs=FAR)
    assert steps_to(state) == {(1, 0)}
    after, events = act(state, 0, {"type": "step", "to": [1, 0]})
    assert events[0] == {"type": "heir_moved", "seat": 0, "from": [0, 0], "to": [1, 0], "how": "step", "cost": 1}
    assert after["mp"] == 6 and after["heirs"][0] == [1, 0]
    assert steps_to(after) == {(0, 0), (2, 0)}


def test_X5_M_T12_M_T14_the_listed_steps_are_the_walkable_orthogonal_squares():
    """X5: from (4, 4) only (4, 5) is walkable: (5, 4) is a sailor (M-T14), the rest water (M-T12)."""
    state = cross_board(heirs=[(4, 4), (0, 9), (9, 9), (9, 0)])
    assert steps_to(state) == {(4, 5)}
    for square in ([5, 4], [3, 4], [4, 3], [5, 5], [0, 9]):
        with pytest.raises(IllegalAction) as error:
            act(state, 0, {"type": "step", "to": square})
        assert error.value.code == "bad_step"


def test_M_T12_another_colours_pontoon_is_closed():
    """M-T12: an heir never enters another colour's pontoon."""
    boats = [boat("end", (3, 9), "W", goods=(K["necklace"], K["ring"]))]  # (3,9) S, (2,9), (1,9)
    state = position(boats=boats, heirs=[(1, 9), (0, 9), (9, 9), (9, 0)])
    assert (0, 9) not in steps_to(state, 0)
    home = position(boats=boats, heirs=[(0, 0), (1, 9), (9, 9), (9, 0)], turn=1)
    assert (0, 9) in steps_to(home, 1)


def test_X5_M_T13_an_occupied_square_can_be_crossed_but_not_stopped_on():
    """X5 / M-T13: seat 0 may enter (4, 5), held by seat 1, only to move on; meanwhile it can only
    step, take the good there or buy MP, not end its turn nor move a boat."""
    state = cross_board(heirs=[(4, 4), (4, 5), (9, 9), (9, 0)])
    assert steps_to(state) == {(4, 5)}
    crossing, _ = act(state, 0, {"type": "step", "to": [4, 5]})
    assert {a["type"] for a in legal(crossing)} == {"step", "take"}  # the snake of B01 lies on (4, 5)
    assert steps_to(crossing) == {(4, 4), (4, 6)}
    before = snapshot(crossing)
    for action in ({"type": "end_turn"}, {"type": "slide", "boat": 0, "by": 1}):
        with pytest.raises(IllegalAction) as error:
            act(crossing, 0, action)
        assert error.value.code == "crossing" and snapshot(crossing) == before
    on, _ = act(crossing, 0, {"type": "step", "to": [4, 6]})
    assert on["heirs"][0] == [4, 6] and "end_turn" in {a["type"] for a in legal(on)}


def test_M_T13_no_crossing_step_without_the_mp_to_get_off_again():
    """M-T13: the step onto an occupied square is offered only if a free square is then reachable
    with the MP left and the coins still buyable."""
    blocked = cross_board(heirs=[(4, 4), (4, 5), (9, 9), (9, 0)], mp=1)
    assert (4, 5) not in steps_to(blocked)  # 1 MP and no coin: it would be stuck on (4, 5)
    with pytest.raises(IllegalAction):
        act(blocked, 0, {"type": "step", "to": [4, 5]})
    enough = cross_board(heirs=[(4, 4), (4, 5), (4, 6), (9, 0)], mp=1, coins=[1, 0, 0, 0])
    assert (4, 5) in steps_to(enough)  # back to (4,4) with the coin's MP
    crossing, _ = act(enough, 0, {"type": "step", "to": [4, 5]})
    assert legal(crossing) == [{"type": "take"}, {"type": "buy_mp"}]  # the snake of B01 may be taken
    bought, _ = act(crossing, 0, {"type": "buy_mp"})
    assert steps_to(bought) == {(4, 4)}


def test_X1_M_T16_passing_an_heir_the_good_under_it_may_still_be_taken():
    """X1 (Dao passing Thanh): the Buddha statue under another heir may be taken in passing, for no
    MP, and the heir must move on all the same."""
    boats = [boat("end", (4, 7), "S", goods=(K["Buddha statue"], K["frog"])),  # (4,6) statue, (4,5) frog
             boat("centre", (5, 4), "E", goods=(K["teapot"], K["kite"]))]
    state = position(boats=boats, heirs=[(4, 4), (4, 6), (9, 9), (9, 0)], held=[[K["frog"]], [], [], []])
    state, _ = act(state, 0, {"type": "step", "to": [4, 5]})
    assert of_type(state, "take") == []  # frog already held
    state, events = act(state, 0, {"type": "step", "to": [4, 6]})
    assert types(events) == ["heir_moved"] and events[0]["cost"] == 1
    state, events = act(state, 0, {"type": "take"})
    assert events == [{"type": "goods_taken", "seat": 0, "unit": 0, "kind": K["Buddha statue"], "boat": 0, "slot": 0}]
    assert state["boats"][0]["goods"][0] == [K["Buddha statue"], 1] and state["mp"] == 5
    assert {a["type"] for a in legal(state)} <= {"step", "buy_mp"}


def test_M_T16_M_T17_M_T18_taking_is_a_free_choice_and_limited():
    """M-T16/M-T18: on a square of a needed kind the heir may take one token (`take`, no MP);
    stepping on takes nothing. M-T17: never a kind off the objective, never a second token."""
    state = position(boats=[DOCK], heirs=FAR)
    state, _ = act(state, 0, {"type": "step", "to": [1, 0]})  # ring: not on B01
    assert of_type(state, "take") == []
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "take"})
    assert error.value.code == "nothing_to_take"
    state, events = act(state, 0, {"type": "step", "to": [2, 0]})  # necklace: on B01
    assert types(events) == ["heir_moved"] and state["held"][0] == [] and of_type(state, "take") == [{"type": "take"}]
    state, events = act(state, 0, {"type": "take"})
    assert types(events) == ["goods_taken"] and state["mp"] == 5
    assert state["held"][0] == [K["necklace"]] and state["boats"][0]["goods"][0] == [K["necklace"], 1]
    assert of_type(state, "take") == []
    state, _ = acts(state, 0, {"type": "step", "to": [1, 0]}, {"type": "step", "to": [2, 0]})
    assert of_type(state, "take") == [] and state["held"][0] == [K["necklace"]]


def test_M_T18_a_declined_good_stays_and_can_be_taken_while_the_heir_stands_there():
    """M-T18 (ruling): declining is doing something else; the good stays on the boat, and the heir
    may still take it later while it stands on that square (here after a slide carried it)."""
    state = position(boats=[DOCK, boat("centre", (5, 5), "N", goods=(K["teapot"], K["kite"]))], heirs=FAR)
    state, _ = acts(state, 0, {"type": "step", "to": [1, 0]}, {"type": "step", "to": [2, 0]},
                    {"type": "slide", "boat": 1, "by": 1})
    assert state["boats"][0]["goods"][0] == [K["necklace"], 2] and state["held"][0] == []
    state, events = act(state, 0, {"type": "take"})
    assert types(events) == ["goods_taken"] and state["held"][0] == [K["necklace"]]


def test_M_T19_collected_goods_are_public():
    """M-T19: every viewer sees the tokens a seat holds."""
    from engines.dragon_market import ENGINE

    state = position(boats=[DOCK], heirs=FAR, held=[[K["necklace"]], [], [], []])
    for viewer in (None, 0, 1, 2, 3):
        assert ENGINE.view(state, viewer)["units"][0]["held"] == [K["necklace"]]


def test_the_heir_needs_the_mp_for_a_step():
    state = position(boats=[DOCK], heirs=FAR, mp=0, coins=[0, 1, 1, 1])
    assert of_type(state, "step") == []


def test_team_pontoon_of_the_partner_is_closed_too():
    """M-T12 with teams: only its own pontoon is open to an heir (M-G6 names its own pontoon)."""
    boats = [boat("end", (3, 9), "W", goods=(K["necklace"], K["ring"]))]
    state = position(boats=boats, heirs=[(1, 9), (0, 9), (9, 9), (9, 0)], coins=[0, 0],
                     options={"teams": True}, objective=["B01", "B02"])
    assert (0, 9) not in steps_to(state, 0) and data.CORNERS[4][1] == 1
