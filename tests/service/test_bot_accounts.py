"""Bot accounts (issue 20, item 6): registered by a player, playing through the same REST and
websocket API with a token, shown as bots, rated against people only where the people chose."""
import pytest
from asgiref.sync import sync_to_async
from rest_framework.test import APIClient

from tables import bot_accounts, lifecycle
from tables.models import Profile, Table

from .helpers import act, new_table
from .wsclients import communicator

pytestmark = pytest.mark.django_db(transaction=True)


def by_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.fixture
def owner_and_bot(make_user, client_for):
    owner = make_user("olga")
    client = client_for(owner)
    made = client.post("/api/me/bots/", {"username": "olgabot"}, format="json")
    assert made.status_code == 201, made.json()
    return owner, client, made.json()["token"]


def test_a_bot_account_plays_a_whole_game_over_rest_with_its_token(owner_and_bot):
    owner, client, token = owner_and_bot
    bot = by_token(token)
    me = bot.get("/api/me/").json()
    assert (me["username"], me["bot_owner"]) == ("olgabot", "olga")
    table = new_table(bot, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    detail = bot.post(f"/api/tables/{table['id']}/start/", format="json").json()
    assert [seat["is_bot_account"] for seat in detail["seats"]] == [True, False]
    turn = 0
    while detail["status"] == "running":
        view = bot.get(f"/api/tables/{table['id']}/view/").json()
        if view["seat"] in view["to_act"]:
            assert act(bot, table["id"], view["legal_actions"][0], view["seq"], f"m{turn}").status_code == 200
        detail = bot.get(f"/api/tables/{table['id']}/").json()
        turn += 1
    assert detail["status"] == "finished" and detail["rated"] is True  # against house bots: rated
    card = client.get("/api/players/olgabot/").json()
    assert card["bot_owner"] == "olga" and card["recent"][0]["id"] == table["id"]
    assert client.get("/api/me/bots/").json() == [{"username": "olgabot"}]


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_a_bot_account_holds_its_seat_on_the_websocket_by_its_token(owner_and_bot):
    _, _, token = owner_and_bot
    bot = by_token(token)
    table = await sync_to_async(new_table)(bot, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    await sync_to_async(bot.post)(f"/api/tables/{table['id']}/start/", format="json")
    socket = communicator(table["id"])
    socket.scope["headers"].append((b"authorization", f"Token {token}".encode()))
    assert (await socket.connect())[0]
    sync = await socket.receive_json_from(timeout=5)
    assert sync["seat"] == 0 and sync["legal_actions"]
    await socket.send_json_to({"type": "action", "action": sync["legal_actions"][0], "expected_seq": sync["seq"],
                               "command_id": "ws-1"})
    frame = await socket.receive_json_from(timeout=5)
    assert frame["type"] == "event" and frame["seat"] == 0
    await socket.disconnect()
    wrong = communicator(table["id"])
    wrong.scope["headers"].append((b"authorization", b"Token not-a-token"))
    assert (await wrong.connect())[0]
    assert (await wrong.receive_json_from(timeout=5))["seat"] is None  # a spectator, nothing more
    await wrong.disconnect()


def test_registering_refuses_bad_names_look_alikes_too_many_and_bots_registering(owner_and_bot, make_user, client_for):
    owner, client, token = owner_and_bot
    assert client.post("/api/me/bots/", {"username": "bad name!"}, format="json").json()["code"] == "bad_username"
    assert client.post("/api/me/bots/", {"username": ""}, format="json").json()["code"] == "bad_username"
    assert client.post("/api/me/bots/", {"username": ["x"]}, format="json").json()["code"] == "bad_username"
    taken = client.post("/api/me/bots/", {"username": "OLGABOT"}, format="json")
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    kept = client.post("/api/me/bots/", {"username": "AI_2"}, format="json")  # the house bots' label
    assert kept.status_code == 409 and kept.json()["code"] == "name_reserved"
    assert by_token(token).post("/api/me/bots/", {"username": "grandchild"}, format="json").status_code == 403
    for number in range(bot_accounts.MAX_BOTS_PER_OWNER - 1):
        assert client.post("/api/me/bots/", {"username": f"olga{number}"}, format="json").status_code == 201
    assert client.post("/api/me/bots/", {"username": "onetoomany"}, format="json").json()["code"] == "too_many_bots"
    assert Profile.objects.filter(bot_owner=owner).count() == bot_accounts.MAX_BOTS_PER_OWNER


def test_a_new_token_replaces_the_old_and_only_the_owner_may_ask(owner_and_bot, make_user, client_for):
    _, client, token = owner_and_bot
    assert client_for(make_user()).post("/api/me/bots/olgabot/token/").status_code == 404
    fresh = client.post("/api/me/bots/olgabot/token/").json()["token"]
    assert fresh != token
    assert by_token(token).get("/api/me/").status_code in (401, 403)
    assert by_token(fresh).get("/api/me/").json()["username"] == "olgabot"


def test_people_are_rated_against_a_bot_account_only_when_they_chose_it(owner_and_bot, make_user, client_for):
    _, _, token = owner_and_bot
    person = make_user("pete")
    people = client_for(person)
    seats = [{"kind": "me"}, {"kind": "invite", "username": "olgabot"}]
    unrated = new_table(people, seats=seats)
    by_token(token).post(f"/api/tables/{unrated['id']}/join/", {}, format="json")
    assert people.post(f"/api/tables/{unrated['id']}/start/", format="json").json()["rated"] is False
    assert people.patch("/api/me/", {"rated_against_bots": True}, format="json").json()["rated_against_bots"] is True
    rated = new_table(people, seats=seats)
    lifecycle.join(rated["id"], Profile.objects.get(user__username="olgabot").user)
    assert people.post(f"/api/tables/{rated['id']}/start/", format="json").json()["rated"] is True
    assert list(Table.objects.order_by("id").values_list("rated", flat=True)) == [False, True]
