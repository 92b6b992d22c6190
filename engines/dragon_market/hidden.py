"""Hidden information: views, redacted events, and imagined states for the bots (sample).

Only the advanced game hides anything besides the pile order: each unit's current red objective
and the cards offered to a seat. They sit under the private keys "secret" and "offer", one copy
per partner allowed to see them ({"seat": partner, ...}), so `find_leaks` checks them as they are.
"""
from __future__ import annotations

import random

from engines.core import strip_private
from engines.dragon_market import data, geometry, rules, scoring
from engines.dragon_market.state import pontoon, round_of, seats_of, unit_of

PRIVATE = frozenset({"secret", "offer"})
# State fields every viewer sees as they are.
PUBLIC_FIELDS = ("n", "options", "first", "target", "phase", "turn", "turns", "placing", "heirs", "held",
                 "completed", "coins", "bank", "ease", "dice", "mp", "bought", "spent", "used", "power_seat",
                 "owed", "richest", "resume")


def _hidden(state: dict) -> bool:
    return state["options"].get("variant") == "advanced" and state["phase"] != "over"


def view(state: dict, viewer: int | None) -> dict:
    hidden = _hidden(state)
    shown = {field: state[field] for field in PUBLIC_FIELDS}
    shown["game"] = "dragon_market"
    shown["size"] = data.SIZE
    shown["boats"] = [_boat_view(boat) for boat in state["boats"]]
    shown["pile_size"] = len(state["deck"])
    shown["round"] = round_of(state)
    shown["goods_names"] = list(data.GOODS)
    shown["players"] = [_seat_view(state, seat, viewer, hidden) for seat in range(state["n"])]
    shown["units"] = [_unit_view(state, unit, viewer, hidden) for unit in range(len(state["coins"]))]
    shown["pontoons"] = [{"cell": list(cell), "owner": _owner(state, corner)} for corner, cell in enumerate(data.PONTOONS)]
    shown["to_act"] = sorted(rules.to_act(state))
    shown["crossing"] = state["phase"] == "play" and rules.flow.crossing(state)
    shown["outcome"] = scoring.outcome(state)
    return shown


def _owner(state: dict, corner: int):
    corners = data.CORNERS[state["n"]]
    return corners.index(corner) if corner in corners else None


def _boat_view(boat: dict) -> dict:
    cells = geometry.boat_cells(boat)
    return {"id": boat["id"], "kind": boat["kind"], "s": list(boat["s"]), "d": list(boat["d"]),
            "dir": data.DIR_NAMES[tuple(boat["d"])], "cells": [list(cell) for cell in cells],
            "goods": [list(stack) for stack in boat["goods"]]}


def _seat_view(state: dict, seat: int, viewer, hidden: bool) -> dict:
    offer = state["offers"][seat]
    row = {"seat": seat, "colour": data.COLOURS[data.CORNERS[state["n"]][seat]], "pontoon": list(pontoon(state, seat)),
           "heir": list(state["heirs"][seat]), "unit": unit_of(state, seat), "offer_size": len(offer)}
    if not hidden:
        row["offered"] = list(offer)
    elif offer and viewer is not None and unit_of(state, viewer) == unit_of(state, seat):
        row["offer_copies"] = [{"seat": viewer, "offer": list(offer)}]
    return row


def _unit_view(state: dict, unit: int, viewer, hidden: bool) -> dict:
    card = state["objective"][unit]
    row = {"unit": unit, "seats": seats_of(state, unit), "coins": state["coins"][unit],
           "held": list(state["held"][unit]), "completed": list(state["completed"][unit]),
           "powers": sorted(data.BONUS[c] for c in state["completed"][unit] if c in data.BONUS),
           "has_objective": card is not None, "ease": state["ease"][unit]}
    if not hidden:
        row["objective"] = card
        row["objective_goods"] = list(data.CARDS[card]) if card else []
    elif card and viewer is not None and unit_of(state, viewer) == unit:
        row["secret_copies"] = [{"seat": viewer, "secret": card}]
    return row


def redact(payload, viewer):
    """`payload` without the pile order and without other seats' private items."""
    return strip_private(payload, viewer, PRIVATE)


# ----------------------------------------------------------------------------- sample

SAMPLE_TRIES = 50


def sample(shown: dict, seat: int, rng: random.Random) -> dict:
    """A full state consistent with `shown`: unseen cards dealt at random; an opponent's hidden
    objective always shows every kind that opponent holds (goods are only taken when needed)."""
    state = {field: _copy(shown[field]) for field in PUBLIC_FIELDS}
    state["boats"] = [{"id": b["id"], "kind": b["kind"], "s": list(b["s"]), "d": list(b["d"]),
                       "goods": [list(stack) for stack in b["goods"]]} for b in shown["boats"]]
    state["result"] = _result(shown)
    units, players = shown["units"], shown["players"]
    objective = [row.get("objective") for row in units]
    offers = [list(row.get("offered", [])) for row in players]
    for row in units:
        for copy in row.get("secret_copies", []):
            if copy["seat"] == seat:
                objective[row["unit"]] = copy["secret"]
    for row in players:
        for copy in row.get("offer_copies", []):
            if copy["seat"] == seat:
                offers[row["seat"]] = list(copy["offer"])
    advanced = shown["options"].get("variant") == "advanced"
    known = set(card for card in objective if card)
    known.update(card for offer in offers for card in offer)
    known.update(card for row in units for card in row["completed"])
    unseen = sorted(set(data.RED if advanced else data.BLUE) - known)
    open_units = [row["unit"] for row in units if row["has_objective"] and objective[row["unit"]] is None]
    open_seats = [row["seat"] for row in players if row["offer_size"] and not offers[row["seat"]]]
    for _ in range(SAMPLE_TRIES):
        pool = list(unseen)
        rng.shuffle(pool)
        dealt, fits = {}, True
        for unit in open_units:
            held = set(units[unit]["held"])
            pick = next((card for card in pool if held <= set(data.CARDS[card])), None)
            if pick is None:
                fits, pick = False, pool[0]
            dealt[unit] = pick
            pool.remove(pick)
        if fits:
            break
    for unit, card in dealt.items():
        objective[unit] = card
    for row_seat in open_seats:
        count = players[row_seat]["offer_size"]
        offers[row_seat], pool = pool[:count], pool[count:]
    state["objective"] = objective
    state["offers"] = offers
    state["deck"] = pool[: shown["pile_size"]]
    return state


def _copy(value):
    if isinstance(value, list):
        return [_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    return value


def _result(shown: dict):
    outcome = shown.get("outcome")
    if not outcome:
        return None
    return {"reason": outcome["reason"], "winners": list(outcome["winners"])}
