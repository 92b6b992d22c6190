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


def takeable(state: dict, seat: int, occ: dict) -> tuple | None:
    """M-T16, M-T17: the (boat, slot, kind) the seat's heir may take where it stands: a token of
    a kind its objective shows and its unit does not hold yet. Taking is the owner's choice (a
    `take` action), so stepping, passing or declining shows nothing of a secret card."""
    hit = occ.get(tuple(state["heirs"][seat]))
    if hit is None or hit[1] == geometry.SAILOR:
        return None
    index, slot = hit
    kind, count = state["boats"][index]["goods"][slot]
    unit = unit_of(state, seat)
    card = state["objective"][unit]
    if not count or card is None or kind not in data.CARDS[card] or kind in state["held"][unit]:
        return None
    return index, slot, kind
