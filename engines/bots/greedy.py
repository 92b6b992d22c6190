"""The greedy bot: the action with the best immediate outcome.

For each legal action, on a few imagined states drawn with `sample`, it plays the action, lets
the other seats answer at random until this seat must choose again (so a sealed bid is judged
after every bid is in), and scores the result with the engine's heuristic.

Where a turn is many small moves by one seat (`Engine.plans_turns`), one move rarely shows its
worth alone, so it plans the turn instead with the planner's narrowest beam (width 1, no time
budget): the best-looking move after move to the end of the turn, keeping the best stop found.
"""
from __future__ import annotations

import random

from engines.bots.planner import choose_planned
from engines.bots.playout import advance, random_step, relative_value
from engines.core import Action, Engine, Seat

SAMPLES = 6
MAX_REPLY_STEPS = 12


def choose_greedy(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    if engine.plans_turns:
        return choose_planned(engine, view, seat, legal_actions, rng, budget_s=0.0, widest=1)
    values = action_values(engine, view, seat, legal_actions, rng, SAMPLES)
    return legal_actions[max(range(len(legal_actions)), key=values.__getitem__)]


def action_values(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random,
                  samples: int) -> list[float]:
    """Each action's summed value over `samples` imagined states (a tiny random part breaks ties)."""
    worlds = [engine.sample(view, seat, rng) for _ in range(samples)]
    return [sum(_value_after(engine, world, seat, action, rng) for world in worlds) + rng.random() * 1e-6
            for action in legal_actions]


def _value_after(engine: Engine, state, seat: Seat, action: Action, rng: random.Random) -> float:
    state = advance(engine, state, seat, action, rng)
    for _ in range(MAX_REPLY_STEPS):
        if engine.outcome(state) is not None or seat in engine.to_act(state):
            break
        state = random_step(engine, state, rng)
    return relative_value(engine, state, seat)
