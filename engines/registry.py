"""Engines by their stable name. A game package registers itself when imported."""
from __future__ import annotations

import importlib
import sys

from engines import i18n
from engines.core import Engine

# name -> module that defines and registers the engine
KNOWN = {
    "dschunke": "engines.dschunke",
    "dunhuang": "engines.dunhuang",
    "dragon_boats": "engines.dragon_boats",
    "dschunke_tiles": "engines.dschunke_tiles",
    "dragon_market": "engines.dragon_market",
}

_engines: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    _engines[engine.name] = engine
    return engine


def get(name: str) -> Engine:
    """The engine called `name`; KeyError if there is none."""
    if name not in _engines and name in KNOWN:
        importlib.import_module(KNOWN[name])
    return _engines[name]


def exists(name: str) -> bool:
    return name in KNOWN or name in _engines


def names() -> list[str]:
    """The names of every engine, in the order they are listed to players."""
    return list(KNOWN)


def title(name: str) -> str:
    """The game's title in the language in use (each game's catalog words its own title)."""
    engine = get(name)
    gettext, _ngettext = i18n.catalog(sys.modules[type(engine).__module__].__file__)
    return gettext(engine.title)
