"""What follows a command that moves a table's head: the events appended, the head row and the
deadlines rewritten in one batch, then (once it commits) the pushes, AI turns and notices.

Each command runs in one transaction that locks the table's head row. `check_…` functions raise
(Refused, or the engine's IllegalAction) and write nothing; `do_…` functions write, and push,
dispatch AI turns and send notices only after the commit.
"""
from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, field
from typing import Any, Callable

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from engines.core import Engine, fold
from tables import deadlines, notices, publish, ratings, store
from tables.errors import Refused, not_found
from tables.models import Event, Seat, Table
from tables.reading import head_frame_texts, keep_state, mover, new_head_frames


def lock_table(table_id: int, command_id: str | None = None) -> Table:
    """The table's head row, locked for this command (with the events of `command_id`, if given,
    in `command_rows`)."""
    table = store.read_head(table_id, command_id)
    if table is None:
        raise not_found()
    return table


def check_running(table: Table) -> None:
    if table.status == Table.Status.OPEN:
        raise Refused("not_started", _("The game has not started yet."), 409)
    if table.status != Table.Status.RUNNING:
        raise Refused("game_over", _("The game is over."), 409)


def head_copy(table: Table) -> Table:
    """`table` as it stands, its seats copied too: a move planned on a head keeps this copy, to
    build its frames and pushes from, while the next move is planned on the head itself."""
    copied = copy.copy(table)
    copied.seat_rows = [copy.copy(seat) for seat in seats_of(table)]
    return copied


def seats_of(table: Table) -> list[Seat]:
    """The table's seats by index, read with the head (the table's lock keeps them still): a
    command changes seats through these objects, so that the rest of it sees the change."""
    return table.seat_rows


@dataclass
class Appended:
    """Events a command has just appended, and the state after them: what its push is built from.
    Their writes wait in `batch` until the command's other writes join them."""

    engine: Engine
    state: Any
    events: list[tuple[int, dict]]  # (seq, event)
    actor: int | None  # the seat whose command this is (None: the set-up)
    by: str | None  # who made it (reading.mover)
    batch: store.Batch


@dataclass
class AfterCommit:
    """What a command does once it has committed: pushes (group, message) to the table's
    consumers, and tasks that may block (sending an AI turn to the broker, notices by email)."""

    pushes: list[tuple[str, dict]] = field(default_factory=list)
    tasks: list[Callable[[], None]] = field(default_factory=list)

    def on_commit(self) -> None:
        """Leave it to Django's transaction (the sync path)."""
        if self.pushes:
            transaction.on_commit(lambda: publish.send_now_rollback_unsafe(self.pushes), robust=True)
        for task in self.tasks:
            transaction.on_commit(task, robust=True)


def send_ai_turn(table_id: int, seat: int, expected_seq: int, strength: str) -> None:
    """Ask for a bot's move by name (settings.AI_TURN_SENDER): the command path never imports the
    workers that play it."""
    import_string(settings.AI_TURN_SENDER)(table_id, seat, expected_seq, strength)


@dataclass
class HeadMove:
    """A command whose head has moved: its writes wait in `batch`, and `finish` turns what they
    returned into what happens after the commit. Whoever holds the transaction runs the batch
    (the sync path in Django's, the websocket's on the event loop, tables.moves_on_loop)."""

    table: Table
    batch: store.Batch
    schedule: deadlines.Schedule
    appended: Appended | None
    seats_changed: bool
    ended_turns: list[int] = field(default_factory=list)  # seats that were to act and are no more
    frames: dict | None = None  # of the new head, once built (`prepare_frames`)

    def prepare_frames(self) -> None:
        """Build the new head's frames, but for the deadlines the writes return: a writer that
        waits on PostgreSQL builds them meanwhile."""
        appended = self.appended
        if appended is not None and self.frames is None:
            self.frames = new_head_frames(appended.engine, self.table, appended.state, appended.events,
                                          appended.actor, appended.by, seats_of(self.table),
                                          publish.spectators_may_watch(publish.group_name(self.table.pk)))

    def finish(self, results: list[list[tuple]]) -> AfterCommit:
        table, seats, after = self.table, seats_of(self.table), AfterCommit()
        if table.status == Table.Status.RUNNING:
            after.tasks += [functools.partial(send_ai_turn, table.pk, index, table.head_seq, seats[index].bot_strength)
                            for index in table.to_act
                            if seats[index].bot_plays and not deadlines.ticker_plays(seats, index)]
        after.tasks += notices.answered_notices(table, self.ended_turns)
        if table.status == Table.Status.RUNNING:
            after.tasks += notices.turn_notices(table, self.schedule.new_turns)
        elif self.appended is not None and table.status == Table.Status.FINISHED:  # this command ended the game
            if ratings.is_due(table):
                after.tasks.append(functools.partial(ratings.rate_table, table.pk))
            after.tasks += notices.ended_notices(table, seats)
        if self.appended is not None:
            self.prepare_frames()
            frames = head_frame_texts(self.frames, table, self.schedule.move_due(results))
            after.pushes.append(publish.frames_message(table.pk, self.appended.events[0][0], table.head_seq, frames))
        if self.seats_changed:
            after.pushes.append(publish.changed_message(table.pk))
        return after


