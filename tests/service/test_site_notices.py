"""Notices in the site (issue 20, item 5): the bell's list, pushed on the player's own socket;
invitations, finished games and rematch offers; each kind in the site and by email as chosen."""
from importlib import import_module

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.apps import apps
from django.core import mail

from config.asgi import application
from tables import lifecycle, notices
from tables.models import Notice, Profile, Table

from .helpers import act, new_table
from .test_command_path import play_to_the_end
from .wsclients import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def invite(host_client, guest) -> dict:
    return new_table(host_client, seats=[{"kind": "me"}, {"kind": "invite", "username": guest.username}])


def test_an_invitation_comes_to_the_bell_and_by_email(make_user, client_for):
    host, guest = make_user(), make_user(email="guest@example.org")
    table = invite(client_for(host), guest)
    data = client_for(guest).get("/api/me/notices/").json()
    assert data["unread"] == 1
    (notice,) = data["notices"]
    assert (notice["kind"], notice["table"], notice["read"]) == ("invite", table["id"], False)
    assert [m.to for m in mail.outbox] == [["guest@example.org"]] and f"/tables/{table['id']}/" in mail.outbox[0].body
    # both say who invites, the bell in the reader's language
    assert notice["text"] == f"{host.username} invites you to a table" and host.username in mail.outbox[0].subject
    read_in_german = client_for(guest).get("/api/me/notices/", HTTP_ACCEPT_LANGUAGE="de").json()["notices"][0]
    assert read_in_german["text"] == f"{host.username} lädt Sie an einen Tisch ein"
    assert client_for(host).get("/api/me/notices/").json() == {"unread": 0, "notices": []}


def test_the_host_hears_when_a_player_takes_a_seat_and_when_they_give_it_up(make_user, client_for):
    host, guest = make_user(), make_user()
    table = invite(client_for(host), guest)
    assert client_for(host).get("/api/me/notices/").json()["unread"] == 0
    lifecycle.join(table["id"], guest)
    (notice,) = client_for(host).get("/api/me/notices/").json()["notices"]
    joined = f"{guest.username} took a seat at your table"  # who came: the host may start now
    assert (notice["kind"], notice["table"], notice["text"]) == ("joined", table["id"], joined)
    assert client_for(guest).post(f"/api/tables/{table['id']}/leave/", format="json").status_code == 200
    notices = client_for(host).get("/api/me/notices/").json()["notices"]
    assert [(n["kind"], n["table"], n["text"]) for n in notices] == [
        ("left", table["id"], f"{guest.username} gave up their seat at your table"), ("joined", table["id"], joined)]
    in_french = client_for(host).get("/api/me/notices/", HTTP_ACCEPT_LANGUAGE="fr").json()["notices"][0]["text"]
    assert in_french == f"{guest.username} a rendu sa place à votre table"
    assert [n["kind"] for n in client_for(guest).get("/api/me/notices/").json()["notices"]] == ["invite"]
    left = client_for(host).post(f"/api/tables/{table['id']}/leave/", format="json")
    assert len(client_for(host).get("/api/me/notices/").json()["notices"]) == 2  # the host's own leaving tells nobody
    # and closes the table, which nobody else could start
    assert (left.status_code, left.json()["status"], left.json()["outcome"]) == (200, "abandoned", {"abandoned": "host_left"})
    assert table["id"] not in [t["id"] for t in client_for(guest).get("/api/tables/?list=open").json()]


def test_reading_marks_up_to_a_notice_and_only_ones_own(make_user, client_for):
    host, guest = make_user(), make_user()
    first, second = invite(client_for(host), guest), invite(client_for(host), guest)
    reader = client_for(guest)
    ids = [n["id"] for n in reader.get("/api/me/notices/").json()["notices"]]
    assert len(ids) == 2 and ids[0] > ids[1]  # newest first
    after = reader.post("/api/me/notices/", {"up_to": ids[1]}, format="json").json()
    assert after["unread"] == 1 and [n["read"] for n in after["notices"]] == [False, True]
    assert client_for(host).post("/api/me/notices/", {}, format="json").json()["unread"] == 0
    assert reader.get("/api/me/notices/").json()["unread"] == 1  # the host's call read nothing of the guest's
    assert reader.post("/api/me/notices/", {"up_to": -1}, format="json").status_code == 400
    assert reader.post("/api/me/notices/", {}, format="json").json()["unread"] == 0
    assert {first["id"], second["id"]} == set(Notice.objects.values_list("table_id", flat=True))


def test_a_finished_game_and_a_rematch_offer_notify_the_players(make_user, client_for):
    alice, bob = make_user(), make_user(email="bob@example.org")
    a, b = client_for(alice), client_for(bob)
    table = new_table(a)
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    play_to_the_end(table["id"], [a, b])
    kinds = {user: list(Notice.objects.filter(user=user).values_list("kind", flat=True)) for user in (alice, bob)}
    assert kinds == {alice: ["joined", "ended"], bob: ["ended"]}
    assert mail.outbox == []  # a finished game is not emailed unless chosen
    rematch = a.post(f"/api/tables/{table['id']}/rematch/", format="json").json()
    notice = b.get("/api/me/notices/").json()["notices"][0]
    assert (notice["kind"], notice["table"], notice["text"]) == ("rematch", rematch["id"], f"{alice.username} offers a rematch")
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]


