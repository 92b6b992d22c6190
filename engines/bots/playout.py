"""Shared pieces of the look-ahead bots: applying actions to imagined states, and values."""
from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Engine, Seat


def advance(engine: Engine, state: Any, seat: Seat, action: Action, rng: random.Random) -> Any:
    """The state after `seat` plays `action` (events folded in)."""
    for event in engine.decide(state, seat, action, rng):
        state = engine.evolve(state, event)
    return state


def random_step(engine: Engine, state: Any, rng: random.Random) -> Any:
    """Every seat to act plays one random legal action (all of them in simultaneous phases)."""
    for seat in sorted(engine.to_act(state)):
        if seat in engine.to_act(state):
            state = advance(engine, state, seat, rng.choice(engine.legal_actions(state, seat)), rng)
    return state


def relative_value(engine: Engine, state: Any, seat: Seat) -> float:
    """The seat's estimated score minus the best estimate among the others: bots play to win."""
    result = engine.outcome(state)
    if result is not None:
        scores = result["scores"]
    else:
        scores = [engine.evaluate(state, other) for other in range(engine.players(state))]
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
