"""All component data of Dragon Boats of the Four Seas, in one place.

Nearly nothing of the real components is public (research 2.1), so almost every value here is a
PROPOSAL of `shared/rules-research.md` section 2.2 or of the spec. Each block carries a `SOURCE`
tag so the data can be swapped when the printed values turn up.
"""
from __future__ import annotations

from engines.i18n import N_

# ----------------------------------------------------------------------------- counts
SOURCE_COUNTS = "SEED (80 offerings, 12 food, 12 treasure, 28 farm tiles on islands); PROPOSAL 2.2-A (splits)"
KINDS = ("cinnabar", "gold", "jade", "leather", "tea")  # offering kinds, in this order everywhere
KIND_INDEX = {kind: index for index, kind in enumerate(KINDS)}
OFFERINGS_PER_KIND = 16
FOOD_CARDS = 12
TREASURE_CARDS = 12
FARMS = ("poultry", "fish", "pork", "rice", "soy")
FARM_INDEX = {farm: index for index, farm in enumerate(FARMS)}
FARMS_PER_KIND = 7
FARMS_ON_ISLANDS = 28
SET_CAP = {"poultry": 4, "fish": 4, "pork": 4, "rice": 3, "soy": 3}  # SEED tables, B-E3/B-E4
MEMBERS = 10
DISCS = 4
MAX_MONEY = 100  # the money track ends at 100 (SEED, A40)
STORAGE = 3  # offerings kept between rounds (SEED)
FREE_STEPS = 3  # free steps of a moving member (SEED)
STALL_SIZE = 3
ROUNDS = 6
SHORT_ROUNDS = 4
SEA_FLAVOUR = {"N": "leather", "W": "tea", "C": "gold", "E": "jade", "S": "cinnabar"}  # SEED, no rule uses it

# ----------------------------------------------------------------------------- market and boards
SOURCE_MARKET = "SEED (stalls I-V, +2 money private action); PROPOSAL 2.2-G (other private actions, neutral stalls)"
STALLS = ("I", "II", "III", "IV", "V")
GOODS_STALLS = 4  # stalls I-IV sell offerings; stall V is the exchange
PRIVATE_SPACES = ("money", "food", "offering")
PRIVATE_MONEY = 2
NEUTRAL = -1  # owner of a neutral disc
NEUTRAL_STALLS = {2: ("II", "IV"), 3: ("III",), 4: ()}
STALL_V_PRICED = True  # A11: stall V charges the stack price (table option stall_v_price)

# ----------------------------------------------------------------------------- round cards
SOURCE_ROUND_CARDS = "PROPOSAL 2.2-G"
ROUND_CARDS = {
    1: {"restricted": True, "permanent": True, "money": 0, "offerings": 0, "food": 0, "treasure": 0},
    2: {"restricted": False, "permanent": False, "money": 2, "offerings": 1, "food": 0, "treasure": 0},
    3: {"restricted": False, "permanent": False, "money": 3, "offerings": 2, "food": 0, "treasure": 0},
    4: {"restricted": False, "permanent": False, "money": 4, "offerings": 2, "food": 1, "treasure": 0},
    5: {"restricted": False, "permanent": False, "money": 5, "offerings": 3, "food": 1, "treasure": 1},
    6: {"restricted": True, "permanent": True, "money": 0, "offerings": 0, "food": 0, "treasure": 0},
}
SHORT_FIXED_CARDS = (1, 4, 5, 6)  # the book's second sentence (A9), option short_cards = "fixed"

# ----------------------------------------------------------------------------- toppers
SOURCE_TOPPERS = "PROPOSAL 2.2-D"
_TOPPER_ROWS = [
    (1, 3, "cinnabar leather"), (2, 3, "jade tea"), (3, 3, "jade leather"), (4, 3, "cinnabar tea"),
    (5, 3, "gold tea"), (6, 3, "gold jade tea"), (7, 2, "cinnabar jade leather"), (8, 3, "gold jade jade"),
    (9, 2, "cinnabar cinnabar leather"), (10, 3, "cinnabar gold tea"), (11, 2, "gold leather tea"),
    (12, 3, "cinnabar gold leather"), (13, 2, "jade jade tea"), (14, 3, "cinnabar leather tea"),
    (15, 2, "leather tea tea"), (16, 2, "gold gold jade leather"), (17, 2, "cinnabar gold gold leather"),
    (18, 2, "cinnabar gold gold jade"), (19, 2, "cinnabar jade jade leather"), (20, 2, "cinnabar leather tea tea"),
]
TOPPERS = {beats: {"beats": beats, "min": minimum, "cost": cost.split()} for beats, minimum, cost in _TOPPER_ROWS}
BOAT_PLACES = ("front", "middle", "rear")
MIDDLE = 1

