"""Shared pieces of the Dschunke: das Legespiel tests: hand-made boards, one-call play, random
games, and `steps_per_second` (a timing function for tests/bench/engine_bench.py)."""
from __future__ import annotations

import json
import random
import time

from engines.core import command_rng, fold, play, resolve_options
from engines.dschunke_tiles import ENGINE, data, geometry
from engines.dschunke_tiles.state import board, new_state, start_placement

DEFAULTS = resolve_options(ENGINE, None)
RED_FIRST = resolve_options(ENGINE, {"colours": "seat0_red"})
MAX_ACTIONS = 5000  # a game has about 130 steps; a loop is a bug


def sym(colour: str, kind: str) -> int:
    return data.symbol_code(colour, kind)


def top_of(cells: dict) -> dict:
    """A top view from {(x, y): (colour, kind) or (colour, kind, level, tile index)}."""
    top = {}
    for (x, y), spec in cells.items():
        colour, kind, *rest = spec
        level, index = (rest + [0, None])[:2]
        top[geometry.code(x, y)] = (index if index is not None else len(top), level, sym(colour, kind))
    return top


def position(rows=(), waiting=(1, 2), turn=1, red=0, deck=None, selected=None, anchor=None, backs=0) -> dict:
    """A state whose table holds the start tile and `rows` ((tile, x, y, dir[, seat]) each), with
    `waiting` drawn by the seat of `turn` (red moves on even turns)."""
    placed = [start_placement()]
    for row in rows:
        tile, x, y, direction, *seat = row
        top, fps, _ = board(placed)
        fp = geometry.footprint_of(geometry.code(x, y), direction)
        assert fp in fps, f"illegal test placement {row}"
        placed.append([tile, x, y, direction, geometry.level_of(top, fp), seat[0] if seat else 0])
    top, fps, scores = board(placed)
    state = new_state(dict(RED_FIRST), red)
    used = {row[0] for row in placed} | set(waiting)
    state.update(
        placed=placed, top=top, fps=fps, scores=scores, turn=turn, waiting=list(waiting),
        deck=[tile for tile in data.GOODS_TILES if tile not in used] if deck is None else list(deck),
        selected=waiting[0] if len(waiting) == 1 and selected is None else selected,
        anchor=None if anchor is None else geometry.code(*anchor), backs=backs,
    )
    return state


def act(state: dict, seat: int, action: dict, seed: int = 0):
    return play(ENGINE, state, seat, action, random.Random(seed))


def place(state: dict, seat: int, cell, direction: str, tile: int | None = None):
    """Select `tile` (when two wait), anchor on `cell`, orient; returns (state, events)."""
    events = []
    if state["selected"] is None:
        state, new = act(state, seat, {"type": "select", "tile": tile})
        events += new
    for action in ({"type": "anchor", "cell": list(cell)}, {"type": "orient", "dir": direction}):
        state, new = act(state, seat, action)
        events += new
    return state, events


def snapshot(state: dict) -> str:
    return json.dumps(ENGINE.dump(state), sort_keys=True)


def types(events) -> list[str]:
    return [event["type"] for event in events]


def random_game(seed: int, each_step=None, options=None):
    """A game of uniformly random legal actions: (final state, full event log)."""
    table = f"t{seed}"
    log = ENGINE.setup(2, options or DEFAULTS, command_rng(table, 0))
    state = fold(ENGINE, log)
    chooser = random.Random(seed)
    for number in range(MAX_ACTIONS):
        if ENGINE.outcome(state) is not None:
            return state, log
        if each_step:
            each_step(state)
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        events = ENGINE.decide(state, seat, chooser.choice(legal), command_rng(table, number + 1))
        state = fold(ENGINE, events, state)
        log += events
    raise AssertionError("the game did not end")


def steps_per_second(games: int = 20, seed: int = 0) -> float:
    """Random-play steps (legal_actions + decide + evolve) per second, set-up excluded: the same
    loop as tests/bench/engine_bench.py, callable from it for this engine."""
    steps, seconds = 0, 0.0
    for number in range(games):
        rng = random.Random(seed + number)
        state = fold(ENGINE, ENGINE.setup(2, DEFAULTS, command_rng(str(seed + number), 0)))
        started = time.perf_counter()
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.to_act(state))
            action = rng.choice(ENGINE.legal_actions(state, seat))
            for event in ENGINE.decide(state, seat, action, rng):
                state = ENGINE.evolve(state, event)
            steps += 1
        seconds += time.perf_counter() - started
    return steps / seconds
