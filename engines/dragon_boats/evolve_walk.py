"""The fold, continued: explore-phase and bonus-card events (see evolve.py)."""
from __future__ import annotations

from engines.dragon_boats import data
from engines.dragon_boats.state import NOBODY, add_vec, with_seat



def _boats_with(s, boat_index, place, occupant):
    boats = list(s["boats"])
    boat = dict(boats[boat_index])
    boat["seats"] = list(boat["seats"])
    boat["seats"][place] = occupant
    boats[boat_index] = boat
    return boats


def climb_started(s, e):
    paths = dict(s["paths"])
    paths[e["path"]] = paths[e["path"]][1:]
    moving = {"seat": e["seat"], "node": e["node"], "visited": [e["node"]], "steps": 1, "free": e["free"],
              "boat": None}
    return {**s, "paths": paths, "moving": moving, "step": "move", "actor": e["seat"]}


def boat_departed(s, e):
    boats = list(s["boats"])
    boats[e["boat"]] = {**boats[e["boat"]], "sailed": True, "port": e["port"]}
    return {**s, "boats": boats, "reached": s["reached"] + [e["port"]], "arrived": e["boat"]}


def disembarked(s, e):
    boats = _boats_with(s, e["boat"], e["place"], None)
    moving = {"seat": e["seat"], "node": e["node"], "visited": [e["node"]], "steps": 1, "free": e["free"],
              "boat": e["boat"]}
    return {**s, "boats": boats, "moving": moving, "cut": None, "step": "move", "actor": e["seat"]}


def moved(s, e):
    moving = s["moving"]
    moving = {**moving, "node": e["node"], "visited": moving["visited"] + [e["node"]], "steps": moving["steps"] + 1}
    s = {**s, "moving": moving}
    if e["food"]:
        seat = e["seat"]
        s = with_seat(s, seat, food=s["seats"][seat]["food"] - e["food"])
        s = {**s, "food": s["food"] + e["food"]}
    return s


def hex_taken(s, e):
    seat, node = e["seat"], e["node"]
    tiles = dict(s["tiles"])
    tile = tiles.pop(node)
    row = s["seats"][seat]
    if isinstance(tile, int):
        s = with_seat(s, seat, wisdom=row["wisdom"] + [tile])
    else:
        farms = list(row["farms"])
        farms[data.FARM_INDEX[tile]] += 1
        s = with_seat(s, seat, farms=farms)
    return {**s, "tiles": tiles, "farmers": {**s["farmers"], node: seat}, "moving": None, "actor": NOBODY,
            "last": seat}


def member_returned(s, e):
    seat = e["seat"]
    s = with_seat(s, seat, members=s["seats"][seat]["members"] + 1)
    return {**s, "moving": None, "actor": NOBODY, "last": seat}


def passed(s, e):
    window = s["window"]
    return {**s, "window": {**window, "passed": window["passed"] + [e["seat"]]}, "actor": NOBODY}


# ----------------------------------------------------------------------------- bonus cards


def card_played(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    hidden = [letter for letter in row["hidden"] if letter != e["card"]]
    s = with_seat(s, seat, used=row["used"] + [e["card"]], hidden=hidden)
    return {**s, "pending": {"seat": seat, "card": e["card"], "picks": []}}


def card_picked(s, e):
    pending = s["pending"]
    return {**s, "pending": {**pending, "picks": pending["picks"] + [e["value"]]}}


def card_resolved(s, e):
    return {**s, "pending": None}


def steered(s, e):
    """Card A: the departing boat's port is fixed before it is steered."""
    boats = list(s["boats"])
    boats[e["boat"]] = {**boats[e["boat"]], "port": e["port"]}
    return {**s, "boats": boats}


def boat_rearranged(s, e):
    boats = list(s["boats"])
    boats[e["boat"]] = {**boats[e["boat"]], "seats": list(e["seats"])}
    return {**s, "boats": boats}


def cut_in_line(s, e):
    return {**s, "cut": e["place"]}


def stack_reordered(s, e):
    stacks = list(s["stacks"])
    stacks[e["stall"]] = list(e["stack"])
    return {**s, "stacks": stacks}


def traded(s, e):
    seat, other = e["seat"], e["opponent"]
    mine, theirs = s["seats"][seat], s["seats"][other]
    s = with_seat(s, seat, offerings=add_vec(add_vec(mine["offerings"], [e["take"]]), [e["give"]], -1))
    return with_seat(s, other, offerings=add_vec(add_vec(theirs["offerings"], [e["take"]], -1), [e["give"]]))


def member_switched(s, e):
    (from_boat, from_place), (to_boat, to_place) = e["from"], e["to"]
    s = {**s, "boats": _boats_with(s, from_boat, from_place, None)}
    return {**s, "boats": _boats_with(s, to_boat, to_place, e["seat"])}


def members_swapped(s, e):
    (boat_a, place_a), (boat_b, place_b) = e["a"], e["b"]
    first = s["boats"][boat_a]["seats"][place_a]
    second = s["boats"][boat_b]["seats"][place_b]
    s = {**s, "boats": _boats_with(s, boat_a, place_a, second)}
    return {**s, "boats": _boats_with(s, boat_b, place_b, first)}


def boat_flagged(s, e):
    """Card H (first) or R (sent)."""
    boats = list(s["boats"])
    boats[e["boat"]] = {**boats[e["boat"]], e["flag"]: True}
    return {**s, "boats": boats}


def farmers_swapped(s, e):
    farmers = dict(s["farmers"])
    farmers[e["a"]], farmers[e["b"]] = farmers[e["b"]], farmers[e["a"]]
    return {**s, "farmers": farmers}


HANDLERS = {name: handler for name, handler in dict(globals()).items()
            if callable(handler) and not name.startswith("_") and name not in {"with_seat", "add_vec", "annotations"}}
