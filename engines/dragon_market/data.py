"""All component data of Dragon Market and every PROPOSAL value (spec: shared/specs/dragon_market.md).

Tags follow the spec: SEED (the book), FOUND (a public source), INFERRED, PROPOSAL.
"""
from __future__ import annotations

SIZE = 10  # 10 x 10 squares (FOUND)
MAX_PLAYERS = 4
# Pontoons: the corner squares, in clockwise seat order with y pointing up (PROPOSAL 5.2-1).
PONTOONS = ((0, 0), (0, 9), (9, 9), (9, 0))
PONTOON_SET = frozenset(PONTOONS)
# Which corners the seats use (M-S1, A24): 2 players opposite corners, 3 players corners 0, 1, 2.
CORNERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
COLOURS = ("red", "yellow", "green", "blue")  # one per corner (names for the renderer only)

# Directions, y pointing up (N = +y). cw turns N -> E -> S -> W.
DIRS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
DIR_NAMES = {vector: name for name, vector in DIRS.items()}

# Boats (FOUND 5 + 5): centre-sailor boats C1-C5, end-sailor boats E1-E5.
BOAT_IDS = {"centre": ("C1", "C2", "C3", "C4", "C5"), "end": ("E1", "E2", "E3", "E4", "E5")}
BOAT_KINDS = ("centre", "end")
BOATS = 10
TOKENS_PER_STACK = 2  # SEED

# Goods: 13 FOUND + 7 PROPOSAL names; kinds are numbered 0..19 in this order.
GOODS = (
    "necklace", "ring", "perfume", "folding fan", "flower vase", "baby dragon", "goldfish bowl",
    "toadstools", "bonsai", "frog", "carpet", "Buddha statue", "snake",
    "paper lantern", "teapot", "silk scroll", "jade figurine", "parasol", "kite", "porcelain bowl",
)
KIND = {name: index for index, name in enumerate(GOODS)}


def _kinds(*names: str) -> tuple[int, ...]:
    return tuple(KIND[name] for name in names)


# Blue objective cards (contents PROPOSAL 5.2-10; each good on exactly two cards).
BLUE = {
    "B01": _kinds("necklace", "frog", "Buddha statue", "snake"),
    "B02": _kinds("necklace", "goldfish bowl", "toadstools", "bonsai"),
    "B03": _kinds("perfume", "folding fan", "teapot", "kite"),
    "B04": _kinds("ring", "flower vase", "Buddha statue", "porcelain bowl"),
    "B05": _kinds("goldfish bowl", "carpet", "paper lantern", "kite"),
    "B06": _kinds("perfume", "paper lantern", "silk scroll", "parasol"),
    "B07": _kinds("ring", "baby dragon", "bonsai", "frog"),
    "B08": _kinds("toadstools", "teapot", "jade figurine", "porcelain bowl"),
    "B09": _kinds("flower vase", "baby dragon", "snake", "silk scroll"),
    "B10": _kinds("folding fan", "carpet", "jade figurine", "parasol"),
}
# Red objective cards with their bonus (pairing PROPOSAL 5.2-11; the 13 bonuses are SEED).
RED = {
    "R01": _kinds("baby dragon", "snake", "parasol", "kite"),
    "R02": _kinds("toadstools", "carpet", "paper lantern", "jade figurine"),
    "R03": _kinds("perfume", "flower vase", "frog", "porcelain bowl"),
    "R04": _kinds("flower vase", "Buddha statue", "silk scroll", "jade figurine"),
    "R05": _kinds("ring", "folding fan", "Buddha statue", "paper lantern"),
    "R06": _kinds("necklace", "ring", "silk scroll", "kite"),
    "R07": _kinds("perfume", "toadstools", "bonsai"),
    "R08": _kinds("baby dragon", "goldfish bowl", "frog"),
    "R09": _kinds("necklace", "flower vase", "parasol"),
    "R10": _kinds("paper lantern", "teapot", "porcelain bowl"),
    "R11": _kinds("goldfish bowl", "snake", "porcelain bowl"),
    "R12": _kinds("carpet", "teapot", "kite"),
    "R13": _kinds("folding fan", "goldfish bowl", "bonsai"),
}
CARDS = {**BLUE, **RED}
BONUS = {
    "R01": "hop", "R02": "shift", "R03": "diagonal", "R04": "leap", "R05": "reroll",
    "R06": "cross_sailor", "R07": "half_turn", "R08": "turn_far", "R09": "swap_heir",
    "R10": "swap_stacks", "R11": "ease", "R12": "draw_three", "R13": "three_coins",
}
BONUS_TEXT = {
    "hop": "once per turn, slide a boat over exactly one other boat (1 MP)",
    "shift": "once per turn, move a boat sideways (1 MP)",
    "diagonal": "once per turn, one diagonal heir step (1 MP)",
    "leap": "once per turn, the heir leaps over one water square",
    "reroll": "once per turn, reroll one die before spending anything (0 MP)",
    "cross_sailor": "once per turn, the heir crosses one sailor",
    "half_turn": "once per turn, turn a boat 180 degrees whatever is around it (1 MP)",
    "turn_far": "once per turn, turn an end-sailor boat about its far end (1 MP)",
    "swap_heir": "once per turn, swap places with an heir on the same boat (1 MP)",
    "swap_stacks": "once per turn, swap the two goods stacks of a boat (1 MP)",
    "ease": "one-time: the next objective counts as done with one good missing",
    "draw_three": "one-time, at once: draw 3 objective cards instead of 2",
    "three_coins": "one-time, at once: take 3 coins",
}
ONE_TIME = frozenset({"ease", "draw_three", "three_coins"})  # M-B14
BOAT_POWERS = ("hop", "shift", "half_turn", "turn_far", "swap_stacks")
STEP_POWERS = ("diagonal", "leap", "cross_sailor")

# Dice: each die has five faces "3" and one face "4" (INFERRED from the mean 6 1/3).
DIE_FACES = (3, 3, 3, 3, 3, 4)
FIXED_MP = 7  # house rule (S-ESCALE-DM), option fixed_mp
MAX_BOUGHT = 2  # M-T20
COINS_TOTAL = 12  # SEED
START_COINS = (0, 1, 2, 3)  # by turn order (M-S10)

BOAT_ACTION_COST = 1
STEP_COST = 1
SWAP_COST = 1  # swap heir / swap stacks (A22, PROPOSAL spec)
SPECIAL_STEP_COST = 2  # crossing a sailor / leaping water (A9, PROPOSAL spec); option mp_cost_special_steps

# Objectives to win (M-T27, M-V1, M-A6, M-G7).
TARGET_BASIC = 2
TARGET_LONG = 3
TARGET_ADVANCED = 3
TARGET_TEAMS = 4
ADVANCED_DRAW = 2  # M-A2 / M-A4
ADVANCED_DRAW_BONUS = 3  # M-B12
BONUS_COINS = 3  # M-B13

# Rounds after which a game ends (0: never). The book has no limit and ends only when a seat
# completes its objectives, so people's tables default to none; the service gives a table where
# no person is seated BOT_TABLE_ROUND_LIMIT as a safety net (not a book rule).
DEFAULT_TURN_LIMIT = 0
BOT_TABLE_ROUND_LIMIT = 40
