"""The seam between a committed command and the AI turn it made due.

"celery": a task on an AI queue: settings.AI_SEARCH_QUEUE for the bots that think for a time
budget (search, expert), settings.AI_QUEUE for the quick ones, so that tables of thinking bots
never hold up the quick turns of other tables (each queue has workers of its own). A quick
bot's turn made due by another AI turn is played next by the same task: a table's bots move
one after another without a trip through the broker and the queue.
"inline": run in this process right after the commit.
Both go through a JSON round trip so that the arguments stay broker-safe. Turns played in a
row are queued and drained by the outermost call, so a chain of AI moves is a loop, not a
recursion.
"""
import json
import logging
import threading
from collections import deque

from django.conf import settings

from engines.bots import SEARCHING

log = logging.getLogger(__name__)
_inline = threading.local()


def send_ai_turn(table_id: int, seat: int, expected_seq: int, strength: str) -> None:
    """Ask for the move of the bot of `strength` at `seat` (the strength chooses the queue)."""
    args = json.loads(json.dumps([table_id, seat, expected_seq]))
    if settings.AI_DISPATCH == "celery" and (strength in SEARCHING or not playing_turns()):
        from ai_workers.tasks import ai_turn

        ai_turn.apply_async(args, queue=queue_for(strength))
    else:
        play_in_a_row(args)


def queue_for(strength: str) -> str:
    return settings.AI_SEARCH_QUEUE if strength in SEARCHING else settings.AI_QUEUE


def playing_turns() -> bool:
    """Whether this thread is playing AI turns now (a worker's task, or an inline chain)."""
    return getattr(_inline, "pending", None) is not None


def play_in_a_row(args: list) -> bool | None:
    """Play the turn of `args` and the turns it makes due here, one after another. Returns
    whether that turn was played (None: queued behind the turn being played)."""
    from ai_workers.turns import play_turn

    if playing_turns():
        _inline.pending.append(args)
        return None
    _inline.pending = deque([args])
    played = []
    try:
        while _inline.pending:
            turn = _inline.pending.popleft()
            try:
                played.append(play_turn(*turn))
            except Exception:  # the deadline outbox sends a failed turn again
                log.exception("AI turn %s failed", turn)
                played.append(False)
    finally:
        _inline.pending = None
    return played[0]
