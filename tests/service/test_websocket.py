"""The table websocket through channels_redis: views, redacted events by seq, actions, errors."""
import asyncio
import json
import time

import psycopg
import pytest
import redis.asyncio
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection

from tables import consumers, head_watch, lifecycle, moves, moves_on_loop, publish
from tables.models import Event, Table

from .helpers import new_table
from .wsclients import SOCKET_TEST_MARKS, communicator, frames_until_sync, session_cookie

pytestmark = SOCKET_TEST_MARKS


@pytest.fixture
def two_player_table(make_user, client_for):
    """A running tiny table and the cookies of its two players and of a spectator."""
    alice, bob, eve = make_user(), make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    publish.sent_from_sync()  # the set-up's pushes reach no socket the test opens next
    return table["id"], [session_cookie(alice), session_cookie(bob)], session_cookie(eve)


async def connect(table_id, cookie=None):
    client = communicator(table_id, cookie)
    connected, _ = await client.connect()
    assert connected
    return client, await client.receive_json_from(timeout=5)


async def test_players_and_spectators_get_their_own_view(two_player_table):
    table_id, (alice, _), eve = two_player_table
    player, hello = await connect(table_id, alice)
    assert hello["type"] == "sync" and hello["seq"] == 3 and hello["seat"] == 0
    assert hello["view"]["players"][0]["hand"] and hello["view"]["players"][1]["hand"] is None
    assert {"type": "roll"} in hello["legal_actions"] and hello["to_act"] == [0]
    assert "deadline" in hello and hello["deadline"]
    spectator, seen = await connect(table_id, eve)
    assert seen["seat"] is None and seen["legal_actions"] == []
    assert all(p["hand"] is None for p in seen["view"]["players"])
    anonymous, anon = await connect(table_id)
    assert anon["seat"] is None
    for client in (player, spectator, anonymous):
        await client.disconnect()


async def test_connecting_reads_no_event_of_the_log(two_player_table, monkeypatch):
    """A new socket gets the sync frame alone; the client asks for the log it lacks (resync), so
    a crowd connecting to a long game reads no event rows."""
    table_id, (alice, _), _ = two_player_table

    def no_event_reads(*args):
        raise AssertionError("connecting read the table's events")

    with monkeypatch.context() as patched:
        patched.setattr(consumers, "redacted_events", no_event_reads)
        player, hello = await connect(table_id, alice)
        assert hello["type"] == "sync" and hello["seq"] == 3
    await player.send_json_to({"type": "resync", "after": 0})
    frames = await frames_until_sync(player)
    assert [frame["seq"] for frame in frames] == [1, 2, 3, 3]
    await player.disconnect()


async def test_an_action_is_pushed_to_every_viewer_with_its_seq(two_player_table):
    table_id, (alice, bob), eve = two_player_table
    player, hello = await connect(table_id, alice)
    other, _ = await connect(table_id, bob)
    spectator, _ = await connect(table_id, eve)
    card = hello["view"]["players"][0]["hand"][0]
    await player.send_json_to({"type": "action", "action": {"type": "play", "card": card},
                               "expected_seq": 3, "command_id": "ws-1"})
    for client in (player, other, spectator):
        event, sync = await frames_until_sync(client)
        assert event == {"type": "event", "seq": 4, "seat": 0, "by": "player",
                         "event": {"type": "played", "seat": 0, "card": card}, "text": event["text"]}
        assert sync["seq"] == 4 and sync["to_act"] == [1]
    assert await player.receive_nothing(timeout=0.3)  # the push after the direct reply adds nothing
    for client in (player, other, spectator):
        await client.disconnect()


