import sys
from pathlib import Path

import pytest

# The project root on sys.path, so tests import `engines`, `tables` … without installing.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Browser tests run last: once Playwright's session-wide browser is open, its sync API keeps
    an event loop running in the main thread, which `asyncio.run` in later tests would trip on."""
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)

