"""One-time bonus cards: when each may be played, the picks it asks for, and its effect.

A card is played with `play {card}`; its choices follow as `choose {value}` steps (the
`pending` overlay), one pick at a time; the last pick produces the effect's events.
"""
from __future__ import annotations

import itertools
import random

from engines.dragon_boats import data
from engines.dragon_boats.setup import draw_offerings
from engines.dragon_boats.state import holds, is_ready, passengers

# How many picks each one-time card needs (D: the stall, then one owner per disc).
FIXED_PICKS = {"A": 1, "B": 2, "C": 1, "F": 3, "G": 2, "H": 1, "I": 2, "P": 0, "R": 1, "S": 2}


def window_of(state: dict) -> str | None:
    """The card window open for the acting seat: "bid", "turn" or an explore point."""
    step = state["step"]
    if step == "bid":
        return "bid"
    if step in ("resolve", "final"):
        return "turn"
    if step == "window":
        return state["window"]["point"]
    return None


def fits(letter: str, where: str) -> bool:
    windows = data.CARDS[letter]["windows"]
    return where in windows or (where == "bid" and "turn" in windows)


def playable(state: dict, seat: int, where: str | None) -> list[str]:
    """The one-time cards `seat` may play now (each with at least one legal first pick)."""
    if where is None:
        return []
    out = []
    for letter in state["seats"][seat]["cards"]:
        if data.CARDS[letter]["type"] != "one_time" or letter in state["seats"][seat]["used"]:
            continue
        if fits(letter, where) and (letter == "P" or options(state, seat, letter, [])):
            out.append(letter)
    return out


def asked(state: dict, seat: int, where: str) -> bool:
    """B-X15, B-P11: whether `seat` is given the floor at `where`. A seat holding a card the
    others cannot see is always asked (with only "pass" or "done" when it has nothing to play),
    so that being asked, or skipped, tells the table nothing about that card; any other seat is
    asked when one of its shown cards is playable, which everyone can work out."""
    return bool(state["seats"][seat]["hidden"]) or bool(playable(state, seat, where))


# ----------------------------------------------------------------------------- helpers


def docked(state: dict, index: int) -> bool:
    """A boat members may move on or off: still at its dock, or the boat now unloading."""
    return not state["boats"][index]["sailed"] or index == state["arrived"]


def seats_of(state: dict, who=None, empty: bool = False) -> list[list[int]]:
    """[boat, place] of occupied places (of `who` if given) or of empty places, on docked boats."""
    out = []
    for index, boat in enumerate(state["boats"]):
        if not docked(state, index):
            continue
        for place, occupant in enumerate(boat["seats"]):
            if empty and occupant is None or not empty and occupant is not None and who in (None, occupant):
                out.append([index, place])
    return out


def land_neighbours(node: str) -> list[str]:
    return [other for other in data.NEIGHBOURS[node] if other in data.LAND_SET]


def single_farmers(state: dict) -> list[str]:
    farmers = state["farmers"]
    return sorted(node for node, seat in farmers.items()
                  if not any(farmers.get(other) == seat for other in land_neighbours(node)))


def arrangements(seats: list) -> list[list]:
    """Every other order of a boat's occupants (empty places included)."""
    out = []
    for order in itertools.permutations(seats):
        order = list(order)
        if order != list(seats) and order not in out:
            out.append(order)
    return out


# ----------------------------------------------------------------------------- picks


