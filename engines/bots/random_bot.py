"""The baseline bot: a uniformly random legal action."""
from __future__ import annotations

import random

from engines.core import Action, Engine, Seat


def choose_random(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal_actions)
