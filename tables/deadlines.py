"""Deadline rows: kept in step with who is to act (inside the command's transaction), claimed
by the ticker with SKIP LOCKED and a short lease so that several tickers never share a row."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tables.models import Deadline, Table

DAY = 86400


def remind_before(seconds_per_move: int) -> int:
    """How long before a correspondence deadline the player is reminded."""
    return min(DAY, seconds_per_move // 2)


def reschedule(table: Table, previous_to_act: set[int], acted: int | None) -> list[int]:
    """Match the table's rows to its head; returns the human seats whose turn has just begun.

    A seat that keeps the move while others act keeps its running clock; the seat that
    acted gets a fresh one. Bot-played seats get an AI row: the outbox of a lost dispatch.
    """
    rows = Deadline.objects.filter(table=table)
    if table.status != Table.Status.RUNNING:
        rows.delete()
        return []
    to_act = set(table.to_act)
    rows.exclude(seat__in=to_act).delete()
    now = timezone.now()
    new_turns = []
    for seat in table.seats.filter(index__in=to_act):
        if seat.bot_plays:
            _bot_row(table, seat.index, now)
            continue
        rows.filter(seat=seat.index, kind=Deadline.Kind.AI).delete()
        fresh = seat.index == acted or seat.index not in previous_to_act
        _human_rows(table, seat.index, now, fresh)
        if seat.index not in previous_to_act:
            new_turns.append(seat.index)
    return new_turns


def _bot_row(table: Table, seat: int, now) -> None:
    Deadline.objects.filter(table=table, seat=seat).exclude(kind=Deadline.Kind.AI).delete()
    Deadline.objects.update_or_create(
        table=table,
        seat=seat,
        kind=Deadline.Kind.AI,
        defaults={
            "due_at": now + timedelta(seconds=settings.AI_REDISPATCH_SECONDS),
            "expected_seq": table.head_seq,
            "claimed_until": None,
        },
    )


def _human_rows(table: Table, seat: int, now, fresh: bool) -> None:
    due = now + timedelta(seconds=table.seconds_per_move)
    wanted = {Deadline.Kind.MOVE: due}
    if table.time_kind == Table.TimeKind.CORRESPONDENCE:
        wanted[Deadline.Kind.REMIND] = due - timedelta(seconds=remind_before(table.seconds_per_move))
    for kind, due_at in wanted.items():
        if fresh:
            Deadline.objects.filter(table=table, seat=seat, kind=kind).delete()
            Deadline.objects.create(table=table, seat=seat, kind=kind, due_at=due_at, expected_seq=table.head_seq)
        else:
            Deadline.objects.filter(table=table, seat=seat, kind=kind).update(
                expected_seq=table.head_seq, claimed_until=None
            )


def claim_due(limit: int = 100) -> list[Deadline]:
    """Claim up to `limit` due rows for this ticker: no other ticker gets them during the lease."""
    now = timezone.now()
    with transaction.atomic():
        due = (
            Deadline.objects.select_for_update(skip_locked=True)
            .filter(due_at__lte=now)
            .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
            .order_by("due_at")[:limit]
        )
        rows = list(due)
        lease = now + timedelta(seconds=settings.DEADLINE_LEASE_SECONDS)
        Deadline.objects.filter(pk__in=[row.pk for row in rows]).update(claimed_until=lease)
    return rows


def release(row: Deadline, due_in: int | None = None) -> None:
    """Give a claimed row back to the tickers (due again in `due_in` seconds if given)."""
    changes = {"claimed_until": None}
    if due_in is not None:
        changes["due_at"] = timezone.now() + timedelta(seconds=due_in)
    Deadline.objects.filter(pk=row.pk).update(**changes)


def done(row: Deadline) -> None:
    Deadline.objects.filter(pk=row.pk, expected_seq=row.expected_seq).delete()


def is_current(row: Deadline) -> bool:
    """Whether the row still stands for the head of its table."""
    head = Table.objects.filter(pk=row.table_id, status=Table.Status.RUNNING).values_list("head_seq", flat=True).first()
    return head == row.expected_seq

