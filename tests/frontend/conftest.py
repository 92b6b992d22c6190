import pytest
from django.contrib.auth import get_user_model

from tables import lifecycle


@pytest.fixture
def table_id(db) -> int:
    """An open table of Dunhuang whose page can be shown."""
    host = get_user_model().objects.create_user("table_host")
    return lifecycle.create_table(host, {"game": "dunhuang", "players": 2, "options": {},
                                         "time_control": {"kind": "live", "seconds": 600},
                                         "seats": [{"kind": "me"}, {"kind": "open"}]}).pk
