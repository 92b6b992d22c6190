"""Words for players, in the language in use (engines.i18n): log lines, where seats appear as
"{seat0}", "{seat1}" … for the caller to name, and the board's glossary."""
from __future__ import annotations

from engines.dragon_market import data
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)

GOODS_WORDS = (
    N_("necklace"), N_("ring"), N_("perfume"), N_("folding fan"), N_("flower vase"), N_("baby dragon"),
    N_("goldfish bowl"), N_("toadstools"), N_("bonsai"), N_("frog"), N_("carpet"), N_("Buddha statue"), N_("snake"),
    N_("paper lantern"), N_("teapot"), N_("silk scroll"), N_("jade figurine"), N_("parasol"), N_("kite"),
    N_("porcelain bowl"),
)  # in the order of data.GOODS
# Translators: the marks on the board's goods discs, two letters for each of the 20 goods in the
# order necklace, ring, perfume, folding fan, flower vase, baby dragon, goldfish bowl, toadstools,
# bonsai, frog, carpet, Buddha statue, snake, paper lantern, teapot, silk scroll, jade figurine,
# parasol, kite, porcelain bowl; separated by spaces, no two alike (a player tells goods apart by them).
GOODS_MARKS = N_("NE RI PE FF FV BD GB TO BO FR CA BS SN PL TE SS JF PA KI PB")
DIRECTION_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
POWER_WORDS = {
    "hop": N_("Hop: once per turn, slide a boat over exactly one other boat (1 MP)."),
    "shift": N_("Shift: once per turn, move a boat sideways (1 MP)."),
    "diagonal": N_("Diagonal: once per turn, one diagonal step of the heir (1 MP)."),
    "leap": N_("Leap: once per turn, the heir leaps over one square of water."),
    "reroll": N_("Reroll: once per turn, reroll one die before spending anything."),
    "cross_sailor": N_("Cross a sailor: once per turn, the heir steps over one sailor."),
    "half_turn": N_("Half turn: once per turn, turn a boat half a turn (180°) about its sailor, whatever is around it (1 MP)."),
    "turn_far": N_("Far turn: once per turn, turn an end-sailor boat about its far end (1 MP)."),
    "swap_heir": N_("Swap heirs: once per turn, swap places with an heir on the same boat (1 MP)."),
    "swap_stacks": N_("Swap stacks: once per turn, swap the two goods stacks of a boat (1 MP)."),
    "ease": N_("Ease: once, the next objective counts as done with one good missing."),
    "draw_three": N_("Three cards: once, at once, draw 3 objective cards instead of 2."),
    "three_coins": N_("Three coins: once, at once, take 3 coins."),
}
PROMPTS = {
    "place": N_("Place a boat: choose its kind, the sailor's square, then the way it faces."),
    "keep": N_("Keep one of the objective cards offered to you."),
    "choose": N_("Keep one of the objective cards offered to you."),
    "coin_from": N_("The bank is empty: choose whom to take the coin from."),
    "play": N_("Spend your movement points: move boats, walk your heir, collect goods."),
    "over": N_("The game is over."),
}
HOW = {"step": N_("{who}'s heir steps to {cell}."), "diagonal": N_("{who}'s heir steps diagonally to {cell}."),
       "leap": N_("{who}'s heir leaps over the water to {cell}."),
       "cross_sailor": N_("{who}'s heir crosses a sailor to {cell}.")}


def _seat(seat) -> str:
    return f"{{seat{seat}}}" if isinstance(seat, int) else _("the table")


