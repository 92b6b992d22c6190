"""Hidden information: views, redacted events, and sampled states.

Secret while the game runs: the bonus deck (only its size is shown), the unused farm tiles, and
the bonus cards a seat drew blind (its owner sees them under the private key "hand"). Money is
public here. Bag and topper pile contents are derivable and shown as counts and lists; draws
from them are made at random when they happen, so no order exists to hide.
"""
from __future__ import annotations

import random
from collections import Counter

from engines.core import SECRET_KEYS, strip_private
from engines.dragon_boats import data, rules, scoring
from engines.dragon_boats.setup import deck_for
from engines.dragon_boats.state import free_steps, storage_limit

PRIVATE = frozenset({"hand"})  # bonus cards drawn blind; money is public in this game
HIDDEN_EVENT_KEYS = SECRET_KEYS | {"farm_bag"}
SEAT_FIELDS = ("money", "food", "treasure", "discs", "start_card", "members", "wisdom", "used", "private",
               "owed", "stored")
FLOW_FIELDS = ("round", "first", "step", "actor", "last", "resolving", "queue", "window", "pending", "paying",
               "moving", "arrived", "cut", "reached", "paths", "tiles", "farmers", "display", "toppers",
               "topper_discards", "food", "treasure", "result")


def _public_state(state: dict, seat: int) -> dict:
    """`state` with `seat`'s hidden cards taken away (for a provisional score others may see)."""
    row = state["seats"][seat]
    if not row["hidden"]:
        return state
    seats = list(state["seats"])
    cards = list(row["cards"])
    for letter in row["hidden"]:
        cards.remove(letter)
    seats[seat] = {**row, "cards": cards, "hidden": []}
    return {**state, "seats": seats}


def _row(state: dict, seat: int, viewer: int | None, over: bool) -> dict:
    row = state["seats"][seat]
    open_hand = over or viewer == seat
    hidden = row["hidden"]
    known = list(row["cards"])
    for letter in hidden:
        known.remove(letter)
    shown = {"seat": seat, **{field: row[field] for field in SEAT_FIELDS}}
    shown.update(
        offerings=list(row["offerings"]),
        farms=list(row["farms"]),
        cards_known=known,
        cards_hidden=len(hidden),
        storage_limit=storage_limit(state, seat),
        free_steps=free_steps(state, seat),
        score=scoring.seat_breakdown(state if open_hand else _public_state(state, seat), seat)["total"],
    )
    if open_hand:
        shown["hand"] = list(hidden)
    return shown


def view(state: dict, viewer: int | None) -> dict:
    over = state["result"] is not None
    boats = []
    for index, boat in enumerate(state["boats"]):
        topper = data.TOPPERS[boat["topper"]] if boat["topper"] is not None else None
        boats.append({"boat": index, "dock": data.DOCKS[index], "routes": list(data.ROUTES[index]), "topper": topper,
                      **{key: boat[key] for key in ("seats", "sailed", "port", "first", "sent")}})
    round_cards = [{"card": card, "round": number + 1, "turned": number + 1 <= state["round"],
                    "discs": [seat for seat, row in enumerate(state["seats"]) if row["start_card"] == card]}
                   for number, card in enumerate(state["rounds"])]
    shown = {
        "game": "dragon_boats",
        "options": dict(state["options"]),
        "kinds": list(data.KINDS),
        "farm_kinds": list(data.FARMS),
        "players": [_row(state, seat, viewer, over) for seat in range(state["n"])],
        "rounds": list(state["rounds"]),
        "round_cards": round_cards,
        "stalls": [{"stall": name, "offerings": list(state["stalls"][index]) if index < data.GOODS_STALLS else None,
                    "stack": list(state["stacks"][index]), "price": len(state["stacks"][index])}
                   for index, name in enumerate(data.STALLS)],
        "bag": list(state["bag"]),
        "bag_size": sum(state["bag"]),
        "boats": boats,
        "deck_size": len(state["deck"]),
        "farm_bag_size": len(state["farm_bag"]),
        "to_act": sorted(rules.to_act(state)),
        "map": data.GRAPH,
        "outcome": state["result"],
    }
    for field in FLOW_FIELDS:
        shown[field] = state[field]
    return shown


def redact(payload, viewer: int | None):
    """`payload` without secrets and without private items of seats other than `viewer`."""
    return strip_private(payload, viewer, PRIVATE, secret_keys=HIDDEN_EVENT_KEYS)


def sample(shown: dict, seat: int, rng: random.Random) -> dict:
    """A full state `seat` cannot tell from the real one: unseen cards and farm tiles dealt at random."""
    rows = shown["players"]
    seen = list(shown["display"])
    for row in rows:
        seen += row["cards_known"] + row.get("hand", [])
    pool = Counter(deck_for(shown["options"])) - Counter(seen)
    # A permanent card is shown as soon as it is drawn, so no hidden card is one.
    hideable = [letter for letter in sorted(pool.elements()) if data.CARDS[letter]["type"] != "permanent"]
    rng.shuffle(hideable)
    seats = []
    for row in rows:
        hidden = row.get("hand")
        if hidden is None:
            hidden, hideable = hideable[: row["cards_hidden"]], hideable[row["cards_hidden"]:]
            pool -= Counter(hidden)
        cards = list(row["cards_known"]) + list(hidden)
        seats.append({**{field: row[field] for field in SEAT_FIELDS}, "offerings": list(row["offerings"]),
                      "farms": list(row["farms"]), "cards": cards, "hidden": list(hidden)})
    on_board = Counter(tile for tile in shown["tiles"].values() if isinstance(tile, str))
    owned = Counter()
    for row in rows:
        for farm, count in zip(data.FARMS, row["farms"]):
            owned[farm] += count
    farm_bag = sorted((Counter({farm: data.FARMS_PER_KIND for farm in data.FARMS}) - on_board - owned).elements())
    state = {
        "n": len(rows),
        "options": dict(shown["options"]),
        "rounds": list(shown["rounds"]),
        "seats": seats,
        "bag": list(shown["bag"]),
        "stalls": [list(stall["offerings"]) for stall in shown["stalls"][: data.GOODS_STALLS]],
        "stacks": [list(stall["stack"]) for stall in shown["stalls"]],
        "boats": [{key: boat[key] for key in ("seats", "sailed", "port", "first", "sent")}
                  | {"topper": boat["topper"]["beats"] if boat["topper"] else None} for boat in shown["boats"]],
        "farm_bag": farm_bag,
        "deck": sorted(pool.elements()),
    }
    for field in FLOW_FIELDS:
        state[field] = shown[field]
    return state
