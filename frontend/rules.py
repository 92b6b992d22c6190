"""Each game's rules page: its RULES.md (the rulings in the project's own words), as HTML."""
from __future__ import annotations

import functools
import importlib
from pathlib import Path

import markdown

from engines import registry


@functools.cache
def rules_html(game: str) -> str:
    """The rule notes of a registered `game` as HTML (KeyError for any other name)."""
    registry.get(game)  # only registered games have a page
    package = Path(importlib.import_module(registry.KNOWN[game]).__file__).parent
    text = (package / "RULES.md").read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["tables", "sane_lists"], output_format="html")
