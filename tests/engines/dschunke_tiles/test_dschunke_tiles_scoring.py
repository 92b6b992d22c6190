"""Scoring (L-C1 … L-C13) and the worked examples X1, X2, X6, X7."""
import pytest

from dschunke_tiles_helpers import ENGINE, place, position, sym, top_of
from engines.dschunke_tiles import data, geometry, scoring


def totals(cells):
    return dict(zip(data.COLOURS, scoring.colour_scores(top_of(cells))))


def test_X1_X2_the_books_scoring_example():
    """X1: four green sacks joined (+10), one green rat (-1): green 9. X2: two red rice side by
    side (+3), two red aubergines touching at a corner only (0): red 3. (L-C2, L-C3, L-C4, L-C8)"""
    cells = {
        (0, 0): ("green", "sack"), (1, 0): ("green", "sack"), (2, 0): ("green", "sack"), (2, 1): ("green", "sack"),
        (5, 5): ("green", "rat"),
        (0, 3): ("red", "rice"), (1, 3): ("red", "rice"),
        (4, 0): ("red", "aubergine"), (5, 1): ("red", "aubergine"),
    }
    assert totals(cells) == {"green": 9, "red": 3}
    groups = scoring.groups(top_of(cells))
    assert sorted((g["colour"], g["kind"], g["size"], g["points"]) for g in groups) == [
        ("green", "sack", 4, 10), ("red", "rice", 2, 3)]


@pytest.mark.parametrize("size, points", [(2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28), (8, 36), (9, 45),
                                          (10, 55), (11, 66)])
def test_L_C7_the_books_table(size, points):
    """L-C7: a straight group of n scores the table's value (2→3 … 11→66)."""
    assert scoring.points(size) == points
    assert totals({(x, 0): ("red", "fish") for x in range(size)}) == {"red": points, "green": 0}


def test_L_C7_groups_beyond_eleven_continue_the_series():
    """L-C7 (A8): 12 → 78, 13 → 91, 14 → 105."""
    assert [scoring.points(n) for n in (12, 13, 14)] == [78, 91, 105]
    snake = {(x, y): ("green", "rice") for x in range(4) for y in range(3)}  # 12 cells in a block
    assert totals(snake)["green"] == 78


def test_L_C8_single_symbols_score_nothing():
    """L-C8: a group of one is worth 0."""
    assert scoring.points(1) == 0
    assert totals({(0, 0): ("red", "sack"), (2, 0): ("red", "sack")}) == {"red": 0, "green": 0}


def test_L_C5_the_other_colour_breaks_a_group():
    """L-C5: same kind, other colour: separate groups."""
    cells = {(0, 0): ("green", "sack"), (1, 0): ("red", "sack"), (2, 0): ("green", "sack"), (3, 0): ("green", "sack")}
    assert totals(cells) == {"red": 0, "green": 3}
    other_kind = {(0, 0): ("red", "sack"), (1, 0): ("red", "rice")}
    assert totals(other_kind) == {"red": 0, "green": 0}


def test_X6_L_C6_levels_do_not_matter_for_joining():
    """X6, L-C6, L-C1: a red fish at level 0 and one at level 2, edge neighbours from above: 3."""
    cells = {(0, 0): ("red", "fish", 0), (1, 0): ("red", "fish", 2)}
    assert totals(cells) == {"red": 3, "green": 0}


def test_L_C1_only_the_top_symbol_counts_in_play():
    """L-C1, L-P14: covering a pair's cell with another symbol breaks the pair."""
    # 35 (red rice, red rice, green fish) runs west from (1,1): a red rice pair at (0,1) (1,1).
    # 1 (red rat, green aubergine, red aubergine) lies under the start tile.
    state = position(rows=[(35, 1, 1, "W"), (1, -1, -1, "E")], waiting=(21,), turn=2)
    assert state["scores"] == [3 - 1, 0]
    # 21 (green sack, green rice, red sack) crosswise over 1, S and 35 at x = 1.
    after, _ = place(state, 0, (1, -1), "N")
    shown = after["top"][geometry.code(1, 1)]
    assert shown[1] == 1 and shown[2] == sym("red", "sack")
    assert after["scores"] == scoring.colour_scores(after["top"]) == [-1, 0]


