"""Boats: slides, quarter turns and the squares they sweep, riders (M-T3 to M-T10, X4)."""
import random

import pytest

from engines.core import IllegalAction
from engines.dragon_market import data, geometry, rules
from tests.engines.dragon_market.dragon_market_helpers import (
    act, boat, legal, of_type, position, snapshot)


def slides_of(state, index=0):
    return sorted(a["by"] for a in of_type(state, "slide") if a["boat"] == index)


def turns_of(state, index=0):
    return sorted(a["turn"] for a in of_type(state, "rotate") if a["boat"] == index)


def test_M_T3_slide_any_distance_along_the_length_for_one_mp():
    """M-T3: one MP slides a boat 1 or more squares forward or back along its length."""
    state = position(boats=[boat("centre", (4, 4), "E")], heirs=[(0, 0), (0, 9), (9, 9), (9, 0)])
    assert slides_of(state) == [-3, -2, -1, 1, 2, 3, 4]
    after, events = act(state, 0, {"type": "slide", "boat": 0, "by": 4})
    assert events[0]["type"] == "boat_slid" and after["boats"][0]["s"] == [8, 4]
    assert events[0]["from"] == [4, 4]  # the move names where the sailor's square was
    assert after["mp"] == state["mp"] - 1


def test_M_T4_boats_pontoons_and_the_edge_block_a_slide_and_there_is_no_sideways_move():
    """M-T4: a slide stops before another boat, a pontoon or the edge; boats never move sideways."""
    blocked = position(boats=[boat("centre", (4, 4), "E"), boat("end", (7, 3), "N")])
    assert slides_of(blocked) == [-3, -2, -1, 1]
    by_pontoon = position(boats=[boat("end", (3, 0), "E")])
    assert slides_of(by_pontoon) == [-2, -1, 1, 2, 3]  # pontoons (0, 0) and (9, 0) both stop it
    vertical = position(boats=[boat("end", (5, 5), "N")])
    assert {a["type"] for a in legal(vertical)} <= {"slide", "rotate", "step", "buy_mp", "end_turn"}
    assert slides_of(vertical) == [-5, -4, -3, -2, -1, 1, 2]


def test_M_T7_no_partial_slide():
    """M-T7: a slide longer than the free water is refused whole, and nothing changes."""
    state = position(boats=[boat("centre", (4, 4), "E"), boat("end", (7, 3), "N")])
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "slide", "boat": 0, "by": 2})
    assert error.value.code == "blocked" and snapshot(state) == before


def test_M_T5_quarter_turns_about_the_sailor():
    """M-T5: a quarter turn clockwise or counter-clockwise about the sailor square, grid-aligned."""
    state = position(boats=[boat("end", (4, 4), "E", goods=(3, 5))])
    assert turns_of(state) == ["ccw", "cw"]
    after, _ = act(state, 0, {"type": "rotate", "boat": 0, "turn": "cw"})
    assert after["boats"][0]["s"] == [4, 4] and after["boats"][0]["d"] == [0, -1]  # E turns to S (y up)
    after, _ = act(state, 0, {"type": "rotate", "boat": 0, "turn": "ccw"})
    assert after["boats"][0]["d"] == [0, 1]


def _blocker(cell, forbidden):
    """An end boat covering `cell` and none of `forbidden`."""
    for x in range(10):
        for y in range(10):
            for name, d in data.DIRS.items():
                cells = geometry.cells_of("end", (x, y), d)
                if cell in cells and not set(cells) & forbidden and all(
                        geometry.on_board(c) and c not in data.PONTOON_SET for c in cells):
                    return boat("end", (x, y), name, goods=(18, 19))
    raise AssertionError("no blocker")


SWEPT = {
    "centre": geometry.swept("centre", (4, 4), (1, 0), (0, -1)),
    "end": geometry.swept("end", (4, 4), (1, 0), (0, -1)),
}


def test_M_T6_swept_squares_are_the_ones_of_the_spec():
    """M-T6: centre boat: s+d', s-d' and the diagonals s+d+d', s-d-d'; end boat: s+d', s+2d' and
    the 2 x 2 block beside the arm."""
    assert set(SWEPT["centre"]) == {(4, 3), (4, 5), (5, 3), (3, 5)}
    assert set(SWEPT["end"]) == {(4, 3), (4, 2), (5, 3), (6, 3), (5, 2), (6, 2)}