async def test_a_move_reaches_watchers_without_a_read_of_the_store(two_player_table, monkeypatch):
    """The writer builds each viewer's frames once; consumers send them as they are."""
    table_id, (alice, bob), eve = two_player_table
    player, hello = await connect(table_id, alice)
    other, _ = await connect(table_id, bob)
    spectator, _ = await connect(table_id, eve)

    def no_reads(*args):
        raise AssertionError("a consumer read the store for a pushed move")

    monkeypatch.setattr(consumers, "frames_after", no_reads)
    card = hello["view"]["players"][0]["hand"][0]
    await player.send_json_to({"type": "action", "action": {"type": "play", "card": card},
                               "expected_seq": 3, "command_id": "ws-2"})
    seen = {}
    for name, client in (("alice", player), ("bob", other), ("eve", spectator)):
        event, sync = json.loads(await client.receive_from(timeout=5))  # one message for the move
        assert (event["type"], event["seq"], sync["type"], sync["seq"]) == ("event", 4, "sync", 4)
        seen[name] = sync
    assert seen["alice"]["seat"] == 0 and seen["alice"]["view"]["players"][0]["hand"] is not None
    assert seen["bob"]["seat"] == 1 and seen["bob"]["view"]["players"][0]["hand"] is None
    assert seen["bob"]["legal_actions"] and not seen["alice"]["legal_actions"]
    assert seen["eve"]["seat"] is None and all(p["hand"] is None for p in seen["eve"]["view"]["players"])
    for client in (player, other, spectator):
        await client.disconnect()


async def test_bad_frames_get_error_frames_and_change_nothing(two_player_table):
    table_id, (alice, bob), eve = two_player_table
    player, _ = await connect(table_id, alice)
    other, _ = await connect(table_id, bob)
    spectator, _ = await connect(table_id, eve)
    cases = [
        (player, "{not json", "bad_json"),
        (player, json.dumps({"type": "dance"}), "bad_frame"),
        (player, json.dumps({"type": "action", "action": {"type": "fly"}, "expected_seq": 3, "command_id": "a"}),
         "unknown_action"),
        (player, json.dumps({"type": "action", "action": {"type": "roll"}, "expected_seq": 1, "command_id": "b"}),
         "stale_seq"),
        (player, json.dumps({"type": "action", "action": {"type": "roll"}, "expected_seq": 3}), "bad_command_id"),
        (player, json.dumps({"type": "resync", "after": -1}), "bad_frame"),
        (player, "x" * 70_000, "bad_frame"),
        (other, json.dumps({"type": "action", "action": {"type": "roll"}, "expected_seq": 3, "command_id": "c"}),
         "not_your_turn"),
        (spectator, json.dumps({"type": "action", "action": {"type": "roll"}, "expected_seq": 3,
                                "command_id": "d"}), "forbidden"),
    ]
    for client, text, code in cases:
        await client.send_to(text_data=text)
        frame = await client.receive_json_from(timeout=5)
        assert frame["type"] == "error" and frame["code"] == code and frame["detail"], (text[:40], frame)
        if code == "stale_seq":
            assert frame["head_seq"] == 3 and frame["command_id"] == "b"
    assert await sync_to_async(Event.objects.filter(table_id=table_id).count)() == 3
    for client in (player, other, spectator):
        await client.disconnect()


async def test_a_client_that_missed_events_resyncs(two_player_table):
    table_id, (alice, _), _ = two_player_table
    player, _ = await connect(table_id, alice)
    await player.send_json_to({"type": "resync", "after": 1})
    frames = await frames_until_sync(player)
    assert [f["seq"] for f in frames] == [2, 3, 3]
    deal_for_me, deal_for_other = frames[0]["event"], frames[1]["event"]
    assert deal_for_me["hand"] and deal_for_other["hand"] is None
    await player.disconnect()


async def test_an_unknown_table_gets_an_error_and_is_closed(make_user):
    client = communicator(999999)
    await client.connect()
    frame = await client.receive_json_from(timeout=5)
    assert frame["type"] == "error" and frame["code"] == "not_found"
    closed = await client.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4404


@pytest.fixture
def open_table(make_user, client_for):
    alice, bob = make_user(), make_user()
    return new_table(client_for(alice))["id"], alice, bob, session_cookie(alice)


async def test_a_seat_taken_before_the_start_is_pushed(open_table):
    table_id, alice, bob, cookie = open_table
    watcher, hello = await connect(table_id, cookie)
    assert hello["seq"] == 0 and hello["view"] is None and hello["legal_actions"] == []
    await sync_to_async(lifecycle.join)(table_id, bob)
    assert (await watcher.receive_json_from(timeout=5))["type"] == "sync"
    await sync_to_async(lifecycle.start_table)(table_id, alice)
    frames = await frames_until_sync(watcher)
    assert [f["seq"] for f in frames] == [1, 2, 3, 3] and frames[-1]["seat"] == 0
    await watcher.disconnect()


