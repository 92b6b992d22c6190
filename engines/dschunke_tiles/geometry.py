"""The grid: cell codes, footprints, the placement test and the incremental set of legal footprints.

A cell (x, y) is coded as one int, (x + OFFSET) * WIDTH + (y + OFFSET), so that a neighbour is an
addition: east +WIDTH, north +1. The table is unbounded for play (L-P11): 43 tiles of 3 crates can
never reach a coordinate beyond ±130, far inside the code range.

A footprint is TILE_LENGTH collinear cells; it is coded as start * 2 + axis, where start is its
lowest cell (west or south end) and axis 0 runs east, 1 runs north.

`top` maps a covered cell to (placement index, level, symbol) of its topmost tile.
"""
from __future__ import annotations

from engines.dschunke_tiles import data

OFFSET = 1 << 9
WIDTH = 1 << 10
LIMIT = OFFSET - 2 * data.TILE_LENGTH  # coordinates beyond this are refused outright
L = data.TILE_LENGTH
assert L == 3, "level_of reads a tile's three cells one by one"
AXIS_STEP = (WIDTH, 1)  # east, north
# direction -> (step from the first crate, axis, whether the first crate is the footprint's start)
DIR_STEP = {"E": WIDTH, "N": 1, "W": -WIDTH, "S": -1}
DIR_AXIS = {"E": 0, "N": 1, "W": 0, "S": 1}
FORWARD = ("E", "N")
BACKWARD = ("W", "S")


def code(x: int, y: int) -> int:
    return (x + OFFSET) * WIDTH + (y + OFFSET)


def xy(cell: int) -> list[int]:
    return [cell // WIDTH - OFFSET, cell % WIDTH - OFFSET]


def in_range(x: int, y: int) -> bool:
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


def placement_cells(anchor: int, direction: str) -> list[int]:
    step = DIR_STEP[direction]
    return [anchor + i * step for i in range(L)]


def footprint_of(anchor: int, direction: str) -> int:
    """The footprint code of the tile whose first crate is `anchor`, running `direction`."""
    step = DIR_STEP[direction]
    start = anchor if step > 0 else anchor + (L - 1) * step
    return start * 2 + DIR_AXIS[direction]


def footprint_cells(fp: int) -> list[int]:
    start, step = fp >> 1, AXIS_STEP[fp & 1]
    return [start + i * step for i in range(L)]


def _ring(start: int, step: int) -> tuple[int, ...]:
    """Offsets (from start) of the cells sharing an edge with a footprint, outside it."""
    side = AXIS_STEP[1] if step == AXIS_STEP[0] else AXIS_STEP[0]
    cells = [-step, L * step]
    for i in range(L):
        cells += [i * step + side, i * step - side]
    return tuple(cells)


RING = (_ring(0, AXIS_STEP[0]), _ring(0, AXIS_STEP[1]))
CELL_OFFSETS = tuple(tuple(i * step for i in range(L)) for step in AXIS_STEP)  # per axis, from the start
NEIGHBOURS = (WIDTH, -WIDTH, 1, -1)


def level_of(top: dict, fp: int) -> int | None:
    """The level a tile on footprint `fp` would lie at, or None if it may not lie there.

    Table (L-P3, L-P4): every cell free and one of them sharing an edge with a covered cell.
    Raised (L-P5 … L-P8, L-P15): every cell covered, all tops at one level h - 1, and the tops not
    all of one tile; the new tile lies at h. Anything else (partly on the table) is refused.
    """
    start, step = fp >> 1, AXIS_STEP[fp & 1]
    get = top.get
    first, middle, last = get(start), get(start + step), get(start + 2 * step)  # the TILE_LENGTH (3) cells
    if first is None:
        if middle is not None or last is not None:
            return None  # L-P6: partly on the table, partly on tiles
        for offset in RING[fp & 1]:
            if start + offset in top:
                return 0
        return None  # L-P4: corner contact or no contact at all
    if middle is None or last is None:
        return None
    level = first[1]
    if middle[1] != level or last[1] != level:
        return None  # L-P7: supports of different heights
    if first[0] == middle[0] == last[0]:
        return None  # L-P8: exactly on one tile
    return level + 1


def footprints_through(cells) -> set[int]:
    """Every footprint that contains one of `cells`."""
    found = set()
    for cell in cells:
        for axis, step in enumerate(AXIS_STEP):
            for i in range(L):
                found.add((cell - i * step) * 2 + axis)
    return found


def update_footprints(fps: frozenset, top: dict, cells: list[int], level: int) -> frozenset:
    """The legal footprints after a tile at `level` covered `cells` (`top` already updated).

    Only footprints through the new cells can change, and for a table tile also those through the
    cells next to it (they may now touch the table's tiles). Never scans the whole table.
    """
    start = min(cells)
    axis = 0 if abs(cells[1] - cells[0]) == WIDTH else 1
    legal = set(fps)
    for offset in CHANGED_FOOTPRINTS[axis][level == 0]:
        fp = start * 2 + offset
        if level_of(top, fp) is None:
            legal.discard(fp)
        else:
            legal.add(fp)
    return frozenset(legal)


def _changed_footprints(axis: int, on_table: bool) -> tuple:
    """The footprints update_footprints looks at after a tile starting at cell 0 on `axis`, as
    offsets of footprint codes (a tile starting at `start` adds start * 2)."""
    cells = CELL_OFFSETS[axis]
    near = set(cells)
    if on_table:
        near.update(cell + offset for cell in cells for offset in NEIGHBOURS)
    return tuple(sorted(footprints_through(near)))


def anchors(fps, palindrome: bool) -> list[int]:
    """Cells that start at least one legal placement of a tile (L-P2: both ends, unless the tile
    reads the same both ways, whose placements are listed from the west/south end only)."""
    found = {fp >> 1 for fp in fps}
    if not palindrome:
        far = CELL_OFFSETS[0][-1], CELL_OFFSETS[1][-1]
        found.update([(fp >> 1) + far[fp & 1] for fp in fps])
    return sorted(found)


def directions(fps, anchor: int, palindrome: bool) -> list[str]:
    """The directions a tile anchored at `anchor` may run (L-P2; palindromes: E and N only)."""
    dirs = FORWARD if palindrome else data.DIRS
    return [d for d in data.DIRS if d in dirs and footprint_of(anchor, d) in fps]


def count_placements(fps, palindrome: bool) -> int:
    return len(fps) * (1 if palindrome else 2)


# Per axis and whether the tile lies on the table: _changed_footprints.
CHANGED_FOOTPRINTS = tuple((_changed_footprints(axis, False), _changed_footprints(axis, True)) for axis in (0, 1))
