"""Pushes to the websocket consumers of a table, only ever after the transaction commits.

One channel-layer group per table. The message carries only the head seq: each consumer
reads the new events from the store and redacts them for its own viewer, so no secret
travels through the channel layer. Delivery is at-most-once; clients resync by seq.
"""
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


def send_now_rollback_unsafe(table_id: int, head_seq: int, seats_changed: bool) -> None:
    """Tell the table's consumers that the head is now `head_seq` (call only after commit).

    `seats_changed`: the table changed without new events (a seat taken, a bot handed over).
    """
    layer = get_channel_layer()
    message = {"type": "table.changed", "head_seq": head_seq, "seats_changed": seats_changed}
    try:
        async_to_sync(layer.group_send)(group_name(table_id), message)
    except Exception:  # a lost push is repaired by the client's resync
        log.exception("push to table %s failed", table_id)


def on_commit(table_id: int, head_seq: int, seats_changed: bool = False) -> None:
    transaction.on_commit(lambda: send_now_rollback_unsafe(table_id, head_seq, seats_changed), robust=True)
