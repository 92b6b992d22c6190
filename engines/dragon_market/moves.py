"""What the active seat's heir and powers allow right now (shared by legal_actions and decide)."""
from __future__ import annotations

from engines.dragon_market import data, geometry
from engines.dragon_market.geometry import boat_grid
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


def heir_options(state: dict, seat: int, grid: list | None = None, powers: set | None = None) -> dict:
    """Square -> (how, cost) of every step the active heir may take now (M-T11 to M-T14)."""
    grid = boat_grid(state["boats"]) if grid is None else grid
    powers = usable_powers(state, seat) if powers is None else powers
    home = pontoon(state, seat)
    here = tuple(state["heirs"][seat])
    occupied = {tuple(heir) for other, heir in enumerate(state["heirs"]) if other != seat}
    mp = state["mp"]
    found = {}
    for cell, (how, cost) in geometry.heir_moves(here, home, grid, powers, special_cost(state)).items():
        if cost > mp:
            continue
        if cell in occupied and not geometry.escape_within(cell, mp - cost + _buyable(state, seat), home, grid,
                                                           occupied):
            continue
        found[cell] = (how, cost)
    return found


def _buyable(state: dict, seat: int) -> int:
    return min(data.MAX_BOUGHT - state["bought"], state["coins"][unit_of(state, seat)])


def swap_targets(state: dict, seat: int, occ: dict) -> list[int]:
    here = occ.get(tuple(state["heirs"][seat]))
    if here is None or here[1] == geometry.SAILOR:
        return []
    return [other for other, heir in enumerate(state["heirs"])
            if other != seat and heir != state["heirs"][seat]
            and (occ.get(tuple(heir)) or (None,))[0] == here[0]]


def stack_under(state: dict, seat: int, grid: list) -> tuple | None:
    """The (boat, slot) of the goods square the seat's heir stands on; None on water, a pontoon
    or a sailor."""
    x, y = state["heirs"][seat]
    g = grid[x * geometry.SIZE + y]
    return None if g < 0 or g & 3 == 3 else (g >> 2, g & 3)


def on_goods(state: dict, seat: int) -> bool:
    """Whether the seat's heir stands on a goods square with a token left, whatever its kind: a
    public fact, so the turn may wait on it without telling whether the good is on a secret card."""
    under = stack_under(state, seat, boat_grid(state["boats"]))
    return under is not None and state["boats"][under[0]]["goods"][under[1]][1] > 0


def takeable(state: dict, seat: int, grid: list) -> tuple | None:
    """M-T16, M-T17: the (boat, slot, kind) the seat's heir may take where it stands: a token of
    a kind its objective shows and its unit does not hold yet. Taking is the owner's choice (a
    `take` action), so stepping, passing or declining shows nothing of a secret card."""
    under = stack_under(state, seat, grid)
    if under is None:
        return None
    index, slot = under
    kind, count = state["boats"][index]["goods"][slot]
    unit = unit_of(state, seat)
    card = state["objective"][unit]
    if not count or card is None or kind not in data.CARDS[card] or kind in state["held"][unit]:
        return None
    return index, slot, kind
