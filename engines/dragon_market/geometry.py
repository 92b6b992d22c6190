"""Board geometry: the squares boats cover, where they may slide or turn, where heirs may step.

Squares are (x, y) tuples here (lists in the state), y pointing up; cw turns N -> E -> S -> W.
Every function reads the state and returns plain values; nothing is changed.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain

from engines.dragon_market import data

SIZE = data.SIZE
PONTOONS = data.PONTOON_SET
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONALS = ((1, 1), (1, -1), (-1, -1), (-1, 1))
SAILOR = -1  # the slot of a boat's sailor square
BOATS_REMEMBERED = 64  # boat lists whose moves and placements are kept (a search's worlds share few)
_by_boats: dict = {}  # id(boats) -> (boats, {fact: value})


def cw(d):
    return (d[1], -d[0])


def ccw(d):
    return (-d[1], d[0])


TURNS = {"cw": cw, "ccw": ccw}


def on_board(c) -> bool:
    return 0 <= c[0] < SIZE and 0 <= c[1] < SIZE


def on_border(c) -> bool:
    return c[0] in (0, SIZE - 1) or c[1] in (0, SIZE - 1)


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1])


def cells_of(kind: str, s, d) -> tuple:
    """(sailor, goods slot 0, goods slot 1) of a boat."""
    (sx, sy), (dx, dy) = s, d
    if kind == "centre":
        return ((sx, sy), (sx - dx, sy - dy), (sx + dx, sy + dy))
    return ((sx, sy), (sx + dx, sy + dy), (sx + 2 * dx, sy + 2 * dy))


def boat_cells(boat: dict) -> tuple:
    return cells_of(boat["kind"], boat["s"], boat["d"])


def occupancy(boats: list) -> dict:
    """Square -> (boat index, slot); slot -1 is the sailor."""
    occ = {}
    for index, boat in enumerate(boats):
        sailor, first, second = boat_cells(boat)
        occ[sailor] = (index, SAILOR)
        occ[first] = (index, 0)
        occ[second] = (index, 1)
    return occ


def is_free(c, occ: dict, own: int = -1) -> bool:
    """On the board, not a pontoon, not covered by a boat other than `own`."""
    if not on_board(c) or c in PONTOONS:
        return False
    hit = occ.get(c)
    return hit is None or hit[0] == own


def axis(d) -> tuple:
    """The positive unit vector along d: (1, 0) or (0, 1)."""
    return (abs(d[0]), abs(d[1]))


def placement_ok(kind: str, s, d, occ: dict) -> bool:
    """M-S5, M-S6: three free squares on the board; a centre sailor never on the border."""
    if kind == "centre" and on_border(s):
        return False
    return all(is_free(c, occ) for c in cells_of(kind, s, d))


PLACE_DIRS = {"centre": ("N", "E"), "end": ("N", "E", "S", "W")}


def placements(kind: str, occ: dict) -> dict:
    """Sailor square -> the facings that fit there."""
    found = {}
    for x in range(SIZE):
        for y in range(SIZE):
            dirs = [name for name in PLACE_DIRS[kind] if placement_ok(kind, (x, y), data.DIRS[name], occ)]
            if dirs:
                found[(x, y)] = dirs
    return found


# ----------------------------------------------------------------------------- boat moves
# Each function returns {key: (new sailor, new axis)} for one boat; a key is what the action names.


def slides(boats: list, index: int, occ: dict, hop: bool = False) -> dict:
    """M-T3/M-T4 slides along the boat's length (`by` signed along +x or +y); with `hop`, the
    M-B1 slides that pass over exactly one other boat."""
    boat = boats[index]
    cells = boat_cells(boat)
    a = axis(boat["d"])
    s, d = tuple(boat["s"]), tuple(boat["d"])
    found = {}
    for sign in (1, -1):
        u = (sign * a[0], sign * a[1])
        front = max(cells, key=lambda c: c[0] * u[0] + c[1] * u[1])
        passed = set()
        for t in range(1, SIZE):
            c = add(front, u, t)
            if not on_board(c) or c in PONTOONS:
                break
            hit = occ.get(c)
            if hit is not None and hit[0] != index:
                passed.add(hit[0])
                if len(passed) > 1 or not hop:
                    break
            if hop:
                if len(passed) == 1 and all(is_free(add(cell, u, t), occ, index) for cell in cells):
                    found[sign * t] = (add(s, u, t), d)
            else:
                found[sign * t] = (add(s, u, t), d)
    return found


def shifts(boats: list, index: int, occ: dict) -> dict:
    """M-B3: sideways moves through free squares; a centre sailor never ends on the border."""
    boat = boats[index]
    cells = boat_cells(boat)
    a = axis(boat["d"])
    q = (a[1], a[0])
    s, d = tuple(boat["s"]), tuple(boat["d"])
    found = {}
    for sign in (1, -1):
        u = (sign * q[0], sign * q[1])
        for t in range(1, SIZE):
            if not all(is_free(add(cell, u, t), occ, index) for cell in cells):
                break
            new_s = add(s, u, t)
            if boat["kind"] == "centre" and on_border(new_s):
                continue
            found[sign * t] = (new_s, d)
    return found


def swept(kind: str, s, d, d2) -> tuple:
    """M-T6: the squares a quarter turn from axis d to d2 about sailor s must find free."""
    if kind == "centre":
        return (add(s, d2), add(s, d2, -1), add(add(s, d), d2), add(add(s, d, -1), d2, -1))
    return (add(s, d2), add(s, d2, 2), add(add(s, d), d2), add(add(s, d, 2), d2),
            add(add(s, d), d2, 2), add(add(s, d, 2), d2, 2))


def rotations(boats: list, index: int, occ: dict) -> dict:
    boat = boats[index]
    s, d = tuple(boat["s"]), tuple(boat["d"])
    found = {}
    for name, turn in TURNS.items():
        d2 = turn(d)
        if all(is_free(c, occ, index) for c in swept(boat["kind"], s, d, d2)):
            found[name] = (s, d2)
    return found


def far_turns(boats: list, index: int, occ: dict) -> dict:
    """M-B8: an end-sailor boat turns a quarter about its far end; the sailor moves."""
    boat = boats[index]
    if boat["kind"] != "end":
        return {}
    s, d = tuple(boat["s"]), tuple(boat["d"])
    pivot = add(s, d, 2)
    e = (-d[0], -d[1])
    found = {}
    for name, turn in TURNS.items():
        e2 = turn(e)
        if all(is_free(c, occ, index) for c in swept("end", pivot, e, e2)):
            found[name] = (add(pivot, e2, 2), (-e2[0], -e2[1]))
    return found


def half_turn(boats: list, index: int, occ: dict):
    """M-B2: 180 degrees about the sailor, lifted: only the landing squares must be free."""
    boat = boats[index]
    s, d = tuple(boat["s"]), tuple(boat["d"])
    d2 = (-d[0], -d[1])
    if all(is_free(c, occ, index) for c in cells_of(boat["kind"], s, d2)):
        return (s, d2)
    return None


# ----------------------------------------------------------------------------- fast paths
# legal_actions and the bots' heuristic run millions of times: these work on a flat grid of 100
# entries (index x * 10 + y): -1 free water, -2 pontoon, else boat index * 4 + slot (3 = sailor).
# They must agree with the functions above (a test checks it).

FREE_WATER, PONTOON = -1, -2
NEIGHBOURS = tuple(tuple((x + dx) * SIZE + y + dy for dx, dy in ORTHO if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE)
                   for x in range(SIZE) for y in range(SIZE))


def flat_grid(boats: list) -> list:
    grid = [FREE_WATER] * (SIZE * SIZE)
    for x, y in PONTOONS:
        grid[x * SIZE + y] = PONTOON
    for index, boat in enumerate(boats):
        (sx, sy), (dx, dy) = boat["s"], boat["d"]
        grid[sx * SIZE + sy] = index * 4 + 3
        if boat["kind"] == "centre":
            grid[(sx - dx) * SIZE + sy - dy] = index * 4
            grid[(sx + dx) * SIZE + sy + dy] = index * 4 + 1
        else:
            grid[(sx + dx) * SIZE + sy + dy] = index * 4
            grid[(sx + 2 * dx) * SIZE + sy + 2 * dy] = index * 4 + 1
    return grid


# Per flat index, the squares orthogonally next to it on the board, in ORTHO's order: (flat index, square).
NEXT_TO = tuple(tuple(((x + dx) * SIZE + y + dy, (x + dx, y + dy)) for dx, dy in ORTHO if on_board((x + dx, y + dy)))
                for x in range(SIZE) for y in range(SIZE))


def walkable(c, own_pontoon, grid: list) -> bool:
    """M-T12: the heir's own pontoon or a non-sailor boat square."""
    if c == own_pontoon:
        return True
    if not on_board(c):
        return False
    g = grid[c[0] * SIZE + c[1]]
    return g >= 0 and g & 3 != 3


