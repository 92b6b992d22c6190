"""The expert, the strongest bot: it thinks for TIME_BUDGET_S a move.

Where a turn is many small moves by one seat (`Engine.plans_turns`), it plans the whole turn
(bots/planner.py): the worth of such a move shows only with the moves that follow it. Elsewhere
it grows an information-set search tree over imagined deals (bots/ismcts.py).
"""
from __future__ import annotations

import random

from engines.bots.ismcts import choose_ismcts
from engines.bots.planner import choose_planned
from engines.core import Action, Engine, Seat

TIME_BUDGET_S = 1.0


def choose_expert(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    if engine.plans_turns:
        return choose_planned(engine, view, seat, legal_actions, rng, TIME_BUDGET_S)
    return choose_ismcts(engine, view, seat, legal_actions, rng, TIME_BUDGET_S)
