"""Schemathesis against the service's own OpenAPI schema (/api/schema/), in process, signed in
with a token: no request ever gets a 500, every error has the {code, detail} body, and a
refused request changes no table."""
import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from tables import lifecycle
from tables.models import Table

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
MISSING_TABLE = 10**9


@pytest.fixture
def keep_test_connection():
    """As Django's test client does: a request must not close the test transaction's connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def player(django_user_model, keep_test_connection):
    """A signed-in player (by token) with an open table, a running table and another's table."""
    from rest_framework.authtoken.models import Token

    me, other = (django_user_model.objects.create_user(name, f"{name}@example.com", "pw") for name in ("fuzz", "rival"))
    rules = {"game": "dschunke", "players": 4, "options": {}, "time_control": {"kind": "live", "seconds": 600},
             "fill_with_ai": True}
    mine = lifecycle.create_table(me, {**rules, "seats": [{"kind": "me"}] + [{"kind": "open"}] * 3})
    running = lifecycle.create_table(me, {**rules, "seats": [{"kind": "me"}] + [{"kind": "open"}] * 3})
    lifecycle.start_table(running.pk, me)
    theirs = lifecycle.create_table(other, {**rules, "seats": [{"kind": "me"}] + [{"kind": "open"}] * 3})
    return {"token": Token.objects.create(user=me).key, "tables": [mine.pk, running.pk, theirs.pk, MISSING_TABLE]}


def heads() -> dict:
    return {t.pk: (t.status, t.head_seq) for t in Table.objects.only("status", "head_seq")}


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case, player):
    if "table_id" in (case.path_parameters or {}):  # aim most cases at tables that exist
        tables = player["tables"]
        case.path_parameters["table_id"] = tables[hash(str(case.path_parameters["table_id"])) % len(tables)]
    before = heads()
    response = case.call(headers={"Authorization": f"Token {player['token']}"})
    assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:500])
    if response.status_code >= 400:
        assert set(response.json()) >= {"code", "detail"}, response.text[:300]
        assert heads() == before, "a refused request changed a table"
