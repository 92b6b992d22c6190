"""What happens between decisions: the automatic events that lead to the next prompt.

`run(state, stage, rng)` walks named stages; each returns events (folded at once) and the next
stage, or None once a seat must decide. A `turn` event sets the flow fields (step, actor …).
"""
from __future__ import annotations

import random

from engines.dragon_boats import cards, data, moves, scoring
from engines.dragon_boats.evolve import evolve
from engines.dragon_boats.setup import draw_offerings, market_events
from engines.dragon_boats.state import (NOBODY, card_round, free_steps, last_round, next_boat, rearmost,
                                        turn_order)


def run(state: dict, stage: str | None, rng: random.Random) -> tuple[list[dict], list[dict]]:
    """The automatic events from `stage` on, and the state after each of them."""
    events: list[dict] = []
    states: list[dict] = []
    while stage:
        new, stage = STAGES[stage](state, rng)
        for event in new:
            state = evolve(state, event)
            states.append(state)
        events += new
    return events, states


def turn(**fields) -> dict:
    return {"type": "turn", **fields}


# ----------------------------------------------------------------------------- set-up and bidding


def start_next(s, rng):
    """B-S8: start discs in reverse turn order (the last seat first)."""
    n = s["n"]
    for offset in range(1, n + 1):
        seat = (s["first"] - offset) % n
        if s["seats"][seat]["start_card"] is None:
            return [turn(step="start_disc", actor=seat)], None
    return [], "market_setup"


def market_setup(s, rng):
    """B-S10, B-S12 after the start discs. A stored game whose log laid the market out at set-up
    keeps that market."""
    if s["display"]:
        return [], "round_start"
    return market_events(s["bag"], s["deck"], rng), "round_start"


def round_start(s, rng):
    """B-B2, B-S9, B-U3, B-U5, B-U6: a new round: discs back, first player, neutral discs."""
    number = s["round"] + 1
    first = s["first"] if number == 1 else (s["first"] + 1) % s["n"]
    discs, returned = [], []
    for seat, row in enumerate(s["seats"]):
        back = card_round(s, row["start_card"])
        discs.append(data.DISCS - (1 if back > number else 0))
        if back == number:
            returned.append(seat)
    neutral = [data.STALLS.index(stall) for stall in data.NEUTRAL_STALLS[s["n"]]]
    return [{"type": "round_started", "round": number, "first": first, "discs": discs, "neutral": neutral,
             "returned": returned}], "bid_next"


def bid_next(s, rng):
    """B-B1: clockwise from the last bidder, skipping seats without discs."""
    n = s["n"]
    for offset in range(1, n + 1):
        seat = (s["last"] + offset) % n
        if s["seats"][seat]["discs"]:
            return [turn(step="bid", actor=seat)], None
    return [turn(step="resolve", actor=NOBODY, resolving={"stall": 0, "decided": False, "used": []})], "resolve_next"


# ----------------------------------------------------------------------------- payment


def resolve_next(s, rng):
    """B-P1, B-P2, B-P6: the top disc of the current stall, stalls I to V."""
    stall = s["resolving"]["stall"]
    stack = s["stacks"][stall]
    if not stack:
        if stall == len(data.STALLS) - 1:
            return [turn(step="final", actor=NOBODY, resolving=None, queue=turn_order(s))], "final_next"
        return [turn(resolving={"stall": stall + 1, "decided": False, "used": []})], "resolve_next"
    if stack[-1] == data.NEUTRAL:
        return [{"type": "neutral_removed", "stall": stall}], "resolve_next"
    return [turn(actor=stack[-1])], "resolve_check"


def resolve_check(s, rng):
    """Close a resolution that has nothing left to decide (or only the 1-money refund)."""
    from engines.dragon_boats.rules import stall_only_action

    seat = s["actor"]
    if s["pending"] or s["paying"]:
        return [], None
    only = stall_only_action(s, seat)
    if only == {"type": "take_money"}:
        return [{"type": "took_money", "seat": seat, "stall": s["resolving"]["stall"]}], "resolve_check"
    if only == {"type": "done"}:
        return [{"type": "disc_returned", "seat": seat, "stall": s["resolving"]["stall"]}], "resolve_next"
    return [], None


def final_next(s, rng):
    """B-P11: the final boarding round, each seat once in turn order (a seat is skipped only when
    it has nothing to do and no hidden card: skipping must not tell what its hidden cards are)."""
    from engines.dragon_boats.rules import only_done

    queue = list(s["queue"])
    while queue:
        seat = queue.pop(0)
        if not only_done(s, seat):
            return [turn(actor=seat, queue=queue)], None
    window = {"point": "before_mountain", "passed": [], "then": "climb_next"}
    return [turn(step="window", actor=NOBODY, queue=[], window=window)], "window_next"


def final_check(s, rng):
    from engines.dragon_boats.rules import only_done

    if s["pending"] or s["paying"]:
        return [], None
    if only_done(s, s["actor"]):
        return [turn(actor=NOBODY, last=s["actor"])], "final_next"
    return [], None


# ----------------------------------------------------------------------------- explore