def test_X7_L_C9_rats_cost_one_only_while_visible():
    """X7, L-C9: each visible rat -1 to its colour; a covered rat costs nothing."""
    assert totals({(0, 0): ("green", "rat"), (1, 0): ("green", "rat"), (2, 0): ("red", "rat")}) == {
        "red": -1, "green": -2}
    # 2: green rat, red aubergine, green aubergine; 14: green rat, red rice, green aubergine.
    state = position(rows=[(2, -1, 1, "E"), (14, -1, 2, "E")], waiting=(17,), turn=2, red=0)
    rat = geometry.code(-1, 1)
    assert state["top"][rat][2] == sym("green", "rat")
    green_before = state["scores"][1]
    after, _ = place(state, 0, (-1, 0), "N")  # over S, 2 and 14 at x = -1
    assert after["top"][rat][1] == 1
    visible_green_rats = sum(1 for _, _, s in after["top"].values() if s == sym("green", "rat"))
    assert visible_green_rats == sum(1 for _, _, s in state["top"].values() if s == sym("green", "rat")) - 2
    assert after["scores"] == scoring.colour_scores(after["top"])
    assert after["scores"][1] >= green_before + 2 - 3  # two rats uncounted; at most a pair lost


def test_L_C9_rats_never_form_groups():
    """L-C9: neighbouring rats are just -1 each."""
    assert totals({(x, 0): ("red", "rat") for x in range(4)}) == {"red": -4, "green": 0}


def test_L_C10_the_start_emblem_neither_scores_nor_joins():
    """L-C10: red fish, emblem, red fish in a row is two singles."""
    top = top_of({(-1, 0): ("red", "fish"), (1, 0): ("red", "fish")})
    top[geometry.code(0, 0)] = (9, 0, data.BLANK)
    assert scoring.colour_scores(top) == [0, 0]
    assert scoring.groups(top) == []


def test_L_C11_scores_may_be_negative():
    """L-C11: rats alone give a negative total."""
    assert totals({(0, 0): ("red", "rat"), (3, 0): ("red", "rat")})["red"] == -2


def test_L_C12_L_C13_winner_draw_and_breakdown():
    """L-C12: higher score wins, equal scores share the win; L-C13: per seat total, groups, rats."""
    state = position(rows=[(35, 1, 1, "W")], waiting=(), turn=22, red=1, deck=[])
    state["over"] = True
    result = ENGINE.outcome(state)
    assert result["scores"] == [0, 3] and result["winners"] == [1] and result["ranking"] == [1, 0]
    red_row = result["breakdown"][1]
    assert red_row["colour"] == "red" and red_row["total"] == 3 and red_row["rats"] == 0
    assert red_row["groups"] == [{"colour": "red", "kind": "rice", "size": 2, "points": 3,
                                  "cells": [[0, 1], [1, 1]]}]
    level = position(rows=[], waiting=(), turn=22, red=0, deck=[])
    level["over"] = True
    tied = ENGINE.outcome(level)
    assert tied["scores"] == [0, 0] and tied["winners"] == [0, 1] and tied["draw"] is True


def test_L_C2_each_colour_belongs_to_one_seat():
    """L-C2: the red seat scores red symbols only."""
    for red in (0, 1):
        state = position(rows=[(35, 1, 1, "W")], waiting=(21,), turn=2, red=red)
        view = ENGINE.view(state, None)
        assert view["scores"][red] == 3 and view["scores"][1 - red] == 0
        assert view["players"][red]["colour"] == "red"


def test_delta_matches_a_full_recount():
    """The incremental score change equals rescoring the whole top view (many random boards)."""
    import random
    rng = random.Random(3)
    codes = list(range(10)) + [data.BLANK]
    for _ in range(400):
        top = {geometry.code(x, y): (0, 0, rng.choice(codes)) for x in range(5) for y in range(5) if rng.random() < 0.8}
        start = rng.choice(sorted(top))
        cells = [start, start + geometry.WIDTH, start + 2 * geometry.WIDTH]
        symbols = [rng.choice(codes) for _ in cells]
        after = dict(top)
        for cell, symbol in zip(cells, symbols):
            after[cell] = (1, 1, symbol)
        before, now = scoring.colour_scores(top), scoring.colour_scores(after)
        assert scoring.delta(top, cells, symbols) == [now[0] - before[0], now[1] - before[1]]


def test_the_fast_table_delta_matches_the_full_one():
    """The bots' shortcut for tiles on free cells gives the same change as `delta`."""
    import random
    rng = random.Random(4)
    codes = list(range(10)) + [data.BLANK]
    checked = 0
    for _ in range(1500):
        top = {geometry.code(x, y): (0, 0, rng.choice(codes[:6] + [data.BLANK]))
               for x in range(6) for y in range(6) if rng.random() < 0.6}
        start = geometry.code(rng.randrange(-1, 7), rng.randrange(-1, 7))
        step = rng.choice([geometry.WIDTH, 1])
        cells = [start, start + step, start + 2 * step]
        if any(cell in top for cell in cells):
            continue
        symbols = [rng.choice(codes[:6]) for _ in cells]
        index, sizes = scoring.group_index(top)
        assert scoring.delta_on_table(top, index, sizes, cells, symbols) == scoring.delta(top, cells, symbols)
        checked += 1
    assert checked > 300
