"""Random games of a compiled engine package, recorded so that the compiled modules and their
sources can be compared (tests/engines/test_native.py runs this module with the sources):

    python -m tests.engines.native_games PACKAGE

prints one JSON document: per game, every step's legal actions, events and error codes for junk
actions, and the final state's snapshot.
"""
from __future__ import annotations

import json
import random
import sys

from engines import native, registry
from engines.core import IllegalAction, start
from tests.engine_variants import variants

SEEDS = range(6)
# Refused by any engine; with a seat not to act, and a listed action of the seat to act by
# another seat (each step).
JUNK = [None, 3, {"type": "no_such_action"}, {"type": ["list"]}, {"type": "bid", "cards": {"brown": True}}]


def record(engine, players: int, options: dict, seed: int) -> dict:
    """One random game: per step what was listed, what was refused and what happened."""
    rng = random.Random(seed)
    state, _ = start(engine, players, options, random.Random(seed))
    steps = []
    while engine.outcome(state) is None and len(steps) < 3000:
        seat = rng.choice(sorted(engine.to_act(state)))
        legal = engine.legal_actions(state, seat)
        refused = []
        for junk in JUNK + [rng.choice(legal)]:
            try:
                engine.decide(state, (seat + 1) % players, junk, rng)
            except IllegalAction as error:
                refused.append(error.code)
        events = engine.decide(state, seat, rng.choice(legal), rng)
        for event in events:
            state = engine.evolve(state, event)
        steps.append({"legal": legal, "refused": refused, "events": events})
    return {"steps": steps, "end": engine.dump(state), "outcome": engine.outcome(state)}


def games(package: str) -> dict:
    engine = registry.get(package.rsplit(".", 1)[1])
    option_sets = [{}, *variants(engine)]
    return {"compiled": native.in_use(package),
            "games": [record(engine, players, {**engine.bots_only_options, **option_sets[seed % len(option_sets)]}, seed)
                      for seed in SEEDS for players in range(engine.min_players, engine.max_players + 1)]}


if __name__ == "__main__":
    json.dump(games(sys.argv[1]), sys.stdout)
