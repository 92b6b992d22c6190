"""Issue 13, item 4: per-person limits on open, running and all-bot tables, refused with a reason; a
person's bot accounts count against the person's limits."""
import itertools

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tables import lifecycle
from tables.models import Table

from .helpers import new_table

pytestmark = pytest.mark.django_db(transaction=True)

BOTS = [{"kind": "ai", "strength": "random"}] * 2
_bot_names = itertools.count(1)


def create(client, **extra):
    body = {"game": "tiny", "players": 2, "options": {}, "time_control": {"kind": "live", "seconds": 120},
            "seats": [{"kind": "me"}, {"kind": "open"}], **extra}
    return client.post("/api/tables/", body, format="json")


@override_settings(MAX_OPEN_TABLES=3)
def test_a_user_may_keep_only_so_many_tables_waiting_in_the_lobby(make_user, client_for):
    owner, other = client_for(make_user()), client_for(make_user())
    for _ in range(3):
        assert create(owner).status_code == 201
    refused = create(owner)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_open_tables"
    assert "at most 3" in refused.json()["detail"]
    assert Table.objects.count() == 3
    assert create(other).status_code == 201  # another user's quota is their own


@override_settings(MAX_RUNNING_TABLES=1)
def test_a_user_may_run_only_so_many_tables(make_user, client_for):
    user, guest = make_user(), make_user()
    owner = client_for(user)
    first, second = create(owner).json(), create(owner).json()
    for table in (first, second):
        lifecycle.join(table["id"], guest)
    assert owner.post(f"/api/tables/{first['id']}/start/").status_code == 200
    refused = owner.post(f"/api/tables/{second['id']}/start/")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_running_tables"
    assert Table.objects.get(pk=second["id"]).status == Table.Status.OPEN


@override_settings(MAX_BOT_TABLES=1)
def test_a_user_may_have_only_so_many_tables_of_bots_alone(make_user, client_for):
    owner = client_for(make_user())
    assert create(owner, seats=BOTS).status_code == 201
    refused = create(owner, seats=BOTS)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_bot_tables"
    assert create(owner, seats=[{"kind": "me"}, {"kind": "ai"}]).status_code == 201  # a person plays: not counted


@override_settings(MAX_BOT_TABLES=1)
def test_open_seats_filled_with_bots_at_the_start_count_as_a_bot_table(make_user, client_for):
    owner = client_for(make_user())
    running = new_table(owner, seats=BOTS)
    assert owner.post(f"/api/tables/{running['id']}/start/").status_code == 200
    filled = create(owner, seats=[{"kind": "open"}, {"kind": "open"}], fill_with_ai=True).json()
    refused = owner.post(f"/api/tables/{filled['id']}/start/")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_bot_tables"


def bot_clients(owner_client, count: int) -> list:
    """`count` bot accounts of the owner, each signed in by its token."""
    clients = []
    for _ in range(count):
        made = owner_client.post("/api/me/bots/", {"username": f"quota-bot-{next(_bot_names)}"}, format="json")
        assert made.status_code == 201, made.json()
        bot = APIClient()
        bot.credentials(HTTP_AUTHORIZATION=f"Token {made.json()['token']}")
        clients.append(bot)
    return clients


@override_settings(MAX_BOT_TABLES=2)
def test_a_persons_bot_accounts_share_the_persons_quota_of_tables_of_bots_alone(make_user, client_for):
    owner = client_for(make_user())
    bots = bot_clients(owner, 5)
    assert create(bots[0], seats=BOTS).status_code == 201
    assert create(owner, seats=BOTS).status_code == 201
    for account in [owner, *bots]:  # every account of the person is over the limit now
        refused = create(account, seats=BOTS)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_bot_tables"
    assert create(client_for(make_user()), seats=BOTS).status_code == 201  # another person's quota is their own


@override_settings(MAX_OPEN_TABLES=3)
def test_a_persons_bot_accounts_share_the_persons_quota_of_open_tables(make_user, client_for):
    owner = client_for(make_user())
    bots = bot_clients(owner, 2)
    for account in (owner, *bots):
        assert create(account).status_code == 201
    for account in (owner, *bots):
        assert create(account).json()["code"] == "too_many_open_tables"
    assert Table.objects.count() == 3


@override_settings(MAX_RUNNING_TABLES=2)
def test_a_persons_bot_accounts_share_the_persons_quota_of_running_tables(make_user, client_for):
    person, guest = make_user(), make_user()
    owner = client_for(person)
    bot = bot_clients(owner, 1)[0]
    tables = [create(account).json() for account in (owner, bot, bot)]
    for table in tables:
        lifecycle.join(table["id"], guest)
    assert owner.post(f"/api/tables/{tables[0]['id']}/start/").status_code == 200
    assert bot.post(f"/api/tables/{tables[1]['id']}/start/").status_code == 200
    refused = bot.post(f"/api/tables/{tables[2]['id']}/start/")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_running_tables"
    assert Table.objects.get(pk=tables[2]["id"]).status == Table.Status.OPEN
