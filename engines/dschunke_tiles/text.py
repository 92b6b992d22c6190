"""Words for players, in the language in use (engines.i18n): log lines, where seats appear as
"{seat0}", "{seat1}" for the caller to name, and the board's glossary."""
from __future__ import annotations

from engines.dschunke_tiles import data, rules
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)

# The end screen's columns: the parts of scoring.breakdown, in their order.
SCORE_COLUMNS = {"group_points": N_("Group points"), "rats": N_("Visible rats"), "rat_points": N_("Rat points")}

COLOUR_WORDS = {"red": N_("red"), "green": N_("green")}
KIND_WORDS = {"sack": N_("sack"), "rice": N_("rice"), "aubergine": N_("aubergine"), "fish": N_("fish"),
              "rat": N_("rat"), data.EMBLEM: N_("start emblem")}
# A crate's symbol named whole, so that its colour can agree with its kind (French "aubergine verte").
SYMBOL_WORDS = {
    ("red", "sack"): N_("red sack"), ("green", "sack"): N_("green sack"),
    ("red", "rice"): N_("red rice"), ("green", "rice"): N_("green rice"),
    ("red", "aubergine"): N_("red aubergine"), ("green", "aubergine"): N_("green aubergine"),
    ("red", "fish"): N_("red fish"), ("green", "fish"): N_("green fish"),
    ("red", "rat"): N_("red rat"), ("green", "rat"): N_("green rat"),
}
# What each symbol does for the score, shown on the board when a cell is pointed at or tapped.
KIND_EFFECTS = {
    "sack": N_("A group of two or more sacks of one colour, side by side, scores for that colour."),
    "rice": N_("A group of two or more rice bags of one colour, side by side, scores for that colour."),
    "aubergine": N_("A group of two or more aubergines of one colour, side by side, scores for that colour."),
    "fish": N_("A group of two or more fish of one colour, side by side, scores for that colour."),
    "rat": N_("A rat costs its colour one point while it can be seen; cover it to save the point."),
    data.EMBLEM: N_("The start tile's emblem belongs to no one and scores nothing."),
}


def _seat(seat: int) -> str:
    return f"{{seat{seat}}}"


def _symbol(symbol: dict) -> str:
    if symbol["kind"] == data.EMBLEM:
        return _("start emblem")
    return _(SYMBOL_WORDS[symbol["colour"], symbol["kind"]])


def _placed(e: dict) -> str:
    (x0, y0), (x1, y1) = e["cells"][0], e["cells"][-1]
    symbols = ", ".join(_symbol(s) for s in e["symbols"])
    values = {"who": _seat(e["seat"]), "tile": data.tile_name(e["tile"]), "symbols": symbols, "level": e["level"],
              "x0": x0, "y0": y0, "x1": x1, "y1": y1}
    if e["level"] == 0:
        return _("{who} places {tile} ({symbols}) on the table, from ({x0}, {y0}) to ({x1}, {y1}).").format(**values)
    return _("{who} places {tile} ({symbols}) on level {level}, from ({x0}, {y0}) to ({x1}, {y1}).").format(**values)


def _ended(e: dict) -> str:
    scores = e["scores"]
    return _("The last tile is placed. Final scores: {first} {a}, {second} {b}.").format(
        first=_seat(0), a=scores[0], second=_seat(1), b=scores[1])


LINES = {
    "game_created": lambda e: _("A game of “Dschunke: the tile game” begins; {red} plays red and starts,"
                                " {green} plays green.").format(red=_seat(e["red"]), green=_seat(1 - e["red"])),
    "pile_shuffled": lambda e: _("The 42 goods tiles are shuffled face down into the draw pile."),
    "tiles_drawn": lambda e: _("{who} draws {tiles}.").format(
        who=_seat(e["seat"]), tiles=_(" and ").join(data.tile_name(tile) for tile in e["tiles"])),
    "tile_placed": _placed,
    "game_ended": _ended,
}


# The steps of placing a tile (which tile first, its first cell, taking a step back) show in the
# placement's own line, and the end of a turn in the next player's draw.
SILENT = frozenset({"tile_selected", "anchor_chosen", "choice_undone", "turn_ended"})


def describe(event: dict) -> str:
    if event["type"] in SILENT:
        return ""
    line = LINES.get(event["type"])
    return line(event) if line else event["type"].replace("_", " ")


def glossary() -> dict:
    """What the board names: colours, symbols and their effects, directions, the prompt of each step."""
    return {
        "colours": {key: _(word) for key, word in COLOUR_WORDS.items()},
        "kinds": {key: _(word) for key, word in KIND_WORDS.items()},
        "symbols": {f"{colour} {kind}": _(word) for (colour, kind), word in SYMBOL_WORDS.items()},
        "effects": {key: _(word) for key, word in KIND_EFFECTS.items()},
        "directions": {key: _(word) for key, word in rules.DIRECTION_WORDS.items()},
        "prompts": {key: _(word) for key, word in rules.PROMPTS.items()},
        "backs_per_tile": data.BACKS_PER_TILE,
        "end_reasons": {"tiles_placed": _("The last tile has been placed.")},
        # The end table's columns: the parts of a score, by their key in the outcome's breakdown.
        "score_columns": {key: _(word) for key, word in SCORE_COLUMNS.items()},
    }
