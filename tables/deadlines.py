"""Deadline rows: kept in step with who is to act (inside the command's transaction), claimed
by the ticker with SKIP LOCKED and a short lease so that several tickers never share a row."""
from __future__ import annotations

import operator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from engines.bots import SEARCHING
from tables import store
from tables.models import Deadline, Table

DAY = 86400


def remind_before(seconds_per_move: int) -> int:
    """How long before a correspondence deadline the player is reminded."""
    return min(DAY, seconds_per_move // 2)


@dataclass
class Schedule:
    """What `reschedule` queued: the seats whose turn has just begun, and how to read every
    running move clock from the batch's results once it has run."""

    new_turns: list[int]
    fresh_moves: dict[int, datetime]
    running_result: int | None = None  # index of the RETURNING statement in the batch

    def move_due(self, results: list[list[tuple]]) -> dict[int, datetime]:
        """When each seat's move is due, for the frames of the new head."""
        due = dict(self.fresh_moves)
        if self.running_result is not None:
            due.update((seat, at) for seat, kind, at in results[self.running_result] if kind == Deadline.Kind.MOVE)
        return due


def reschedule(table: Table, seats: list, previous_to_act: set[int], acted: int | None, batch: store.Batch) -> Schedule:
    """Queue on `batch` the writes that match the table's rows to its head.

    A seat that keeps the move while others act keeps its running clock; the seat that
    acted gets a fresh one; a seat that only bots wait for gets no clock but an idle row, after
    which its player has left and the table is abandoned. Bot-played seats get an AI row: the
    outbox of a lost dispatch, or the turn itself at a paced table.
    Runs inside every command's transaction, so it adds at most three statements to the
    command's one batch (delete the unwanted rows, re-aim the running clocks, upsert the
    fresh rows). `seats`: the table's seats by index.
    """
    if table.status != Table.Status.RUNNING:
        store.delete(batch, Deadline, "table_id = %s", [table.pk])
        return Schedule([], {})
    now = timezone.now()
    fresh, running, new_turns = [], [], []
    for index in table.to_act:
        if seats[index].bot_plays:
            wait = settings.AI_PACE_SECONDS if ticker_plays(seats, index) else settings.AI_REDISPATCH_SECONDS
            fresh.append((index, Deadline.Kind.AI, now + timedelta(seconds=wait)))
            continue
        alone = only_bots_wait(seats, index)
        restart = not keeps_turn(index, previous_to_act, acted)
        for kind, due_at in (_idle_due(table, now) if alone else _human_due(table, now)).items():
            if restart:
                fresh.append((index, kind, due_at))
            else:
                running.append((index, kind))
        if index not in previous_to_act and not alone:
            new_turns.append(index)
    schedule = Schedule(new_turns, {seat: at for seat, kind, at in fresh if kind == Deadline.Kind.MOVE})
    wanted = [(seat, kind) for seat, kind, _ in fresh] + running
    if wanted:
        store.delete(batch, Deadline, f"table_id = %s AND (seat, kind) NOT IN ({_pairs(wanted)})",
                     [table.pk, *_flat(wanted)])
    else:
        store.delete(batch, Deadline, "table_id = %s", [table.pk])
    if running:
        schedule.running_result = store.update(
            batch, Deadline, {"expected_seq": table.head_seq, "claimed_until": None},
            f"table_id = %s AND (seat, kind) IN ({_pairs(running)})", [table.pk, *_flat(running)],
            "RETURNING seat, kind, due_at",
        )
    if fresh:
        store.insert(
            batch, Deadline, ["table", "seat", "kind", "due_at", "expected_seq", "claimed_until"],
            [[table.pk, seat, kind, due_at, table.head_seq, None] for seat, kind, due_at in fresh],
            "ON CONFLICT (table_id, seat, kind) DO UPDATE SET due_at = EXCLUDED.due_at, "
            "expected_seq = EXCLUDED.expected_seq, claimed_until = NULL",
        )
    return schedule


def paced(seats: list) -> bool:
    """A table that bots alone play moves at the ticker's pace: its AI turns are sent when their
    row falls due (settings.AI_PACE_SECONDS), never from the command that made them due, so no
    request or worker runs a whole game at once."""
    return all(seat.bot_plays for seat in seats)


def ticker_plays(seats: list, index: int) -> bool:
    """Whether the bot at `index` moves when its AI row falls due, played by the deadline ticker
    rather than sent from the command that made it due: at a paced table, and, where AI turns
    run in the server's own process (inline), for a bot that thinks for a time budget, so that
    no request waits on its thinking."""
    thinking = settings.AI_DISPATCH == "inline" and seats[index].bot_strength in SEARCHING
    return paced(seats) or thinking


def only_bots_wait(seats: list, index: int) -> bool:
    """A clock protects the time of the people waiting: a player whom only bots wait for has none."""
    return all(seat.bot_plays for seat in seats if seat.index != index)


def keeps_turn(seat: int, previous_to_act: set[int], acted: int | None) -> bool:
    """Whether a seat to act after a command goes on with the turn it had before (and its
    running clock): it was to act already and the command was not its own."""
    return seat in previous_to_act and seat != acted


def _pairs(keys: list[tuple]) -> str:
    return ", ".join(["(%s, %s)"] * len(keys))


def _flat(keys: list[tuple]) -> list:
    return [value for key in keys for value in key]


def _idle_due(table: Table, now) -> dict[str, object]:
    """A player whom only bots wait for has left once they have not moved for as long as the
    table lets a player miss moves before a bot takes over (its idle setting), and at least
    ALONE_WITH_BOTS_MIN_IDLE_SECONDS."""
    idle = max(table.seconds_per_move * table.max_timeouts, settings.ALONE_WITH_BOTS_MIN_IDLE_SECONDS)
    return {Deadline.Kind.IDLE: now + timedelta(seconds=idle)}


def _human_due(table: Table, now) -> dict[str, object]:
    due = now + timedelta(seconds=table.seconds_per_move)
    wanted = {Deadline.Kind.MOVE: due}
    if table.time_kind == Table.TimeKind.CORRESPONDENCE:
        wanted[Deadline.Kind.REMIND] = due - timedelta(seconds=remind_before(table.seconds_per_move))
    return wanted


# Raw SQL because the ORM cannot UPDATE ... RETURNING: the claim is one statement (one round
# trip, its own transaction) instead of BEGIN, SELECT ... FOR UPDATE, UPDATE, COMMIT.
# SKIP LOCKED makes concurrent claims pass each other's rows; the lease keeps a claimed row
# from other tickers after this statement commits. SQLite (the embedded profile) has no row
# locks and serialises writers anyway, so it runs the same statement without the clause.
CLAIM_SQL = """
    UPDATE {table} SET claimed_until = %s
    WHERE id IN (
        SELECT id FROM {table}
        WHERE due_at <= %s AND (claimed_until IS NULL OR claimed_until < %s)
        ORDER BY due_at LIMIT %s {lock})
    RETURNING id, table_id, seat, kind, due_at, expected_seq, claimed_until"""


def claim_due(limit: int = 100) -> list[Deadline]:
    """Claim up to `limit` due rows for this ticker: no other ticker gets them during the lease."""
    now = timezone.now()
    lease = now + timedelta(seconds=settings.DEADLINE_LEASE_SECONDS)
    lock = "FOR UPDATE SKIP LOCKED" if connection.features.has_select_for_update_skip_locked else ""
    sql = CLAIM_SQL.format(table=Deadline._meta.db_table, lock=lock)
    adapt = connection.ops.adapt_datetimefield_value
    rows = list(Deadline.objects.raw(sql, [adapt(lease), adapt(now), adapt(now), limit]))
    return sorted(rows, key=operator.attrgetter("due_at"))


def next_due_before(until) -> object | None:
    """When the first unclaimed row falls due, if that is before `until`."""
    now = timezone.now()
    return (Deadline.objects.filter(due_at__lt=until).filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
            .order_by("due_at").values_list("due_at", flat=True).first())


def _ours(row: Deadline):
    """The row while this ticker's lease on it stands: a row re-aimed at a new head has lost the
    lease (the move cleared it), and another ticker may hold it by now."""
    return Deadline.objects.filter(pk=row.pk, claimed_until=row.claimed_until)


def release(row: Deadline, due_in: int | None = None) -> None:
    """Give a claimed row back to the tickers (due again in `due_in` seconds if given)."""
    changes = {"claimed_until": None}
    if due_in is not None:
        changes["due_at"] = timezone.now() + timedelta(seconds=due_in)
    _ours(row).update(**changes)


def done(row: Deadline) -> None:
    Deadline.objects.filter(pk=row.pk, expected_seq=row.expected_seq).delete()


def running_tables(rows: list[Deadline]) -> dict[int, Table]:
    """The running tables of `rows` by id, read with one query (for a whole claimed batch)."""
    return Table.objects.filter(status=Table.Status.RUNNING).in_bulk({row.table_id for row in rows})


def is_current(row: Deadline, table: Table | None) -> bool:
    """Whether the row still stands for the head of its table (`table`: as read, None if not running)."""
    return table is not None and table.head_seq == row.expected_seq
