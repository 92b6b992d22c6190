"""Who acts, what is legal, and decide: the per-tile steps select -> anchor -> orient (spec §5)."""
from __future__ import annotations

import functools
import random

from engines.core import IllegalAction, refuse_fields
from engines.i18n import N_, catalog
from engines.dschunke_tiles import data, geometry
from engines.dschunke_tiles.evolve import evolve
from engines.dschunke_tiles.scoring import breakdown
from engines.dschunke_tiles.setup import draw
from engines.dschunke_tiles.state import seat_to_move, step

FIELDS = {"select": ("tile",), "anchor": ("cell",), "orient": ("dir",), "back": ()}
ACTION_KEYS = {kind: frozenset(("type", *fields)) for kind, fields in FIELDS.items()}
STEP_ACTIONS = {"select": ("select",), "anchor": ("anchor", "back"), "orient": ("orient", "back")}
PROMPTS = {
    "select": N_("Choose which of your two tiles to place first."),
    "anchor": N_("Choose the cell for the first crate of your tile: the symbol at its left end, as the tile is pictured"
                 " above the board."),
    "orient": N_("Choose the direction your tile runs from its first crate."),
    "over": N_("The game is over: read the final scores."),
    "between": N_("Wait for the next draw."),
}
_, ngettext = catalog(__file__)
ONLY = (frozenset((0,)), frozenset((1,)))
NOBODY = frozenset()
BACK = {"type": "back"}
# As the board shows them (it draws no compass): the way a tile runs from its first crate.
DIRECTION_WORDS = {"E": N_("right"), "N": N_("up"), "W": N_("left"), "S": N_("down")}
ORIENTS = {d: {"type": "orient", "dir": d} for d in data.DIRS}


def to_act(state: dict) -> frozenset[int]:
    if state["over"] or not state["waiting"]:
        return NOBODY
    return ONLY[seat_to_move(state)]


def can_go_back(state: dict) -> bool:
    """`back` undoes the pending choice (an anchor, or which of two tiles) while undos remain."""
    if state["backs"] >= data.BACKS_PER_TILE or state["over"] or not state["waiting"]:
        return False
    return state["anchor"] is not None or (state["selected"] is not None and len(state["waiting"]) > 1)


def palindrome(tile: int) -> bool:
    return tile in data.PALINDROMES


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    now = step(state)
    if now == "select":
        return [{"type": "select", "tile": tile} for tile in state["waiting"]]
    if now == "anchor":
        actions = list(anchor_actions(state["fps"], palindrome(state["selected"])))
    else:
        dirs = geometry.directions(state["fps"], state["anchor"], palindrome(state["selected"]))
        actions = [ORIENTS[d] for d in dirs]
    if can_go_back(state):
        actions.append(BACK)
    return actions


@functools.lru_cache(maxsize=256)
def anchor_actions(fps: frozenset, palindrome: bool) -> tuple:
    """The anchor actions of a tile on this set of legal footprints (a turn lists them again
    after an undo, a search many times)."""
    return tuple([ANCHORS.get(cell) or _anchor_action(cell) for cell in geometry.anchors(fps, palindrome)])


# Cell code -> its anchor action, built once and shared by every list (nobody changes a listed action).
ANCHORS: dict = {}


def _anchor_action(cell: int) -> dict:
    action = ANCHORS[cell] = {"type": "anchor", "cell": geometry.xy(cell)}
    return action


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_shape(action) -> str:
    # Only a hand-written client sends a malformed action: these messages name the JSON fields.
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("malformed", _('An action is an object with a "type".'))
    kind = action["type"]
    if kind not in FIELDS:
        raise IllegalAction("unknown_action", _("This game has no such action."))
    if action.keys() != ACTION_KEYS[kind]:
        refuse_fields(action, FIELDS[kind])
    if kind == "select" and not _whole(action["tile"]):
        raise IllegalAction("malformed", _('The "tile" must be a tile number.'))
    if kind == "anchor":
        cell = action["cell"]
        if not isinstance(cell, (list, tuple)) or len(cell) != 2 or not all(_whole(v) for v in cell):
            raise IllegalAction("malformed", _('The "cell" must be a pair of whole numbers [x, y].'))
    if kind == "orient" and action["dir"] not in data.DIRS:
        raise IllegalAction("malformed", _('The "dir" must be "E", "N", "W" or "S".'))
    return kind


