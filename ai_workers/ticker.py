"""Resolves due deadlines (an idle player's move, a lost AI turn, a correspondence reminder, a
table of bots its player has left) and rates the ended games that were left unrated."""
import asyncio
import logging
import time
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from ai_workers import dispatch
from ai_workers.turns import play_turn
from tables import deadlines, lifecycle, notices, ratings
from tables.models import Deadline, Seat

log = logging.getLogger(__name__)


def resolve(row: Deadline, tables: dict | None = None) -> None:
    """Act on a claimed row. `tables`: the running tables read for its batch (read now if None).

    A stale row is left alone: the command that moved its table on re-aimed it at the new head
    (clearing the lease) or deleted it. A move or an AI turn made from a stale read is refused
    by the command path (expected seq, command id), so the batch's read is enough for them; a
    reminder, an email that cannot be taken back, reads its table right before it goes.
    """
    if tables is None or row.kind == Deadline.Kind.REMIND:
        tables = deadlines.running_tables([row])
    table = tables.get(row.table_id)
    if not deadlines.is_current(row, table):
        return
    if row.kind == Deadline.Kind.MOVE:
        play_turn(row.table_id, row.seat, row.expected_seq, actor="timeout")
    elif row.kind == Deadline.Kind.IDLE:
        lifecycle.abandon_left(row.table_id, row.seat, row.expected_seq)
    elif row.kind == Deadline.Kind.AI:
        deadlines.release(row, due_in=settings.AI_REDISPATCH_SECONDS)
        strength = Seat.objects.get(table_id=row.table_id, index=row.seat).bot_strength
        dispatch.send_ai_turn(row.table_id, row.seat, row.expected_seq, strength)
    else:
        notices.send_reminder(row.table_id, row.seat)
        deadlines.done(row)


def resolve_batch(rows: list[Deadline]) -> None:
    tables = deadlines.running_tables(rows)
    for row in rows:
        try:
            resolve(row, tables)
        except Exception:  # the lease runs out and another tick tries again
            log.exception("deadline %s failed", row)


def tick(linger: float = 1.0, budget: float | None = None, batch: int | None = None) -> int:
    """Resolve due deadlines batch after batch; returns how many rows were claimed.

    Stops when nothing falls due within `linger` seconds of the start (the ticks' interval:
    what falls due before the next tick is resolved on time, not up to a tick late) or when
    `budget` seconds are spent. Ticks running at once share the rows (SKIP LOCKED, leases).
    """
    budget = settings.DEADLINE_TICK_BUDGET_SECONDS if budget is None else budget
    batch = batch or settings.DEADLINE_BATCH
    stop_at = time.monotonic() + budget
    ratings.rate_overdue()
    linger_until = timezone.now() + timedelta(seconds=linger)
    claimed = 0
    while time.monotonic() < stop_at:
        rows = deadlines.claim_due(batch)
        claimed += len(rows)
        if rows:
            resolve_batch(rows)
        elif not wait_for_next(linger_until):
            break
    return claimed


def wait_for_next(until) -> bool:
    """Sleep until the next unclaimed row falls due, if it does before `until`."""
    due_at = deadlines.next_due_before(until)
    if due_at is None:
        return False
    time.sleep(max(0.0, (due_at - timezone.now()).total_seconds()))
    return True


def run_forever(interval: float = 1.0) -> None:
    """The ticker as a process of its own (manage.py run_deadlines)."""
    while True:
        started = time.monotonic()
        tick_once(linger=interval)
        time.sleep(max(0.0, interval - (time.monotonic() - started)))


async def tick_on_loop(interval: float = 1.0) -> None:
    """The embedded profile's ticker: a task on the server's own event loop, so that pushes
    from the moves it makes reach the in-process channel layer. Its ticks run in a thread of
    their own, so that a bot thinking over a paced all-bot table holds up no request."""
    while True:
        await sync_to_async(tick_once, thread_sensitive=False)(linger=0.0, budget=1.0)
        await asyncio.sleep(interval)


def tick_once(**options) -> None:
    close_old_connections()
    try:
        tick(**options)
    except Exception:
        log.exception("deadline tick failed")


class TickerLifespan:
    """An ASGI lifespan app that runs `tick_on_loop` while the server runs."""

    async def __call__(self, scope, receive, send):
        task = None
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                task = asyncio.create_task(tick_on_loop())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if task:
                    task.cancel()
                await send({"type": "lifespan.shutdown.complete"})
                return
