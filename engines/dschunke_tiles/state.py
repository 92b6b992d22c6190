"""The game state: one dict, never mutated (copy-on-write).

Recorded fields (what `dump` writes):
  options, red (the red seat), deck (the draw pile, drawn from its end; secret), turn (0-based,
  22 turns), waiting (tiles drawn by the seat to move, not yet placed), selected (the waiting tile
  being placed, or None), anchor (chosen first-crate cell code, or None), backs (undos used on
  this tile), placed (every tile on the table: [tile, x, y, dir, level, seat]; the start tile
  first, seat -1), over.
Derived fields (rebuilt by `load` from `placed`, carried along incrementally by evolve):
  top    cell code -> (placement index, level, symbol) of the topmost tile
  fps    frozenset of legal footprint codes (geometry.py): the candidate placements
  scores live totals per colour [red, green]
"""
from __future__ import annotations

import functools

from engines.core import IllegalAction
from engines.dschunke_tiles import data, geometry, scoring
from engines.i18n import catalog

_, _ngettext = catalog(__file__)

RECORDED = ("options", "red", "deck", "turn", "waiting", "selected", "anchor", "backs", "placed", "over")
DERIVED = ("top", "fps", "scores")


def place(top: dict, fps: frozenset, scores: list[int], index: int, tile: int, anchor: int, direction: str):
    """Lay `tile` with its first crate on `anchor`, running `direction`, as placement `index`.

    Returns the new (top, fps, scores, level); the inputs are left unchanged. No validation.
    """
    cells = geometry.placement_cells(anchor, direction)
    symbols = data.SYMBOLS[tile]
    level = geometry.level_of(top, geometry.footprint_of(anchor, direction)) if top else 0
    change = scoring.delta(top, cells, symbols)
    new_top = dict(top)
    for cell, symbol in zip(cells, symbols):
        new_top[cell] = (index, level, symbol)
    new_fps = geometry.update_footprints(fps, new_top, cells, level)
    return new_top, new_fps, [scores[0] + change[0], scores[1] + change[1]], level


def start_placement() -> list:
    x, y = data.START_CELL
    return [data.START_TILE, x, y, data.START_DIR, 0, -1]


@functools.lru_cache(maxsize=512)
def _board(placements: tuple) -> tuple:
    if len(placements) > 1:
        top, fps, scores = _board(placements[:-1])
    else:
        top, fps, scores = {}, frozenset(), [0, 0]
    tile, x, y, direction, _, _ = placements[-1]
    top, fps, scores, _ = place(top, fps, scores, len(placements) - 1, tile, geometry.code(x, y), direction)
    return top, fps, tuple(scores)


def board(placed: list) -> tuple[dict, frozenset, list[int]]:
    """The derived fields for a list of placements (shared, cached: never mutate them)."""
    top, fps, scores = _board(tuple(map(tuple, placed)))
    return top, fps, list(scores)


def new_state(options: dict, red: int) -> dict:
    placed = [start_placement()]
    top, fps, scores = board(placed)
    return {
        "options": dict(options),
        "red": red,
        "deck": [],
        "turn": 0,
        "waiting": [],
        "selected": None,
        "anchor": None,
        "backs": 0,
        "placed": placed,
        "over": False,
        "top": top,
        "fps": fps,
        "scores": scores,
    }


def seat_to_move(state: dict) -> int:
    """L-T1: red moves on even turns, green on odd ones."""
    return state["red"] if state["turn"] % 2 == 0 else 1 - state["red"]


def step(state: dict) -> str:
    if state["over"]:
        return "over"
    if not state["waiting"]:
        return "between"  # transient: a turn has ended, the next draw follows in the same decide
    if state["selected"] is None:
        return "select"
    if state["anchor"] is None:
        return "anchor"
    return "orient"


def dump(state: dict) -> dict:
    out = {key: state[key] for key in RECORDED}
    out["placed"] = [list(row) for row in state["placed"]]
    out["anchor"] = None if state["anchor"] is None else geometry.xy(state["anchor"])
    return out


def load(payload) -> dict:
    if not isinstance(payload, dict) or set(payload) != set(RECORDED):
        raise IllegalAction("bad_snapshot", _("This is not a game state of Dschunke: the tile game."))
    try:
        placed = [list(row) for row in payload["placed"]]
        anchor = payload["anchor"]
        state = {key: payload[key] for key in RECORDED}
        state.update(
            placed=placed,
            deck=list(payload["deck"]),
            waiting=list(payload["waiting"]),
            options=dict(payload["options"]),
            anchor=None if anchor is None else geometry.code(*anchor),
        )
        top, fps, scores = board(placed)
    except (TypeError, ValueError, KeyError, IndexError) as error:  # chained: the traceback tells what broke
        raise IllegalAction("bad_snapshot", _("This is not a game state of Dschunke: the tile game.")) from error
    state.update(top=top, fps=fps, scores=scores)
    return state
