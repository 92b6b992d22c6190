"""Every variant of every engine, read from its options() schema: the option sets the tests of
hidden information run each engine with, besides its defaults."""
from __future__ import annotations

import random

from engines.core import IllegalAction, start

# Options that change something only together (alone, the second is not used).
COMBINED = {"dragon_market": [{"variant": "advanced", "teams": True}],
            "dragon_boats": [{"short_game": True, "short_cards": "fixed"}]}


def player_counts(engine) -> range:
    return range(engine.min_players, engine.max_players + 1)


def variants(engine) -> list[dict]:
    """The option sets other than the defaults: each option with choices (an enum, a boolean) at
    each of its other values, and COMBINED."""
    found = []
    for key, spec in engine.options().get("properties", {}).items():
        values = spec.get("enum") or ([False, True] if spec.get("type") == "boolean" else [])
        found += [{key: value} for value in values if value != spec.get("default")]
    return found + COMBINED.get(engine.name, [])


def plays(engine, players: int, options: dict) -> bool:
    """Whether the engine sets up a game of `options` at this player count (a team game needs 4)."""
    try:
        start(engine, players, options, random.Random(0))
    except IllegalAction:
        return False
    return True


def label(options: dict) -> str:
    return "-".join(f"{key}={value}" for key, value in options.items()) or "defaults"
