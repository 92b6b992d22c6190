"""Shared pieces of the look-ahead bots: applying actions to imagined states, and values."""
from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Engine, Seat


def advance(engine: Engine, state: Any, seat: Seat, action: Action, rng: random.Random) -> Any:
    """The state after `seat` plays `action`, one that `legal_actions(state, seat)` lists (the
    same list for every state that agrees with the seat's view), events folded in."""
    for event in engine.decide_listed(state, seat, action, rng):
        state = engine.evolve(state, event)
    return state


def without_undo(engine: Engine, legal_actions: list[Action]) -> list[Action]:
    """The legal actions a bot weighs: all but the engine's undo actions, which lead back to a
    position the bot has already weighed (the list is never left empty)."""
    undo = engine.undo_actions
    if not undo:
        return legal_actions
    return [action for action in legal_actions if action["type"] not in undo] or legal_actions


def bot_actions(engine: Engine, state: Any, seat: Seat) -> list[Action]:
    return without_undo(engine, engine.legal_actions(state, seat))


def random_step(engine: Engine, state: Any, rng: random.Random) -> Any:
    """Every seat to act plays one random legal action (all of them in simultaneous phases)."""
    for seat in sorted(engine.to_act(state)):
        if seat in engine.to_act(state):
            state = advance(engine, state, seat, rng.choice(bot_actions(engine, state, seat)), rng)
    return state


WIN_VALUE = 1000.0  # a won game outweighs any score margin


def relative_value(engine: Engine, state: Any, seat: Seat) -> float:
    """The seat's score minus the best score among the others: bots play to win.

    A finished game is judged by its winners first (an instant win may come with fewer points),
    then by the margin; a running one by the engine's estimate of the final scores.
    """
    result = engine.outcome(state)
    if result is not None:
        scores = result["scores"]
        bonus = WIN_VALUE if seat in result["winners"] else -WIN_VALUE
    else:
        scores = [engine.evaluate(state, other) for other in range(engine.players(state))]
        bonus = 0.0
    return bonus + scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