def decide(state: dict, seat: int, action, rng: random.Random) -> list[dict]:
    kind = check_shape(action)
    now = step(state)
    if kind not in STEP_ACTIONS.get(now, ()):
        raise IllegalAction("wrong_step", _("That is not the step now. {prompt}").format(prompt=_(PROMPTS[now])))
    if kind == "select":
        tile = action["tile"]
        if tile not in state["waiting"]:
            names = _(" or ").join(data.tile_name(t) for t in state["waiting"])
            raise IllegalAction("bad_tile", _("Choose one of the tiles you drew: {names}.").format(names=names))
        return [{"type": "tile_selected", "seat": seat, "tile": tile}]
    if kind == "back":
        if not can_go_back(state):
            if state["backs"] >= data.BACKS_PER_TILE:
                raise IllegalAction("no_more_undo", ngettext("You may undo only {n} time per tile.",
                                                             "You may undo only {n} times per tile.",
                                                             data.BACKS_PER_TILE).format(n=data.BACKS_PER_TILE))
            raise IllegalAction("nothing_to_undo", _("There is no choice to undo."))
        undone = "anchor" if state["anchor"] is not None else "tile"
        return [{"type": "choice_undone", "seat": seat, "undone": undone}]
    tile = state["selected"]
    if kind == "anchor":
        x, y = action["cell"]
        if not geometry.in_range(x, y) or not geometry.directions(
                state["fps"], geometry.code(x, y), palindrome(tile)):
            raise IllegalAction("bad_cell", _("Your tile cannot start on cell ({x}, {y}): from there it would not lie"
                                              " flat on free table beside a tile, nor evenly on tiles of one level"
                                              " without repeating the tile below.").format(x=x, y=y))
        return [{"type": "anchor_chosen", "seat": seat, "cell": [x, y]}]
    direction = action["dir"]
    anchor = state["anchor"]
    if direction not in geometry.directions(state["fps"], anchor, palindrome(tile)):
        raise IllegalAction("bad_direction", _("Your tile cannot run {direction} from there.").format(
            direction=_(DIRECTION_WORDS[direction])))
    return placement_events(state, seat, tile, anchor, direction)


def decide_listed(state: dict, seat: int, action: dict, rng: random.Random) -> list[dict]:
    """`decide` for an action legal_actions lists: an anchor or direction it lists is legal by
    construction, so the placement tests are not made again (the bots' path)."""
    kind = action["type"]
    if kind == "anchor":
        return [{"type": "anchor_chosen", "seat": seat, "cell": list(action["cell"])}]
    if kind == "orient":
        return placement_events(state, seat, state["selected"], state["anchor"], action["dir"])
    return decide(state, seat, action, rng)


def placement_events(state: dict, seat: int, tile: int, anchor: int, direction: str) -> list[dict]:
    """The tile placed (L-P…), then, if it was the turn's last, the turn's end and the next draw
    or the end of the game (L-T8, L-E1)."""
    cells = geometry.placement_cells(anchor, direction)
    level = geometry.level_of(state["top"], geometry.footprint_of(anchor, direction))
    placed = {
        "type": "tile_placed", "seat": seat, "tile": tile, "anchor": geometry.xy(anchor), "dir": direction,
        "cells": [geometry.xy(cell) for cell in cells], "level": level,
        "symbols": [data.symbol_names(code) for code in data.SYMBOLS[tile]],
    }
    events = [placed]
    if len(state["waiting"]) > 1:
        return events
    events.append({"type": "turn_ended", "seat": seat, "turn": state["turn"]})
    deck = state["deck"]
    if not deck:
        after = evolve(state, placed)
        rows = breakdown(after)
        events.append({
            "type": "game_ended",
            "scores": [row["total"] for row in rows],
            "groups": [[{key: group[key] for key in ("kind", "size", "points")} for group in row["groups"]]
                       for row in rows],
            "rats": [row["rats"] for row in rows],
        })
        return events
    count = min(data.TILES_PER_TURN, len(deck))
    events.append({"type": "tiles_drawn", "seat": 1 - seat, "turn": state["turn"] + 1, "tiles": draw(deck, count)})
    return events