def test_a_waiting_move_is_read_once_played_and_a_table_lists_one(make_user, client_for):
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a, time_control={"kind": "correspondence", "days": 2})
    lifecycle.join(table["id"], bob)
    a.post("/api/me/notices/", {}, format="json")  # that bob took his seat: read
    lifecycle.start_table(table["id"], alice)

    def bell(client):
        data = client.get("/api/me/notices/").json()
        return data["unread"], [(notice["kind"], notice["read"]) for notice in data["notices"] if notice["kind"] == "turn"]

    assert bell(a) == (1, [("turn", False)])
    assert act(a, table["id"], {"type": "roll"}, 3, "a1").status_code == 200
    assert bell(a) == (0, [("turn", True)])  # played: the move no longer waits
    assert bell(b) == (1, [("turn", False)])
    assert act(b, table["id"], {"type": "roll"}, 4, "b1").status_code == 200
    assert bell(a) == (1, [("turn", False)])  # waiting again: the table's one notice, the newest
    assert bell(b) == (0, [("turn", True)])


def test_each_kind_goes_where_the_player_chose(make_user, client_for):
    host, guest = make_user(), make_user(email="g@example.org")
    me = client_for(guest).patch("/api/me/", {"notices": {"site": ["turn", "ended"], "email": []}}, format="json")
    assert me.status_code == 200 and me.json()["notices"] == {"site": ["turn", "ended"], "email": []}
    assert me.json()["email_notices"] is False  # a correspondence turn by email is the same switch
    invite(client_for(host), guest)
    assert not Notice.objects.exists() and mail.outbox == []
    refused = client_for(guest).patch("/api/me/", {"notices": {"site": ["everything"]}}, format="json")
    assert refused.status_code == 400
    assert client_for(guest).get("/api/me/").json()["notices"]["site"] == ["turn", "ended"]


def test_a_kind_added_after_the_player_chose_takes_its_default(make_user, client_for, monkeypatch):
    """A choice is kept kind by kind: a kind the account page did not offer when the player
    saved comes to the bell (its default), while the kinds they turned off stay off."""
    host, guest = make_user(), make_user()
    monkeypatch.setattr(notices, "KINDS", [kind for kind in notices.KINDS if kind != Notice.Kind.JOINED])
    client_for(host).patch("/api/me/", {"notices": {"site": ["turn"]}}, format="json")
    monkeypatch.undo()
    assert client_for(host).get("/api/me/").json()["notices"]["site"] == ["turn", "joined"]
    table = new_table(client_for(host), seats=[{"kind": "me"}, {"kind": "open"}])
    lifecycle.join(table["id"], guest)
    lifecycle.leave(table["id"], guest)
    assert [notice.kind for notice in Notice.objects.filter(user=host)] == [Notice.Kind.JOINED]


def test_lists_saved_before_choices_were_kept_by_kind_keep_their_meaning(make_user):
    """The migration that keeps choices kind by kind reads a saved list of kinds as on for those
    it names and off for the others the page offered then; later kinds take their defaults."""
    profile = Profile.of(make_user())
    profile.notice_prefs = {"site": ["turn", "ended"], "email": []}
    profile.save()
    import_module("tables.migrations.0016_notice_prefs_by_kind").by_kind(apps, None)
    profile.refresh_from_db()
    assert profile.notice_prefs["site"] == {"turn": True, "invite": False, "ended": True, "rematch": False}
    assert notices.wanted(profile)["site"] == ["turn", "ended", "joined", "left"]
    assert notices.wanted(profile)["email"] == ["turn"]  # the correspondence switch, `email_notices`, as it was


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_a_notice_is_pushed_on_the_players_own_socket_and_strangers_get_none(make_user, client_for):
    host, guest = await sync_to_async(make_user)(), await sync_to_async(make_user)()
    anonymous = WebsocketCommunicator(application, "/ws/me/", headers=[
        (b"origin", b"http://testserver"), (b"host", b"testserver"), (b"accept-language", b"fr")])
    assert (await anonymous.connect())[0]  # then closed with a code the page stops retrying at
    refusal = await anonymous.receive_json_from(timeout=5)
    assert (refusal["code"], refusal["detail"]) == ("not_signed_in", "Connectez-vous pour recevoir vos notifications.")
    assert await anonymous.receive_output(timeout=5) == {"type": "websocket.close", "code": 4403}
    sockets = {}
    for user in (host, guest):
        cookie = await sync_to_async(session_cookie)(user)
        socket = WebsocketCommunicator(application, "/ws/me/", headers=[
            (b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)])
        assert (await socket.connect())[0]
        sockets[user] = socket
    table = await sync_to_async(invite)(await sync_to_async(client_for)(host), guest)
    frame = await sockets[guest].receive_json_from(timeout=5)
    assert (frame["type"], frame["kind"], frame["table"]) == ("notice", "invite", table["id"])
    assert await sockets[host].receive_nothing(0.3)
    for socket in sockets.values():
        await socket.disconnect()
    assert await sync_to_async(Table.objects.count)() == 1


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_a_move_made_tells_the_players_bell_its_notice_is_read(make_user, client_for):
    alice, bob = await sync_to_async(make_user)(), await sync_to_async(make_user)()
    a = await sync_to_async(client_for)(alice)
    table = await sync_to_async(new_table)(a, time_control={"kind": "correspondence", "days": 2})
    await sync_to_async(lifecycle.join)(table["id"], bob)
    await sync_to_async(a.post)("/api/me/notices/", {}, format="json")  # that bob took his seat: read
    await sync_to_async(lifecycle.start_table)(table["id"], alice)
    cookie = await sync_to_async(session_cookie)(alice)
    socket = WebsocketCommunicator(application, "/ws/me/", headers=[
        (b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)])
    assert (await socket.connect())[0]
    waiting = await sync_to_async(lambda: list(Notice.objects.filter(user=alice, kind="turn").values_list("id", flat=True)))()
    assert (await sync_to_async(act)(a, table["id"], {"type": "roll"}, 3, "a1")).status_code == 200
    assert await socket.receive_json_from(timeout=5) == {"type": "notices_read", "ids": waiting, "unread": 0}
    await socket.disconnect()