@pytest.mark.parametrize("kind, cell", [(k, c) for k in ("centre", "end") for c in SWEPT[k]])
def test_X4_M_T6_one_boat_on_a_swept_square_blocks_the_turn_until_cleared(kind, cell):
    """X4 / M-T6 / M-T7: each swept square, when covered, forbids the turn; cleared, allows it."""
    turning = boat(kind, (4, 4), "E")
    own = set(geometry.boat_cells(turning))
    lone = {**geometry.occupancy([turning]), cell: (1, 0)}  # that square alone covered
    assert "cw" not in geometry.rotations([turning, turning], 0, lone)
    assert "cw" in geometry.rotations([turning], 0, geometry.occupancy([turning]))
    try:
        blocker = _blocker(cell, own | (set(SWEPT[kind]) - {cell}))
    except AssertionError:  # enclosed by the other swept squares: no 1 x 3 boat covers it alone
        blocker = _blocker(cell, own)
    state = position(boats=[turning, blocker])
    assert "cw" not in turns_of(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "rotate", "boat": 0, "turn": "cw"})
    assert error.value.code == "blocked" and snapshot(state) == before
    cleared = position(boats=[turning])
    assert "cw" in turns_of(cleared)
    act(cleared, 0, {"type": "rotate", "boat": 0, "turn": "cw"})


def test_M_T6_pontoons_and_the_edge_block_a_turn():
    """M-T6: swept squares must be on the board and not a pontoon."""
    near_edge = position(boats=[boat("end", (4, 1), "E")])
    assert turns_of(near_edge) == ["ccw"]  # cw would swing below row 0
    near_pontoon = position(boats=[boat("end", (2, 1), "W")])  # cells (2,1),(1,1),(0,1)
    assert "ccw" not in turns_of(near_pontoon)  # ccw from W is S: the block holds pontoon (0, 0)


def test_M_T8_M_T9_any_boat_moves_and_its_goods_and_heirs_ride_along():
    """M-T8: a boat carrying other heirs may be moved. M-T9: its stacks and heirs travel with it."""
    state = position(boats=[boat("centre", (4, 4), "E", goods=(3, 7))], heirs=[(0, 0), (5, 4), (9, 9), (3, 4)])
    after, _ = act(state, 0, {"type": "slide", "boat": 0, "by": 2})
    assert after["heirs"][1] == [7, 4] and after["heirs"][3] == [5, 4]
    assert after["boats"][0]["goods"] == [[3, 2], [7, 2]]
    turned, _ = act(state, 0, {"type": "rotate", "boat": 0, "turn": "ccw"})  # E -> N: (5,4) -> (4,5)
    assert turned["heirs"][1] == [4, 5] and turned["heirs"][3] == [4, 3]
    assert turned["heirs"][0] == [0, 0]


def test_M_T10_ordinary_moves_never_put_a_centre_sailor_on_the_border():
    """M-T10: slides keep the line and turns keep the sailor, so a centre sailor stays inside."""
    rng = random.Random(3)
    for _ in range(30):
        state = position(boats=[boat("centre", (rng.randrange(1, 9), rng.randrange(1, 9)), rng.choice("NE"))])
        for action in of_type(state, "slide") + of_type(state, "rotate"):
            after, _ = act(state, 0, action)
            assert not geometry.on_border(tuple(after["boats"][0]["s"]))


def test_fast_boat_moves_agree_with_the_plain_geometry():
    """The flat-grid fast path lists the same slides and turns as the reference functions."""
    from engines.core import start
    from engines.dragon_market import ENGINE

    for seed in range(25):
        state, _ = start(ENGINE, 4, {"boat_setup": "random"}, random.Random(seed))
        boats = state["boats"]
        occ = geometry.occupancy(boats)
        fast = sorted(map(str, geometry.plain_moves(boats, geometry.flat_grid(boats))))
        slow = sorted(map(str, [(i, "slide", by) for i in range(len(boats)) for by in geometry.slides(boats, i, occ)]
                          + [(i, "rotate", t) for i in range(len(boats)) for t in geometry.rotations(boats, i, occ)]))
        assert fast == slow


