"""The bots' way out for a heir boxed in by boats (engines/dragon_market/escape.py): every square
beside it is a sailor or water that no single boat move fills, so no plan of one turn improves the
estimate, and the planner once ended its turns there for the rest of the game."""
import random

from engines.bots.planner import choose_planned
from engines.dragon_market import ENGINE
from engines.dragon_market.escape import escape_moves
from tests.engines.dragon_market.dragon_market_helpers import act, boat, position, steps_to

# Seat 0's heir on its corner pontoon (0, 0): boat 9's sailor on (0, 1) beside it, open water on
# (1, 0) that no single slide or quarter turn covers with goods (a layout met in a bot's game).
BOXED_BOATS = [
    boat("centre", (2, 5), "N", goods=(12, 17)), boat("end", (4, 2), "W", goods=(19, 8)),
    boat("centre", (1, 8), "N", goods=(16, 10)), boat("end", (1, 2), "N", goods=(4, 0)),
    boat("centre", (3, 8), "N", goods=(14, 9)), boat("end", (8, 9), "S", goods=(5, 15)),
    boat("centre", (6, 4), "S", goods=(18, 3)), boat("end", (9, 8), "S", goods=(7, 13)),
    boat("centre", (3, 4), "N", goods=(1, 2)), boat("end", (0, 1), "E", goods=(6, 11)),
]


def boxed(mp: int = 5, coins=(8, 3)) -> dict:
    return position(players=2, boats=[dict(b) for b in BOXED_BOATS], heirs=[(0, 0), (9, 9)],
                    objective=["B04", "B08"], coins=list(coins), mp=mp)


def test_a_boxed_heir_has_no_step_and_no_single_boat_move_gives_it_one():
    """M-T11, M-T12: the premise: the heir may step nowhere now, nor after any one boat move."""
    state = boxed()
    assert steps_to(state) == set()
    for action in ENGINE.legal_actions(state, 0):
        if action["type"] in ("slide", "rotate"):
            assert steps_to(act(state, 0, action)[0]) == set(), action


def test_the_way_out_is_the_fewest_boat_moves_after_which_the_heir_may_step():
    state = boxed(mp=20)
    moves = escape_moves(state, 0)
    assert 2 <= len(moves) <= 6
    for move in moves[:-1]:
        state = act(state, 0, move)[0]
        assert steps_to(state) == set()
    assert steps_to(act(state, 0, moves[-1])[0])


def test_a_heir_one_boat_move_from_a_step_has_no_way_out_to_play():
    """One move away, the planner's own search sees the step (goods brought beside the heir)."""
    state = boxed(mp=20)
    moves = escape_moves(state, 0)
    for move in moves[:-1]:
        state = act(state, 0, move)[0]
    assert escape_moves(state, 0) == []
    assert escape_moves(act(state, 0, moves[-1])[0], 0) == []


def test_out_of_movement_points_the_way_out_starts_by_buying_one():
    """M-T20: a coin buys the point the first boat move needs."""
    state = boxed(mp=0)
    assert ENGINE.unblocking_moves(state, 0)[0] == {"type": "buy_mp"}
    assert ENGINE.unblocking_moves(boxed(mp=0, coins=(0, 3)), 0)[:1] == [{"type": "buy_mp"}]
    assert ENGINE.unblocking_moves(state, 1) == []  # not seat 1's turn


def test_the_planner_walks_a_boxed_heir_off_its_pontoon():
    state, rng = boxed(), random.Random(1)
    for _ in range(3):  # turns of seat 0; seat 1 ends each of its turns at once
        while ENGINE.to_act(state) == {0}:
            legal = ENGINE.legal_actions(state, 0)
            state = act(state, 0, choose_planned(ENGINE, ENGINE.view(state, 0), 0, legal, rng, budget_s=0, widest=1))[0]
            if state["heirs"][0] != [0, 0]:
                return
        while ENGINE.outcome(state) is None and ENGINE.to_act(state) == {1}:
            state = act(state, 1, {"type": "end_turn"})[0]
    raise AssertionError("the heir never left its pontoon")
