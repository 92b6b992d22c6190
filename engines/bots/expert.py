"""The expert, the strongest bot: it thinks for TIME_BUDGET_S a move.

Where a turn is many small moves by one seat (`Engine.plans_turns`), it plans the whole turn
(bots/planner.py): the worth of such a move shows only with the moves that follow it. Elsewhere
it grows an information-set search tree over imagined deals (bots/ismcts.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engines.bots.ismcts import search
from engines.bots.planner import choose_planned
from engines.core import Action, Engine, Seat

TIME_BUDGET_S = 1.0


@dataclass(frozen=True)
class Advice:
    """The expert's move and what its search thinks of it (a player's hint)."""

    action: Action
    chance: float | None = None  # the tree search's estimate of the seat's share of a win after it
    games: int = 0  # the imagined games behind that estimate
    planned: bool = False  # the first move of a whole turn planned


def advise_expert(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Advice:
    if engine.plans_turns:
        return Advice(choose_planned(engine, view, seat, legal_actions, rng, TIME_BUDGET_S), planned=True)
    chosen = search(engine, view, seat, legal_actions, rng, TIME_BUDGET_S)
    if chosen is None:
        return Advice(rng.choice(legal_actions))
    return Advice(chosen.action, chosen.reward / chosen.visits, chosen.visits)


def choose_expert(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    return advise_expert(engine, view, seat, legal_actions, rng).action
