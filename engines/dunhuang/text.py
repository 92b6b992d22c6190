"""Words for players, in the language in use (engines.i18n): log lines, where seats appear as
"{seat0}", "{seat1}" … for the caller to name, and the board's glossary."""
from __future__ import annotations

from engines.dunhuang import data, faces, rules
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)

ZONES = {"hand": N_("hand"), "shop": N_("shop")}
# Why the game ended (the outcome's "reason"), for the end screen; "{winners}" is named by the page.
END_REASONS = {"top_merchant": N_("Top merchant: {winners} ends the game at once."),
               "deck_out": N_("The goods deck ran out and the last round was played.")}
# The end screen's columns: the parts of scoring.breakdown, in their order.
SCORE_COLUMNS = {"tokens": N_("Majority tokens"), "token_points": N_("Token points"),
                 "prestige_points": N_("Prestige points"), "hand_points": N_("Hand points"),
                 "cash": N_("Coins (break a tie)")}
# Under the end table: how the hand points were counted (scoring.hand_cards_scored).
HAND_POINTS_RULE = N_("Hand points: for each goods, whoever holds the most cards of it keeps one; each player counts"
                      " at most one kept card per majority token, the highest first.")


def _seat(seat: int) -> str:
    return f"{{seat{seat}}}"


def _good(good: int) -> str:
    return _("{name} ({value})").format(name=_(data.GOOD_NAMES[good]), value=good)


def _cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=count)


# Lines that name the seat's hand or shop, a sentence for each: languages word the two places
# differently (French "sa main", "sa boutique"; German "auf die Hand", "in den Laden").
ZONE_LINES = {
    "goods_taken": {"hand": N_("{who} takes {good} into their hand."), "shop": N_("{who} takes {good} into their shop.")},
    "picked": {"hand": N_("{who} picks {good} from their hand."), "shop": N_("{who} picks {good} from their shop.")},
    "market_swapped": {"hand": N_("{who} swaps {gave} from their hand for {took} from the market."),
                       "shop": N_("{who} swaps {gave} from their shop for {took} from the market.")},
    "card_discarded": {"hand": N_("{who} discards {good} from their hand for {n} prestige."),
                       "shop": N_("{who} discards {good} from their shop for {n} prestige.")},
    "card_moved": {"hand": N_("{who} moves {good} to their hand."), "shop": N_("{who} moves {good} to their shop.")},
}


def _zone_line(kind: str, zone: str) -> str:
    return _(ZONE_LINES[kind][zone])


def _face(face: str) -> str:
    return _(data.FACE_NAMES.get(face, face))


def _moved(e: dict) -> str:
    values = {"who": _seat(e["seat"]), "steps": e["steps"], "tile": e["tile"] + 1, "cost": e["cost"]}
    if e["cost"]:
        return ngettext("{who} moves the camel {steps} tiles to tile {tile}, paying {cost} coin.",
                        "{who} moves the camel {steps} tiles to tile {tile}, paying {cost} coins.",
                        e["cost"]).format(**values)
    return ngettext("{who} moves the camel {steps} tile to tile {tile}.",
                    "{who} moves the camel {steps} tiles to tile {tile}.", e["steps"]).format(**values)


def _token_taken(e: dict) -> str:
    values = {"who": _seat(e["seat"]), "good": _good(e["good"]), "other": _seat(e["from"]) if e["from"] >= 0 else "",
              "paid": e["paid"]}
    if e["from"] >= 0 and e["paid"]:
        return _("{who} takes the majority token of {good} from {other}, paying {paid} coins.").format(**values)
    if e["from"] >= 0:
        return _("{who} takes the majority token of {good} from {other}.").format(**values)
    if e["paid"]:
        return _("{who} takes the majority token of {good}, paying {paid} coins.").format(**values)
    return _("{who} takes the majority token of {good}.").format(**values)


def _shown_secret(e: dict) -> list[int] | int | None:
    """The cards of a Trader or Merchant exchange, when the event (redacted for its reader) still
    carries them: only the two seats of the exchange see them (hidden.py), the others read "a card"."""
    return next((entry["secret"] for entry in e.get("private", []) if "secret" in entry), None)


def _snatched(e: dict) -> str:
    values = {"who": _seat(e["seat"]), "cards": _cards(e["count"]), "other": _seat(e["from"])}
    taken = _shown_secret(e)
    if taken is None:
        return _("{who} takes {cards} at random from {other}.").format(**values)
    return _("{who} takes {cards} at random from {other}: {goods}.").format(
        goods=", ".join(_good(good) for good in taken), **values)


def _given(e: dict) -> str:
    good = _shown_secret(e)
    if good is None:
        return _("{who} gives a card to {other}.").format(who=_seat(e["seat"]), other=_seat(e["to"]))
    return _("{who} gives {good} to {other}.").format(who=_seat(e["seat"]), good=_good(good), other=_seat(e["to"]))


