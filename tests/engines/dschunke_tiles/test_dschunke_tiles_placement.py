"""Placement rules (L-P1 … L-P15) and the placement examples X3, X4, X5."""
import pytest

from dschunke_tiles_helpers import ENGINE, act, place, position
from engines.core import IllegalAction
from engines.dschunke_tiles import data, geometry


def placements(state, seat):
    """Every (anchor, dir) the steps offer for the selected tile."""
    found = []
    for anchor in ENGINE.legal_actions(state, seat):
        if anchor["type"] != "anchor":
            continue
        after, _ = act(state, seat, anchor)
        found += [(tuple(anchor["cell"]), o["dir"]) for o in ENGINE.legal_actions(after, seat) if o["type"] == "orient"]
    return found


def footprint(anchor, direction):
    cells = geometry.placement_cells(geometry.code(*anchor), direction)
    return frozenset(tuple(geometry.xy(cell)) for cell in cells)


def refused(state, seat, anchor, direction):
    """True if the placement (anchor, dir) is refused at the anchor or the orient step."""
    try:
        after, _ = act(state, seat, {"type": "anchor", "cell": list(anchor)})
        act(after, seat, {"type": "orient", "dir": direction})
    except IllegalAction as error:
        assert error.code in ("bad_cell", "bad_direction")
        return True
    return False


def placed_event(events):
    return next(event for event in events if event["type"] == "tile_placed")


def level_after(state, seat, anchor, direction):
    after, events = place(state, seat, anchor, direction)
    return [e for e in events if e["type"] == "tile_placed"][0]["level"]


def test_X3_first_move_has_24_footprints_48_placements():
    """X3, L-P2, L-P3: 24 footprints at level 0 around the start tile; 48 placements for a tile
    that reads differently both ways, 24 for a palindrome; no raised placement (L-P8)."""
    state = position(waiting=(1,), turn=0)
    found = placements(state, 0)
    assert len(found) == 48 and len(set(found)) == 48
    prints = {footprint(anchor, d) for anchor, d in found}
    assert len(prints) == 24
    horizontal = [p for p in prints if len({y for _, y in p}) == 1]
    assert len(horizontal) == 12
    assert all(geometry.level_of(state["top"], geometry.footprint_of(geometry.code(*a), d)) == 0 for a, d in found)
    for palindrome in sorted(data.PALINDROMES):
        assert len(placements(position(waiting=(palindrome,), turn=0), 0)) == 24


def test_L_P1_a_tile_covers_three_grid_cells_in_a_line():
    """L-P1: cells are whole grid cells in one row or column; off-grid cells are refused."""
    state = position(waiting=(1,), turn=0)
    _, events = place(state, 0, (2, 0), "E")
    assert placed_event(events)["cells"] == [[2, 0], [3, 0], [4, 0]]
    for bad in ([2.5, 0], [2, "0"], [2], [True, 0]):
        with pytest.raises(IllegalAction) as error:
            act(state, 0, {"type": "anchor", "cell": bad})
        assert error.value.code == "malformed"


def test_L_P2_four_directions_put_the_first_crate_on_the_anchor():
    """L-P2: the symbols run E, N, W or S from the first crate."""
    state = position(waiting=(3,), turn=0)  # red fish, red rat, green rice
    for direction, cells in [("E", [[2, 0], [3, 0], [4, 0]]), ("W", [[-2, 0], [-3, 0], [-4, 0]]),
                             ("N", [[0, 1], [0, 2], [0, 3]]), ("S", [[0, -1], [0, -2], [0, -3]])]:
        anchor = cells[0]
        _, events = place(state, 0, anchor, direction)
        placed = placed_event(events)
        assert placed["cells"] == cells and placed["dir"] == direction
        assert [s["kind"] for s in placed["symbols"]] == ["fish", "rat", "rice"]
    palindrome = position(waiting=(23,), turn=0)
    after, _ = act(palindrome, 0, {"type": "anchor", "cell": [2, 0]})
    assert [a["dir"] for a in ENGINE.legal_actions(after, 0) if a["type"] == "orient"] == ["E", "N"]
    assert refused(palindrome, 0, (4, 0), "W")  # the same placement, listed once from the west end
    assert not refused(state, 0, (4, 0), "W")


def test_L_P3_L_P4_table_tiles_must_share_an_edge():
    """L-P3: free cells and an edge shared with a tile; L-P4: a corner alone does not count."""
    state = position(waiting=(1,), turn=0)
    assert level_after(state, 0, (-1, 1), "E") == 0  # along the long side
    assert level_after(state, 0, (2, 0), "E") == 0  # at the short side
    assert refused(state, 0, (2, 1), "E")  # only the corner (1,0)-(2,1)
    assert refused(state, 0, (2, -1), "S")
    assert refused(state, 0, (5, 5), "E")  # no contact at all


def test_X4_L_P8_not_exactly_on_one_tile_but_shifted_by_one():
    """X4, L-P8, L-P13, L-P12: exactly on the start tile is refused; shifted by one onto the start
    tile and a neighbour of equal level it is accepted, touching no tile at its own level."""
    state = position(rows=[(1, 2, 0, "E")], waiting=(5,), turn=2)
    assert refused(state, 0, (-1, 0), "E")
    assert refused(state, 0, (1, 0), "W")
    assert refused(state, 0, (2, 0), "E")  # exactly on tile 1
    after, events = place(state, 0, (0, 0), "E")
    assert placed_event(events)["level"] == 1
    level_one = [row for row in after["placed"] if row[4] == 1]
    assert len(level_one) == 1  # L-P12: nothing else at its level


