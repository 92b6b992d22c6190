"""Log lines in words. Seats appear as "{seat0}", "{seat1}" … for the caller to name."""
from __future__ import annotations

from engines.dunhuang import data, rules


def _seat(seat: int) -> str:
    return f"{{seat{seat}}}"


def _good(good: int) -> str:
    return f"{data.GOOD_NAMES[good]} ({good})"


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


LINES = {
    "game_created": lambda e: (f"A game of Merchants of Dunhuang for {e['players']} players begins;"
                               f" {_seat(e.get('first_player', 0))} is the first player."),
    "characters_placed": lambda e: "The characters around the market: " + ", ".join(e["faces"]) + ".",
    "deck_shuffled": lambda e: "The goods deck is shuffled.",
    "market_dealt": lambda e: "A goods card is laid under each character.",
    "draft_dealt": lambda e: f"{_seat(e['seat'])} draws {data.DRAFT_CARDS} goods cards to choose from.",
    "draft_kept": lambda e: f"{_seat(e['seat'])} keeps one card and removes {_cards(e['removed'])} unseen.",
    "camel_placed": lambda e: f"{_seat(e['seat'])} places the camel on tile {e['tile'] + 1}.",
    "camel_moved": lambda e: (f"{_seat(e['seat'])} moves the camel {e['steps']} tiles to tile {e['tile'] + 1}"
                              + (f", paying {e['cost']} coins." if e["cost"] else ".")),
    "goods_taken": lambda e: f"{_seat(e['seat'])} takes {_good(e['good'])} into their {e['to']}.",
    "coins_taken": lambda e: f"{_seat(e['seat'])} takes {e['amount']} coins.",
    "character_used": lambda e: f"{_seat(e['seat'])} calls on the {e['face']}.",
    "market_refilled": lambda e: f"The market is refilled with {_cards(len(e['cards']))}.",
    "final_round": lambda e: "The goods deck is empty: this is the last round.",
    "turn_started": lambda e: f"It is {_seat(e['seat'])}'s turn.",
    "top_merchant": lambda e: f"{_seat(e['seat'])} is the top merchant and wins at once!",
    "game_ended": lambda e: "The market closes; the scores are counted.",
    "token_taken": lambda e: (f"{_seat(e['seat'])} takes the majority token of {_good(e['good'])}"
                              + (f" from {_seat(e['from'])}" if e["from"] >= 0 else "")
                              + (f", paying {e['paid']} coins." if e["paid"] else ".")),
    "token_returned": lambda e: f"{_seat(e['seat'])} returns the majority token of {_good(e['good'])} to the bank.",
    "guard_blocked": lambda e: (f"The guard of {_seat(e['holder'])} keeps the token of {_good(e['good'])}"
                                f" from {_seat(e['seat'])}, then is spent."),
    "guard_fee_due": lambda e: (f"{_seat(e['seat'])} may pay {data.BUDDHIST_FEE} coins to {_seat(e['holder'])}"
                                f" for the token of {_good(e['good'])}."),
    "guard_fee_refused": lambda e: f"{_seat(e['seat'])} leaves the token of {_good(e['good'])} where it is.",
    "cards_drawn": lambda e: f"{_seat(e['seat'])} draws {_cards(e['count'])} from the deck.",
    "drawn_kept": lambda e: (f"{_seat(e['seat'])} keeps one and puts {_cards(e['returned'])}"
                             " under the deck."),
    "picked": lambda e: f"{_seat(e['seat'])} picks {_good(e['good'])} from their {e['zone']}.",
    "market_swapped": lambda e: (f"{_seat(e['seat'])} swaps {_good(e['gave'])} from their {e['zone']}"
                                 f" for {_good(e['took'])} from the market."),
    "extra_goods_taken": lambda e: f"{_seat(e['seat'])} takes {_good(e['good'])} into their hand.",
    "guard_placed": lambda e: f"{_seat(e['seat'])} sets the {e['guard']} guard on the token of {_good(e['good'])}.",
    "prestige_gained": lambda e: f"{_seat(e['seat'])} gains {e['amount']} prestige.",
    "card_discarded": lambda e: (f"{_seat(e['seat'])} discards {_good(e['good'])} from their {e['zone']}"
                                 f" for {e['prestige']} prestige."),
    "cards_snatched": lambda e: f"{_seat(e['seat'])} takes {_cards(e['count'])} at random from {_seat(e['from'])}.",
    "exchange_started": lambda e: f"{_seat(e['from'])} must give {_cards(e['count'])} to {_seat(e['seat'])}.",
    "card_given": lambda e: f"{_seat(e['seat'])} gives a card to {_seat(e['to'])}.",
    "shop_hand_swapped": lambda e: (f"{_seat(e['seat'])} moves {_good(e['to_hand'])} to their hand and"
                                    f" {_good(e['to_shop'])} to their shop."),
    "card_moved": lambda e: f"{_seat(e['seat'])} moves {_good(e['good'])} to their {e['to']}.",
}


def describe(event: dict) -> str:
    line = LINES.get(event["type"])
    return line(event) if line else event["type"].replace("_", " ")


def glossary() -> dict:
    """What the board page names by id: goods, the prompts of each step, the fees."""
    return {
        "goods": {str(good): name for good, name in data.GOOD_NAMES.items()},
        "prompts": rules.PROMPTS,
        "coins_action": data.MONEY_ACTION_COINS,
        "guard_fee": data.BUDDHIST_FEE,
    }
