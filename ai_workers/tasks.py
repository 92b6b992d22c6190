"""Celery tasks. All are idempotent: a stale or repeated delivery changes nothing."""
import time

from celery import shared_task
from django.conf import settings

from ai_workers import dispatch, ticker
from tables import analysis, hints


@shared_task(acks_late=True, time_limit=120, soft_time_limit=100, ignore_result=True)
def ai_turn(table_id: int, seat: int, expected_seq: int) -> bool:
    """An AI seat's move at `expected_seq` (routed to its queue by the bot's strength), and the
    quick bots' turns it makes due at its table."""
    began = time.monotonic()
    played = dispatch.play_in_a_row([table_id, seat, expected_seq])
    if played and settings.AI_TASKS_PER_SECOND:  # the worker's budget; a stale re-send spends none
        time.sleep(max(0.0, began + 1 / settings.AI_TASKS_PER_SECOND - time.monotonic()))
    return played


@shared_task(time_limit=50, ignore_result=True)
def resolve_deadlines() -> int:
    """Run every second by Celery beat: drains what is due (within settings.DEADLINE_TICK_BUDGET_SECONDS,
    well under the time limit) and what falls due before the next tick."""
    return ticker.tick(linger=1.0)


@shared_task(time_limit=30, soft_time_limit=20, ignore_result=True)
def work_out_hint(table_id: int, seat: int, head_seq: int, reply_to: str) -> None:
    """A hint for a player at a practice table (sent to the thinking bots' queue by tables.hints),
    handed back through Redis to the request waiting for it."""
    hints.work_out_stored(table_id, seat, head_seq, reply_to)


@shared_task(acks_late=True, time_limit=900, soft_time_limit=840, ignore_result=True)
def analyse_seat(analysis_id: int) -> bool:
    """A seat's post-game analysis (queued by tables.analysis on the analyses' queue)."""
    return analysis.run(analysis_id)
