"""Pushes to the websocket consumers of a table, only ever after the transaction commits.

One channel-layer group per table. A new head is one message on it: the frames of every
viewer (each seat, and spectators), built once by the writer, each viewer's apart. A consumer
sends its own viewer's frames as they are and nothing else, so no frame of one seat reaches
another seat's socket; one message per move (not one per viewer) keeps the publishing and
the delivering cheap. "The seats changed" goes to the same group: its consumers re-read the
table. Delivery is at-most-once; consumers fill gaps from the store by seq.

Pushes leave through one `LoopPublisher` per event loop, in order, every push waiting at that
moment in one round trip to Redis: channels_redis publishes one message per round trip, each
behind a lock its subscriptions share, which under load held pushes back for seconds.

A push made on a server's event loop (a websocket move) also goes straight to the consumers of
its table on that loop, before its round trip through Redis: routed by the table's path, a
table's sockets share one process, and they hear of a move without that hop. While the last
push of a table reached no process but this one (PUBLISH says how many subscribers heard it),
the next is not published at all: the same round trip asks Redis how many subscribe to the
group (PUBSUB NUMSUB), and only if another process does now is a nudge without frames sent
after it. A consumer elsewhere that gets a nudge reads the store, once: its process now counts
among the hearers, and the pushes after it carry frames again. A consumer subscribes before
it reads the store, so one that the count missed has read the move there.
"""
import asyncio
import logging
import threading
import weakref

import redis.asyncio
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

log = logging.getLogger(__name__)
SEND_TIMEOUT = 5


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


SPECTATORS = "spectators"


def viewer_key(viewer: int | None) -> str:
    """The key of a viewer's frames in a push (channel-layer messages take text keys only)."""
    return SPECTATORS if viewer is None else f"seat{viewer}"


class LoopPublisher:
    """The pushes of one event loop, sent in the order they were put, all those waiting at once
    in one pipeline of PUBLISH commands. A PUBLISH goes to the Redis channel of the group, with
    the message serialized by the channel layer, exactly as the layer's own group_send would
    (one Redis host, as configured). Other commands made on the loop (the rate limit's counts,
    tables.ratelimit) ride in the same pipeline: each waits up to CALL_DELAY for a push to go
    with, so that a move costs one round trip to Redis, not two."""

    HEARD_LIMIT = 100_000  # groups remembered; a forgotten one gets its frames sent once more
    CALL_DELAY = 0.02  # seconds

    def __init__(self):
        self.queue: asyncio.Queue = asyncio.Queue()
        self.calls: list[tuple[tuple, asyncio.Future]] = []  # commands for the next pipeline, and their replies
        self.calls_due: asyncio.TimerHandle | None = None  # when they go if no push takes them
        self.redis = redis.asyncio.Redis.from_url(settings.REDIS_URL)
        self.heard_elsewhere: dict[str, bool] = {}  # group: did its last push reach another process?
        self.task = asyncio.get_running_loop().create_task(self.drain())

    def put(self, batch: list[tuple[str, dict]]) -> None:
        self.queue.put_nowait(batch)

    def call(self, *command) -> asyncio.Future:
        """Send `command` with the next pushes, or within CALL_DELAY: the future of its reply."""
        loop = asyncio.get_running_loop()
        reply = loop.create_future()
        self.calls.append((command, reply))
        if self.calls_due is None:
            self.calls_due = loop.call_later(self.CALL_DELAY, self.send_calls)
        return reply

    def send_calls(self) -> None:
        """Send the calls that no push took with it."""
        self.calls_due = None
        self.put([])  # an empty batch: only the calls go

    def take_calls(self) -> list[tuple[tuple, asyncio.Future]]:
        calls, self.calls = self.calls, []
        if self.calls_due is not None:
            self.calls_due.cancel()
            self.calls_due = None
        return calls

    async def drain(self) -> None:
        while True:
            batches = [await self.queue.get()]
            while not self.queue.empty():
                batches.append(self.queue.get_nowait())
            calls = self.take_calls()
            try:
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.publish(batches, calls)
            except Exception as error:  # a lost push is repaired by the consumers' head watch
                log.exception("%d pushes failed", len(batches))
                for _, reply in calls:
                    if not reply.done():
                        reply.set_exception(error)
            for _ in batches:
                self.queue.task_done()
            if asyncio.current_task().cancelling():
                # asyncio.wait_for (3.11), which redis-py's socket writes use, can swallow a
                # cancel; a closing loop would wait on this task forever
                raise asyncio.CancelledError

    async def publish(self, batches: list[list[tuple[str, dict]]],
                      calls: list[tuple[tuple, asyncio.Future]] = ()) -> None:
        layer = get_channel_layer()
        pipe = self.redis.pipeline(transaction=False)
        pushes = [(group, message, self.heard_elsewhere.get(group, True)) for batch in batches for group, message in batch]
        for group, message, published in pushes:
            channel = layer._get_group_channel_name(group)
            if published:
                pipe.publish(channel, layer.serialize(message))
            else:  # heard here alone last time: who subscribes now?
                pipe.pubsub_numsub(channel)
        for command, _ in calls:
            pipe.execute_command(*command)
        replies = await pipe.execute(raise_on_error=False)
        for (_, reply), answer in zip(calls, replies[len(pushes):]):
            if not reply.done():
                reply.set_exception(answer) if isinstance(answer, Exception) else reply.set_result(answer)
        refused = next((answer for answer in replies[:len(pushes)] if isinstance(answer, Exception)), None)
        if refused is not None:
            raise refused
        if len(self.heard_elsewhere) > self.HEARD_LIMIT:
            self.heard_elsewhere.clear()
        here = _listeners.get(asyncio.get_running_loop(), {})
        missed = []  # pushes that another process now subscribes to, and did not get
        for (group, message, published), answer in zip(pushes, replies):
            hearers = answer if published else answer[0][1]
            elsewhere = hearers > (1 if group in here else 0)  # this process subscribes once
            self.heard_elsewhere[group] = elsewhere
            if elsewhere and not published:
                missed.append((group, nudge(message)))
        if missed:
            self.put(missed)


