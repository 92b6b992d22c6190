"""Dragon Boats of the Four Seas (Michael Schacht, Maple Games 2018 prototype): the rules engine. See RULES.md."""
from engines import registry
from engines.dragon_boats.engine import DragonBoats

ENGINE = registry.register(DragonBoats())
