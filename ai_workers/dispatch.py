"""The seam between a committed command and the AI turn it made due.

"celery": a task on the AI queue (settings.AI_QUEUE). "inline": run in this process right after the commit.
Both go through a JSON round trip so that the arguments stay broker-safe. Inline turns are
queued and drained by the outermost call, so a chain of AI moves is a loop, not a recursion.
"""
import json
import logging
import threading
from collections import deque

from django.conf import settings

log = logging.getLogger(__name__)
_inline = threading.local()


def send_ai_turn(table_id: int, seat: int, expected_seq: int) -> None:
    args = json.loads(json.dumps([table_id, seat, expected_seq]))
    if settings.AI_DISPATCH == "celery":
        from ai_workers.tasks import ai_turn

        ai_turn.apply_async(args, queue=settings.AI_QUEUE)
    else:
        run_inline(args)


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
