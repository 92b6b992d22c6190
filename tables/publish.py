"""Pushes to the websocket consumers of a table, only ever after the transaction commits.

One channel-layer group per table. The message carries only the head seq: each consumer
reads the new events from the store and redacts them for its own viewer, so no secret
travels through the channel layer. Delivery is at-most-once; clients resync by seq.
"""
import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)
SEND_TIMEOUT = 5
_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


def _publisher_loop() -> asyncio.AbstractEventLoop:
    """One long-lived event loop per process for sending to Redis from sync code: a fresh loop
    per call (plain async_to_sync) would open and close a Redis connection every time."""
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="channel-layer-publisher", daemon=True).start()
    return _loop


def _group_send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):  # it lives on the server's own loop
        async_to_sync(layer.group_send)(group, message)
    else:
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _publisher_loop()).result(SEND_TIMEOUT)


def send_now_rollback_unsafe(table_id: int, head_seq: int, seats_changed: bool) -> None:
    """Tell the table's consumers that the head is now `head_seq` (call only after commit).

    `seats_changed`: the table changed without new events (a seat taken, a bot handed over).
    """
    message = {"type": "table.changed", "head_seq": head_seq, "seats_changed": seats_changed}
    try:
        _group_send(group_name(table_id), message)
    except Exception:  # a lost push is repaired by the client's resync
        log.exception("push to table %s failed", table_id)


def on_commit(table_id: int, head_seq: int, seats_changed: bool = False) -> None:
    transaction.on_commit(lambda: send_now_rollback_unsafe(table_id, head_seq, seats_changed), robust=True)
