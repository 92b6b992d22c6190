"""Walking on the islands and up the mountain: legal steps, food, rewards, taking a hex."""
from __future__ import annotations

import random

from engines.dragon_boats import data
from engines.dragon_boats.evolve_walk import moved
from engines.dragon_boats.setup import draw_offerings
from engines.dragon_boats.state import holds


def step_options(state: dict) -> list[str]:
    """B-X8, B-X11, B-X13: the spaces the moving member may enter next."""
    moving = state["moving"]
    if moving is None:
        return []
    if moving["steps"] >= moving["free"] and not state["seats"][moving["seat"]]["food"]:
        return []
    visited, farmers = moving["visited"], state["farmers"]
    return [node for node in data.NEIGHBOURS[moving["node"]]
            if node not in visited and not (node in data.LAND_SET and node in farmers)]


def reward_events(state: dict, seat: int, node: str, rng: random.Random) -> list[dict]:
    """B-X10, B-X14: the reward of a space entered (doubled by J/K/M; lost if the supply is out)."""
    reward = data.REWARDS.get(node)
    if reward is None:
        return []
    if reward == "money":
        return [{"type": "gained", "seat": seat, "why": "reward", "money": 2 if holds(state, seat, "M") else 1}]
    if reward == "food":
        wanted = 2 if holds(state, seat, "J") else 1
        return [{"type": "gained", "seat": seat, "why": "reward", "food": min(wanted, state["food"])}]
    if reward == "treasure":
        wanted = 2 if holds(state, seat, "K") else 1
        return [{"type": "gained", "seat": seat, "why": "reward", "treasure": min(wanted, state["treasure"])}]
    if reward == "offering":
        return [{"type": "gained", "seat": seat, "why": "reward", "offerings": draw_offerings(state["bag"], 1, rng)}]
    return draw_card_events(state, seat, rng)


def draw_card_events(state: dict, seat: int, rng: random.Random) -> list[dict]:
    """A blind draw from the bonus deck; a permanent card is shown at once."""
    if not state["deck"]:
        return [{"type": "gained", "seat": seat, "why": "reward"}]  # B-X14: lost
    letter = rng.choice(sorted(state["deck"]))
    events = [{"type": "card_drawn", "seat": seat, "hand": letter}]
    if data.CARDS[letter]["type"] == "permanent":
        events.append({"type": "card_revealed", "seat": seat, "card": letter})
    return events


def step_events(state: dict, node: str, rng: random.Random) -> list[dict]:
    moving = state["moving"]
    seat = moving["seat"]
    food = 1 if moving["steps"] >= moving["free"] else 0
    events = [{"type": "moved", "seat": seat, "from_node": moving["node"], "node": node, "food": food}]
    if node in data.LAND_SET:
        events.append({"type": "hex_taken", "seat": seat, "node": node, "tile": state["tiles"][node]})
    else:
        events += reward_events(moved(state, events[0]), seat, node, rng)
    return events
