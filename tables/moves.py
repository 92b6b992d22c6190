"""A move, whoever makes it (a player, a bot, the clock): validated against the head, appended,
and followed by its pushes. The steps are one generator (`move_steps`) that yields the batches
to run in the move's transaction; `submit` runs them in Django's transaction and
tables.moves_on_loop on the websocket's event loop.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.db import DataError, IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from engines.core import Engine, IllegalAction, check_seat, command_rng
from tables import store
from tables.errors import Refused, forbidden, not_found
from tables.heads import (
    AfterCommit,
    HeadMove,
    check_running,
    do_append,
    head_moved,
    seats_of,
)
from tables.models import Event, Seat, Table
from tables.reading import engine_of, event_frame, head_state, names_of

ACTORS = ("player", "bot", "timeout")
MAX_COMMAND_ID = 100


def check_command_id(command_id: Any) -> str:
    """A client's command id: printable text (a NUL byte cannot be stored in PostgreSQL)."""
    if not isinstance(command_id, str) or not 0 < len(command_id) <= MAX_COMMAND_ID or not command_id.isprintable():
        raise Refused("bad_command_id", _("command_id must be 1 to %(most)d printable characters.") % {"most": MAX_COMMAND_ID})
    return command_id


def command_key(actor: str, seat: int, command_id: str) -> str:
    """The stored id of a command: the actor's space ("player", "bot", "timeout"), the seat, then
    the id the actor chose. Clients write only in their own seat's "player" space, so no client
    can take an id that a bot, a clock or another seat will use."""
    return f"{actor}:{seat}:{command_id}"


def check_expected_seq(table: Table, seat: int, expected_seq: Any) -> None:
    """The action was chosen at the head, or during the seat's turn while only others moved
    (simultaneous decisions, such as sealed bids, do not wait on each other)."""
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        raise Refused("bad_expected_seq", _("expected_seq must be an integer."))
    began = table.turn_began.get(str(seat)) if seat in table.to_act else None
    in_turn = began is not None and began <= expected_seq <= table.head_seq
    if expected_seq != table.head_seq and not in_turn:
        raise Refused(
            "stale_seq",
            # head_seq tells a client where the game is; the words are for a player
            _("The game moved on before your move arrived: look at the table again and choose anew."),
            409,
            head_seq=table.head_seq,
        )


def check_actor(table: Table, seat: int, actor: str) -> Seat:
    """Who may move a seat: its player (also taking it back from a bot), a bot, or the clock."""
    row = next((row for row in seats_of(table) if row.index == seat), None)
    if row is None:
        raise IllegalAction("bad_seat", _("There is no seat %(seat)s at this table.") % {"seat": seat})
    if actor == "player" and row.resigned:
        raise forbidden(_("You resigned; a bot plays your seat to the end."))
    if actor == "player" and row.forfeited:
        raise forbidden(_("You forfeited this game; a bot plays your seat to the end."))
    if actor == "bot" and not row.bot_plays:
        raise Refused("not_bot_seat", _("A player, not a bot, holds this seat."), 409)
    if actor == "timeout" and row.bot_plays:
        raise Refused("not_idle", _("A bot already plays this seat."), 409)
    return row


def check_action(engine: Engine, table: Table, state: Any, seat: int, action: Any) -> list[dict]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", _('An action is a JSON object with a "type".'))
    check_seat(engine, state, seat)
    return engine.decide(state, seat, action, command_rng(table.seed, table.head_seq))


# What a move may change in its seat's row.
IDLE_FIELDS = ["timeouts", "standin", "forfeited"]


def do_record_actor(table: Table, seat: Seat, actor: str, batch: store.Batch) -> None:
    """A player's own move resets the idle count; a timed-out move adds to it (written in the
    move's batch)."""
    if actor == "player" and (seat.timeouts or seat.standin):
        seat.timeouts, seat.standin = 0, False
    elif actor == "timeout":
        seat.timeouts += 1
        if seat.timeouts >= table.max_timeouts:
            seat.standin = table.on_idle == Table.OnIdle.BOT
            seat.forfeited = table.on_idle == Table.OnIdle.FORFEIT
    else:
        return
    store.update(batch, Seat, {name: getattr(seat, name) for name in IDLE_FIELDS}, "id = %s", [seat.pk])


