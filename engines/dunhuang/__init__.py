"""Merchants of Dunhuang (Gabriele Bubola, 2020): the rules engine. See RULES.md."""
from engines import registry
from engines.dunhuang.engine import Dunhuang

ENGINE = registry.register(Dunhuang())