# ----------------------------------------------------------------------------- bonus cards
SOURCE_CARDS = "SEED (effects, types: FAQ); PROPOSAL 2.2-E (VP, icons); spec (windows)"
# windows: "turn" = own turns (T), "bid" = own bidding turns only, "before_mountain" (W1),
# "before_steer" (W2), "before_disembark" (W3). Empty for permanent and end-game cards.
_CARD_ROWS = [
    ("A", N_("Steer"), "one_time", 2, True, ("before_steer",)),
    ("B", N_("Re-arrange boat"), "one_time", 1, True, ("turn", "before_mountain")),
    ("C", N_("Cut in line"), "one_time", 2, False, ("before_disembark",)),
    ("D", N_("Swap discs"), "one_time", 1, True, ("bid",)),
    ("E", N_("Storage"), "permanent", 1, False, ()),
    ("F", N_("Forced trade"), "one_time", 2, True, ("turn",)),
    ("G", N_("Switch boats"), "one_time", 2, False, ("turn", "before_mountain", "before_disembark")),
    ("H", N_("First boat"), "one_time", 2, False, ("before_mountain",)),
    ("I", N_("Jump ship"), "one_time", 1, True, ("turn", "before_mountain")),
    ("J", N_("Extra food"), "permanent", 1, False, ()),
    ("K", N_("Extra treasure"), "permanent", 1, False, ()),
    ("L", N_("Card points"), "end_game", 0, False, ()),
    ("M", N_("Extra money"), "permanent", 1, False, ()),
    ("N", N_("House members score"), "end_game", 1, False, ()),
    ("O", N_("Money score"), "end_game", 0, False, ()),
    ("P", N_("Take 3"), "one_time", 1, False, ("turn",)),
    ("Q", N_("Food score"), "end_game", 0, False, ()),
    ("R", N_("Send boat"), "one_time", 2, False, ("before_mountain",)),
    ("S", N_("Island hopper"), "one_time", 1, True, ("turn",)),
    ("T", N_("Treasure"), "end_game", 0, False, ()),
    ("U", N_("Extra move"), "permanent", 0, False, ()),
    ("V", N_("Pig farm"), "end_game", 0, False, ()),
    ("W", N_("Fish farm"), "end_game", 0, False, ()),
    ("X", N_("Poultry farm"), "end_game", 0, False, ()),
    ("Y", N_("Soy"), "end_game", 0, False, ()),
    ("Z", N_("Rice"), "end_game", 0, False, ()),
]
CARDS = {letter: {"letter": letter, "name": name, "type": kind, "vp": vp, "interactive": icon, "windows": windows}
         for letter, name, kind, vp, icon, windows in _CARD_ROWS}
LETTERS = tuple(CARDS)
INTERACTIVE = tuple(letter for letter in LETTERS if CARDS[letter]["interactive"])  # A B D F I S
DISPLAY_SIZE = 2
EXTRA_FARM_CARD = {"V": "pork", "W": "fish", "X": "poultry"}
PER_FARM_CARD = {"Y": "soy", "Z": "rice"}
FOOD_SCORE_CAP = 8  # card Q
TREASURE_CARD_BEST = 4  # card T: the first 4 treasures score 2 each

# ----------------------------------------------------------------------------- wisdom tiles
SOURCE_WISDOM = "PROPOSAL 2.2-F"
WISDOM = {
    1: {"name": N_("Sage of Coins"), "type": "end_game", "text": N_("1 VP per 3 money")},
    2: {"name": N_("Sage of the Granary"), "type": "end_game", "text": N_("2 VP per food card, at most 8 VP")},
    3: {"name": N_("Sage of Treasure"), "type": "end_game", "text": N_("+1 VP per treasure card")},
    4: {"name": N_("Sage of Kinship"), "type": "end_game", "text": N_("+3 VP for your largest farmer group")},
    5: {"name": N_("Sage of Harvest"), "type": "end_game", "text": N_("2 VP per different farm type owned")},
    6: {"name": N_("Sage of Grain"), "type": "end_game", "text": N_("+1 VP per rice or soy farm")},
    7: {"name": N_("Sage of Herds"), "type": "end_game", "text": N_("+1 VP per poultry, fish or pork farm, at most 6")},
    8: {"name": N_("Sage of the Road"), "type": "permanent", "text": N_("+1 free step for each moving member")},
    9: {"name": N_("Sage of the Storehouse"), "type": "permanent", "text": N_("store 2 more offerings")},
    10: {"name": N_("Dragon's Blessing"), "type": "end_game", "text": N_("3 VP")},
}
WISDOM_FOOD_CAP = 8
WISDOM_HERDS_CAP = 6
WISDOM_KINSHIP = 3
WISDOM_BLESSING = 3
WISDOM_STORE = 2
WISDOM_COINS_PER_VP = 3