def heir_moves(h, own_pontoon, grid: list, powers: set, special_cost: int) -> dict:
    """Square -> (how, MP cost) for one step of the heir from h (M-T11, M-B4, M-B5, M-B6)."""
    moves = {}
    for square, c in NEXT_TO[h[0] * SIZE + h[1]]:
        g = grid[square]
        if (g >= 0 and g & 3 != 3) or c == own_pontoon:
            moves[c] = ("step", data.STEP_COST)
    if "diagonal" in powers:
        for u in DIAGONALS:
            c = add(h, u)
            if walkable(c, own_pontoon, grid):
                moves[c] = ("diagonal", data.STEP_COST)
    if "cross_sailor" in powers or "leap" in powers:
        for u in ORTHO:
            middle, c = add(h, u), add(h, u, 2)
            if not on_board(middle) or not walkable(c, own_pontoon, grid):
                continue
            g = grid[middle[0] * SIZE + middle[1]]
            if g >= 0 and g & 3 == 3 and "cross_sailor" in powers:
                moves[c] = ("cross_sailor", special_cost)
            elif g == FREE_WATER and "leap" in powers:
                moves[c] = ("leap", special_cost)
    return moves


def escape_within(start, budget: int, own_pontoon, grid: list, occupied: set) -> bool:
    """M-T13: can an heir standing on `start` reach a square no other heir holds, with ordinary
    steps costing at most `budget` MP?"""
    if start not in occupied:
        return True
    frontier, seen = [start], {start}
    for _ in range(budget):
        following = []
        for c in frontier:
            for u in ORTHO:
                n = add(c, u)
                if n in seen or not walkable(n, own_pontoon, grid):
                    continue
                if n not in occupied:
                    return True
                seen.add(n)
                following.append(n)
        frontier = following
        if not frontier:
            break
    return False


