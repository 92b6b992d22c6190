"""Scoring (B-E2..B-E11): farm sets, farmer groups, cards, resources, card and wisdom bonuses."""
from __future__ import annotations

from engines.core import places
from engines.dragon_boats import data


def set_points(farm: str, count: int) -> int:
    """B-E3 / B-E4: sets of at most 3 (rice, soy) or 4 (poultry, fish, pork) score size squared."""
    cap = data.SET_CAP[farm]
    return cap * cap * (count // cap) + (count % cap) ** 2


def land_links(node: str) -> list[str]:
    return [other for other in data.NEIGHBOURS[node] if other in data.LAND_SET]


def groups(farmers: dict, seat: int) -> list[int]:
    """Sizes of the seat's groups of edge-adjacent farmers (adjacency never leaves an island)."""
    mine = {node for node, owner in farmers.items() if owner == seat}
    sizes, seen = [], set()
    for start in sorted(mine):
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            node = todo.pop()
            size += 1
            for other in land_links(node):
                if other in mine and other not in seen:
                    seen.add(other)
                    todo.append(other)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def seat_breakdown(state: dict, seat: int) -> dict:
    row = state["seats"][seat]
    owned = set(row["cards"])
    wisdom = set(row["wisdom"])
    farms = dict(zip(data.FARMS, row["farms"]))
    counted = dict(farms)
    for letter, farm in data.EXTRA_FARM_CARD.items():
        if letter in owned:
            counted[farm] += 1  # B-E5
    sets = {farm: set_points(farm, counted[farm]) for farm in data.FARMS}
    sizes = groups(state["farmers"], seat)
    group_points = sum(size * size for size in sizes)
    if "N" in owned:
        group_points += sum(1 for size in sizes if size == 1)  # singles score 2, not 1
    card_points = sum(data.CARDS[letter]["vp"] for letter in row["cards"])
    if "L" in owned:
        card_points += len(row["cards"])  # A22: +1 per owned card, L included
    treasure = row["treasure"]
    if "T" in owned:
        treasure_points = 2 * min(treasure, data.TREASURE_CARD_BEST) + max(treasure - data.TREASURE_CARD_BEST, 0)
    else:
        treasure_points = treasure
    bonus = {
        "O": row["money"] // 2 if "O" in owned else 0,
        "Q": min(2 * row["food"], data.FOOD_SCORE_CAP) if "Q" in owned else 0,
        "Y": farms["soy"] if "Y" in owned else 0,
        "Z": farms["rice"] if "Z" in owned else 0,
    }
    herds = farms["poultry"] + farms["fish"] + farms["pork"]
    sage = {
        1: row["money"] // data.WISDOM_COINS_PER_VP,
        2: min(2 * row["food"], data.WISDOM_FOOD_CAP),
        3: treasure,
        4: data.WISDOM_KINSHIP if sizes else 0,
        5: 2 * sum(1 for count in farms.values() if count),
        6: farms["rice"] + farms["soy"],
        7: min(herds, data.WISDOM_HERDS_CAP),
        8: 0,
        9: 0,
        10: data.WISDOM_BLESSING,
    }
    wisdom_points = {number: sage[number] for number in sorted(wisdom)}
    offerings = sum(row["offerings"])
    # The book's headings of the count (B-E2): what the end table and the guided game show.
    farm_points, bonus_card_points = sum(sets.values()), card_points + sum(bonus.values())
    wisdom_tile_points = sum(wisdom_points.values())
    return {
        "seat": seat, "sets": sets, "groups": sizes, "group_points": group_points, "card_points": card_points,
        "offering_points": offerings, "treasure_points": treasure_points, "card_bonus": bonus,
        "wisdom_points": {str(number): points for number, points in wisdom_points.items()},
        "farm_points": farm_points, "bonus_card_points": bonus_card_points, "wisdom_tile_points": wisdom_tile_points,
        "money": row["money"],  # B-E11: no points, it breaks a tie
        "total": farm_points + group_points + bonus_card_points + wisdom_tile_points + offerings + treasure_points,
    }


def scores(state: dict) -> list[int]:
    return [seat_breakdown(state, seat)["total"] for seat in range(state["n"])]


def outcome(state: dict) -> dict:
    """B-E10, B-E11: most points; ties by money; still tied: a shared win."""
    rows = [seat_breakdown(state, seat) for seat in range(state["n"])]
    totals = [row["total"] for row in rows]
    money = [row["money"] for row in state["seats"]]
    keys = [(-totals[seat], -money[seat]) for seat in range(state["n"])]
    ranking = sorted(range(state["n"]), key=lambda seat: (keys[seat], seat))
    winners = [seat for seat in ranking if keys[seat] == keys[ranking[0]]]
    return {"scores": totals, "winners": winners, "ranking": ranking, "places": places(keys), "money": money,
            "breakdown": rows, "reason": "rounds_played"}
