"""Log lines in words. Seats appear as "{seat0}", "{seat1}" for the caller to name."""
from __future__ import annotations

from engines.dschunke_tiles import data


def _seat(seat: int) -> str:
    return f"{{seat{seat}}}"


def _tiles(tiles: list[int]) -> str:
    return " and ".join(data.tile_name(tile) for tile in tiles)


def _symbols(symbols: list[dict]) -> str:
    return ", ".join("start emblem" if s["kind"] == data.EMBLEM else f"{s['colour']} {s['kind']}" for s in symbols)


def _placed(e: dict) -> str:
    where = "on the table" if e["level"] == 0 else f"on level {e['level']}"
    (x0, y0), (x1, y1) = e["cells"][0], e["cells"][-1]
    return (f"{_seat(e['seat'])} places {data.tile_name(e['tile'])} ({_symbols(e['symbols'])}) {where},"
            f" from ({x0}, {y0}) to ({x1}, {y1}).")


def _ended(e: dict) -> str:
    scores = e["scores"]
    return f"The last tile is placed. Final scores: {_seat(0)} {scores[0]}, {_seat(1)} {scores[1]}."


LINES = {
    "game_created": lambda e: (f"A game of Dschunke: das Legespiel begins; {_seat(e['red'])} plays red and starts,"
                               f" {_seat(1 - e['red'])} plays green."),
    "pile_shuffled": lambda e: "The 42 goods tiles are shuffled face down into the draw pile.",
    "tiles_drawn": lambda e: f"{_seat(e['seat'])} draws {_tiles(e['tiles'])}.",
    "tile_selected": lambda e: f"{_seat(e['seat'])} takes {data.tile_name(e['tile'])} to place first.",
    "anchor_chosen": lambda e: f"{_seat(e['seat'])} picks cell ({e['cell'][0]}, {e['cell'][1]}) for the first crate.",
    "choice_undone": lambda e: (f"{_seat(e['seat'])} takes back the "
                                + ("cell." if e["undone"] == "anchor" else "choice of tile.")),
    "tile_placed": _placed,
    "turn_ended": lambda e: f"{_seat(e['seat'])}'s turn ends.",
    "game_ended": _ended,
}


def describe(event: dict) -> str:
    line = LINES.get(event["type"])
    return line(event) if line else event["type"].replace("_", " ")