def window_next(s, rng):
    """B-X15: ask, in turn order, each seat holding a hidden card or a shown card usable here."""
    window = s["window"]
    if s["pending"]:
        return [], None
    for seat in turn_order(s):
        if seat not in window["passed"] and cards.asked(s, seat, window["point"]):
            if s["actor"] == seat:
                return [], None
            return [turn(actor=seat)], None
    return [turn(step="window", window=None, actor=NOBODY)], window["then"]


def climb_next(s, rng):
    """B-X1, B-X2: path A members in the order placed, then path B."""
    for path in data.PATHS:
        if s["paths"][path]:
            seat = s["paths"][path][0]
            return [{"type": "climb_started", "seat": seat, "path": path, "node": data.PATH_START[path],
                     "free": free_steps(s, seat)}], "move_check"
    return [], "depart_next"


def move_check(s, rng):
    """B-X12: a member with no step left goes home."""
    if s["moving"] is not None and not moves.step_options(s):
        return [{"type": "member_returned", "seat": s["moving"]["seat"], "node": s["moving"]["node"]}], "after_move"
    return [], None


def after_move(s, rng):
    return [], "climb_next" if s["arrived"] is None else "disembark_window"


def depart_next(s, rng):
    """B-X3, B-X4: the next ready boat, highest beats first (card H first of all)."""
    index = next_boat(s)
    if index is None:
        return [], "storage_start"
    window = {"point": "before_steer", "passed": [], "then": "steer"}
    return [turn(step="window", actor=NOBODY, arrived=index, cut=None, window=window)], "window_next"


def steer(s, rng):
    """B-X5, B-X6: the rearmost passenger picks one of the boat's two routes (card A: already set)."""
    index = s["arrived"]
    boat = s["boats"][index]
    if boat["port"] is not None:
        return [{"type": "boat_departed", "boat": index, "port": boat["port"], "seat": NOBODY}], "disembark_window"
    ports = steer_options(s)
    if len(ports) == 1:
        return [{"type": "boat_departed", "boat": index, "port": ports[0], "seat": rearmost(boat)}], "disembark_window"
    return [turn(step="steer", actor=rearmost(boat))], None


def steer_options(s) -> list[str]:
    routes = [port for port in data.ROUTES[s["arrived"]] if port not in s["reached"]]
    return routes or [port for port in data.PORTS if port not in s["reached"]]


def disembark_window(s, rng):
    boat = s["boats"][s["arrived"]]
    if not any(occupant is not None for occupant in boat["seats"]):
        return [], "depart_next"
    window = {"point": "before_disembark", "passed": [], "then": "disembark"}
    return [turn(step="window", actor=NOBODY, window=window)], "window_next"


def disembark(s, rng):
    """B-X7: front, middle, rear (card C first); each finishes its move before the next."""
    index = s["arrived"]
    boat = s["boats"][index]
    occupied = [place for place, occupant in enumerate(boat["seats"]) if occupant is not None]
    if not occupied:
        return [], "depart_next"
    place = s["cut"] if s["cut"] in occupied else occupied[0]
    seat = boat["seats"][place]
    return [{"type": "disembarked", "seat": seat, "boat": index, "place": place, "node": boat["port"],
             "free": free_steps(s, seat)}], "move_check"


# ----------------------------------------------------------------------------- storage and upkeep


def storage_start(s, rng):
    """B-G1..B-G5: every seat decides at once; seats with nothing to keep or sell are done."""
    events = [turn(step="storage", actor=NOBODY, window=None)]
    for seat, row in enumerate(s["seats"]):
        if not sum(row["offerings"]) and not row["treasure"]:
            events.append({"type": "stored", "seat": seat})
    return events, "storage_check"


def storage_check(s, rng):
    if all(row["stored"] for row in s["seats"]):
        return [], "upkeep"
    return [], None


def upkeep(s, rng):
    """B-E1, B-U1, B-U2: the end, or boats home with new toppers and stalls refilled."""
    if last_round(s):
        return [{"type": "game_ended", "result": scoring.outcome(s)}], None
    events = [{"type": "boats_returned"}]
    after = evolve(s, events[0])
    for index, boat in enumerate(s["boats"]):
        if boat["sailed"]:
            reshuffled = not after["toppers"]
            pool = after["topper_discards"] if reshuffled else after["toppers"]
            drawn = {"type": "topper_drawn", "boat": index, "beats": rng.choice(sorted(pool)), "reshuffled": reshuffled}
            after = evolve(after, drawn)
            events.append(drawn)
    for stall, tiles in enumerate(after["stalls"]):
        wanted = data.STALL_SIZE - len(tiles)
        drawn = draw_offerings(after["bag"], wanted, rng) if wanted > 0 else []
        if drawn:
            refill = {"type": "stall_refilled", "stall": stall, "tiles": drawn}
            after = evolve(after, refill)
            events.append(refill)
    return events, "round_start"


STAGES = {name: fn for name, fn in dict(globals()).items() if callable(fn) and name in {
    "start_next", "market_setup", "round_start", "bid_next", "resolve_next", "resolve_check", "final_next",
    "final_check", "window_next", "climb_next", "move_check", "after_move", "depart_next", "steer", "disembark_window",
    "disembark", "storage_start", "storage_check", "upkeep"}}
