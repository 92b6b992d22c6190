"""The greedy bot: the action with the best immediate outcome.

For each legal action, on a few imagined states drawn with `sample`, it plays the action, lets
the other seats answer at random until this seat must choose again (so a sealed bid is judged
after every bid is in), and scores the result with the engine's heuristic.
"""
from __future__ import annotations

import random

from engines.bots.playout import advance, random_step, relative_value
from engines.core import Action, Engine, Seat

SAMPLES = 6
MAX_REPLY_STEPS = 12


def choose_greedy(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    worlds = [engine.sample(view, seat, rng) for _ in range(SAMPLES)]
    best_value, best = float("-inf"), legal_actions[0]
    for action in legal_actions:
        value = sum(_value_after(engine, world, seat, action, rng) for world in worlds) + rng.random() * 1e-6
        if value > best_value:
            best_value, best = value, action
    return best


def _value_after(engine: Engine, state, seat: Seat, action: Action, rng: random.Random) -> float:
    state = advance(engine, state, seat, action, rng)
    for _ in range(MAX_REPLY_STEPS):
        if engine.outcome(state) is not None or seat in engine.to_act(state):
            break
        state = random_step(engine, state, rng)
    return relative_value(engine, state, seat)
