"""The bots' estimate of a running game: the live score, plus what the seat to move can still
make of the tiles it must place this turn.

Each waiting tile is judged by its best placement on the present table (best for the mover's
margin); for the tile being placed, the chosen anchor narrows this to its directions. An open
step costs the mover a hair (STEP_COST), so that of two equal prospects the one nearer to done
wins, and taking a choice back never looks as good as making it.
"""
from __future__ import annotations

from engines.dschunke_tiles import data, geometry, scoring
from engines.dschunke_tiles.state import seat_to_move, step

LOOKAHEAD_WEIGHT = 1.0  # how much the waiting tiles' best placements count
STEP_COST = 0.01
# Boards whose group index and tile prospects are kept, by their placements: a search meets the
# same board again and again in imagined games (each with its own copy of the table).
BOARDS_KEPT = 1024
_boards: dict = {}  # placements -> (group index, {(tile, mover colour): change})
_last: dict = {}


def _board(state: dict) -> tuple:
    """The kept (group index, prospects) of the state's board."""
    key = tuple(map(tuple, state["placed"]))
    cached = _boards.get(key)
    if cached is None:
        if len(_boards) >= BOARDS_KEPT:
            _boards.clear()
        cached = _boards[key] = (scoring.group_index(state["top"]), {})
    return cached


def _best(top: dict, board: tuple, mover: int, options) -> list[int]:
    """The score change of the option (tile, anchor, dir) best for the mover's margin."""
    index, sizes = board[0]
    best, best_margin = [0, 0], None
    for tile, anchor, direction in options:
        cells = geometry.placement_cells(anchor, direction)
        if cells[0] in top or cells[1] in top or cells[2] in top:
            change = scoring.delta(top, cells, data.SYMBOLS[tile])
        else:
            change = scoring.delta_on_table(top, index, sizes, cells, data.SYMBOLS[tile])
        margin = change[mover] - change[1 - mover]
        if best_margin is None or margin > best_margin:
            best, best_margin = change, margin
    return best


def _tile_best(state: dict, board: tuple, tile: int, mover: int) -> list[int]:
    """The best change one tile can make anywhere on the table, remembered per board."""
    prospects = board[1]
    key = (tile, mover)
    if key not in prospects:
        options = []
        palindrome = tile in data.PALINDROMES
        far = geometry.L - 1
        for fp in state["fps"]:
            start, axis = fp >> 1, fp & 1
            options.append((tile, start, geometry.FORWARD[axis]))
            if not palindrome:
                options.append((tile, start + far * geometry.AXIS_STEP[axis], geometry.BACKWARD[axis]))
        prospects[key] = _best(state["top"], board, mover, options)
    return prospects[key]


def colour_values(state: dict) -> list[float]:
    cached = _last.get("state")
    if cached is not None and cached[0] is state:
        return cached[1]
    scores = state["scores"]
    now = step(state)
    values = [float(scores[0]), float(scores[1])]
    if now in ("select", "anchor", "orient"):
        mover = scoring.seat_colour(state, seat_to_move(state))
        board = _board(state)
        others = list(state["waiting"])
        changes = []
        if now != "select":
            tile = state["selected"]
            others.remove(tile)
            if now == "orient":
                anchor = state["anchor"]
                dirs = geometry.directions(state["fps"], anchor, tile in data.PALINDROMES)
                changes.append(_best(state["top"], board, mover, [(tile, anchor, d) for d in dirs]))
            else:
                changes.append(_tile_best(state, board, tile, mover))
        changes += [_tile_best(state, board, other, mover) for other in others]
        for change in changes:
            values[0] += LOOKAHEAD_WEIGHT * change[0]
            values[1] += LOOKAHEAD_WEIGHT * change[1]
        open_steps = {"select": 1, "anchor": 2, "orient": 1}[now] + 2 * len(others)
        values[mover] -= STEP_COST * open_steps
    _last["state"] = (state, values)
    return values


def evaluate(state: dict, seat: int) -> float:
    if state["over"]:
        return float(state["scores"][scoring.seat_colour(state, seat)])
    return colour_values(state)[scoring.seat_colour(state, seat)]