# ----------------------------------------------------------------------------- the board graph
SOURCE_BOARD = "SEED (layout); PROPOSAL 2.2-C (graph, rewards, routes)"
DOCKS = ("CNW", "CNE", "CSE", "CSW")  # one boat per dock; boat i's home is dock i
ISLANDS = ("N", "E", "S", "W")
# The island template: node -> (kind, (q, r), reward, neighbours)
TEMPLATE = {
    "PW": ("port", (-1, 1), None, ("F1", "F5", "a", "k")),
    "PE": ("port", (3, 1), None, ("F4", "F7", "g", "h")),
    "a": ("road", (-1, 0), "offering", ("F1", "PW", "b")),
    "b": ("road", (0, -1), "treasure", ("F1", "a", "c")),
    "c": ("road", (1, -1), "food", ("F1", "F2", "b", "d")),
    "d": ("road", (2, -1), "card", ("F2", "F3", "c", "e")),
    "e": ("road", (3, -1), "food", ("F3", "F4", "d", "f")),
    "f": ("road", (4, -1), "treasure", ("F4", "e", "g")),
    "g": ("road", (4, 0), "offering", ("F4", "PE", "f")),
    "h": ("road", (2, 2), "money", ("F7", "PE", "i")),
    "i": ("road", (1, 2), None, ("F6", "F7", "h", "j")),
    "j": ("road", (0, 2), None, ("F5", "F6", "i", "k")),
    "k": ("road", (-1, 2), "money", ("F5", "PW", "j")),
    "F1": ("land", (0, 0), None, ("F2", "F5", "PW", "a", "b", "c")),
    "F2": ("land", (1, 0), None, ("F1", "F3", "F5", "F6", "c", "d")),
    "F3": ("land", (2, 0), None, ("F2", "F4", "F6", "F7", "d", "e")),
    "F4": ("land", (3, 0), None, ("F3", "F7", "PE", "e", "f", "g")),
    "F5": ("land", (0, 1), None, ("F1", "F2", "F6", "PW", "j", "k")),
    "F6": ("land", (1, 1), None, ("F2", "F3", "F5", "F7", "i", "j")),
    "F7": ("land", (2, 1), None, ("F3", "F4", "F6", "PE", "h", "i")),
}
# Sea routes: dock -> its two island ports (island PW/PE: west/east for N and S, north/south for E and W).
ROUTES = (("N.PW", "W.PW"), ("N.PE", "E.PW"), ("E.PE", "S.PE"), ("S.PW", "W.PE"))
PATHS = ("A", "B")


def _mountain() -> dict:
    edges: set[tuple[str, str]] = set()

    def link(x: str, y: str) -> None:
        edges.add((x, y))
        edges.add((y, x))

    for i in range(1, 5):
        link(f"W{i}", f"W{i + 1}")
        link(f"W{i + 5}", f"W{i + 6}")
        link(f"A{i}", f"A{i + 1}")
        link(f"B{i}", f"B{i + 1}")
        link(f"A{i}", f"W{i + 1}")
        link(f"B{i}", f"W{i + 6}")
    for i in range(1, 6):
        link(f"W{i}", f"W{i + 5}")
        link(f"A{i}", f"W{i}")
        link(f"B{i}", f"W{i + 5}")
    link("A5", "B5")
    nodes = {}
    for i in range(1, 6):
        nodes[f"A{i}"] = ("road", (-3, 6 - i))
        nodes[f"B{i}"] = ("road", (3, 6 - i))
    for i in range(1, 11):
        nodes[f"W{i}"] = ("land", (-2 if i <= 5 else 2, 6 - ((i - 1) % 5) - 1))
    graph = {}
    for node, (kind, coords) in nodes.items():
        graph[node] = {"kind": kind, "island": "C", "coords": list(coords), "reward": None,
                       "neighbours": sorted(y for x, y in edges if x == node)}
    return graph


def _graph() -> dict:
    graph = _mountain()
    for island in ISLANDS:
        for node, (kind, coords, reward, neighbours) in TEMPLATE.items():
            graph[f"{island}.{node}"] = {"kind": kind, "island": island, "coords": list(coords), "reward": reward,
                                         "neighbours": [f"{island}.{other}" for other in neighbours]}
    return graph


GRAPH = _graph()
NEIGHBOURS = {node: tuple(info["neighbours"]) for node, info in GRAPH.items()}
REWARDS = {node: info["reward"] for node, info in GRAPH.items() if info["reward"]}
LAND = tuple(node for node, info in GRAPH.items() if info["kind"] == "land")
ISLAND_LAND = tuple(node for node in LAND if GRAPH[node]["island"] != "C")
MOUNTAIN_LAND = tuple(f"W{i}" for i in range(1, 11))
LAND_SET = frozenset(LAND)
PORTS = tuple(port for pair in ROUTES for port in pair)
PATH_START = {"A": "A1", "B": "B1"}
