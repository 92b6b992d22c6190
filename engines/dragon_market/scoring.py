"""The outcome, and the heuristic the bots use (evaluate)."""
from __future__ import annotations

from itertools import permutations

from engines.core import places
from engines.dragon_market import data, geometry
from engines.dragon_market.state import missing, pontoon, unit_of


def outcome(state: dict) -> dict | None:
    result = state["result"]
    if result is None:
        return None
    players = state["n"]
    done = [len(state["completed"][unit_of(state, seat)]) for seat in range(players)]
    held = [len(state["held"][unit_of(state, seat)]) for seat in range(players)]
    winners = list(result["winners"])
    keys = [(seat not in winners, -done[seat], -held[seat]) for seat in range(players)]
    ranking = sorted(range(players), key=lambda seat: (keys[seat], (seat - state["first"]) % players))
    return {"scores": done, "winners": winners, "ranking": ranking, "places": places(keys),
            "reason": result["reason"],
            "goods_held": held, "objectives": {str(seat): state["completed"][unit_of(state, seat)]
                                                for seat in range(players)},
            "breakdown": [{"goods_held": count} for count in held]}


# ----------------------------------------------------------------------------- heuristic

WALK = 1
# A free water square costs a boat move to bridge it (1 MP) and the step onto that boat (1 MP)
# where one slide or quarter turn brings a goods square there; elsewhere more moves are needed.
WATER = 2
FAR_WATER = 4
OBJECTIVE_VALUE = 400.0  # more than the goods it consumes plus the new card's way
GOOD_VALUE = 40.0  # more than the way to the next good can grow
COIN_VALUE = 0.3
MP_VALUE = 0.3
ROUTE_WEIGHT = 1.0
LEG_FACTOR = 1.5  # guessed MP per square between two goods, or from the last good home
FAR = 60  # an unreachable square counts as this far
_CACHE: dict = {}
_CACHE_LIMIT = 200_000


def route_costs(starts: list, home: int, grid: list, fillable: frozenset = frozenset()) -> list:
    """Dial's shortest paths on the flat grid from the squares `starts` ((index, MP) pairs): the MP to reach each
    square as the heir walks (M-T11, M-T12), a boat square costing 1 and a free water square 2
    (a boat brought into the gap, then the step) where one boat move brings goods (`fillable`), else 4. A sailor square
    or another seat's pontoon is never entered (M-T14): the way goes round it."""
    weight = [0] * (data.SIZE * data.SIZE)
    for index, g in enumerate(grid):
        if g == geometry.FREE_WATER:
            weight[index] = WATER if index in fillable else FAR_WATER
        elif g >= 0 and g & 3 != 3:
            weight[index] = WALK
    weight[home] = WALK
    dist = [UNREACHED] * (data.SIZE * data.SIZE)
    buckets = [[] for _ in range(max(mp for _, mp in starts) + 1)]
    for square, mp in starts:
        if mp < dist[square]:
            dist[square] = mp
            buckets[mp].append(square)
    cost = 0
    neighbours = geometry.NEIGHBOURS
    while cost < len(buckets):
        for cell in buckets[cost]:
            if dist[cell] != cost:
                continue
            for nxt in neighbours[cell]:
                step = weight[nxt]
                if step and cost + step < dist[nxt]:
                    new = cost + step
                    dist[nxt] = new
                    while len(buckets) <= new:
                        buckets.append([])
                    buckets[new].append(nxt)
        cost += 1
    return dist


UNREACHED = 1 << 20


def ride_routes(boats: list, heir: tuple, home: int, grid: list, fillable: frozenset) -> list | None:
    """Route costs from where each slide or quarter turn of the boat under the heir carries it,
    for 1 MP (M-T9), or None off a boat. The boat moves with the heir: its old squares are
    counted as water and the squares its sailor would come to as blocked (one search for all
    the rides, so a ride may be credited with another ride's layout: a guess, cheap enough)."""
    hit = geometry.boat_occupancy(boats).get(heir)
    if hit is None:
        return None
    index, slot = hit
    boat = boats[index]
    ridden = list(grid)
    for x, y in geometry.boat_cells(boat):
        ridden[x * data.SIZE + y] = geometry.FREE_WATER
    starts = []
    for moved, kind, key in geometry.boat_moves(boats):
        if moved == index:
            s, d = geometry.plain_move(boats, index, kind, key)
            cells = geometry.cells_of(boat["kind"], s, d)
            ridden[cells[0][0] * data.SIZE + cells[0][1]] = index << 2 | 3
            x, y = cells[slot + 1]
            starts.append((x * data.SIZE + y, 1))
    if not starts:
        return None
    return route_costs(starts, home, ridden, fillable)


def route(state: dict, seat: int) -> float:
    """A guess of the MP the seat still needs to complete its objective: the best order to visit
    the goods it lacks, then home (the first leg by the board's route costs, later legs by
    distance)."""
    unit = unit_of(state, seat)
    if state["objective"][unit] is None:
        return 0.0
    hx, hy = pontoon(state, seat)
    home = hx * data.SIZE + hy
    boats = state["boats"]
    grid = geometry.flat_grid(boats)
    heir = tuple(state["heirs"][seat])
    fillable = geometry.goods_reach(boats)
    on_foot = route_costs([(heir[0] * data.SIZE + heir[1], 0)], home, grid, fillable)
    riding = ride_routes(boats, heir, home, grid, fillable)
    dist = on_foot if riding is None else list(map(min, on_foot, riding))
    wanted = set(missing(state, unit))
    if not wanted:
        return float(min(dist[home], FAR))
    # A ride carries the boat's goods along with the heir: the goods of its own boat are reached
    # only by stepping off and round (a centre boat's sailor stands between its two stacks).
    own_boat = geometry.boat_occupancy(boats).get(heir, (None,))[0]
    targets = []
    for index, g in enumerate(grid):
        if g < 0 or g & 3 == 3:
            continue
        kind, count = boats[g >> 2]["goods"][g & 3]
        if count and kind in wanted:
            cost = on_foot[index] if g >> 2 == own_boat else dist[index]
            targets.append((divmod(index, data.SIZE), min(cost, FAR)))
    if not targets:
        return float(FAR)
    best = float(FAR * 5)
    for order in permutations(targets):
        (cx, cy), cost = order[0]
        for (nx, ny), _ in order[1:]:
            cost += LEG_FACTOR * (abs(nx - cx) + abs(ny - cy))
            cx, cy = nx, ny
        cost += LEG_FACTOR * (abs(hx - cx) + abs(hy - cy))
        best = min(best, cost)
    return best


def evaluate(state: dict, seat: int) -> float:
    unit = unit_of(state, seat)
    key = (seat, state["objective"][unit], tuple(state["held"][unit]), len(state["completed"][unit]),
           tuple(map(tuple, state["heirs"])), tuple((b["s"][0], b["s"][1], b["d"][0], b["d"][1]) for b in state["boats"]),
           tuple(c for b in state["boats"] for _, c in b["goods"]), state["ease"][unit])
    cost = _CACHE.get(key)
    if cost is None:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        cost = route(state, seat)
        _CACHE[key] = cost
    mp = state["mp"] if state["turn"] == seat and state["phase"] == "play" else 0
    return (OBJECTIVE_VALUE * len(state["completed"][unit]) + GOOD_VALUE * len(state["held"][unit])
            - ROUTE_WEIGHT * cost + COIN_VALUE * state["coins"][unit] + MP_VALUE * mp)
