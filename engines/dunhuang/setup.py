"""The set-up: characters and their faces, the shuffled deck, the market and each seat's draft."""
from __future__ import annotations

import random

from engines.dunhuang import data
from engines.dunhuang.state import draw


def setup_events(players: int, options: dict, rng: random.Random) -> list[dict]:
    cards = list(data.CHARACTER_CARDS)
    rng.shuffle(cards)
    side = {"front": 0, "back": 1}.get(options["faces"])
    circle = [card[rng.randrange(2) if side is None else side] for card in cards]
    deck = data.deck_for(players)
    rng.shuffle(deck)
    first_player = rng.randrange(players)  # drawn: a table's creator may have chosen seat 0
    events = [
        {"type": "game_created", "players": players, "options": dict(options), "first_player": first_player},
        {"type": "characters_placed", "faces": circle},
        {"type": "deck_shuffled", "deck": list(deck)},
    ]
    market = draw(deck, data.TILES)
    deck = deck[: len(deck) - data.TILES]
    events.append({"type": "market_dealt", "cards": market})
    for seat in range(players):
        drafted = draw(deck, data.DRAFT_CARDS)
        deck = deck[: len(deck) - data.DRAFT_CARDS]
        events.append({"type": "draft_dealt", "seat": seat, "drafted": drafted})
    return events
