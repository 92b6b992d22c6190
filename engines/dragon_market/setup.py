"""Set-up: the first player, the boats (placed by the seats or at random), goods, objectives, coins.

Every shuffle and draw is a resolved event; `decide` calls `after_placement` once the last boat
is on the board.
"""
from __future__ import annotations

import random

from engines.dragon_market import data, flow
from engines.dragon_market.evolve import fold
from engines.dragon_market.geometry import flat_grid, grid_placements, occupancy, placement_ok
from engines.dragon_market.state import turn_order, unit_of


def target_for(players: int, options: dict) -> int:
    if options.get("teams"):
        return data.TARGET_TEAMS  # M-G7
    if options.get("variant") == "advanced":
        return data.TARGET_ADVANCED  # M-A6
    long_game = options.get("long_game", "auto")
    if long_game == "on" or (long_game == "auto" and players <= 3):
        return data.TARGET_LONG  # M-V1
    return data.TARGET_BASIC


def setup_events(players: int, options: dict, rng: random.Random) -> list[dict]:
    first = rng.randrange(players)  # M-S3
    events = [{"type": "game_created", "players": players, "options": dict(options), "first_player": first,
               "target": target_for(players, options)}]
    if options.get("boat_setup") == "random":
        state = fold(None, events)
        events += random_boats(state, rng)
        events += after_placement(fold(state, events[1:]), rng)
    return events


def next_boat_id(state: dict, kind: str) -> str | None:
    used = {boat["id"] for boat in state["boats"]}
    return next((name for name in data.BOAT_IDS[kind] if name not in used), None)


def random_boats(state: dict, rng: random.Random) -> list[dict]:
    """M-S11 `random`: each boat at a uniformly drawn legal spot (kinds alternate)."""
    events = []
    boats = []
    for number in range(data.BOATS):
        kind = data.BOAT_KINDS[number % 2]
        spots = [(cell, name) for cell, names in sorted(grid_placements(kind, flat_grid(boats)).items())
                 for name in names]
        cell, name = rng.choice(spots)
        boat = {"id": data.BOAT_IDS[kind][number // 2], "kind": kind, "s": list(cell), "d": list(data.DIRS[name])}
        boats.append(boat)
        events.append({"type": "boat_placed", "seat": None, "boat": boat})
    return events


def after_placement(state: dict, rng: random.Random) -> list[dict]:
    """Goods (M-S7), the objective pile and the first objectives (M-S9, M-A2, M-G3), coins, then
    the first turn when nobody has to choose."""
    kinds = list(range(len(data.GOODS)))
    rng.shuffle(kinds)
    events = [{"type": "goods_dealt", "goods": [kinds[2 * i: 2 * i + 2] for i in range(data.BOATS)]}]
    advanced = state["options"].get("variant") == "advanced"
    teams = state["options"].get("teams")
    deck = sorted(data.RED if advanced else data.BLUE)
    rng.shuffle(deck)
    events.append({"type": "pile_shuffled", "deck": list(deck), "size": len(deck)})
    order = turn_order(state)
    if not advanced and not teams:
        for seat in order:
            events.append({"type": "objective_dealt", "seat": seat, "unit": unit_of(state, seat), "card": deck.pop()})
        return events + start_play(fold(state, events), rng)
    per_seat = data.ADVANCED_DRAW if advanced else 1
    drawn = {seat: [deck.pop() for _ in range(per_seat)] for seat in order}
    if teams:
        for chooser in order[:2]:  # each team's first seat in turn order chooses (M-G3)
            cards = drawn[chooser] + drawn[(chooser + 2) % 4]
            events.append(flow.offer_event(state, chooser, cards, drawn_by=[chooser, (chooser + 2) % 4]))
    else:
        for seat in order:
            events.append(flow.offer_event(state, seat, drawn[seat]))
    return events


def start_play(state: dict, rng: random.Random) -> list[dict]:
    """Coins by turn order (M-S10, M-G5) and the first player's dice."""
    coins = [0] * len(state["coins"])
    for position, seat in enumerate(turn_order(state)):
        coins[unit_of(state, seat)] += data.START_COINS[position]
    events = [{"type": "coins_given", "coins": coins, "bank": data.COINS_TOTAL - sum(coins)}]
    return events + flow.begin_turn(fold(state, events), state["first"], rng)


def placement_valid(state: dict, kind: str, cell, name: str) -> bool:
    return placement_ok(kind, tuple(cell), data.DIRS[name], occupancy(state["boats"]))
