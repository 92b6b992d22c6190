"""The fold: state + event -> new state. One handler per event type; no validation, no chance."""
from __future__ import annotations

from engines.dschunke_tiles import geometry
from engines.dschunke_tiles.state import new_state, place


def _game_created(state, event):
    return new_state(event["options"], event["red"])


def _pile_shuffled(state, event):
    return {**state, "deck": list(event["deck"])}


def _tiles_drawn(state, event):
    tiles = list(event["tiles"])
    drawn = set(tiles)
    return {**state, "deck": [tile for tile in state["deck"] if tile not in drawn], "waiting": tiles,
            "selected": tiles[0] if len(tiles) == 1 else None, "anchor": None, "backs": 0}


def _tile_selected(state, event):
    return {**state, "selected": event["tile"]}


def _anchor_chosen(state, event):
    return {**state, "anchor": geometry.code(*event["cell"])}


def _choice_undone(state, event):
    if event["undone"] == "anchor":
        return {**state, "anchor": None, "backs": state["backs"] + 1}
    return {**state, "selected": None, "backs": state["backs"] + 1}


def _tile_placed(state, event):
    tile = event["tile"]
    x, y = event["anchor"]
    index = len(state["placed"])
    top, fps, scores, level = place(state["top"], state["fps"], state["scores"], index, tile,
                                    geometry.code(x, y), event["dir"])
    waiting = [other for other in state["waiting"] if other != tile]
    return {**state, "top": top, "fps": fps, "scores": scores,
            "placed": state["placed"] + [[tile, x, y, event["dir"], level, event["seat"]]],
            "waiting": waiting, "selected": waiting[0] if len(waiting) == 1 else None,
            "anchor": None, "backs": 0}


def _turn_ended(state, event):
    return {**state, "turn": state["turn"] + 1, "waiting": [], "selected": None, "anchor": None, "backs": 0}


def _game_ended(state, event):
    return {**state, "over": True}


HANDLERS = {
    "game_created": _game_created,
    "pile_shuffled": _pile_shuffled,
    "tiles_drawn": _tiles_drawn,
    "tile_selected": _tile_selected,
    "anchor_chosen": _anchor_chosen,
    "choice_undone": _choice_undone,
    "tile_placed": _tile_placed,
    "turn_ended": _turn_ended,
    "game_ended": _game_ended,
}


def evolve(state, event):
    return HANDLERS[event["type"]](state, event)
