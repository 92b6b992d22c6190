"""All component data of Merchants of Dunhuang, in one place (see RULES.md for the sources).

Goods are numbers: a card's value is its kind and its score. Majority tokens are one per kind
in play and carry the same number.
"""
from __future__ import annotations

from engines.i18n import N_

# Goods kinds in play by player count (rules-research §4.1: the 1, 9s and 10s out at two
# players, the 1 and 10s out at three; all at four). The deck is a pyramid: n cards of value n.
GOODS_BY_PLAYERS = {
    2: tuple(range(2, 9)),
    3: tuple(range(2, 10)),
    4: tuple(range(1, 11)),
}
MAX_GOOD = 10  # hands and shops are count vectors indexed 0..MAX_GOOD (index 0 unused)


def deck_for(players: int) -> list[int]:
    """The goods cards used with `players` players, unshuffled."""
    return [good for good in GOODS_BY_PLAYERS[players] for _ in range(good)]


# Goods names are art only (rules-research §4.2.1, a proposal except gold, which the book names).
GOOD_NAMES = {
    1: N_("gold"), 2: N_("jade"), 3: N_("pearls"), 4: N_("ivory"), 5: N_("incense"),
    6: N_("porcelain"), 7: N_("silk"), 8: N_("tea"), 9: N_("spices"), 10: N_("wool"),
}

MAX_PLAYERS = 4
STARTING_COINS = {2: 5, 3: 6, 4: 7}
DRAFT_CARDS = 3  # each player draws three and keeps one
TOKENS_TO_WIN = {2: 5, 3: 4, 4: 4}  # majority tokens for the top-merchant win
KINDS_IN_HAND_TO_WIN = 4  # different goods in hand for the top-merchant win

TILES = 8  # character cards in the circle, one market slot under each
MAX_CAMEL_STEPS = TILES - 1  # the camel may not come back to the tile it left
FREE_CAMEL_STEPS = 1  # each step beyond this costs one coin
MONEY_ACTION_COINS = 3

# The eight double-sided character cards: (front, back). One face of each is in play.
CHARACTER_CARDS = (
    ("interpreter", "diplomat"),
    ("soldier", "general"),
    ("shepherd", "farmer"),
    ("manichean", "buddhist"),
    ("princess", "dancer"),
    ("painter", "musician"),
    ("trader", "merchant"),
    ("maid", "domestic"),
)
FACES = tuple(face for card in CHARACTER_CARDS for face in card)
# Each face's name for players (the faces above are ids).
FACE_NAMES = {
    "interpreter": N_("interpreter"), "diplomat": N_("diplomat"), "soldier": N_("soldier"), "general": N_("general"),
    "shepherd": N_("shepherd"), "farmer": N_("farmer"), "manichean": N_("manichean"), "buddhist": N_("buddhist"),
    "princess": N_("princess"), "dancer": N_("dancer"), "painter": N_("painter"), "musician": N_("musician"),
    "trader": N_("trader"), "merchant": N_("merchant"), "maid": N_("maid"), "domestic": N_("domestic"),
}

# What each face lets its player do, in words, for the board and the log.
FACE_TEXT = {
    "interpreter": N_("Draw as many goods as the camel moved; keep one, the rest go under the deck."),
    "diplomat": N_("Draw two goods; keep one, the other goes under the deck."),
    "soldier": N_("Swap a card of your shop for a market card of another kind."),
    "general": N_("Swap a card of your hand for a market card of another kind."),
    "shepherd": N_("Take the market card of a tile next to the camel into your hand."),
    "farmer": N_("Take into your hand the market card as many tiles ahead as the camel moved."),
    "manichean": N_("Guard one of your majority tokens: the next tie does not take it."),
    "buddhist": N_("Guard one of your majority tokens: a tie takes it only for 2 coins."),
    "princess": N_("Gain one prestige per majority token you hold."),
    "dancer": N_("Gain two prestige."),
    "painter": N_("Discard a card from your hand for three prestige."),
    "musician": N_("Discard a card from your shop for three prestige."),
    "trader": N_("Take two random cards from an opponent's hand, then give two back."),
    "merchant": N_("An opponent gives you two cards of their choice; you give two back and gain one prestige."),
    "maid": N_("Swap a card of your shop for a card of another kind from your hand."),
    "domestic": N_("Move one card from your shop to your hand, or from your hand to your shop."),
}

DIPLOMAT_DRAW = 2
EXCHANGE_CARDS = 2  # Trader and Merchant swap up to two cards
PRINCESS_PRESTIGE_PER_TOKEN = 1
DANCER_PRESTIGE = 2
ARTIST_PRESTIGE = 3  # Painter and Musician
MERCHANT_PRESTIGE = 1
BUDDHIST_FEE = 2

# Deck-out scoring.
POINTS_PER_TOKEN = 2
POINTS_PER_PRESTIGE = 1
