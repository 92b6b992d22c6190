"""Pushes to the websocket consumers of a table, only ever after the transaction commits.

One channel-layer group per table. A new head is one message on it: the frames of every
viewer (each seat, and spectators), built once by the writer, each viewer's apart. A consumer
sends its own viewer's frames as they are and nothing else, so no frame of one seat reaches
another seat's socket; one message per move (not one per viewer) keeps the publishing and
the delivering cheap. "The seats changed" goes to the same group: its consumers re-read the
table. Delivery is at-most-once; consumers fill gaps from the store by seq.
"""
import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)
SEND_TIMEOUT = 5


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


def viewer_key(viewer: int | None) -> str:
    """The key of a viewer's frames in a push (channel-layer messages take text keys only)."""
    return "spectators" if viewer is None else f"seat{viewer}"


class Publisher:
    """Sends from sync code (a command's on-commit) without waiting for Redis: one long-lived
    event loop per process takes batches in order, so a table's pushes leave in seq order and
    the committing thread goes straight back to work."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.queue: asyncio.Queue | None = None
        ready = threading.Event()
        threading.Thread(target=self.run, args=(ready,), name="channel-layer-publisher", daemon=True).start()
        ready.wait()

    def run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.queue = asyncio.Queue()
        ready.set()
        self.loop.run_until_complete(self.drain())

    def put(self, batch: list[tuple[str, dict]]) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, batch)

    async def drain(self) -> None:
        layer = get_channel_layer()
        while True:
            batch = await self.queue.get()
            try:
                sends = (layer.group_send(group, message) for group, message in batch)
                await asyncio.wait_for(asyncio.gather(*sends), SEND_TIMEOUT)
            except Exception:  # a lost push is repaired by the consumers' head watch
                log.exception("push to %s failed", batch[0][0])


_publisher: Publisher | None = None
_publisher_lock = threading.Lock()


def send_now_rollback_unsafe(batch: list[tuple[str, dict]]) -> None:
    """Send `batch` of (group, message) (call only after commit)."""
    global _publisher
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):  # it lives on the server's own loop
        for group, message in batch:
            async_to_sync(layer.group_send)(group, message)
        return
    with _publisher_lock:
        if _publisher is None:
            _publisher = Publisher()
    _publisher.put(batch)


def frames_on_commit(table_id: int, first_seq: int, head_seq: int, frames: dict[int | None, list[str]]) -> None:
    """After commit, push to each viewer the frames (JSON text) that take it from `first_seq - 1`
    to `head_seq`."""
    message = {"type": "table.frames", "first_seq": first_seq, "head_seq": head_seq,
               "frames": {viewer_key(viewer): texts for viewer, texts in frames.items()}}
    batch = [(group_name(table_id), message)]
    transaction.on_commit(lambda: send_now_rollback_unsafe(batch), robust=True)


def changed_on_commit(table_id: int) -> None:
    """After commit, tell the table's consumers that its seats or status changed."""
    batch = [(group_name(table_id), {"type": "table.changed"})]
    transaction.on_commit(lambda: send_now_rollback_unsafe(batch), robust=True)