def do_play(table: Table, seat: Seat, events: list[dict], engine: Engine, state: Any, command_id: str,
            actor: str) -> HeadMove:
    """The move's writes, queued in one batch for whoever holds the transaction to run."""
    previous_to_act, batch = set(table.to_act), store.Batch()
    do_record_actor(table, seat, actor, batch)  # first: a forfeit counts in the outcome
    appended = do_append(table, engine, state, events, seat.index, command_id, batch)
    return head_moved(table, previous_to_act, seat.index, appended)


def earlier_result(table: Table, seat: int, actor: str) -> dict | None:
    """The result of the command already applied under this command's key (None if there is
    none): `table` is read with the key, which names the actor and the seat."""
    rows = table.command_rows
    if not rows:
        return None
    return command_result(engine_of(table), table, seat, [(row.seq, row.payload) for row in rows], actor)


def command_result(engine: Engine, table: Table, seat: int, events: list[tuple[int, dict]], by: str) -> dict:
    """What the acting seat is told: its command's events as it may see them."""
    names = names_of(seats_of(table))
    return {
        "seq": events[-1][0],
        "events": [
            {**event_frame(engine, seq, event, seat, seat, names, by), "type": event["type"]}
            for seq, event in events
        ],
    }


def plan_move(table: Table, seat: int, action: Any, expected_seq: Any, command_id: str, actor: str) -> HeadMove | dict:
    """`table` read locked with `command_id` (a `command_key`): the earlier result of this command, or the
    move, its writes not yet run. Raises (and writes nothing) when the move is refused."""
    earlier = earlier_result(table, seat, actor)
    if earlier is not None:
        return earlier
    check_running(table)
    check_expected_seq(table, seat, expected_seq)
    seat_row = check_actor(table, seat, actor)
    engine = engine_of(table)
    state = head_state(table)
    events = check_action(engine, table, state, seat, action)
    return do_play(table, seat_row, events, engine, state, command_id, actor)


def seq_taken(head_seq: int | None) -> Refused:
    """The unique (table, seq) key caught a writer that slipped past the lock."""
    return Refused("stale_seq", _("Another move arrived first: look at the table again and choose anew."), 409,
                   head_seq=head_seq)


def move_steps(table_id: int, seat: int, action: Any, expected_seq: Any, key: str, actor: str):
    """The steps of one move, whoever holds its transaction: yields the batch of the locked read
    of the head, then the batch of the move's writes, and is sent what each returned. Returns
    the earlier result of a repeated command, or the move and what follows its commit."""
    table = store.head_from_rows((yield store.head_batch(table_id, key)))
    if table is None:
        raise not_found()
    move = plan_move(table, seat, action, expected_seq, key, actor)
    if isinstance(move, dict):
        return Played(move, None, None)
    return Played(None, move, move.finish((yield move.batch)))


@dataclass
class Played:
    """A move's end: the earlier result of a repeated command, or the move and its after-commit."""

    earlier: dict | None
    move: HeadMove | None
    after: AfterCommit | None

    def result(self) -> dict:
        """What the acting seat is told: its command's events as it may see them."""
        if self.earlier is not None:
            return self.earlier
        appended = self.move.appended
        return command_result(appended.engine, self.move.table, appended.actor, appended.events, appended.by)


def run_steps(steps, run) -> Played:
    """Drive `move_steps`, running each batch it yields with `run`."""
    try:
        batch = next(steps)
        while True:
            batch = steps.send(run(batch))
    except StopIteration as end:
        return end.value


def player_key(seat: int, command_id: Any) -> str:
    return command_key("player", seat, check_command_id(command_id))


def submit(table_id: int, seat: int, action: Any, expected_seq: Any, command_id: Any) -> dict:
    """A player's move in Django's transaction (REST, and the websocket on SQLite); returns what
    the seat is told."""
    return play(table_id, seat, action, expected_seq, player_key(seat, command_id), "player").result()


