"""A way out for a heir boxed in by boats, which the bots' estimate cannot find.

The estimate (scoring.route) prices a water square next to the heir by whether one boat move
brings goods onto it. A heir whose neighbours are all sailors and water that no single move
fills (a corner pontoon with a sailor beside it, say) sees every turn as equally hopeless, so a
turn planner ends its turns where it stands. `escape_moves` finds the fewest plain boat moves
after which the heir has a square to step onto, breadth first: one move of any boat, then moves
of the boats near the heir.
"""
from __future__ import annotations

from collections import deque

from engines.dragon_market import data, geometry
from engines.dragon_market.geometry import SIZE, boat_move_actions, cells_of
from engines.dragon_market.state import pontoon

MAX_MOVES = 6  # longer ways out are left to later turns
NEAR = 4  # boats with a square this far from the heir (in steps) are the ones moved
MAX_LAYOUTS = 20_000  # about a tenth of a second of search


def escape_moves(state: dict, seat: int) -> list[dict]:
    """The slide and rotate actions that open a step to the seat's heir, if it has none and no
    single boat move gives it one (the planner sees those itself); else []."""
    heir, home = tuple(state["heirs"][seat]), pontoon(state, seat)
    boats = [{"kind": boat["kind"], "s": tuple(boat["s"]), "d": tuple(boat["d"])} for boat in state["boats"]]
    grid = geometry.flat_grid(boats)
    if _has_step(heir, home, grid):
        return []
    # The boat under the heir stays: moving it moves the heir.
    under = grid[heir[0] * SIZE + heir[1]]
    every = [index for index in range(len(boats)) if under < 0 or index != under >> 2]
    near = [index for index in every if _distance(heir, boats[index]) <= NEAR]
    seen = {tuple(grid)}
    queue = deque([(boats, grid, [])])
    while queue:
        boats, grid, moves = queue.popleft()
        for index in near if moves else every:
            for action in boat_move_actions(index, boats[index], grid)[0]:
                boat = _moved(boats[index], action)
                after = geometry.moved_grid(grid, index, _cells(boats[index]), _cells(boat))
                key = tuple(after)
                if key in seen:
                    continue
                seen.add(key)
                if _has_step(heir, home, after):
                    return moves + [action] if moves else []
                if index in near and len(moves) + 1 < MAX_MOVES and len(seen) < MAX_LAYOUTS:
                    queue.append((boats[:index] + [boat] + boats[index + 1:], after, moves + [action]))
    return []


def _has_step(heir: tuple, home: tuple, grid: list) -> bool:
    """M-T11, M-T12: a plain step open to the heir (powers aside)."""
    return bool(geometry.heir_moves(heir, home, grid, set(), data.STEP_COST))


def _cells(boat: dict) -> tuple:
    return cells_of(boat["kind"], boat["s"], boat["d"])


def _distance(heir: tuple, boat: dict) -> int:
    return min(abs(x - heir[0]) + abs(y - heir[1]) for x, y in _cells(boat))


def _moved(boat: dict, action: dict) -> dict:
    _, kind, key = geometry.move_of(action)
    s, d = geometry.moved_to(boat, kind, key)
    return {"kind": boat["kind"], "s": s, "d": d}
