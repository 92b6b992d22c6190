"""Every piece of Dschunke component data, in one place.

Sources are named as in the project's rules research (section 1): FOUND facts carry their
source key, the rest are PROPOSALs. RULES.md explains each choice.
"""
from typing import Final

from engines.i18n import N_

ROUNDS: Final = 10
STRIPS_PER_PLAYER: Final = 20  # FOUND (S-DIEZ): 80 strips in four colours
CARDS_PER_KIND: Final = 18  # SEED: 72 goods cards, 18 of each kind
HAND_SIZE: Final = 8  # FOUND (S-POEP, S-DIEZ, S-SCHL)
CARDS_PER_KIND_IN_DEAL: Final = {3: 6, 4: 8}  # FOUND: 6 (3p) / 8 (4p) of each kind shuffled and dealt
SUPPLY_CARDS: Final = 2  # SEED: two supply cards per player
MINIMUM_TAKE: Final = 3  # SEED: at least 3 Yuan / 3 goods cards
EXCHANGE_SWAPS: Final = 2  # PROPOSAL F: up to two swaps per "Exchange goods" card per round
END_BONUS_PER_JUNK: Final = 4  # SEED
END_BONUS_ALL_JUNKS: Final = 25  # SEED
SPECIAL_BONUS: Final = 8  # FOUND (S-MICHA): end-game cards are worth 8 Yuan
LAST_ROUND_S_YUAN: Final = 3  # SEED: an S won in round 10 may be taken as 3 Yuan
START_MONEY: Final = 0  # PROPOSAL G
VARIANT_STRIPS_PASSED: Final = 3  # SEED set-up variant
VARIANT_STRIPS_PER_JUNK: Final = 3  # SEED set-up variant: at most 3 strips per junk (one layer)

COLOURS: Final = ("red", "blue", "green", "yellow")  # FOUND (S-DIEZ, S-LGIMET); seat i plays COLOURS[i]

# Goods kinds; a kind's colour is the colour of the junk that stocks it (FOUND S-POEP, S-DIEZ).
KINDS: Final = ("brown", "white", "orange", "purple")
GOODS: Final = ("fish", "rice", "spice", "vegetables")
KIND_INDEX: Final = {name: index for index, name in enumerate(KINDS)}

# Junks in clockwise ring order (PROPOSAL A); the grey junk keeps no stock (FOUND).
JUNKS: Final = ("grey", "brown", "white", "purple", "orange")
JUNK_INDEX: Final = {name: index for index, name in enumerate(JUNKS)}
GREY: Final = 0
JUNK_KIND: Final = (-1, 0, 1, 3, 2)  # the goods kind stocked on each junk (-1: none)
KIND_JUNK: Final = (1, 2, 4, 3)  # the junk that stocks each kind

# Worker actions.
LOAD1: Final = 0
LOAD2: Final = 1
GOODS_ACTION: Final = 2
MONEY_ACTION: Final = 3
ACTION_NAMES: Final = ("load 1 strip", "load 2 strips", "take goods", "earn money")
ACTION_KEYS: Final = ("load1", "load2", "goods", "money")

# Workers: three merchants, then the trainee of the "3/4" row and the trainee of the 4-player row.
WORKERS: Final = ("load_merchant", "goods_merchant", "money_merchant", "trainee", "upper_trainee")
WORKER_TITLES: Final = ("load merchant", "goods merchant", "money merchant", "trainee", "upper trainee")
MERCHANT_ACTIONS: Final = (LOAD2, GOODS_ACTION, MONEY_ACTION)
MERCHANT_START_JUNKS: Final = (3, 1, 0)  # FOUND (S-DIEZ, S-LUDO11): purple, brown, grey

# Trainee tracks, one entry per round (PROPOSAL D; round-1 entries FOUND S-POEP).
_L1: Final = LOAD1
_L2: Final = LOAD2
_G: Final = GOODS_ACTION
_M: Final = MONEY_ACTION
TRAINEE_TRACKS: Final = (
    (_L1, _G, _M, _L2, _G, _M, _L1, _G, _M, _L2),  # "3/4" row: used at 3 and 4 players
    (_G, _M, _L2, _G, _M, _L1, _G, _M, _L2, _G),  # upper row: 4 players only
)
TRAINEES_IN_PLAY: Final = {3: 1, 4: 2}  # FOUND (S-KEIRAT, S-TEUFEL)
EVENTS: Final = {3: "S", 5: "Y", 7: "S", 9: "Y"}  # round -> event on the "3/4" row (PROPOSAL D/E)

# Fixed start layout: seats per junk, laid into layer 0 from slot 0 (FOUND S-DIEZ).
START_LAYOUT: Final = {
    3: {"orange": (0, 2), "purple": (1, 2), "brown": (0, 1, 2), "white": (0, 1), "grey": (0, 1, 2)},
    4: {"orange": (0, 3), "purple": (1, 2), "brown": (0, 3, 2), "white": (3, 1), "grey": (0, 1, 2)},
}

