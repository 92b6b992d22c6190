"""Engines by their stable name. A game package registers itself when imported."""
from __future__ import annotations

import importlib

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


def names() -> list[str]:
    """The names of every engine, in the order they are listed to players."""
    return list(KNOWN)
