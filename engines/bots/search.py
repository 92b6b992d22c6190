"""The search bot: flat Monte Carlo over imagined states (information-set sampling).

Each legal action gets playouts in turn: draw a state consistent with the seat's view, play the
action, let every seat play random moves for a bounded horizon, and score with the
engine's heuristic. The action with the best mean wins. The work is bounded by a playout count
and a wall-clock budget, whichever ends first.
"""
from __future__ import annotations

import random
import time

from engines.bots.playout import advance, random_step, relative_value
from engines.core import Action, Engine, Seat

PLAYOUTS = 240
HORIZON_STEPS = 40
TIME_BUDGET_S = 1.0


def choose_search(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    totals = [0.0] * len(legal_actions)
    counts = [0] * len(legal_actions)
    stop_at = time.monotonic() + TIME_BUDGET_S
    for playout in range(PLAYOUTS):
        index = playout % len(legal_actions)
        totals[index] += _playout(engine, engine.sample(view, seat, rng), seat, legal_actions[index], rng)
        counts[index] += 1
        if playout >= len(legal_actions) and time.monotonic() > stop_at:
            break
    means = [total / count if count else float("-inf") for total, count in zip(totals, counts)]
    return legal_actions[max(range(len(legal_actions)), key=means.__getitem__)]


def _playout(engine: Engine, state, seat: Seat, action: Action, rng: random.Random) -> float:
    state = advance(engine, state, seat, action, rng)
    for _ in range(HORIZON_STEPS):
        if engine.outcome(state) is not None:
            break
        state = random_step(engine, state, rng)
    return relative_value(engine, state, seat)