# Market cards: values per kind (brown, white, orange, purple); S = a special card (PROPOSAL C).
S: Final = 0
MARKET_CARDS: Final = (
    (2, 1, 4, S),
    (S, 4, 1, 2),
    (4, 2, S, 1),
    (1, S, 2, 4),
    (S, 2, 4, 1),
    (4, 1, 2, S),
    (1, 4, S, 2),
    (2, S, 1, 4),
    (4, S, 2, 1),
    (1, 2, S, 4),
)

# Special cards (PROPOSAL F). Timing: "permanent", "once" (one use, then discarded), "end".
PERMANENT: Final = "permanent"
ONCE: Final = "once"
END: Final = "end"
_JUNK_ORDER: Final = ("orange", "purple", "brown", "white", "grey")


def _special_cards():
    cards = [("extra_supply", PERMANENT, -1)] * 4
    cards += [("exchange", PERMANENT, -1)] * 2
    cards += [("bargain", PERMANENT, -1)] * 2
    cards += [("extra_money", ONCE, JUNK_INDEX[name]) for name in _JUNK_ORDER]
    cards += [("extra_goods", ONCE, JUNK_INDEX[name]) for name in _JUNK_ORDER]
    cards += [("move_strip", ONCE, -1)] * 2
    cards += [("extra_load", ONCE, -1)] * 2
    cards += [("junk_master", END, JUNK_INDEX[name]) for name in _JUNK_ORDER]
    cards += [("harbour_master", END, -1), ("wholesaler", END, -1), ("hoarder", END, -1)]
    return tuple(cards)


SPECIALS: Final = _special_cards()  # card id -> (kind, timing, junk or -1)
SPECIAL_STACK_SIZES: Final = (8, 8, 7, 7)  # FOUND (S-DIEZ) four stacks; sizes PROPOSAL F
SPECIAL_TITLES: Final = {
    "extra_supply": N_("Extra supply"),
    "exchange": N_("Exchange goods"),
    "bargain": N_("Bargain"),
    "extra_money": N_("Extra money"),
    "extra_goods": N_("Extra goods"),
    "move_strip": N_("Move a cargo strip"),
    "extra_load": N_("Extra load"),
    "junk_master": N_("Junk master"),
    "harbour_master": N_("Harbour master"),
    "wholesaler": N_("Wholesaler"),
    "hoarder": N_("Hoarder"),
}


# Names for players of the ids above (the ids stay English: they are the game's data).
COLOUR_WORDS: Final = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
JUNK_WORDS: Final = {"grey": N_("grey"), "brown": N_("brown"), "white": N_("white"), "purple": N_("purple"), "orange": N_("orange")}
GOODS_WORDS: Final = {"fish": N_("fish"), "rice": N_("rice"), "spice": N_("spice"), "vegetables": N_("vegetables")}
ACTION_WORDS: Final = {"load1": N_("load 1 strip"), "load2": N_("load 2 strips"), "goods": N_("take goods"),
                "money": N_("earn money")}
WORKER_WORDS: Final = {"load_merchant": N_("load merchant"), "goods_merchant": N_("goods merchant"),
                "money_merchant": N_("money merchant"), "trainee": N_("trainee"), "upper_trainee": N_("upper trainee")}
# A worker as the one a player uses, article included: languages bend it there ("l’apprenti",
# "den oberen Lehrling").
WORKER_USED_WORDS: Final = {"load_merchant": N_("the load merchant"), "goods_merchant": N_("the goods merchant"),
                     "money_merchant": N_("the money merchant"), "trainee": N_("the trainee"),
                     "upper_trainee": N_("the upper trainee")}


def special_title(card: int) -> str:
    """A special card's English name, as events record it (engines/dschunke/text.py words it)."""
    kind, _, junk = SPECIALS[card]
    title = SPECIAL_TITLES[kind]
    return f"{title} ({JUNKS[junk]} junk)" if junk >= 0 else title


# Hold geometry (FOUND S-KNIGHT; PROPOSAL B): cell = 3 * x + y. Even layers lie along x, odd
# layers across, so a strip in slot s covers the cells below.
LAYER_CELLS: Final = (
    tuple((3 * s, 3 * s + 1, 3 * s + 2) for s in range(3)),
    tuple((s, 3 + s, 6 + s) for s in range(3)),
)
# Where a strip lies, seen from above as the board draws the hold (its crates carry the layer's
# number, counted from 1): per layer parity, per slot.
STRIP_PLACES: Final = (
    (N_("layer {layer}, left column"), N_("layer {layer}, middle column"), N_("layer {layer}, right column")),
    (N_("layer {layer}, top row"), N_("layer {layer}, middle row"), N_("layer {layer}, bottom row")),
)
