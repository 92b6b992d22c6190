"""The seam between a committed command and the AI turn it made due.

"celery": a task on an AI queue: settings.AI_SEARCH_QUEUE for the bots that think for a time
budget (search, expert), settings.AI_QUEUE for the quick ones, so that tables of thinking bots
never hold up the quick turns of other tables (each queue has workers of its own).
"inline": run in this process right after the commit.
Both go through a JSON round trip so that the arguments stay broker-safe. Inline turns are
queued and drained by the outermost call, so a chain of AI moves is a loop, not a recursion.
"""
import json
import logging
import threading
from collections import deque

from django.conf import settings

from engines.bots import SEARCHING

log = logging.getLogger(__name__)
_inline = threading.local()


def send_ai_turn(table_id: int, seat: int, expected_seq: int) -> None:
    args = json.loads(json.dumps([table_id, seat, expected_seq]))
    if settings.AI_DISPATCH == "celery":
        from ai_workers.tasks import ai_turn

        ai_turn.apply_async(args, queue=queue_for(table_id, seat))
    else:
        run_inline(args)


def queue_for(table_id: int, seat: int) -> str:
    from tables.models import Seat

    strength = Seat.objects.get(table_id=table_id, index=seat).bot_strength
    return settings.AI_SEARCH_QUEUE if strength in SEARCHING else settings.AI_QUEUE


def run_inline(args: list) -> None:
    from ai_workers.turns import play_turn

    pending = getattr(_inline, "pending", None)
    if pending is not None:
        pending.append(args)
        return
    _inline.pending = deque([args])
    try:
        while _inline.pending:
            try:
                play_turn(*_inline.pending.popleft())
            except Exception:  # the deadline outbox sends a failed turn again
                log.exception("inline AI turn %s failed", args)
    finally:
        _inline.pending = None