def nudge(message: dict) -> dict:
    """A push without its frames: "the head moved", for a consumer to read from the store."""
    if message["type"] != "table.frames":
        return message
    return {"type": "table.moved", "first_seq": message["first_seq"], "head_seq": message["head_seq"]}


_loop_publishers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LoopPublisher]" = weakref.WeakKeyDictionary()


def loop_publisher() -> LoopPublisher:
    """The running event loop's publisher (Redis configured)."""
    loop = asyncio.get_running_loop()
    if loop not in _loop_publishers:
        _loop_publishers[loop] = LoopPublisher()
    return _loop_publishers[loop]


# The consumers of each table, per event loop: who hears of a push made on that loop at once.
_listeners: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, set]]" = weakref.WeakKeyDictionary()
_delivering: set[asyncio.Task] = set()  # hand-overs under way (the loop holds its tasks weakly)


def listen_here(group: str, consumer) -> None:
    _listeners.setdefault(asyncio.get_running_loop(), {}).setdefault(group, set()).add(consumer)


def stop_listening(group: str, consumer) -> None:
    groups = _listeners.get(asyncio.get_running_loop(), {})
    groups.get(group, set()).discard(consumer)
    if not groups.get(group, True):
        del groups[group]


def spectators_may_watch(group: str) -> bool:
    """Whether a push of `group` made now may reach a spectator, so that its frames must
    include theirs. Not when it is made on an event loop whose publisher saw the group's last
    push reach no other process, and none of the loop's consumers of the group watches as a
    spectator or is still learning its seat. A spectator who comes later (or elsewhere, hearing
    a nudge) reads the store."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # sync code: a command's on-commit, which cannot tell
        return True
    publisher = _loop_publishers.get(loop)
    if publisher is None or publisher.heard_elsewhere.get(group, True):
        return True
    consumers = _listeners.get(loop, {}).get(group, ())
    return any(consumer.viewer_key in (None, SPECTATORS) for consumer in consumers)


def deliver_here(batch: list[tuple[str, dict]]) -> None:
    """Hand each push to its group's consumers on the running loop, each in a task of its own
    (a slow socket holds up no other). A consumer's tasks take its send lock in order."""
    loop = asyncio.get_running_loop()
    groups = _listeners.get(loop, {})
    for group, message in batch:
        for consumer in groups.get(group, ()):
            task = loop.create_task(_deliver(consumer, message))
            _delivering.add(task)
            task.add_done_callback(_delivering.discard)


async def _deliver(consumer, message: dict) -> None:
    try:
        await consumer.dispatch(message)  # in the consumer's language, not the mover's
    except Exception:  # its socket closed under it, say: the copy through Redis or a resync repairs
        log.warning("a push to a consumer on this loop failed", exc_info=True)


def send_on_loop(batch: list[tuple[str, dict]]) -> None:
    """Send `batch` of (group, message) from the running event loop, without waiting (call
    only after commit): to the consumers on this loop at once, to all through Redis."""
    deliver_here(batch)
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        for group, message in batch:
            asyncio.get_running_loop().create_task(layer.group_send(group, message))
        return
    loop_publisher().put(batch)


async def sent() -> None:
    """Wait until every push put on this loop so far has been through Redis (a loop about to
    close, as a test's does, lets its pushes finish rather than cutting them off)."""
    publisher = _loop_publishers.get(asyncio.get_running_loop())
    if publisher is not None:
        await publisher.queue.join()


class PublisherThread:
    """Sends from sync code (a command's on-commit) without waiting for Redis: one long-lived
    event loop per process, so the committing thread goes straight back to work."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self.run, args=(ready,), name="channel-layer-publisher", daemon=True).start()
        ready.wait()

    def run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(ready.set)
        self.loop.run_forever()

    def put(self, batch: list[tuple[str, dict]]) -> None:
        self.loop.call_soon_threadsafe(send_on_loop, batch)


_publisher: PublisherThread | None = None
_publisher_lock = threading.Lock()


def send_now_rollback_unsafe(batch: list[tuple[str, dict]]) -> None:
    """Send `batch` of (group, message) from sync code (call only after commit)."""
    global _publisher
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):  # it lives on the server's own loop
        for group, message in batch:
            async_to_sync(layer.group_send)(group, message)
        return
    with _publisher_lock:
        if _publisher is None:
            _publisher = PublisherThread()
    _publisher.put(batch)


def sent_from_sync(timeout: float = 5.0) -> None:
    """Wait until every push sent so far from sync code has been through Redis (a caller about
    to watch a table, as a test does, lets the pushes of what came before land first)."""
    if _publisher is not None:
        asyncio.run_coroutine_threadsafe(sent(), _publisher.loop).result(timeout)


def frames_message(table_id: int, first_seq: int, head_seq: int,
                   frames: dict[int | None, list[str]]) -> tuple[str, dict]:
    """The push that takes each viewer from `first_seq - 1` to `head_seq`: its frames (JSON text)."""
    return group_name(table_id), {"type": "table.frames", "first_seq": first_seq, "head_seq": head_seq,
                                  "frames": {viewer_key(viewer): texts for viewer, texts in frames.items()}}


def changed_message(table_id: int) -> tuple[str, dict]:
    """The push that tells a table's consumers that its seats or status changed."""
    return group_name(table_id), {"type": "table.changed"}