def head_moved(
    table: Table, previous_to_act: set[int], acted: int | None, appended: Appended | None = None,
    seats_changed: bool = False,
) -> HeadMove:
    """Queue the deadlines' writes in the same batch as the events (the same transaction)."""
    batch = appended.batch if appended is not None else store.Batch()
    schedule = deadlines.reschedule(table, seats_of(table), previous_to_act, acted, batch)
    return HeadMove(table, batch, schedule, appended, seats_changed, sorted(set(previous_to_act) - set(table.to_act)))


def after_head_moved(
    table: Table, previous_to_act: set[int], acted: int | None, appended: Appended | None = None,
    seats_changed: bool = False,
) -> None:
    """`head_moved`, its batch run in Django's transaction; push, AI turns and notices after it commits."""
    move = head_moved(table, previous_to_act, acted, appended, seats_changed)
    move.finish(move.batch.run()).on_commit()


# What a move changes in the table's row (a full save would rewrite the options and the seed too).
HEAD_FIELDS = ["status", "started_at", "finished_at", "seed", "seed_hash", "head_seq", "snapshot", "to_act",
               "turn_began", "outcome"]
EVENT_FIELDS = ["table", "seq", "type", "payload", "seat", "command_id", "created_at"]


def do_append(table: Table, engine: Engine, state: Any, events: list[dict], seat: int | None, command_id: str,
              batch: store.Batch | None = None) -> Appended:
    """Append `events` after the head and move the head (snapshot, to_act, outcome) past them."""
    first = table.head_seq + 1
    batch, now = batch or store.Batch(), timezone.now()
    store.insert(batch, Event, EVENT_FIELDS,
                 [[table.pk, first + i, e["type"], e, seat, command_id, now] for i, e in enumerate(events)])
    state = fold(engine, events, state)
    previous_to_act = set(table.to_act)
    table.head_seq = first + len(events) - 1
    table.snapshot = engine.dump(state)
    keep_state(table, state)
    table.to_act = sorted(engine.to_act(state))
    table.turn_began = turns_begun(table, previous_to_act, seat)
    outcome = engine.outcome(state)
    if outcome is not None:
        table.outcome = {**outcome, **seats_out(seats_of(table))}
        table.status = Table.Status.FINISHED
        table.finished_at = now
        table.to_act, table.turn_began = [], {}
    store.update(batch, Table, {name: getattr(table, name) for name in HEAD_FIELDS}, "id = %s", [table.pk])
    return Appended(engine, state, [(first + i, e) for i, e in enumerate(events)], seat, mover(command_id, seat),
                    batch)


def seats_out(seats: list[Seat]) -> dict[str, list[int]]:
    """The outcome's lists of the seats whose players gave up the game ("forfeited" after their
    timeouts or by resigning, "resigned"), each only where it has any."""
    lists = {"forfeited": [seat.index for seat in seats if seat.forfeited],
             "resigned": [seat.index for seat in seats if seat.resigned]}
    return {name: seats for name, seats in lists.items() if seats}


def turns_begun(table: Table, previous_to_act: set[int], acted: int | None) -> dict[str, int]:
    """When the turn of each seat to act began: now, unless the seat keeps the turn it had (as
    its clock does, `deadlines.keeps_turn`)."""
    began = {}
    for seat in table.to_act:
        kept = deadlines.keeps_turn(seat, previous_to_act, acted) and str(seat) in table.turn_began
        began[str(seat)] = table.turn_began[str(seat)] if kept else table.head_seq
    return began
