"""All component data and PROPOSAL values of Dschunke: das Legespiel, in one module.

Sources: the book (shared/seeds/002_…txt), rules-research §3 and the checklist
shared/specs/legespiel.md (ids L-…). Each value says where it comes from; a PROPOSAL value
may be replaced here without touching the rules code.
"""
from __future__ import annotations

PLAYERS = 2  # L-S1, SEED: exactly one red and one green merchant
TILE_LENGTH = 3  # L-P1 / research 3.2-A, INFERRED: a tile is a 1 x 3 strip of crates
FIRST_TURN_TILES = 1  # L-T2, SEED: red's opening turn places one tile
TILES_PER_TURN = 2  # L-T3, SEED: every other turn draws two (the last one finds a single tile left)

COLOURS = ("red", "green")  # colour index 0 and 1
KINDS = ("sack", "rice", "aubergine", "fish", "rat")  # kind index 0..4; goods are 0..3
RAT = 4
EMBLEM = "emblem"  # the blank middle cell of the start tile (L-C10, PROPOSAL)

# Symbol codes used inside the engine: colour * 5 + kind, and one code for the blank emblem.
BLANK = 10


def symbol_code(colour: str, kind: str) -> int:
    if kind == EMBLEM:
        return BLANK
    return COLOURS.index(colour) * len(KINDS) + KINDS.index(kind)


def symbol_colour(code: int) -> int | None:
    """Colour index of a symbol (None for the emblem)."""
    return None if code == BLANK else code // len(KINDS)


def symbol_kind(code: int) -> int | None:
    return None if code == BLANK else code % len(KINDS)


def symbol_names(code: int) -> dict:
    """A symbol as the view shows it: {"colour": "red"|"green"|None, "kind": ...}."""
    if code == BLANK:
        return {"colour": None, "kind": EMBLEM}
    return {"colour": COLOURS[code // len(KINDS)], "kind": KINDS[code % len(KINDS)]}


# The 42 goods tiles, research 3.2-D (PROPOSAL, source: proposal): 21 colour-swapped pairs.
# Per colour 14 sack, 14 rice, 14 aubergine, 14 fish and 7 rats.
FACES_SOURCE = "proposal"
_R, _G = "red", "green"
FACES = {
    1: ((_R, "rat"), (_G, "aubergine"), (_R, "aubergine")),
    2: ((_G, "rat"), (_R, "aubergine"), (_G, "aubergine")),
    3: ((_R, "fish"), (_R, "rat"), (_G, "rice")),
    4: ((_G, "fish"), (_G, "rat"), (_R, "rice")),
    5: ((_R, "fish"), (_G, "aubergine"), (_R, "rat")),
    6: ((_G, "fish"), (_R, "aubergine"), (_G, "rat")),
    7: ((_R, "rat"), (_R, "sack"), (_G, "aubergine")),
    8: ((_G, "rat"), (_G, "sack"), (_R, "aubergine")),
    9: ((_R, "rice"), (_G, "rat"), (_R, "sack")),
    10: ((_G, "rice"), (_R, "rat"), (_G, "sack")),
    11: ((_R, "aubergine"), (_R, "sack"), (_G, "rat")),
    12: ((_G, "aubergine"), (_G, "sack"), (_R, "rat")),
    13: ((_R, "rat"), (_G, "rice"), (_R, "aubergine")),
    14: ((_G, "rat"), (_R, "rice"), (_G, "aubergine")),
    15: ((_G, "aubergine"), (_G, "fish"), (_R, "fish")),
    16: ((_R, "aubergine"), (_R, "fish"), (_G, "fish")),
    17: ((_R, "sack"), (_G, "sack"), (_R, "fish")),
    18: ((_G, "sack"), (_R, "sack"), (_G, "fish")),
    19: ((_G, "rice"), (_R, "sack"), (_G, "aubergine")),
    20: ((_R, "rice"), (_G, "sack"), (_R, "aubergine")),
    21: ((_G, "sack"), (_G, "rice"), (_R, "sack")),
    22: ((_R, "sack"), (_R, "rice"), (_G, "sack")),
    23: ((_R, "fish"), (_G, "fish"), (_R, "fish")),
    24: ((_G, "fish"), (_R, "fish"), (_G, "fish")),
    25: ((_R, "rice"), (_G, "rice"), (_G, "sack")),
    26: ((_G, "rice"), (_R, "rice"), (_R, "sack")),
    27: ((_R, "sack"), (_G, "fish"), (_G, "fish")),
    28: ((_G, "sack"), (_R, "fish"), (_R, "fish")),
    29: ((_R, "fish"), (_R, "rice"), (_G, "aubergine")),
    30: ((_G, "fish"), (_G, "rice"), (_R, "aubergine")),
    31: ((_R, "sack"), (_G, "sack"), (_R, "aubergine")),
    32: ((_G, "sack"), (_R, "sack"), (_G, "aubergine")),
    33: ((_R, "aubergine"), (_G, "fish"), (_G, "aubergine")),
    34: ((_G, "aubergine"), (_R, "fish"), (_R, "aubergine")),
    35: ((_R, "rice"), (_R, "rice"), (_G, "fish")),
    36: ((_G, "rice"), (_G, "rice"), (_R, "fish")),
    37: ((_R, "sack"), (_R, "sack"), (_G, "aubergine")),
    38: ((_G, "sack"), (_G, "sack"), (_R, "aubergine")),
    39: ((_R, "rice"), (_G, "rice"), (_R, "rice")),
    40: ((_G, "rice"), (_R, "rice"), (_G, "rice")),
    41: ((_G, "fish"), (_G, "aubergine"), (_R, "rice")),
    42: ((_R, "fish"), (_R, "aubergine"), (_G, "rice")),
}
START_TILE = 0  # the start tile "S" (L-S3); goods tiles are 1..42
START_FACE = ((_R, "fish"), (None, EMBLEM), (_G, "fish"))  # research 3.2-D, PROPOSAL
# L-S3 / A13, PROPOSAL (spec): the start tile lies horizontally, cells (-1,0) (0,0) (1,0).
START_CELL = (-1, 0)
START_DIR = "E"
GOODS_TILES = tuple(sorted(FACES))

ALL_FACES = {START_TILE: START_FACE, **FACES}
SYMBOLS = {tile: tuple(symbol_code(colour, kind) for colour, kind in face) for tile, face in ALL_FACES.items()}
PALINDROMES = frozenset(tile for tile, codes in SYMBOLS.items() if codes == codes[::-1])


def tile_name(tile: int) -> str:
    return "S" if tile == START_TILE else f"T{tile:02d}"


# Directions a tile's crates run from its first crate (L-P2).
DIRS = ("E", "N", "W", "S")
DIR_VECTORS = {"E": (1, 0), "N": (0, 1), "W": (-1, 0), "S": (0, -1)}

# Undo ("back") may be used this many times per tile, PROPOSAL (engine): see RULES.md. Unlimited
# undo lets a look-ahead bot that sees a loss coming take its choice back forever.
BACKS_PER_TILE = 3