LINES = {
    "game_created": lambda e: _("A game of Merchants of Dunhuang for {players} players begins;"
                                " {first} is the first player.").format(players=e["players"],
                                                                        first=_seat(e.get("first_player", 0))),
    "characters_placed": lambda e: _("The characters around the market: {faces}.").format(
        faces=", ".join(_face(face) for face in e["faces"])),
    "deck_shuffled": lambda e: _("The goods deck is shuffled."),
    "market_dealt": lambda e: _("A goods card is laid under each character."),
    "draft_dealt": lambda e: _("{who} draws {n} goods cards to choose from.").format(who=_seat(e["seat"]),
                                                                                  n=data.DRAFT_CARDS),
    "draft_kept": lambda e: _("{who} keeps one card and removes {cards} unseen.").format(who=_seat(e["seat"]),
                                                                                      cards=_cards(e["removed"])),
    "camel_placed": lambda e: _("{who} places the camel on tile {tile}.").format(who=_seat(e["seat"]), tile=e["tile"] + 1),
    "camel_moved": _moved,
    "goods_taken": lambda e: _zone_line("goods_taken", e["to"]).format(who=_seat(e["seat"]), good=_good(e["good"])),
    "coins_taken": lambda e: ngettext("{who} takes {n} coin.", "{who} takes {n} coins.", e["amount"]).format(
        who=_seat(e["seat"]), n=e["amount"]),
    "character_used": lambda e: _("{who} calls on the {face}.").format(who=_seat(e["seat"]), face=_face(e["face"])),
    "market_refilled": lambda e: _("The market is refilled with {cards}.").format(cards=_cards(len(e["cards"]))),
    "final_round": lambda e: _("The goods deck is empty: this is the last round."),
    "top_merchant": lambda e: _("{who} is the top merchant: the game ends at once.").format(who=_seat(e["seat"])),
    "game_ended": lambda e: _("The market closes; the scores are counted."),
    "token_taken": _token_taken,
    "token_returned": lambda e: _("{who} returns the majority token of {good} to the bank.").format(
        who=_seat(e["seat"]), good=_good(e["good"])),
    "guard_blocked": lambda e: _("The guard of {holder} keeps the token of {good} from {who}, then is spent.").format(
        holder=_seat(e["holder"]), good=_good(e["good"]), who=_seat(e["seat"])),
    "guard_fee_due": lambda e: _("{who} may pay {fee} coins to {holder} for the token of {good}.").format(
        who=_seat(e["seat"]), fee=data.BUDDHIST_FEE, holder=_seat(e["holder"]), good=_good(e["good"])),
    "guard_fee_refused": lambda e: _("{who} leaves the token of {good} where it is.").format(who=_seat(e["seat"]),
                                                                                           good=_good(e["good"])),
    "cards_drawn": lambda e: _("{who} draws {cards} from the deck.").format(who=_seat(e["seat"]), cards=_cards(e["count"])),
    "drawn_kept": lambda e: (_("{who} keeps one and puts {cards} under the deck.") if e["returned"]
                             else _("{who} keeps the card drawn.")).format(who=_seat(e["seat"]),
                                                                           cards=_cards(e["returned"])),
    "picked": lambda e: _zone_line("picked", e["zone"]).format(who=_seat(e["seat"]), good=_good(e["good"])),
    "market_swapped": lambda e: _zone_line("market_swapped", e["zone"]).format(
        who=_seat(e["seat"]), gave=_good(e["gave"]), took=_good(e["took"])),
    "extra_goods_taken": lambda e: _("{who} takes {good} into their hand.").format(who=_seat(e["seat"]),
                                                                                  good=_good(e["good"])),
    "guard_placed": lambda e: _("{who} sets the {guard} guard on the token of {good}.").format(
        who=_seat(e["seat"]), guard=_face(e["guard"]), good=_good(e["good"])),
    "prestige_gained": lambda e: _("{who} gains {n} prestige.").format(who=_seat(e["seat"]), n=e["amount"]),
    "card_discarded": lambda e: _zone_line("card_discarded", e["zone"]).format(
        who=_seat(e["seat"]), good=_good(e["good"]), n=e["prestige"]),
    "cards_snatched": _snatched,
    "exchange_started": lambda e: _("{other} must give {cards} to {who}.").format(
        other=_seat(e["from"]), cards=_cards(e["count"]), who=_seat(e["seat"])),
    "card_given": _given,
    "shop_hand_swapped": lambda e: _("{who} moves {to_hand} to their hand and {to_shop} to their shop.").format(
        who=_seat(e["seat"]), to_hand=_good(e["to_hand"]), to_shop=_good(e["to_shop"])),
    "card_moved": lambda e: _zone_line("card_moved", e["to"]).format(who=_seat(e["seat"]), good=_good(e["good"])),
}


# Whose turn it is next shows above the board.
SILENT = frozenset({"turn_started"})


def describe(event: dict) -> str:
    if event["type"] in SILENT:
        return ""
    line = LINES.get(event["type"])
    return line(event) if line else event["type"].replace("_", " ")


def glossary() -> dict:
    """What the board page names by id: goods, characters and what they do, the prompts of each
    step, the fees."""
    return {
        "goods": {str(good): _(name) for good, name in data.GOOD_NAMES.items()},
        "faces": {face: _(name) for face, name in data.FACE_NAMES.items()},
        "face_text": {face: _(text) for face, text in data.FACE_TEXT.items()},
        "zones": {zone: _(word) for zone, word in ZONES.items()},
        "prompts": {step: _(text) for step, text in rules.PROMPTS.items()},
        # The character step when the character cannot act (the view's "cannot_use" says why).
        "coins_only": _("Take {n} coins instead.").format(n=data.MONEY_ACTION_COINS),
        "cannot_use": {reason: _(words) for reason, words in faces.UNUSABLE.items()},
        "coins_action": data.MONEY_ACTION_COINS,
        "guard_fee": data.BUDDHIST_FEE,
        "end_reasons": {reason: _(words) for reason, words in END_REASONS.items()},
        # The end table's columns: the parts of a score, by their key in the outcome's breakdown.
        "score_columns": {key: _(word) for key, word in SCORE_COLUMNS.items()},
        "score_note": _(HAND_POINTS_RULE),
    }
