"""Set-up: every draw and shuffle happens here and is recorded as a resolved event."""
from __future__ import annotations

import random

from engines.dragon_boats import data


def round_cards(players: int, options: dict, rng: random.Random) -> list[int]:
    """B-S14 / B-V1: the round cards in play, in ascending order."""
    if not options.get("short_game"):  # a four-player option ("x-players"), checked with the others
        return list(range(1, data.ROUNDS + 1))
    if options.get("short_cards") == "fixed":
        return list(data.SHORT_FIXED_CARDS)
    kept = sorted(rng.sample([2, 3, 4, 5], 2))
    return [1, *kept, 6]


def deck_for(options: dict) -> list[str]:
    """B-K-26: the take-that-free game removes the interactive cards."""
    if options.get("interactive_cards", True):
        return list(data.LETTERS)
    return [letter for letter in data.LETTERS if letter not in data.INTERACTIVE]


def draw_offerings(bag: list[int], count: int, rng: random.Random) -> list[str]:
    """`count` random offerings out of the bag counts (fewer when it runs dry)."""
    bag = list(bag)
    drawn = []
    for _ in range(count):
        total = sum(bag)
        if not total:
            break
        pick = rng.randrange(total)
        for index, amount in enumerate(bag):
            if pick < amount:
                bag[index] -= 1
                drawn.append(data.KINDS[index])
                break
            pick -= amount
    return drawn


def setup_events(players: int, options: dict, rng: random.Random) -> list[dict]:
    """B-S1 to B-S7: the board, up to the start discs (B-S8). The market comes after them
    (market_events), as in the book: a start card is chosen before any stall tile or bonus card
    is seen."""
    rounds = round_cards(players, options, rng)
    first = rng.randrange(players)  # B-S3, drawn before the start discs (A33)
    events = [{"type": "game_created", "players": players, "options": dict(options), "first": first,
               "rounds": rounds}]
    pile = sorted(data.TOPPERS)
    rng.shuffle(pile)
    on_boats, pile = pile[:4], sorted(pile[4:])
    events.append({"type": "toppers_placed", "boats": on_boats, "pile": pile})
    wisdom = list(data.WISDOM)
    rng.shuffle(wisdom)
    events.append({"type": "wisdom_placed", "tiles": dict(zip(data.MOUNTAIN_LAND, wisdom))})
    farms = [farm for farm in data.FARMS for _ in range(data.FARMS_PER_KIND)]
    rng.shuffle(farms)
    events.append({"type": "farms_placed", "tiles": dict(zip(data.ISLAND_LAND, farms)),
                   "farm_bag": sorted(farms[data.FARMS_ON_ISLANDS:])})
    events.append({"type": "turn", "step": "start_disc", "actor": (first - 1) % players})
    return events


def market_events(bag: list[int], deck: list[str], rng: random.Random) -> list[dict]:
    """B-S10, B-S12: the stalls are filled from what the start offerings left in the bag, and two
    bonus cards are turned up."""
    bag = list(bag)
    stalls = []
    for _ in range(data.GOODS_STALLS):
        tiles = draw_offerings(bag, data.STALL_SIZE, rng)
        for kind in tiles:
            bag[data.KIND_INDEX[kind]] -= 1
        stalls.append(tiles)
    deck = list(deck)
    rng.shuffle(deck)
    return [{"type": "stalls_filled", "stalls": stalls},
            {"type": "bonus_display", "display": deck[:data.DISPLAY_SIZE], "deck": sorted(deck[data.DISPLAY_SIZE:])}]