def _lanes(kind: str, s: tuple, d: tuple) -> tuple:
    """What plain_moves checks for a boat lying at s along d, as flat indices: per slide
    direction, ((square ahead of the front end, `by` of the slide onto it, the bits of the squares
    up to it), ...) up to the edge;
    per quarter turn that stays on the board, (name, squares it sweeps)."""
    cells = cells_of(kind, s, d)
    a = axis(d)
    rays = []
    for sign in (1, -1):
        u = (sign * a[0], sign * a[1])
        front = max(cells, key=lambda c: c[0] * u[0] + c[1] * u[1])
        ahead, passed = [], 0
        for t in range(1, SIZE):
            x, y = add(front, u, t)
            if not on_board((x, y)):
                break
            passed |= 1 << (x * SIZE + y)
            ahead.append((x * SIZE + y, sign * t, passed))
        rays.append(tuple(ahead))
    turns = []
    for name, turn in TURNS.items():
        squares = swept(kind, s, d, turn(d))
        if all(on_board(c) for c in squares):
            turns.append((name, tuple(x * SIZE + y for x, y in squares)))
    return tuple(rays), tuple(turns)


# (kind, sailor x, sailor y, axis x, axis y) -> _lanes, for every boat that fits on the board.
LANES = {(kind, x, y, *d): _lanes(kind, (x, y), d)
         for kind in data.BOAT_KINDS for x in range(SIZE) for y in range(SIZE) for d in data.DIRS.values()
         if all(on_board(c) for c in cells_of(kind, (x, y), d))}


# Per LANES key, the squares of its quarter turns as a bit mask (bit: flat index).
TURN_SQUARES = {key: sum({1 << square for _, squares in turns for square in squares})
                for key, (_, turns) in LANES.items()}


def _facts(boats: list) -> dict:
    """What has been worked out about this very list of boats. States share an unchanged list
    and the fold never changes a list it is given, so a fact of the list holds for good."""
    entry = _by_boats.get(id(boats))
    if entry is None or entry[0] is not boats:
        if len(_by_boats) >= BOATS_REMEMBERED:
            _by_boats.clear()
        entry = _by_boats[id(boats)] = (boats, {})
    return entry[1]


