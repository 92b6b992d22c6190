"""Balance pages: how even each game is, as the lab measured it between the site's bots.

The numbers are the lab's (`python -m engines balance --site` writes one file a game in
`balance/` beside this module); this module only words them for a player and places them on
the page's charts. Special items are named as the board names them (each engine's glossary),
in the reader's language.
"""
from __future__ import annotations

import datetime
import functools
import json
import math
from pathlib import Path

from django.utils.translation import gettext, gettext_lazy

from engines import registry
from engines.bots import label
from engines.dschunke import data as dschunke_data
from frontend.glossary import glossaries
from frontend.templatetags.dates import long_date

DATA_DIR = Path(__file__).resolve().parent / "balance"


def games() -> list[str]:
    """The games that have a balance page, in the order players see them."""
    return [game for game in registry.names() if (DATA_DIR / f"{game}.json").exists()]


@functools.cache
def measures(game: str) -> dict | None:
    path = DATA_DIR / f"{game}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


# How each game's lab names a special item (the engine's `usage`), turned into the glossary's
# name and what it does: (name, text).
def _dschunke(glossary: dict, used: str) -> tuple[str, str]:
    card = next(card for card in range(len(dschunke_data.SPECIALS)) if dschunke_data.special_title(card) == used)
    special = glossary["specials"][card]
    return special["title"], special["text"]


def _dunhuang(glossary: dict, used: str) -> tuple[str, str]:
    return glossary["faces"][used], glossary["face_text"][used]


def _dragon_boats(glossary: dict, used: str) -> tuple[str, str]:
    card = glossary["cards"][used.removeprefix("bonus card ")]
    return card["name"], card["text"]


def _dragon_market(glossary: dict, used: str) -> tuple[str, str]:
    name, _colon, text = glossary["powers"][used].partition(":")  # "Hop: once per turn, ..."
    return name.strip(), text.strip()


SPECIAL_NAMES = {"dschunke": _dschunke, "dunhuang": _dunhuang, "dragon_boats": _dragon_boats,
                 "dragon_market": _dragon_market}


# What a game's special items are called, for the heading of their table.
SPECIALS_HEADING = {
    "dschunke": gettext_lazy("Special cards for one use"),  # the others are kept, never played
    "dunhuang": gettext_lazy("Characters"),
    "dragon_boats": gettext_lazy("Bonus cards"),
    "dragon_market": gettext_lazy("Powers of the red cards"),
}
# Why a game's special items show no use: they belong to rules its measured games left out.
SPECIALS_UNUSED = {
    "dragon_market": gettext_lazy("The red cards give their powers in the advanced game only; these games were"
                                  " played without it."),
}
# What a game's final score counts, where it is not points.
SCORES_COUNT_OBJECTIVES = frozenset({"dragon_market"})


def special_name(game: str, used: str, language: str) -> tuple[str, str]:
    return SPECIAL_NAMES[game](glossaries(language)[game], used)


def css(share: float) -> str:
    """A share as a CSS length in percent, with a point whatever the reader's decimal mark."""
    return f"{100 * share:.2f}%"


def interval(share: dict, scale: float = 1.0) -> dict:
    """A win rate with its interval, as shown (whole percentages) and as placed on a chart whose
    full width is `scale`."""
    return {"rate": round(100 * share["rate"]), "low": round(100 * share["low"]), "high": round(100 * share["high"]),
            "at": css(share["rate"] / scale), "from": css(share["low"] / scale),
            "width": css((share["high"] - share["low"]) / scale)}


def chart_scale(highs: list[float]) -> float:
    """The win-rate charts' full width: the next tenth above every interval, so bars fill the space."""
    return min(1.0, (int(max(highs, default=0) * 10) + 1) / 10)