async def test_a_lost_push_is_repaired_by_the_head_watch(two_player_table, settings, monkeypatch):
    table_id, (alice, bob), _ = two_player_table
    settings.WS_HEAD_CHECK_SECONDS = settings.WS_STUCK_SECONDS = 0.2
    watcher, _ = await connect(table_id, bob)
    monkeypatch.setattr(publish, "send_now_rollback_unsafe", lambda *args: None)  # every push is lost
    await sync_to_async(moves.submit)(table_id, 0, {"type": "roll"}, 3, "unpushed")
    event, sync = await frames_until_sync(watcher)
    assert (event["seq"], sync["seq"]) == (4, 4)
    await watcher.disconnect()


async def test_a_move_on_the_loop_reaches_the_tables_sockets_there_without_redis(two_player_table, settings,
                                                                                 monkeypatch):
    """Routed by the table's path, a table's sockets share a process: they hear of a move at
    once, not through Redis (here every push through Redis is lost, and no head watch looks)."""
    table_id, (alice, bob), eve = two_player_table
    settings.WS_HEAD_CHECK_SECONDS = settings.WS_STUCK_SECONDS = 60

    async def lost(self, batches):
        return None

    monkeypatch.setattr(publish.LoopPublisher, "publish", lost)
    player, hello = await connect(table_id, alice)
    other, _ = await connect(table_id, bob)
    spectator, _ = await connect(table_id, eve)
    await player.send_json_to({"type": "action", "action": {"type": "roll"}, "expected_seq": 3, "command_id": "here"})
    for client in (player, other, spectator):
        frames = await frames_until_sync(client)
        assert [f["seq"] for f in frames] == [4, 4]
    for client in (player, other, spectator):
        await client.disconnect()


async def test_spectators_frames_are_built_only_while_a_spectator_may_watch(two_player_table, monkeypatch):
    """Once a table's pushes reach no other process, a move made on the loop carries frames for
    spectators only while one watches there; a spectator whose frames a push lacks reads the
    store."""
    table_id, cookies, eve = two_player_table
    pushed, send, group = [], publish.send_on_loop, publish.group_name(table_id)

    def record_moves(batch):  # another table's push, or a seat's change, may pass here too
        pushed.extend(m for to, m in batch if to == group and m["type"] == "table.frames")
        send(batch)

    monkeypatch.setattr(publish, "send_on_loop", record_moves)
    players = [await connect(table_id, cookie) for cookie in cookies]
    syncs = [hello for _, hello in players]
    watchers = [client for client, _ in players]

    async def move() -> list[dict]:
        """The seat to act plays its first legal action; what each watcher is sent for it."""
        seat = next(seat for seat, sync in enumerate(syncs) if sync["legal_actions"])
        await watchers[seat].send_json_to({"type": "action", "action": syncs[seat]["legal_actions"][0],
                                           "expected_seq": syncs[seat]["seq"], "command_id": f"m{syncs[seat]['seq']}"})
        seen = [await frames_until_sync(client) for client in watchers]
        syncs[:2] = [frames[-1] for frames in seen[:2]]
        await publish.sent()  # its PUBLISH answered: the publisher knows who heard it
        return seen

    await move()
    assert set(pushed[-1]["frames"]) == {"seat0", "seat1", "spectators"}  # nobody known to hear it yet
    await move()
    assert set(pushed[-1]["frames"]) == {"seat0", "seat1"}
    spectator, _ = await connect(table_id, eve)
    watchers.append(spectator)
    seen = await move()
    assert set(pushed[-1]["frames"]) == {"seat0", "seat1", "spectators"}
    assert [frame["type"] for frame in seen[-1]] == ["event", "sync"]
    monkeypatch.setattr(publish, "spectators_may_watch", lambda group: False)
    seen = await move()
    assert set(pushed[-1]["frames"]) == {"seat0", "seat1"}
    assert [(frame["type"], frame["seq"]) for frame in seen[-1]] == [("event", syncs[0]["seq"]), ("sync", syncs[0]["seq"])]
    for client in watchers:
        await client.disconnect()


