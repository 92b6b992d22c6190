"""Post-game analysis of a finished table, one seat at a time (engines/analysis.py).

Anyone who may watch the table asks for it once the game has ended (before, it would be an
expert's help in a running game): `check_may_analyse` validates, `do_request` writes the
request and hands it to a worker on commit. The analysis of a seat is worked out once, by
whoever asks first, and read by everyone after; it is a few seconds to a minute of a core, so a
Celery worker of the analyses' queue does it (settings.ANALYSIS_DISPATCH "celery"; the embedded
profile runs it in a thread of its server). A person has at most settings.MAX_ANALYSES_AT_ONCE
analyses waiting or running, and settings.RATE_LIMITS["analyses"] of them.
"""
from __future__ import annotations

import logging
import threading
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engines import analysis as engine_analysis
from tables import bot_accounts, ratelimit
from tables.errors import Refused, not_found
from tables.models import Analysis, Event, Table
from tables.reading import engine_of

log = logging.getLogger(__name__)
TASK = "ai_workers.tasks.analyse_seat"
PENDING = [Analysis.Status.QUEUED, Analysis.Status.RUNNING]
# A worker that dies mid-analysis leaves it "running": after this long it may be asked for again.
STALE_AFTER = timedelta(minutes=15)
PROGRESS_EVERY = 3  # decisions judged between two writes of the progress


def check_may_analyse(table: Table | None, seat) -> Table:
    if table is None:
        raise not_found()
    if table.status != Table.Status.FINISHED:
        raise Refused("not_finished", _("A game can be analysed once it has ended."), 409)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
        raise Refused("bad_seat", _("There is no seat %(seat)s at this table.") % {"seat": seat})
    return table


def do_request(table_id: int, user, seat) -> tuple[Analysis, bool]:
    """The analysis of `seat` at the table, asked for now if no one has yet; returns it and
    whether this request queued it."""
    table = check_may_analyse(Table.objects.filter(pk=table_id).first(), seat)
    existing = Analysis.objects.filter(table=table, seat=seat).first()
    if existing is not None and not _may_retry(existing):
        return existing, False
    person = bot_accounts.person_of(user)  # a person's bots share the person's limits
    if Analysis.objects.filter(requested_by_id=person, status__in=PENDING).count() >= settings.MAX_ANALYSES_AT_ONCE:
        raise Refused("analysis_busy", _("Your last analysis is still being worked out: wait for it."), 429)
    wait = ratelimit.hit("analyses", person)
    if wait is not None:
        raise Refused("throttled", _("Too many analyses: try again in %(seconds)d s.") % {"seconds": int(wait) + 1},
                      429, retry_after=int(wait) + 1)
    with transaction.atomic():
        fresh = {"status": Analysis.Status.QUEUED, "done": 0, "total": 0, "result": None, "requested_by_id": person,
                 "finished_at": None, "created_at": timezone.now()}
        queued, _created = Analysis.objects.update_or_create(table=table, seat=seat, defaults=fresh)
        transaction.on_commit(lambda: dispatch(queued.pk))
    return queued, True


def _may_retry(existing: Analysis) -> bool:
    if existing.status == Analysis.Status.FAILED:
        return True
    return existing.status in PENDING and existing.created_at < timezone.now() - STALE_AFTER


def dispatch(analysis_id: int) -> None:
    if settings.ANALYSIS_DISPATCH == "celery":
        current_app.send_task(TASK, [analysis_id], queue=settings.ANALYSIS_QUEUE)
    else:
        threading.Thread(target=_run_in_thread, args=(analysis_id,), daemon=True).start()


def _run_in_thread(analysis_id: int) -> None:
    try:
        run(analysis_id)
    finally:
        connection.close()


def run(analysis_id: int) -> bool:
    """Work out a queued analysis (a worker's task; a repeated delivery changes nothing).
    Returns whether this call worked it out."""
    close_old_connections()
    claimed = Analysis.objects.filter(pk=analysis_id, status=Analysis.Status.QUEUED).update(
        status=Analysis.Status.RUNNING)
    if not claimed:
        return False
    queued = Analysis.objects.select_related("table").get(pk=analysis_id)
    table = queued.table
    try:
        rows = Event.objects.filter(table=table).order_by("seq").values_list("seq", "seat", "command_id", "payload")
        commands = engine_analysis.commands_of(rows)

        def progress(done: int, total: int) -> None:
            if done % PROGRESS_EVERY == 0 or done == total:
                Analysis.objects.filter(pk=analysis_id).update(done=done, total=total)

        result = engine_analysis.analyse(engine_of(table), commands, table.seed, queued.seat,
                                         settings.ANALYSIS_ITERATIONS or None, progress)
    except Exception:
        log.exception("the analysis of seat %s at table %s failed", queued.seat, table.pk)
        Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.FAILED, finished_at=timezone.now())
        return False
    total = len(result["decisions"])
    Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.DONE, result=result, done=total,
                                                   total=total, finished_at=timezone.now())
    return True


def payload(analysis: Analysis) -> dict:
    """What the API and the export give of an analysis."""
    done = analysis.status == Analysis.Status.DONE
    return {"seat": analysis.seat, "status": analysis.status, "done": analysis.done, "total": analysis.total,
            "iterations": analysis.result["iterations"] if done else None,
            "decisions": analysis.result["decisions"] if done else None}


def of_table(table: Table) -> list[dict]:
    """The table's analyses, by seat: only once the game has ended, as they are asked for only then."""
    if table.status != Table.Status.FINISHED:
        return []
    return [payload(analysis) for analysis in table.analyses.order_by("seat")]
