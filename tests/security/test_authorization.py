"""Who may do what: every API endpoint and socket action, for every kind of visitor.

Roles: anonymous; a signed-in stranger; a spectator (signed in, watching, no seat: the service
treats them as a stranger); a seated player; the table's owner (seated too); staff (not
seated). Every cell runs on a fresh table, so a write in one cell cannot decide another.
"""
import pytest
from asgiref.sync import sync_to_async
from rest_framework.test import APIClient

from engines import registry
from tables import lifecycle

from tests.service.wsclients import communicator, session_cookie

ROLES = ("anonymous", "stranger", "spectator", "seated", "owner", "staff")
DENIED = 403


def everyone(status: int) -> dict:
    return dict.fromkeys(ROLES, status)


def members(status: int, others: int = DENIED) -> dict:
    """`status` for the two seated roles, `others` for everyone else."""
    return {**everyone(others), "seated": status, "owner": status}


def signed_in(status: int) -> dict:
    return {**everyone(status), "anonymous": DENIED}


NEW_TABLE = {"game": "dunhuang", "players": 2, "time_control": {"kind": "live", "seconds": 60},
             "seats": [{"kind": "me"}, {"kind": "ai"}]}
# (name, table state, method, path, body, expected status per role)
MATRIX = [
    ("games", "running", "get", "/api/games/", None, everyone(200)),
    ("schema", "running", "get", "/api/schema/", None, everyone(200)),
    ("list open", "open", "get", "/api/tables/?list=open", None, everyone(200)),
    ("list mine", "open", "get", "/api/tables/?list=mine", None, signed_in(200)),
    ("list my turn", "running", "get", "/api/tables/?list=my_turn", None, signed_in(200)),
    ("create", "open", "post", "/api/tables/", NEW_TABLE, signed_in(201)),
    ("play against bots", "open", "post", "/api/games/dunhuang/play/", None, signed_in(201)),
    ("guided game", "open", "post", "/api/games/dunhuang/learn/", None, signed_in(201)),
    ("table", "running", "get", "/api/tables/{id}/", None, everyone(200)),
    ("events", "running", "get", "/api/tables/{id}/events/?after=0", None, everyone(200)),
    ("view", "running", "get", "/api/tables/{id}/view/", None, everyone(200)),
    ("replay view", "running", "get", "/api/tables/{id}/view/?at=1", None, everyone(200)),
    ("export running", "running", "get", "/api/tables/{id}/export/", None, everyone(409)),
    ("export ended", "abandoned", "get", "/api/tables/{id}/export/", None, everyone(200)),
    ("join", "open", "post", "/api/tables/{id}/join/", {}, {**signed_in(200), "seated": 409, "owner": 409}),
    ("leave", "open", "post", "/api/tables/{id}/leave/", None, members(200)),
    ("start", "open", "post", "/api/tables/{id}/start/", None, {**everyone(DENIED), "owner": 200}),
    ("abandon", "running", "post", "/api/tables/{id}/abandon/", None, {**everyone(DENIED), "owner": 200, "staff": 200}),
    ("back", "running", "post", "/api/tables/{id}/back/", None, members(409)),  # 409: not away
    # A stale expected_seq: the seated roles get past the permission check to the seq check.
    ("action", "running", "post", "/api/tables/{id}/actions/",
     {"action": {"type": "pass"}, "expected_seq": 0, "command_id": "authz"}, members(409)),
    # Hints only at an unrated table of one person and bots: this one is rated, with two people.
    ("hint", "running", "post", "/api/tables/{id}/hint/", None, everyone(DENIED)),
    # The guide of a guided table is anyone's to read; this table is not one.
    ("guide", "running", "get", "/api/tables/{id}/guide/", None, everyone(404)),
    ("me", "running", "get", "/api/me/", None, signed_in(200)),
    ("me patch", "running", "patch", "/api/me/", {"email_notices": False}, signed_in(200)),
    ("token", "running", "post", "/api/me/token/", None, signed_in(200)),
]