async def test_a_nudge_without_frames_is_read_from_the_store(two_player_table, settings, monkeypatch):
    """The frames of a move went only where no consumer of this table was known: this one
    reads them from the store."""
    table_id, (alice, bob), _ = two_player_table
    settings.WS_HEAD_CHECK_SECONDS = settings.WS_STUCK_SECONDS = 60
    watcher, _ = await connect(table_id, bob)
    monkeypatch.setattr(publish, "send_now_rollback_unsafe", lambda *args: None)
    await sync_to_async(moves.submit)(table_id, 0, {"type": "roll"}, 3, "nudged")
    assert await watcher.receive_nothing(timeout=0.3)
    await get_channel_layer().group_send(publish.group_name(table_id),
                                         {"type": "table.moved", "first_seq": 4, "head_seq": 4})
    frames = await frames_until_sync(watcher)
    assert [(f["type"], f["seq"]) for f in frames] == [("event", 4), ("sync", 4)]
    await get_channel_layer().group_send(publish.group_name(table_id),
                                         {"type": "table.moved", "first_seq": 4, "head_seq": 4})
    assert await watcher.receive_nothing(timeout=0.3)  # nothing new: nothing read, nothing sent
    await watcher.disconnect()


async def test_a_push_heard_only_here_is_not_published_until_another_process_subscribes(settings):
    """PUBLISH counts the subscribers that heard a push: while only this process (one
    subscription, here a plain one standing in for it) hears a table's pushes, the next is not
    published, only the group's subscribers counted; once another process subscribes, it gets
    a nudge without frames, and the pushes after it carry their frames."""
    layer, group = get_channel_layer(), "table.nudge-test"
    subscriber = redis.asyncio.Redis.from_url(settings.REDIS_URL).pubsub()
    await subscriber.subscribe(layer._get_group_channel_name(group))
    await subscriber.get_message(timeout=1)  # the subscription's confirmation

    async def published() -> dict:
        message = await subscriber.get_message(ignore_subscribe_messages=True, timeout=2)
        return layer.deserialize(message["data"])

    def push(seq: int) -> tuple[str, dict]:
        return publish.frames_message(0, seq, seq, {0: ['{"seq": %d}' % seq], None: []})

    publisher, consumer = publish.LoopPublisher(), object()
    publish.listen_here(group, consumer)
    try:
        await publisher.publish([[(group, push(1)[1])], [(group, push(2)[1])]])
        assert [(await published())["type"] for _ in range(2)] == ["table.frames", "table.frames"]
        await publisher.publish([[(group, push(3)[1])]])
        assert await subscriber.get_message(ignore_subscribe_messages=True, timeout=0.3) is None
        elsewhere = redis.asyncio.Redis.from_url(settings.REDIS_URL).pubsub()
        await elsewhere.subscribe(layer._get_group_channel_name(group))
        await publisher.publish([[(group, push(4)[1])]])
        await publisher.queue.join()  # the nudge that followed the count
        assert await published() == {"type": "table.moved", "first_seq": 4, "head_seq": 4}
        await publisher.publish([[(group, push(5)[1])]])
        assert (await published())["frames"]["seat0"] == ['{"seq": 5}']
        await elsewhere.aclose()
    finally:
        publish.stop_listening(group, consumer)
        publisher.task.cancel()
        await subscriber.aclose()


async def cancelled_as_it_ends(self, batches, calls=()):
    self.task.cancel()


async def cancelled_and_swallowed(self, batches, calls=()):
    self.task.cancel()
    try:
        await asyncio.sleep(0)
    except asyncio.CancelledError:  # as asyncio.wait_for (3.11), in redis-py's writes, can
        pass