def test_a_boats_lanes_never_cross_its_own_squares():
    """The fast path reads any boat on a square ahead of a boat or in its sweep as a blocker: its
    own squares are never there."""
    for (kind, x, y, dx, dy), (rays, turns) in geometry.LANES.items():
        own = {cx * data.SIZE + cy for cx, cy in geometry.cells_of(kind, (x, y), (dx, dy))}
        assert not own & {square for ray in rays for square, _, _ in ray}
        assert not own & {square for _, squares in turns for square in squares}


def test_M_S5_M_S6_fast_placements_agree_with_the_plain_geometry():
    """The flat-grid placements list the same squares and facings, in the same order, as the
    reference function, on boards with any number of boats placed."""
    from engines.core import start
    from engines.dragon_market import ENGINE

    for seed in range(25):
        state, _ = start(ENGINE, 2 + seed % 3, {"boat_setup": "random"}, random.Random(seed))
        for placed in range(len(state["boats"]) + 1):
            boats = state["boats"][:placed]
            for kind in data.BOAT_KINDS:
                fast = geometry.grid_placements(kind, geometry.flat_grid(boats))
                slow = geometry.placements(kind, geometry.occupancy(boats))
                assert list(fast.items()) == list(slow.items())


def test_M_T3_M_T4_M_T6_a_listed_slide_or_turn_lands_where_the_plain_geometry_puts_it():
    """decide reads slides and quarter turns from the listed moves: along random games, every
    slide distance and turn of every boat is allowed or refused, and lands, as the reference
    functions say."""
    from engines.core import start
    from engines.dragon_market import ENGINE

    for seed in range(12):
        rng = random.Random(seed)
        state, _ = start(ENGINE, 2 + seed % 3, {"boat_setup": "random"}, random.Random(seed))
        for _ in range(120):
            boats = state["boats"]
            occ = geometry.occupancy(boats)
            for index in range(len(boats)):
                slides, turns = geometry.slides(boats, index, occ), geometry.rotations(boats, index, occ)
                for by in [by for by in range(-data.SIZE, data.SIZE + 1) if by]:
                    assert geometry.plain_move(boats, index, "slide", by) == slides.get(by)
                for turn in geometry.TURNS:
                    assert geometry.plain_move(boats, index, "rotate", turn) == turns.get(turn)
            if ENGINE.outcome(state) is not None:
                break
            seat = min(ENGINE.to_act(state))
            for event in ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng):
                state = ENGINE.evolve(state, event)


def test_facts_carried_over_a_boat_move_are_the_ones_worked_out_afresh():
    """A boat move hands its occupancy, grid and the unaffected boats' moves on to the new list
    of boats: along random games they equal what the plain functions work out."""
    from engines.core import start
    from engines.dragon_market import ENGINE

    for seed in range(6):
        rng = random.Random(seed)
        state, _ = start(ENGINE, 2 + seed % 3, {"boat_setup": "random"}, random.Random(seed))
        for _ in range(300):
            if ENGINE.outcome(state) is not None:
                break
            boats = state["boats"]
            assert geometry.boat_occupancy(boats) == geometry.occupancy(boats)
            assert geometry.boat_grid(boats) == geometry.flat_grid(boats)
            assert geometry.boat_moves(boats) == geometry.plain_moves(boats, geometry.flat_grid(boats))
            seat = min(ENGINE.to_act(state))
            for event in ENGINE.decide_listed(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng):
                state = ENGINE.evolve(state, event)


def test_a_boat_move_needs_a_movement_point():
    state = position(boats=[boat("centre", (4, 4), "E")], mp=0, coins=[1, 0, 0, 0])
    assert of_type(state, "slide") == [] and {a["type"] for a in legal(state)} == {"buy_mp", "end_turn"}
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "slide", "boat": 0, "by": 1})
    assert error.value.code == "no_mp"
    assert rules.legal_actions(state, 1) == []
