"""What a seat sees (view, redact) and imagined states (sample).

Nothing is private in this game (spec §4): the tiles a seat has drawn lie face up. The one secret
is the order of the draw pile, which is never shown while the game runs: views carry only its
size and the remaining tiles as a sorted list (public knowledge: every face is known).
"""
from __future__ import annotations

import random

from engines.core import SECRET_KEYS
from engines.dschunke_tiles import data, geometry, scoring
from engines.dschunke_tiles.rules import to_act
from engines.dschunke_tiles.state import board, seat_to_move, step

TOTAL_TURNS = 1 + -(-(len(data.GOODS_TILES) - data.FIRST_TURN_TILES) // data.TILES_PER_TURN)
SYMBOL_NAMES = {code: data.symbol_names(code) for code in [*range(10), data.BLANK]}
_memo: dict = {}


def tile_faces(tile: int) -> list[dict]:
    return [dict(SYMBOL_NAMES[code]) for code in data.SYMBOLS[tile]]


def _board_view(state: dict) -> dict:
    """The parts of a view that follow from the table alone, built once per table (views share
    them: callers only read views)."""
    top = state["top"]
    cached = _memo.get("board")
    if cached is not None and cached[0] is top:
        return cached[1]
    tiles = [
        {"index": index, "tile": tile, "name": data.tile_name(tile), "by": by, "anchor": [x, y], "dir": direction,
         "cells": [geometry.xy(cell) for cell in geometry.placement_cells(geometry.code(x, y), direction)],
         "level": level, "symbols": tile_faces(tile)}
        for index, (tile, x, y, direction, level, by) in enumerate(state["placed"])
    ]
    cells = []
    for cell in sorted(top):
        index, level, symbol = top[cell]
        cells.append({"cell": geometry.xy(cell), "level": level, "tile": index, **SYMBOL_NAMES[symbol]})
    xs = [c["cell"][0] for c in cells]
    ys = [c["cell"][1] for c in cells]
    groups = scoring.groups(top)
    rats = [scoring.rat_cells(top, colour) for colour in range(2)]
    shown = {
        "tiles": tiles,
        "cells": cells,
        "bounds": {"min": [min(xs), min(ys)], "max": [max(xs), max(ys)]},
        "groups": groups,
        "rat_cells": {data.COLOURS[colour]: rats[colour] for colour in range(2)},
        "group_points": [sum(g["points"] for g in groups if g["colour"] == name) for name in data.COLOURS],
        "rats": [len(cells_of) for cells_of in rats],
    }
    _memo["board"] = (top, shown)
    return shown


def view(state: dict, viewer: int | None) -> dict:
    shown = _board_view(state)
    colour_of = [scoring.seat_colour(state, seat) for seat in range(data.PLAYERS)]
    scores = [state["scores"][colour_of[seat]] for seat in range(data.PLAYERS)]
    players = [
        {"seat": seat, "colour": data.COLOURS[colour_of[seat]], "score": scores[seat],
         "group_points": shown["group_points"][colour_of[seat]], "rats": shown["rats"][colour_of[seat]],
         "tiles_placed": sum(1 for row in state["placed"] if row[5] == seat)}
        for seat in range(data.PLAYERS)
    ]
    now = step(state)
    return {
        "game": "dschunke_tiles",
        "options": dict(state["options"]),
        "players": players,
        "red": state["red"],
        "turn": state["turn"],
        "turns": TOTAL_TURNS,
        "seat_to_move": None if state["over"] else seat_to_move(state),
        "step": now,
        "to_act": sorted(to_act(state)),
        "waiting": [{"tile": tile, "name": data.tile_name(tile), "symbols": tile_faces(tile),
                     "palindrome": tile in data.PALINDROMES} for tile in state["waiting"]],
        "selected": state["selected"],
        "anchor": None if state["anchor"] is None else geometry.xy(state["anchor"]),
        "backs_left": data.BACKS_PER_TILE - state["backs"],
        "tiles": shown["tiles"],
        "cells": shown["cells"],
        "bounds": shown["bounds"],
        "groups": shown["groups"],
        "rat_cells": shown["rat_cells"],
        "scores": scores,
        "colour_scores": {data.COLOURS[colour]: state["scores"][colour] for colour in range(2)},
        "pile_size": len(state["deck"]),
        "pile_tiles": sorted(state["deck"]),
        "last_placed": len(state["placed"]) - 1 if len(state["placed"]) > 1 else None,
        "outcome": scoring.outcome(state),
    }


def redact(event: dict, viewer: int | None) -> dict:
    """Events are public except the pile order, replaced by its size."""
    if any(key in SECRET_KEYS for key in event):
        shown = {key: value for key, value in event.items() if key not in SECRET_KEYS}
        if "deck" in event:
            shown["pile_size"] = len(event["deck"])
        return shown
    return event


def sample(shown: dict, seat: int, rng: random.Random) -> dict:
    """A full state matching `shown`: the remaining tiles reshuffled (spec §4)."""
    placed = [[row["tile"], row["anchor"][0], row["anchor"][1], row["dir"], row["level"], row["by"]]
              for row in shown["tiles"]]
    top, fps, scores = board(placed)
    deck = list(shown["pile_tiles"])
    rng.shuffle(deck)
    anchor = shown["anchor"]
    return {
        "options": dict(shown["options"]),
        "red": shown["red"],
        "deck": deck,
        "turn": shown["turn"],
        "waiting": [row["tile"] for row in shown["waiting"]],
        "selected": shown["selected"],
        "anchor": None if anchor is None else geometry.code(*anchor),
        "backs": data.BACKS_PER_TILE - shown["backs_left"],
        "placed": placed,
        "over": shown["step"] == "over",
        "top": top,
        "fps": fps,
        "scores": scores,
    }