@pytest.mark.parametrize("pipeline", [cancelled_as_it_ends, cancelled_and_swallowed])
async def test_a_publisher_cancelled_during_its_pipeline_stops(monkeypatch, pipeline):
    """A closing loop cancels its publisher: a cancel that comes while a pipeline runs must not
    be lost, even where the Redis client swallows it, or the loop waits on the publisher forever."""
    monkeypatch.setattr(publish.LoopPublisher, "publish", pipeline)
    publisher = publish.LoopPublisher()
    publisher.put([publish.changed_message(0)])
    done, _ = await asyncio.wait([publisher.task], timeout=2)
    assert done and publisher.task.cancelled()


class WaitingConsumer:
    """Stands in for a consumer at seq `seq` whose seq last moved at `moved_at`: it sends nothing."""

    def __init__(self, table_id: int, seq: int, moved_at: float):
        self.table_id, self.seq, self.moved_at, self.sending, self.caught_up = (
            table_id, seq, moved_at, asyncio.Lock(), [])

    async def catch_up(self, head):
        self.caught_up.append(head)


async def test_the_head_watch_reads_the_store_only_for_a_consumer_stuck_long_enough(two_player_table, settings):
    """Stuck: behind its head, its seq still, and the event it lacks written long enough ago
    for its push to have come."""
    table_id, _, _ = two_player_table
    settings.WS_STUCK_SECONDS, settings.WS_HEAD_CHECK_SECONDS = 5, 0.05
    watch = head_watch.HeadWatch()
    watch.task.cancel()  # looks by hand
    now = time.monotonic()
    moving = WaitingConsumer(table_id, 2, now)  # its seq just moved: its next push may be on the way
    waiting = WaitingConsumer(table_id, 2, now - 10)  # quiet, but seq 3 was written a moment ago
    level = WaitingConsumer(table_id, 3, now - 10)  # quiet and level with the head
    watch.consumers.update([moving, waiting, level])
    await watch.look()
    assert (moving.caught_up, waiting.caught_up, level.caught_up) == ([], [], [])
    settings.WS_STUCK_SECONDS = 0.01  # now seq 3 is old enough, and the moving consumer quiet enough
    watch.next_look.clear()
    await asyncio.sleep(0.02)
    await watch.look()
    assert (moving.caught_up, waiting.caught_up, level.caught_up) == ([3], [3], [])


async def test_the_head_watch_looks_at_a_quiet_consumer_less_often_the_longer_it_is_quiet(two_player_table, settings):
    table_id, _, _ = two_player_table
    settings.WS_STUCK_SECONDS, settings.WS_HEAD_CHECK_SECONDS, settings.WS_QUIET_CHECK_MAX_SECONDS = 0.1, 0.05, 30
    watch = head_watch.HeadWatch()
    watch.task.cancel()
    now = time.monotonic()
    recent, old = WaitingConsumer(table_id, 3, now - 1), WaitingConsumer(table_id, 3, now - 1000)
    watch.consumers.update([recent, old])
    assert set(watch.due(now)) == {recent, old}
    await watch.look()
    assert watch.due(now + 0.6) == [recent]  # quiet 1 s: looked at again after half a second
    assert set(watch.due(now + 31)) == {recent, old}  # quiet long: after half a minute at most
    moves_on_loop.moves_in_flight()[table_id] += 1  # a move under way here: its push is coming
    assert watch.due(now + 31) == []
    del moves_on_loop.moves_in_flight()[table_id]


async def test_a_push_that_overtakes_an_earlier_one_waits_for_it(two_player_table):
    table_id, (_, bob), _ = two_player_table
    watcher, hello = await connect(table_id, bob)
    assert hello["seq"] == 3
    layer, group = get_channel_layer(), publish.group_name(table_id)

    def push(seq: int) -> dict:
        return {"type": "table.frames", "first_seq": seq, "head_seq": seq,
                "frames": {"seat1": [json.dumps({"type": "event", "seq": seq})], "seat0": [], "spectators": []}}

    await layer.group_send(group, push(5))
    assert await watcher.receive_nothing(timeout=0.3)  # held for seq 4
    await layer.group_send(group, push(4))
    assert [(await watcher.receive_json_from(timeout=5))["seq"] for _ in range(2)] == [4, 5]
    await watcher.disconnect()