def boat_grid(boats: list) -> list:
    """flat_grid of these boats, worked out once per list (the result must not be changed)."""
    facts = _facts(boats)
    if "grid" not in facts:
        facts["grid"] = flat_grid(boats)
    return facts["grid"]


def per_boat_moves(boats: list) -> list:
    """Per boat, (the actions of its plain moves, the squares that decided them as a bit mask),
    worked out once per list (not to be changed); entries carried over a boat move (carry_facts)
    are kept."""
    facts = _facts(boats)
    per_boat = facts.get("per_boat")
    if per_boat is None or None in per_boat:
        grid = boat_grid(boats)
        per_boat = facts["per_boat"] = [
            known if known is not None else boat_move_actions(index, boats[index], grid)
            for index, known in enumerate(per_boat or [None] * len(boats))]
    return per_boat


def boat_moves(boats: list) -> list:
    """plain_moves of these boats, worked out once per list (the result must not be changed)."""
    facts = _facts(boats)
    if "moves" not in facts:
        facts["moves"] = [move_of(action) for action in move_actions(boats)]
    return facts["moves"]


def move_of(action: dict) -> tuple:
    """(boat, "slide", by) or (boat, "rotate", turn) of a slide or rotate action."""
    if action["type"] == "slide":
        return action["boat"], "slide", action["by"]
    return action["boat"], "rotate", action["turn"]


def move_actions(boats: list) -> list:
    """The slide and rotate actions of boat_moves, worked out once per list (not to be changed)."""
    facts = _facts(boats)
    if "actions" not in facts:
        facts["actions"] = list(chain.from_iterable(actions for actions, _ in per_boat_moves(boats)))
    return facts["actions"]


def carry_facts(boats: list, moved: list, index: int, old_cells: tuple, new_cells: tuple) -> None:
    """Give `moved` (`boats` with boat `index` moved from old_cells to new_cells) the facts of
    `boats`, where known: the occupancy and flat grid changed on those squares only, and the
    moves of each other boat whose lanes do not cross them (cheaper than working them out afresh
    after every boat move)."""
    entry = _by_boats.get(id(boats))
    if entry is None or entry[0] is not boats:
        return
    known, facts = entry[1], _facts(moved)
    # The squares the boat left or came to (a square it covers before and after stays blocked).
    changed = _squares_mask(old_cells) ^ _squares_mask(new_cells)
    if "occupancy" in known:
        occ = dict(known["occupancy"])
        for cell in old_cells:
            del occ[cell]
        occ[new_cells[0]], occ[new_cells[1]], occ[new_cells[2]] = (index, SAILOR), (index, 0), (index, 1)
        facts["occupancy"] = occ
    if "grid" in known:
        facts["grid"] = moved_grid(known["grid"], index, old_cells, new_cells)
    if "per_boat" in known:
        # Only the moved boat and the boats whose lanes cross a changed square may move otherwise.
        facts["per_boat"] = [None if moves is None or other == index or moves[1] & changed else moves
                             for other, moves in enumerate(known["per_boat"])]


def moved_grid(grid: list, index: int, old_cells: tuple, new_cells: tuple) -> list:
    """A copy of the flat grid with boat `index` moved from old_cells to new_cells."""
    moved = list(grid)
    for x, y in old_cells:
        moved[x * SIZE + y] = FREE_WATER
    for (x, y), code in zip(new_cells, (index * 4 + 3, index * 4, index * 4 + 1)):
        moved[x * SIZE + y] = code
    return moved


def _squares_mask(cells: tuple) -> int:
    """A boat's three squares as a bit mask (bit: flat index)."""
    (ax, ay), (bx, by), (cx, cy) = cells
    return 1 << (ax * SIZE + ay) | 1 << (bx * SIZE + by) | 1 << (cx * SIZE + cy)


def plain_move(boats: list, index: int, kind: str, key):
    """(new sailor, new axis) of the slide (key: by) or quarter turn (key: turn) of boat `index`
    if boat_moves lists it, else None; a test checks it against slides and rotations."""
    if (index, kind, key) not in boat_moves(boats):
        return None
    return moved_to(boats[index], kind, key)