def _cell(cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _good(kind: int) -> str:
    return _(GOODS_WORDS[kind])


def _turned(event: dict) -> dict:
    """What a boat move's line names: who, the boat, where its sailor is and which way it points."""
    return {"who": _seat(event["seat"]), "boat": _boat(event), "cell": _cell(event["s"]),
            "dir": _facing(event["d"])}


def _facing(vector) -> str:
    """The way a boat points, from its (dx, dy), in words."""
    return _(DIRECTION_WORDS[data.DIR_NAMES[tuple(vector)]])


def _boat(event: dict):
    """A moved boat's name as the board writes it (C3, E1); a log kept before events named
    their boat gives its index instead."""
    return event.get("id", event["boat"])


def _from(source) -> str:
    """The bank, or a seat's purse (in the team game, unit 0 is seat 0's team and unit 1 seat 1's)."""
    return _("the bank") if source == "bank" else _("{who}'s purse").format(who=f"{{seat{source}}}")


def _placed(e: dict) -> str:
    """A boat put on the board: by a player, or at set-up by the table (a sentence of its own,
    as some languages cannot start one with "the table")."""
    boat = e["boat"]
    values = {"id": boat["id"], "cell": _cell(boat["s"]), "dir": _facing(boat["d"])}
    if e["seat"] is None:
        return _("Boat {id} is set out with its sailor on {cell}, facing {dir}.").format(**values)
    return _("{who} places boat {id} with its sailor on {cell}, facing {dir}.").format(who=_seat(e["seat"]), **values)


def _kept(e: dict) -> str:
    values = {"who": _seat(e["seat"]), "card": e.get("card"), "returned": e["returned"]}
    if "card" in e:
        return _("{who} keeps objective {card} and returns {returned} to the pile.").format(**values)
    return _("{who} keeps an objective face down and returns {returned} to the pile.").format(**values)


def _ended(e: dict) -> str:
    names = ", ".join(_seat(seat) for seat in e["winners"])
    if e["reason"] == "turn_limit" and "round" not in e:  # games that ended before the round was noted
        return ngettext("The round limit is reached: {names} wins.", "The round limit is reached: {names} win.",
                        len(e["winners"])).format(names=names)
    if e["reason"] == "turn_limit":
        return ngettext("Round {round} was the last (the table's round limit): {names} wins.",
                        "Round {round} was the last (the table's round limit): {names} win.",
                        len(e["winners"])).format(names=names, round=e["round"])
    return ngettext("{names} has completed the objectives needed and wins.",
                    "{names} have completed the objectives needed and win.", len(e["winners"])).format(names=names)


LINES = {
    "game_created": lambda e: _("A game of Dragon Market for {players} players begins; {first} is the first player;"
                                " {target} objectives win.").format(players=e["players"], first=_seat(e["first_player"]),
                                                                    target=e["target"]),
    "boat_placed": _placed,
    "goods_dealt": lambda e: _("The goods are stacked on the boats at random."),
    "pile_shuffled": lambda e: ngettext("The objective pile ({n} card) is shuffled.",
                                        "The objective pile ({n} cards) is shuffled.", e["size"]).format(n=e["size"]),
    "objective_dealt": lambda e: _("{who} draws objective {card} face up.").format(who=_seat(e["seat"]), card=e["card"]),
    "objective_offered": lambda e: _("{who} chooses among {n} objective cards.").format(who=_seat(e["seat"]), n=e["count"]),
    "objective_kept": _kept,
    "coins_given": lambda e: _("Starting coins are handed out."),
    "dice_rolled": lambda e: ngettext("{who}'s turn: {mp} movement point.", "{who}'s turn: {mp} movement points.",
                                      e["mp"]).format(who=_seat(e["seat"]), mp=e["mp"]),
    "die_rerolled": lambda e: _("{who} rerolls die {die}: {value}.").format(who=_seat(e["seat"]), die=e["die"] + 1,
                                                                           value=e["value"]),
    "mp_bought": lambda e: _("{who} pays a coin for one more movement point.").format(who=_seat(e["seat"])),
    "boat_slid": lambda e: _("{who} slides boat {boat}; its sailor is now on {cell}.").format(
        who=_seat(e["seat"]), boat=_boat(e), cell=_cell(e["s"])),
    "boat_rotated": lambda e: _("{who} turns boat {boat} a quarter turn; it now points {dir}.").format(**_turned(e)),
    "boat_hopped": lambda e: _("{who} slides boat {boat} over another boat; its sailor is now on {cell}.").format(
        **_turned(e)),
    "boat_shifted": lambda e: _("{who} moves boat {boat} sideways; its sailor is now on {cell}.").format(**_turned(e)),
    "boat_half_turned": lambda e: _("{who} turns boat {boat} half a turn; it now points {dir}.").format(**_turned(e)),
    "boat_turned_far": lambda e: _("{who} turns boat {boat} about its far end; its sailor is now on {cell}, the boat"
                                   " pointing {dir}.").format(**_turned(e)),
    "stacks_swapped": lambda e: _("{who} swaps the goods stacks of boat {boat}.").format(who=_seat(e["seat"]),
                                                                                       boat=_boat(e)),
    "heir_moved": lambda e: _(HOW[e["how"]]).format(who=_seat(e["seat"]), cell=_cell(e["to"])),
    "heirs_swapped": lambda e: _("{who}'s heir swaps places with {other}'s.").format(who=_seat(e["seat"]),
                                                                                    other=_seat(e["other"])),
    "goods_taken": lambda e: _("{who} collects the {goods}.").format(who=_seat(e["seat"]), goods=_good(e["kind"])),
    "objective_completed": lambda e: _("{who} delivers objective {card}!").format(who=_seat(e["seat"]), card=e["card"]),
    "coins_paid": lambda e: ngettext("{who} takes {n} coin from {source}.", "{who} takes {n} coins from {source}.",
                                     e["amount"]).format(who=_seat(e["seat"]), n=e["amount"], source=_from(e["from"])),
    "shortfall_started": lambda e: ngettext("The bank is empty: {who} chooses whom to take {n} coin from.",
                                            "The bank is empty: {who} chooses whom to take {n} coins from.",
                                            e["owed"]).format(who=_seat(e["seat"]), n=e["owed"]),
    "shortfall_ended": lambda e: _("The coins are settled."),
    "turn_ended": lambda e: ngettext("{who} ends the turn with {n} movement point unused.",
                                     "{who} ends the turn with {n} movement points unused.",
                                     e["unused"]).format(who=_seat(e["seat"]), n=e["unused"]),
    "game_ended": _ended,
}


# The steps of placing a boat (and taking one back) show in the placement's own line.
SILENT = frozenset({"boat_kind_picked", "boat_sailor_set", "placement_back"})


def describe(event: dict) -> str:
    if event.get("type") in SILENT:
        return ""
    line = LINES.get(event.get("type"))
    return line(event) if line else str(event.get("type", "")).replace("_", " ")


# Why the game ended (the outcome's "reason"), for the end screen; "{winners}" is named by the page.
END_REASONS = {"objective": N_("Enough objectives completed: won by {winners}."),
               "turn_limit": N_("The round limit was reached: the most objectives completed win, then the most"
                                " goods held.")}
# The end screen's columns beside the score (the objectives completed): the outcome's breakdown.
SCORE_COLUMNS = {"goods_held": N_("Goods held (break a tie)")}
SCORE_NAME = N_("Objectives completed")  # what the score counts, the end table's heading over it


def glossary() -> dict:
    """What the board names: goods, objective cards' goods, directions, powers, the prompt of each phase."""
    return {
        "goods": [_(word) for word in GOODS_WORDS],
        "goods_marks": _(GOODS_MARKS).split(),
        "cards": {card: list(kinds) for card, kinds in data.CARDS.items()},
        "directions": {key: _(word) for key, word in DIRECTION_WORDS.items()},
        "powers": {key: _(word) for key, word in POWER_WORDS.items()},
        "card_powers": dict(data.BONUS),  # a red card's power, by its card
        "prompts": {key: _(word) for key, word in PROMPTS.items()},
        "end_reasons": {reason: _(words) for reason, words in END_REASONS.items()},
        "score_columns": {key: _(word) for key, word in SCORE_COLUMNS.items()},
        "score_name": _(SCORE_NAME),
    }
