"""Dschunke: merchants, trainees and cargo strips on five junks (3-4 players)."""
from engines import registry
from engines.dschunke.engine import Dschunke

ENGINE = registry.register(Dschunke())