def test_X5_L_P7_supports_of_different_levels_are_refused():
    """X5, L-P7: a tile on tops of levels 1, 0, 0 is refused; on 0, 0, 0 of two tiles it is accepted."""
    rows = [(1, 2, 0, "E"), (2, 5, 0, "E"), (3, 0, 0, "E")]  # 3 lies on S + 1 at level 1
    state = position(rows=rows, waiting=(7,), turn=2)
    assert [row[4] for row in state["placed"]] == [0, 0, 0, 1]
    assert refused(state, 0, (2, 0), "E")  # (2,0) level 1, (3,0) (4,0) level 0
    assert refused(state, 0, (4, 0), "W")
    assert level_after(state, 0, (3, 0), "E") == 1  # tile 1 twice and tile 2: all level 0


def test_L_P5_L_P6_raised_tiles_need_every_cell_covered():
    """L-P5: all three cells covered at one level h-1; L-P6: never partly on the table."""
    state = position(rows=[(1, 2, 0, "E")], waiting=(5,), turn=2)
    assert refused(state, 0, (3, 0), "E")  # (5,0) is empty
    assert refused(state, 0, (1, 0), "N")  # (1,1) (1,2) empty
    assert level_after(state, 0, (1, 0), "E") == 1


def test_L_P9_allowed_raised_shapes():
    """L-P9: shifted by two onto two tiles; crosswise over three parallel tiles; crosswise over
    the cells of two and of three different tiles."""
    state = position(rows=[(1, 2, 0, "E")], waiting=(5,), turn=2)
    assert level_after(state, 0, (1, 0), "E") == 1  # S, 1, 1: shifted by two
    stacked = position(rows=[(1, -1, 1, "E"), (2, -1, 2, "E")], waiting=(5,), turn=2)
    assert level_after(stacked, 0, (0, 0), "N") == 1  # across S, 1 and 2
    assert level_after(stacked, 0, (-1, 2), "S") == 1
    two = position(rows=[(1, 0, 1, "N")], waiting=(5,), turn=2)  # 1 stands on (0,1)…(0,3)
    assert level_after(two, 0, (0, 0), "N") == 1  # S crosswise, 1 lengthwise
    three = position(rows=[(1, -1, 1, "E"), (2, 0, 2, "N")], waiting=(5,), turn=2)
    assert level_after(three, 0, (0, 0), "N") == 1  # S, 1, 2 all different


def test_L_P10_no_height_limit():
    """L-P10: a tile may lie at level 3 (and on), on level-2 tiles."""
    rows = [(1, 2, 0, "E"), (2, 5, 0, "E"), (3, 8, 0, "E"),  # level 0: S, 1, 2, 3 from x=-1 to 10
            (4, 0, 0, "E"), (5, 3, 0, "E"), (6, 6, 0, "E"),  # level 1
            (7, 1, 0, "E"), (8, 4, 0, "E")]  # level 2
    state = position(rows=rows, waiting=(9,), turn=2)
    assert [row[4] for row in state["placed"]] == [0, 0, 0, 0, 1, 1, 1, 2, 2]
    assert level_after(state, 0, (2, 0), "E") == 3


def test_L_P11_the_table_has_no_edge():
    """L-P11: placements go on in every direction, far from the start tile."""
    rows = [(tile, -4 - 3 * i, 0, "E") for i, tile in enumerate(range(1, 13))]  # 12 tiles westward
    state = position(rows=rows, waiting=(13,), turn=2)
    assert level_after(state, 0, (-38, 0), "W") == 0  # cells down to x = -40
    assert geometry.LIMIT > 3 * 43  # no reachable cell is out of range
    assert refused(state, 0, (10**9, 0), "E")  # junk coordinates are refused, not crashed on


def test_L_P14_tiles_never_move_and_covered_symbols_stay_covered():
    """L-P14: placements only append; a covered cell never shows its old symbol again."""
    state = position(rows=[(1, 2, 0, "E")], waiting=(5,), turn=2)
    before = [list(row) for row in state["placed"]]
    after, _ = place(state, 0, (0, 0), "E")
    assert after["placed"][: len(before)] == before
    covered = geometry.code(1, 0)  # the start tile's green fish, now under tile 5's middle crate
    assert state["top"][covered] == (0, 0, data.symbol_code("green", "fish"))
    assert after["top"][covered] == (len(before), 1, data.SYMBOLS[5][1])


def test_L_P15_the_level_is_not_chosen():
    """L-P15: actions carry no level; tile_placed reports the level the footprint gives."""
    state = position(rows=[(1, 2, 0, "E")], waiting=(5,), turn=2)
    after, _ = act(state, 0, {"type": "anchor", "cell": [0, 0]})
    with pytest.raises(IllegalAction) as error:
        act(after, 0, {"type": "orient", "dir": "E", "level": 0})
    assert error.value.code == "malformed"
    assert level_after(state, 0, (0, 0), "E") == 1
    assert level_after(state, 0, (0, 1), "E") == 0