def moved_to(boat: dict, kind: str, key):
    """(new sailor, new axis) of `boat` after the slide (key: by) or quarter turn (key: turn)."""
    s, d = tuple(boat["s"]), tuple(boat["d"])
    if kind == "slide":
        return add(s, axis(d), key), d
    return s, TURNS[key](d)


def goods_reach(boats: list) -> frozenset:
    """The flat indices one slide or quarter turn of a boat covers with a goods square, worked
    out once per list."""
    facts = _facts(boats)
    if "goods_reach" not in facts:
        found = set()
        for index, kind, key in boat_moves(boats):
            s, d = plain_move(boats, index, kind, key)
            found.update(x * SIZE + y for x, y in cells_of(boats[index]["kind"], s, d)[1:])
        facts["goods_reach"] = frozenset(found)
    return facts["goods_reach"]


def boat_occupancy(boats: list) -> dict:
    """occupancy of these boats, worked out once per list (the result must not be changed)."""
    facts = _facts(boats)
    if "occupancy" not in facts:
        facts["occupancy"] = occupancy(boats)
    return facts["occupancy"]


def open_placements(kind: str, boats: list) -> dict:
    """placements of a new boat of `kind` among these boats, worked out once per list (the
    result must not be changed)."""
    facts = _facts(boats)
    if kind not in facts:
        facts[kind] = grid_placements(kind, boat_grid(boats))
    return facts[kind]


def _placement_squares(kind: str) -> tuple:
    """(sailor square, facing, flat indices of the squares covered) of every placement of a `kind`
    boat that lies on the board with a centre sailor off the border (M-S6), in placements' order."""
    found = []
    for x in range(SIZE):
        for y in range(SIZE):
            for name in PLACE_DIRS[kind]:
                cells = cells_of(kind, (x, y), data.DIRS[name])
                if all(on_board(c) for c in cells) and not (kind == "centre" and on_border((x, y))):
                    found.append(((x, y), name, tuple(cx * SIZE + cy for cx, cy in cells)))
    return tuple(found)


PLACEMENT_SQUARES = {kind: _placement_squares(kind) for kind in data.BOAT_KINDS}


def grid_placements(kind: str, grid: list) -> dict:
    """placements read from the flat grid: the placements whose squares are all free water."""
    found = {}
    for cell, name, squares in PLACEMENT_SQUARES[kind]:
        first, second, third = squares
        if grid[first] == FREE_WATER and grid[second] == FREE_WATER and grid[third] == FREE_WATER:
            found.setdefault(cell, []).append(name)
    return found


def plain_moves(boats: list, grid: list) -> list:
    """Every slide and quarter turn (no powers): [(boat, "slide", by) / (boat, "rotate", turn)]."""
    return [move_of(action) for index, boat in enumerate(boats)
            for action in boat_move_actions(index, boat, grid)[0]]


def boat_move_actions(index: int, boat: dict, grid: list) -> tuple:
    """The slide and rotate actions of one boat, in plain_moves' order, and the squares that
    decided them as a bit mask (each ray up to its first blocker, the squares of each turn)."""
    (sx, sy), (dx, dy) = boat["s"], boat["d"]
    rays, turns, looked_at = _lane_actions(index, (boat["kind"], sx, sy, dx, dy))
    actions = []
    for ray in rays:
        passed = 0
        for square, passed, action in ray:  # passed: the ray's squares up to this one
            if grid[square] != FREE_WATER:
                break
            actions.append(action)
        looked_at |= passed
    for squares, action in turns:  # a boat's own squares are never among those it sweeps
        for square in squares:
            if grid[square] != FREE_WATER:
                break
        else:
            actions.append(action)
    return actions, looked_at


@lru_cache(maxsize=None)
def _lane_actions(index: int, key: tuple) -> tuple:
    """LANES[key] for boat `index`, each slide square and turn with its action, and the squares
    of the turns: built once and shared by every list of legal actions (nobody changes a listed
    action)."""
    rays, turns = LANES[key]
    return (tuple(tuple((square, passed, {"type": "slide", "boat": index, "by": by}) for square, by, passed in ray)
                  for ray in rays),
            tuple((squares, {"type": "rotate", "boat": index, "turn": name}) for name, squares in turns),
            TURN_SQUARES[key])