async def test_a_move_waiting_on_its_table_does_not_hold_up_a_move_at_another(make_user, client_for):
    """Moves run on the event loop: one process has several in flight at once."""
    def started() -> tuple[int, bytes]:
        alice, bob = make_user(), make_user()
        table = new_table(client_for(alice))
        lifecycle.join(table["id"], bob)
        lifecycle.start_table(table["id"], alice)
        return table["id"], session_cookie(alice)

    (blocked_id, blocked_cookie), (free_id, free_cookie) = [await sync_to_async(started)() for _ in range(2)]
    (blocked, _), (free, _) = await connect(blocked_id, blocked_cookie), await connect(free_id, free_cookie)
    async with await psycopg.AsyncConnection.connect(dbname=connection.settings_dict["NAME"], user="postgres",
                                                     host="127.0.0.1") as holder:
        await holder.execute("SELECT 1 FROM tables_table WHERE id = %s FOR UPDATE", [blocked_id])  # the row's lock
        await blocked.send_json_to({"type": "action", "action": {"type": "roll"}, "expected_seq": 3, "command_id": "b"})
        await free.send_json_to({"type": "action", "action": {"type": "roll"}, "expected_seq": 3, "command_id": "f"})
        assert (await free.receive_json_from(timeout=5))["seq"] == 4  # while the other move waits on its lock
        assert await blocked.receive_nothing(timeout=0.3)
    assert (await blocked.receive_json_from(timeout=5))["seq"] == 4  # the lock gone, it goes through
    for client in (blocked, free):
        await client.disconnect()


@pytest.fixture
def players_of_a_running_table(make_user, client_for):
    """A running tiny table of three cards a hand, and its two players' API clients."""
    alice, bob = make_user(), make_user()
    table_id = new_table(client_for(alice), options={"cards": 3})["id"]
    lifecycle.join(table_id, bob)
    lifecycle.start_table(table_id, alice)
    publish.sent_from_sync()
    return table_id, alice, session_cookie(alice), client_for(alice), client_for(bob)


async def test_a_player_who_resigns_reads_a_spectators_view_until_the_game_ends(players_of_a_running_table):
    """A bot plays a resigned seat to the end: what it holds from then on is not its old
    player's to see, neither on their socket nor through the API, until the game is over."""
    table_id, alice, cookie, api, bob_api = players_of_a_running_table
    player, hello = await connect(table_id, cookie)
    assert hello["seat"] == 0 and hello["view"]["players"][0]["hand"]
    await sync_to_async(lifecycle.resign)(table_id, alice)
    frames = []
    while not frames or frames[-1]["type"] != "sync" or frames[-1]["seat"] is not None:
        frames.append(await player.receive_json_from(timeout=5))
    assert all(p["hand"] is None for p in frames[-1]["view"]["players"])
    read = await sync_to_async(api.get)(f"/api/tables/{table_id}/view/")
    assert read.json()["seat"] is None and all(p["hand"] is None for p in read.json()["view"]["players"])
    events = (await sync_to_async(api.get)(f"/api/tables/{table_id}/events/")).json()["events"]
    assert all(event["event"].get("hand") is None for event in events if event["type"] == "deal")
    # The bot plays seat 0 and Bob seat 1 to the end; Alice's socket reads no hand on the way.
    while (await sync_to_async(bob_api.get)(f"/api/tables/{table_id}/")).json()["status"] == "running":
        view = (await sync_to_async(bob_api.get)(f"/api/tables/{table_id}/view/")).json()
        await sync_to_async(moves.submit)(table_id, 1, view["legal_actions"][0], view["seq"], f"bob-{view['seq']}")
    head = await sync_to_async(lambda: Table.objects.get(pk=table_id).head_seq)()
    while (frame := await player.receive_json_from(timeout=5))["type"] != "sync" or frame["seq"] < head:
        if frame["type"] == "sync":
            assert frame["seat"] is None and all(p["hand"] is None for p in frame["view"]["players"]), frame
    ended = (await sync_to_async(api.get)(f"/api/tables/{table_id}/view/")).json()
    assert ended["seat"] == 0  # the game over, the seat's own view comes back
    await player.disconnect()