def options(state: dict, seat: int, letter: str, picks: list) -> list:
    """The values the next pick of card `letter` may take (empty: the card cannot go on)."""
    boats = state["boats"]
    if letter == "A":
        return [port for port in data.PORTS if port not in state["reached"]]
    if letter == "B":
        if not picks:
            return [index for index, boat in enumerate(boats)
                    if docked(state, index) and arrangements(boat["seats"])]
        return arrangements(boats[picks[0]]["seats"])
    if letter == "C":
        boat = boats[state["arrived"]] if state["arrived"] is not None else None
        if boat is None:
            return []
        occupied = [place for place, occupant in enumerate(boat["seats"]) if occupant is not None]
        return [place for place in occupied[1:] if boat["seats"][place] == seat]
    if letter == "D":
        if not picks:
            return [index for index, stack in enumerate(state["stacks"]) if len(set(stack)) > 1]
        left = list(state["stacks"][picks[0]])
        for owner in picks[1:]:
            left.remove(owner)
        return sorted(set(left))
    if letter == "F":
        mine = state["seats"][seat]["offerings"]
        if not sum(mine):
            return []
        if not picks:
            return [other for other in range(state["n"]) if other != seat and sum(state["seats"][other]["offerings"])]
        if len(picks) == 1:
            theirs = state["seats"][picks[0]]["offerings"]
            return [kind for kind, count in zip(data.KINDS, theirs) if count]
        return [kind for kind, count in zip(data.KINDS, mine) if count]
    if letter == "G":
        if not picks:
            empty = seats_of(state, empty=True)
            return [spot for spot in seats_of(state, seat) if any(to[0] != spot[0] for to in empty)]
        return [to for to in seats_of(state, empty=True) if to[0] != picks[0][0]]
    if letter == "H":
        return [index for index, boat in enumerate(boats)
                if is_ready(state, boat) and seat in boat["seats"] and not boat["first"]]
    if letter == "I":
        if not picks:
            spots = seats_of(state)
            return [a for a in spots if any(b[0] != a[0] and _at(state, b) != _at(state, a) for b in spots)]
        return [b for b in seats_of(state) if b[0] != picks[0][0] and _at(state, b) != _at(state, picks[0])]
    if letter == "R":
        return [index for index, boat in enumerate(boats)
                if not boat["sailed"] and passengers(boat) == 1 and not is_ready(state, boat)]
    if letter == "S":
        singles = single_farmers(state)
        if not picks:
            return [a for a in singles if any(state["farmers"][b] != state["farmers"][a] for b in singles)]
        return [b for b in singles if state["farmers"][b] != state["farmers"][picks[0]]]
    return []


def _at(state: dict, spot: list[int]):
    return state["boats"][spot[0]]["seats"][spot[1]]


def picks_needed(state: dict, pending: dict) -> int:
    if pending["card"] == "D":
        return 1 + len(state["stacks"][pending["picks"][0]]) if pending["picks"] else 2
    return FIXED_PICKS[pending["card"]]


# ----------------------------------------------------------------------------- effects


def effect(state: dict, pending: dict, rng: random.Random) -> list[dict]:
    """The events of a card whose picks are complete (then `card_resolved`)."""
    seat, letter, picks = pending["seat"], pending["card"], pending["picks"]
    events: list[dict]
    if letter == "A":
        events = [{"type": "steered", "seat": seat, "boat": state["arrived"], "port": picks[0]}]
    elif letter == "B":
        events = [{"type": "boat_rearranged", "seat": seat, "boat": picks[0], "seats": picks[1]}]
    elif letter == "C":
        events = [{"type": "cut_in_line", "seat": seat, "place": picks[0]}]
    elif letter == "D":
        events = [{"type": "stack_reordered", "seat": seat, "stall": picks[0], "stack": list(reversed(picks[1:]))}]
    elif letter == "F":
        events = [{"type": "traded", "seat": seat, "opponent": picks[0], "take": picks[1], "give": picks[2]}]
    elif letter == "G":
        events = [{"type": "member_switched", "seat": seat, "from": picks[0], "to": picks[1]}]
    elif letter in ("H", "R"):
        events = [{"type": "boat_flagged", "seat": seat, "boat": picks[0], "flag": "first" if letter == "H" else "sent"}]
    elif letter == "I":
        events = [{"type": "members_swapped", "seat": seat, "a": picks[0], "b": picks[1]}]
    elif letter == "S":
        events = [{"type": "farmers_swapped", "seat": seat, "a": picks[0], "b": picks[1]}]
    else:  # P: one random offering, one food, one treasure, as far as the supplies go
        events = [{"type": "gained", "seat": seat, "why": "card_p", "offerings": draw_offerings(state["bag"], 1, rng),
                   "food": min(1, state["food"]), "treasure": min(1, state["treasure"])}]
    return events + [{"type": "card_resolved", "seat": seat, "card": letter}]


def holders(state: dict, letter: str) -> list[int]:
    return [seat for seat in range(state["n"]) if holds(state, seat, letter)]


__all__ = ["playable", "asked", "options", "picks_needed", "effect", "window_of", "single_farmers",
           "land_neighbours", "holders"]
