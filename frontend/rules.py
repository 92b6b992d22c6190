"""Each game's rules page: its RULES.md (the rulings in the project's own words), as HTML."""
from __future__ import annotations

import functools
import importlib
from pathlib import Path

import markdown

from engines import registry


@functools.cache
def rules_html(game: str, language: str = "en") -> str:
    """The rule notes of a registered `game` as HTML (KeyError for any other name), in `language`
    where the game has them in it (RULES.fr.md, RULES.de.md beside RULES.md), else in English."""
    registry.get(game)  # only registered games have a page
    package = Path(importlib.import_module(registry.KNOWN[game]).__file__).parent
    translated = package / f"RULES.{language.split('-')[0]}.md"
    text = (translated if translated.exists() else package / "RULES.md").read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["tables", "sane_lists"], output_format="html")
