"""Dschunke: das Legespiel (Michael Schacht, 2003): the rules engine. See RULES.md."""
from engines import registry
from engines.dschunke_tiles.engine import DschunkeTiles

ENGINE = registry.register(DschunkeTiles())
