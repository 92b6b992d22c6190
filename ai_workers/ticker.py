"""Resolves due deadlines: an idle player's move, a lost AI turn, a correspondence reminder."""
import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

from ai_workers import dispatch
from ai_workers.turns import play_turn
from tables import deadlines, notices
from tables.models import Deadline

log = logging.getLogger(__name__)


def resolve(row: Deadline) -> None:
    if not deadlines.is_current(row):
        deadlines.release(row)  # the row was re-aimed at the new head, or is already gone
        return
    if row.kind == Deadline.Kind.MOVE:
        if not play_turn(row.table_id, row.seat, row.expected_seq, actor="timeout"):
            deadlines.release(row)
    elif row.kind == Deadline.Kind.AI:
        deadlines.release(row, due_in=settings.AI_REDISPATCH_SECONDS)
        dispatch.send_ai_turn(row.table_id, row.seat, row.expected_seq)
    else:
        notices.send_reminder(row.table_id, row.seat)
        deadlines.done(row)


def tick(limit: int = 100) -> int:
    """Resolve the deadlines due now; returns how many were claimed."""
    rows = deadlines.claim_due(limit)
    for row in rows:
        try:
            resolve(row)
        except Exception:  # the lease runs out and another tick tries again
            log.exception("deadline %s failed", row)
    return len(rows)


def run_forever(interval: float = 1.0) -> None:
    """The ticker as a process of its own (manage.py run_deadlines)."""
    while True:
        tick_once()
        time.sleep(interval)


async def tick_on_loop(interval: float = 1.0) -> None:
    """The embedded profile's ticker: a task on the server's own event loop, so that pushes
    from the moves it makes reach the in-process channel layer."""
    while True:
        await sync_to_async(tick_once)()
        await asyncio.sleep(interval)


def tick_once() -> None:
    close_old_connections()
    try:
        tick()
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