def box(spread: dict, low: float, high: float) -> dict:
    """A box plot of `spread` on an axis from `low` to `high`: where its box, whiskers and median lie."""
    span = (high - low) or 1

    def place(value: float) -> float:
        return (value - low) / span

    shown = {key: _number(spread[key]) for key in ("min", "q1", "median", "q3", "max")}
    return {**shown, "box_from": css(place(spread["q1"])), "box_width": css(place(spread["q3"]) - place(spread["q1"])),
            "whisker_from": css(place(spread["min"])), "whisker_width": css(place(spread["max"]) - place(spread["min"])),
            "median_at": css(place(spread["median"]))}


def _number(value: float) -> int:
    """A count as players count: whole (a quartile between two games is rounded half up)."""
    return math.floor(value + 0.5)


def lineup_words(lineup: list[str]) -> str:
    """The bots' names for players: "Casual" for a lineup of one kind, else each by name."""
    names = list(dict.fromkeys(label(bot)[0] for bot in lineup))
    return ", ".join(names)


def seat_verdict(data: dict) -> str:
    """Whether turn order matters, in words: the seat whose range lies farthest from the even
    share, or that no range leaves it (the chart alone left a newcomer to read it)."""
    even = data["even_share"]
    clear = [seat for seat in data["seats"] if seat["win"]["low"] > even or seat["win"]["high"] < even]
    if not clear:
        return gettext("No seat has a clear edge here: every range crosses the even share, so turn order hardly "
                       "matters.")
    seat = max(clear, key=lambda seat: abs(seat["win"]["rate"] - even))
    ahead = seat["win"]["rate"] > even
    words = (gettext("Turn order matters: player %(order)s won %(rate)s%% of these games, where an even game gives "
                     "%(even)s%%.") if ahead else
             gettext("Turn order matters: player %(order)s won only %(rate)s%% of these games, where an even game "
                     "gives %(even)s%%."))
    fair = gettext("Who starts is drawn at random at every table, so over many games the edge favours no one.")
    return f"{words % {'order': seat['order'], 'rate': round(100 * seat['win']['rate']), 'even': round(100 * even)}} {fair}"


def page(game: str, language: str) -> dict | None:
    """Everything the balance page of `game` shows, or None where the lab has not measured it."""
    data = measures(game)
    if data is None:
        return None
    scale = chart_scale([seat["win"]["high"] for seat in data["seats"]] + [data["even_share"]])
    specials_scale = chart_scale([item["win"]["high"] for item in data["specials"]] + [data["even_share"]])
    score_low = _number(min(seat["score"]["min"] for seat in data["seats"]))
    score_high = _number(max(seat["score"]["max"] for seat in data["seats"]))
    seats = [{"order": seat["order"], "win": interval(seat["win"], scale),
              "score": box(seat["score"], score_low, score_high)} for seat in data["seats"]]
    length = {key: box(spread, spread["min"], spread["max"]) for key, spread in data["length"].items() if spread}
    return {
        "games": data["games"], "players": data["players"], "bots": lineup_words(data["lineup"]),
        "date": long_date(datetime.date.fromisoformat(data["date"])),
        "even": round(100 * data["even_share"]), "even_at": css(data["even_share"] / scale), "scale": round(100 * scale),
        "seats": seats, "seat_verdict": seat_verdict(data), "score_low": score_low, "score_high": score_high, "length": length,
        "specials": specials(game, data, language, specials_scale), "specials_heading": SPECIALS_HEADING.get(game),
        "specials_even_at": css(data["even_share"] / specials_scale), "specials_unused": SPECIALS_UNUSED.get(game),
        "objectives": game in SCORES_COUNT_OBJECTIVES,
    }


def specials(game: str, data: dict, language: str, scale: float) -> list[dict]:
    """The special items, the most winning first (the lab's order), each named in `language`."""
    shown = []
    for item in data["specials"]:
        name, text = special_name(game, item["name"], language)
        shown.append({"name": name, "text": text, "games": item["games"], "times": item["times_used"],
                      "pick": round(100 * item["pick_rate"]) or "<1", "pick_at": css(item["pick_rate"]),
                      "seat_games": item["seat_games"], "win": interval(item["win"], scale)})
    return shown
