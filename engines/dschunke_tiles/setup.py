"""Set-up events: the colour draw (L-S2), the shuffled pile (L-S4) and red's first draw (L-T2)."""
from __future__ import annotations

import random

from engines.dschunke_tiles import data


def setup_events(players: int, options: dict, rng: random.Random) -> list[dict]:
    red = rng.randrange(data.PLAYERS) if options.get("colours", "random") == "random" else 0
    deck = list(data.GOODS_TILES)
    rng.shuffle(deck)
    first = draw(deck, data.FIRST_TURN_TILES)
    return [
        {"type": "game_created", "players": players, "options": dict(options), "red": red},
        {"type": "pile_shuffled", "deck": deck},
        {"type": "tiles_drawn", "seat": red, "turn": 0, "tiles": first},
    ]


def draw(deck: list[int], count: int) -> list[int]:
    """The top `count` tiles of the pile, in drawing order (the top is the end of the list)."""
    return deck[len(deck) - count:][::-1]
