"""Dschunke: merchants, trainees and cargo strips on five junks (3-4 players)."""
from engines import native, registry

__path__ = native.search_path(__name__, __path__)

from engines.dschunke.engine import Dschunke  # noqa: E402  (found on the path just set)

ENGINE = registry.register(Dschunke())
