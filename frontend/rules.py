"""Each game's rulings page: how the site settles what the printed rules leave open, written for
players in each language (`rulings/<game>.<language>.md` beside this module), as HTML. The
engine's RULES.md keeps the same choices for maintainers, with their reasons and sources."""
from __future__ import annotations

import functools
from pathlib import Path

import markdown

from engines import registry

RULINGS_DIR = Path(__file__).resolve().parent / "rulings"


@functools.cache
def rules_html(game: str, language: str = "en") -> str:
    """The rulings of a registered `game` as HTML (KeyError for any other name), in `language`
    where they are written in it, else in English."""
    registry.get(game)  # only registered games have a page
    translated = RULINGS_DIR / f"{game}.{language.split('-')[0]}.md"
    text = (translated if translated.exists() else RULINGS_DIR / f"{game}.en.md").read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "sane_lists"], output_format="html")
    return html.replace("<table>", '<table tabindex="0">')  # one wider than a phone scrolls by keyboard too