def submit_for(table: Table, seat: int, action: Any, actor: str) -> None:
    """A move the server makes for `seat` (actor "bot" or "timeout") on `table`, the head it was
    chosen at (`store.read_head` without a lock), keyed by that head, so that a repeat of it
    changes nothing. Written on that head in one round trip while it still holds, else played
    from the store."""
    assert actor in ACTORS and actor != "player"
    expected_seq = table.head_seq  # planning on `table` moves it on
    key = command_key(actor, seat, str(expected_seq))
    if not play_on_head(table, seat, action, expected_seq, key, actor):
        play(table.pk, seat, action, expected_seq, key, actor)


@functools.cache
def head_checks() -> tuple[str, str, str]:
    """The statements around a move planned on a head read earlier: lock the row if its version
    is still the one read, find no event under the command's key (each fails by dividing by
    zero, which aborts the transaction), and read the version the move leaves."""
    tables, events = Table._meta.db_table, Event._meta.db_table
    return (
        f"SELECT 1 / count(*)::int FROM (SELECT 1 FROM {tables} WHERE id = %s AND version = %s FOR UPDATE) held",
        f"SELECT 1 / (1 - count(*))::int FROM (SELECT 1 FROM {events} WHERE table_id = %s AND command_id = %s "
        "LIMIT 1) repeated",
        f"SELECT version FROM {tables} WHERE id = %s",
    )


def written_on_head(table: Table, planned: list[tuple[HeadMove, str]]) -> tuple[store.Batch, list[slice]]:
    """The writes of the `planned` moves (each with its command key), planned one after another
    on `table` as read earlier (with its `version`), behind the checks that make them hold only
    on that head (`head_checks`); and where each move's own results lie in what the batch
    returns (between the checks and the version read at the end)."""
    lock, unrepeated, version = head_checks()
    batch = store.Batch()
    batch.add(lock, [table.pk, table.version])
    for _, key in planned:
        batch.add(unrepeated, [table.pk, key])
    spans = []
    for move, _ in planned:
        start = len(batch.statements)
        batch.statements += move.batch.statements
        spans.append(slice(start, len(batch.statements)))
    batch.add(version, [table.pk])
    return batch, spans


def plan_on_head(table: Table, seat: int, action: Any, expected_seq: Any, key: str, actor: str) -> HeadMove | None:
    """The move planned on `table`, a head read earlier; None when it is refused there (the copy
    may be behind the store, which then decides)."""
    table.command_rows = []  # the key's absence is checked in the write
    try:
        return plan_move(table, seat, action, expected_seq, key, actor)
    except (Refused, IllegalAction):
        return None


def play_on_head(table: Table, seat: int, action: Any, expected_seq: int, key: str, actor: str) -> bool:
    """A server's move on `table` (read without a lock, with its seats) in one round trip, BEGIN
    to COMMIT, outside Django's transactions; False, writing nothing, when the head has moved on,
    the command was made before, the move is refused on that copy, or the database (SQLite)
    or an enclosing transaction cannot take it."""
    if connection.vendor != "postgresql" or not connection.get_autocommit():
        return False
    move = plan_on_head(table, seat, action, expected_seq, key, actor)
    if move is None:
        return False
    batch, (span,) = written_on_head(table, [(move, key)])
    try:
        results = batch.run_in_one_transaction()
    except (DataError, IntegrityError):  # a check divided by zero, or a unique key caught a writer
        return False
    move.finish(results[span]).on_commit()  # in autocommit: at once
    return True


def play(table_id: int, seat: int, action: Any, expected_seq: Any, key: str, actor: str) -> Played:
    try:
        with transaction.atomic():
            played = run_steps(move_steps(table_id, seat, action, expected_seq, key, actor), store.Batch.run)
            if played.after is not None:
                played.after.on_commit()
    except IntegrityError:
        raise seq_taken(Table.objects.filter(pk=table_id).values_list("head_seq", flat=True).first()) from None
    return played
