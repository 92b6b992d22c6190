"""Dragon Market (Marco Teubner, Blue Orange 2019): the rules engine. See RULES.md."""
from engines import registry
from engines.dragon_market.engine import DragonMarket

ENGINE = registry.register(DragonMarket())
