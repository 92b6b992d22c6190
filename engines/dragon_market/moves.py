"""What the active seat's heir and powers allow right now (shared by legal_actions and decide)."""
from __future__ import annotations

from engines.dragon_market import data, geometry
from engines.dragon_market.geometry import boat_occupancy
from engines.dragon_market.state import pontoon, powers_of, unit_of


def usable_powers(state: dict, seat: int) -> set:
    """Powers of completed red cards not used this turn (M-A9); team game: one partner per round (M-G8)."""
    if state["options"].get("variant") != "advanced":
        return set()
    unit = unit_of(state, seat)
    if state["options"].get("teams") and state["power_seat"][unit] not in (None, seat):
        return set()
    return powers_of(state, unit) - set(state["used"])


def special_cost(state: dict) -> int:
    return state["options"].get("mp_cost_special_steps") or data.SPECIAL_STEP_COST


def heir_options(state: dict, seat: int, occ: dict | None = None, powers: set | None = None) -> dict:
    """Square -> (how, cost) of every step the active heir may take now (M-T11 to M-T14)."""
    occ = boat_occupancy(state["boats"]) if occ is None else occ
    powers = usable_powers(state, seat) if powers is None else powers
    home = pontoon(state, seat)
    here = tuple(state["heirs"][seat])
    occupied = {tuple(heir) for other, heir in enumerate(state["heirs"]) if other != seat}
    buyable = min(data.MAX_BOUGHT - state["bought"], state["coins"][unit_of(state, seat)])
    found = {}
    for cell, (how, cost) in geometry.heir_moves(here, home, occ, powers, special_cost(state)).items():
        if cost > state["mp"]:
            continue
        if cell in occupied and not geometry.escape_within(cell, state["mp"] - cost + buyable, home, occ, occupied):
            continue
        found[cell] = (how, cost)
    return found


def swap_targets(state: dict, seat: int, occ: dict) -> list[int]:
    here = occ.get(tuple(state["heirs"][seat]))
    if here is None or here[1] == geometry.SAILOR:
        return []
    return [other for other, heir in enumerate(state["heirs"])
            if other != seat and heir != state["heirs"][seat]
            and (occ.get(tuple(heir)) or (None,))[0] == here[0]]


def collect_events(after: dict, seat: int) -> list[dict]:
    """M-T16, M-T17: one token of a needed kind not yet held, on the square entered."""
    here = tuple(after["heirs"][seat])
    hit = boat_occupancy(after["boats"]).get(here)
    if hit is None or hit[1] == geometry.SAILOR:
        return []
    index, slot = hit
    kind, count = after["boats"][index]["goods"][slot]
    unit = unit_of(after, seat)
    card = after["objective"][unit]
    if not count or card is None or kind not in data.CARDS[card] or kind in after["held"][unit]:
        return []
    return [{"type": "goods_taken", "seat": seat, "unit": unit, "kind": kind, "boat": index, "slot": slot}]