@pytest.fixture
def world(make_user):
    """A factory of (table id, {role: user}) with the table open, running or abandoned."""

    def make(state: str, game: str = "dschunke"):
        users = {"owner": make_user("owner"), "seated": make_user("seated"), "stranger": make_user("stranger"),
                 "spectator": make_user("spectator"), "staff": make_user("staff", is_staff=True),
                 "anonymous": None}
        players = min(4, registry.get(game).max_players)
        filler = [make_user("other") for _ in range(players - 2)] if state != "open" else []
        seats = [{"kind": "me"}, {"kind": "invite", "username": users["seated"].username}]
        seats += [{"kind": "invite", "username": u.username} for u in filler] or [{"kind": "open"}] * (players - 2)
        table = lifecycle.create_table(users["owner"], {
            "game": game, "players": players, "options": {}, "time_control": {"kind": "live", "seconds": 600},
            "seats": seats, "fill_with_ai": True})
        for user in [users["seated"], *filler]:
            lifecycle.join(table.pk, user)
        if state != "open":
            lifecycle.start_table(table.pk, users["owner"])
        if state == "abandoned":
            lifecycle.abandon(table.pk, users["owner"])
        return table.pk, users

    return make


def client_as(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("name, state, method, path, body, expected", MATRIX, ids=[row[0] for row in MATRIX])
def test_every_endpoint_answers_each_role_as_expected(world, name, state, method, path, body, expected):
    answered = {}
    for role in ROLES:
        table_id, users = world(state)
        response = getattr(client_as(users[role]), method)(path.format(id=table_id), body, format="json")
        answered[role] = response.status_code
        if response.status_code >= 400:
            assert set(response.json()) >= {"code", "detail"}, response.content[:300]
    assert answered == expected


# The rows whose answer could depend on the game: its view, its events, a move.
GAME_ROWS = [row for row in MATRIX if row[0] in {"table", "events", "view", "replay view", "action"}]


@pytest.mark.django_db
@pytest.mark.parametrize("game", [name for name in registry.names() if name != "dschunke"])
def test_every_game_answers_each_role_as_the_matrix_says(world, game):
    for name, state, method, path, body, expected in GAME_ROWS:
        answered = {}
        for role in ROLES:
            table_id, users = world(state, game)
            response = getattr(client_as(users[role]), method)(path.format(id=table_id), body, format="json")
            answered[role] = response.status_code
        assert answered == expected, (game, name)


@pytest.mark.django_db
def test_a_session_without_the_csrf_token_cannot_write(world):
    table_id, users = world("running")
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(users["owner"])
    response = client.post(f"/api/tables/{table_id}/abandon/")
    assert response.status_code == 403
    assert client.get(f"/api/tables/{table_id}/").json()["status"] == "running"


@pytest.mark.django_db
def test_a_token_authenticates_without_a_session(world):
    table_id, users = world("running")
    token = client_as(users["seated"]).post("/api/me/token/").json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(f"/api/tables/{table_id}/view/").json()["seat"] == 1
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get("/api/me/").status_code in (401, 403)


# Socket actions: everyone may watch and resync; only the seated may act.
SOCKET_ACTION = {**everyone("forbidden"), "seated": "stale_seq", "owner": "stale_seq"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
@pytest.mark.parametrize("role", ROLES)
async def test_every_socket_action_answers_each_role_as_expected(world, role):
    table_id, users = await sync_to_async(world)("running")
    cookie = await sync_to_async(session_cookie)(users[role]) if users[role] else None
    socket = communicator(table_id, cookie)
    assert (await socket.connect())[0]
    first = await socket.receive_json_from(timeout=10)
    assert first["type"] == "sync" and first["seat"] == {"seated": 1, "owner": 0}.get(role)
    await socket.send_json_to({"type": "action", "action": {"type": "pass"}, "expected_seq": 0, "command_id": "x"})
    answer = await socket.receive_json_from(timeout=10)
    assert answer["type"] == "error" and answer["code"] == SOCKET_ACTION[role], answer
    await socket.send_json_to({"type": "resync", "after": 0})
    frames = [await socket.receive_json_from(timeout=10) for _ in range(first["seq"] + 1)]
    assert [f["type"] for f in frames] == ["event"] * first["seq"] + ["sync"]
    await socket.disconnect()
