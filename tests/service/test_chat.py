"""A table's chat (issue 20, item 3): over the table's socket to players and spectators, stored,
limited in length and rate, kept as text, reportable, and muted per reader."""
import pytest
from asgiref.sync import sync_to_async

from tables import closing, lifecycle
from tables.models import ChatMessage, ChatReport, Mute

from .helpers import new_table
from .wsclients import communicator, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_consumer_connections")]


@pytest.fixture
def table_of_three(make_user, client_for):
    """A running tiny table of alice and bob, watched by eve: (table id, users, their clients)."""
    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    return table["id"], (alice, bob, eve), [client_for(user) for user in (alice, bob, eve)]


async def connect(table_id, user):
    client = communicator(table_id, await sync_to_async(session_cookie)(user))
    connected, _ = await client.connect()
    assert connected
    assert (await client.receive_json_from(timeout=5))["type"] == "sync"
    return client


@pytest.mark.asyncio
async def test_a_line_reaches_players_and_spectators_and_is_kept(table_of_three):
    table_id, (alice, bob, eve), _ = table_of_three
    sockets = [await connect(table_id, user) for user in (alice, bob, eve)]
    await sockets[2].send_json_to({"type": "chat", "text": "  good luck <b>both</b>\n "})
    for socket in sockets:
        line = await socket.receive_json_from(timeout=5)
        assert (line["type"], line["user"], line["text"]) == ("chat", "eve", "good luck <b>both</b>")
    for socket in sockets:
        assert await socket.receive_nothing(0.2)
        await socket.disconnect()
    assert await sync_to_async(list)(ChatMessage.objects.values_list("text", flat=True)) == ["good luck <b>both</b>"]


@pytest.mark.asyncio
async def test_bad_lines_get_an_error_frame_and_store_nothing(table_of_three, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "2/m"}
    table_id, (alice, _, _), _ = table_of_three
    socket = await connect(table_id, alice)
    for frame, code in [({"type": "chat", "text": "x" * 501}, "chat_too_long"),
                        ({"type": "chat", "text": " \u200b\x00 "}, "empty_chat"),
                        ({"type": "chat", "text": ["a"]}, "bad_chat")]:
        await socket.send_json_to(frame)
        error = await socket.receive_json_from(timeout=5)
        assert (error["type"], error["code"], error["about"]) == ("error", code, "chat"), error
    for _ in range(2):
        await socket.send_json_to({"type": "chat", "text": "hi"})
        assert (await socket.receive_json_from(timeout=5))["type"] == "chat"
    await socket.send_json_to({"type": "chat", "text": "hi again"})
    error = await socket.receive_json_from(timeout=5)
    assert error["code"] == "throttled" and error["retry_after"] >= 1
    await socket.disconnect()
    assert await sync_to_async(ChatMessage.objects.count)() == 2


@pytest.mark.asyncio
async def test_an_anonymous_watcher_reads_but_cannot_write(table_of_three):
    table_id, (alice, _, _), _ = table_of_three
    watcher = communicator(table_id)
    assert (await watcher.connect())[0]
    await watcher.receive_json_from(timeout=5)
    await watcher.send_json_to({"type": "chat", "text": "hello"})
    error = await watcher.receive_json_from(timeout=5)
    assert (error["code"], error["about"]) == ("forbidden", "chat")
    player = await connect(table_id, alice)
    await player.send_json_to({"type": "chat", "text": "welcome"})
    assert (await watcher.receive_json_from(timeout=5))["text"] == "welcome"
    for socket in (watcher, player):
        await socket.disconnect()


@pytest.mark.asyncio
async def test_a_socket_of_an_account_closed_since_it_opened_cannot_write(table_of_three):
    table_id, (alice, _, eve), _ = table_of_three
    watcher = await connect(table_id, eve)
    await sync_to_async(closing.close_account)(eve)
    await watcher.send_json_to({"type": "chat", "text": "one last word"})
    error = await watcher.receive_json_from(timeout=5)
    assert (error["code"], error["about"]) == ("forbidden", "chat")
    assert not await sync_to_async(ChatMessage.objects.exists)()
    await watcher.disconnect()


@pytest.mark.asyncio
async def test_a_muted_writer_no_longer_reaches_the_reader(table_of_three):
    table_id, (alice, bob, eve), clients = table_of_three
    assert (await sync_to_async(clients[0].post)("/api/players/eve/mute/")).status_code == 204
    alice_socket, bob_socket = await connect(table_id, alice), await connect(table_id, bob)
    eve_socket = await connect(table_id, eve)
    await eve_socket.send_json_to({"type": "chat", "text": "spam"})
    assert (await bob_socket.receive_json_from(timeout=5))["text"] == "spam"
    assert await alice_socket.receive_nothing(0.3)
    for socket in (alice_socket, bob_socket, eve_socket):
        await socket.disconnect()
    history = await sync_to_async(clients[0].get)(f"/api/tables/{table_id}/chat/")
    assert history.json() == []
    assert [line["text"] for line in (await sync_to_async(clients[1].get)(f"/api/tables/{table_id}/chat/")).json()] == ["spam"]


def test_the_history_over_rest_and_a_report(table_of_three):
    table_id, (alice, bob, eve), (a, b, e) = table_of_three
    for index, client in enumerate((a, b, e)):
        response = client.post(f"/api/tables/{table_id}/chat/", {"text": f"line {index}"}, format="json")
        assert response.status_code == 201 and response.json()["text"] == f"line {index}"
    history = e.get(f"/api/tables/{table_id}/chat/").json()
    assert [(line["user"], line["text"]) for line in history] == [("alice", "line 0"), ("bob", "line 1"),
                                                                   ("eve", "line 2")]
    first = history[0]["id"]
    assert b.post(f"/api/chat/{first}/report/", {"reason": "rude"}, format="json").status_code == 204
    assert b.post(f"/api/chat/{first}/report/", {}, format="json").status_code == 204  # once each
    assert list(ChatReport.objects.values_list("reporter__username", "reason")) == [("bob", "rude")]
    assert b.post("/api/chat/999999/report/", {}, format="json").status_code == 404
    ChatMessage.objects.filter(pk=first).update(hidden=True)  # a moderator took it down
    assert [line["text"] for line in e.get(f"/api/tables/{table_id}/chat/").json()] == ["line 1", "line 2"]


def test_muting_refuses_oneself_and_strangers_and_can_be_undone(table_of_three):
    _, (alice, _, eve), (a, _, _) = table_of_three
    assert a.post("/api/players/alice/mute/").json()["code"] == "bad_mute"
    assert a.post("/api/players/nobody/mute/").status_code == 404
    assert a.post("/api/players/eve/mute/").status_code == 204
    assert a.post("/api/players/eve/mute/").status_code == 204  # twice is once
    assert Mute.objects.filter(user=alice, muted=eve).count() == 1
    assert a.delete("/api/players/eve/mute/").status_code == 204
    assert not Mute.objects.exists()


def test_writing_needs_an_account_and_a_table(table_of_three, client):
    table_id, _, (a, _, _) = table_of_three
    assert client.get(f"/api/tables/{table_id}/chat/").status_code == 200
    assert client.post(f"/api/tables/{table_id}/chat/", {"text": "hi"}, content_type="application/json").status_code in (401, 403)
    assert a.post("/api/tables/999999/chat/", {"text": "hi"}, format="json").status_code == 404
    assert not ChatMessage.objects.exists()
