"""The one module that decides what a command writes and what follows its commit.

Each command runs in one transaction that locks the table's head row. `check_…` functions
raise (Refused, or the engine's IllegalAction) and write nothing; `do_…` functions write (a
move queues its writes in one batch), and push, dispatch AI turns and send notices only after
the commit. The websocket's moves take the same steps on the event loop (tables.loop_store).
"""
from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from engines import registry
from engines.bots import STRENGTHS
from engines.core import Engine, IllegalAction, check_seat, command_rng, fold, resolve_options, seed_hash, start
from tables import deadlines, notices, publish, quotas, store
from tables.errors import Refused, forbidden, not_found
from tables.models import Event, Seat, Table
from tables.reading import engine_of, event_frame, head_state, names_of, new_head_frames

ACTORS = ("player", "bot", "timeout")
# The bot of AI seats created without a strength, and of seats filled at the start.
DEFAULT_STRENGTH = "greedy"
MAX_COMMAND_ID = 100


# ----------------------------------------------------------------------------- shared steps


def lock_table(table_id: int, command_id: str | None = None) -> Table:
    """The table's head row, locked for this command (with the events of `command_id`, if given,
    in `command_rows`)."""
    table = store.read_head(table_id, command_id)
    if table is None:
        raise not_found()
    return table


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


def send_ai_turn(table_id: int, seat: int, expected_seq: int) -> None:
    """Ask for a bot's move by name (settings.AI_TURN_SENDER): the command path never imports the
    workers that play it."""
    import_string(settings.AI_TURN_SENDER)(table_id, seat, expected_seq)


@dataclass
class HeadMove:
    """A command whose head has moved: its writes wait in `batch`, and `finish` turns what they
    returned into what happens after the commit. Whoever holds the transaction runs the batch
    (the sync path in Django's, the websocket's on the event loop, tables.loop_store)."""

    table: Table
    batch: store.Batch
    schedule: deadlines.Schedule
    appended: Appended | None
    seats_changed: bool

    def finish(self, results: list[list[tuple]]) -> AfterCommit:
        table, seats, after = self.table, seats_of(self.table), AfterCommit()
        if table.status == Table.Status.RUNNING and not deadlines.paced(seats):
            after.tasks += [functools.partial(send_ai_turn, table.pk, index, table.head_seq)
                            for index in table.to_act if seats[index].bot_plays]
        if table.status == Table.Status.RUNNING:
            after.tasks += notices.turn_notices(table, self.schedule.new_turns)
        if self.appended is not None:
            appended = self.appended
            frames = new_head_frames(appended.engine, table, appended.state, appended.events, appended.actor,
                                     names_of(seats), self.schedule.move_due(results))
            after.pushes.append(publish.frames_message(table.pk, appended.events[0][0], table.head_seq, frames))
        if self.seats_changed:
            after.pushes.append(publish.changed_message(table.pk))
        return after

    @property
    def result(self) -> dict:
        """What the acting seat is told (a move's head only)."""
        return command_result(self.appended.engine, self.table, self.appended.actor, self.appended.events)


def head_moved(
    table: Table, previous_to_act: set[int], acted: int | None, appended: Appended | None = None,
    seats_changed: bool = False,
) -> HeadMove:
    """Queue the deadlines' writes in the same batch as the events (the same transaction)."""
    batch = appended.batch if appended is not None else store.Batch()
    schedule = deadlines.reschedule(table, seats_of(table), previous_to_act, acted, batch)
    return HeadMove(table, batch, schedule, appended, seats_changed)


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
    table.to_act = sorted(engine.to_act(state))
    table.turn_began = turns_begun(table, previous_to_act, seat)
    outcome = engine.outcome(state)
    if outcome is not None:
        forfeited = [seat.index for seat in seats_of(table) if seat.forfeited]
        table.outcome = {**outcome, "forfeited": forfeited} if forfeited else outcome
        table.status = Table.Status.FINISHED
        table.finished_at = now
        table.to_act, table.turn_began = [], {}
    store.update(batch, Table, {name: getattr(table, name) for name in HEAD_FIELDS}, "id = %s", [table.pk])
    return Appended(engine, state, [(first + i, e) for i, e in enumerate(events)], seat, batch)


def turns_begun(table: Table, previous_to_act: set[int], acted: int | None) -> dict[str, int]:
    """When the turn of each seat to act began: now, unless the seat keeps the turn it had (as
    its clock does, `deadlines.keeps_turn`)."""
    began = {}
    for seat in table.to_act:
        kept = deadlines.keeps_turn(seat, previous_to_act, acted) and str(seat) in table.turn_began
        began[str(seat)] = table.turn_began[str(seat)] if kept else table.head_seq
    return began


# ----------------------------------------------------------------------------- creating a table


@dataclass
class SeatPlan:
    kind: str
    user: Any = None
    strength: str = ""


@dataclass
class TablePlan:
    game: str
    players: int
    options: dict
    time_kind: str
    seconds_per_move: int
    max_timeouts: int
    on_idle: str
    fill_with_ai: bool
    seats: list[SeatPlan] = field(default_factory=list)


def check_new_table(user, data: dict) -> TablePlan:
    """`data` is shaped by the API serializer; here the game decides what is allowed."""
    try:
        engine = registry.get(data["game"])
    except KeyError:
        raise Refused("unknown_game", f"There is no game called {data['game']!r}.") from None
    players = data["players"]
    if not engine.min_players <= players <= engine.max_players:
        raise IllegalAction(
            "bad_player_count", f"{engine.title} is for {engine.min_players} to {engine.max_players} players."
        )
    options = resolve_options(engine, data.get("options"))
    if len(data["seats"]) != players:
        raise Refused("bad_seats", f"Give exactly {players} seats.")
    seats = [check_seat_plan(user, seat) for seat in data["seats"]]
    seated = [seat.user.pk for seat in seats if seat.user]
    if len(seated) != len(set(seated)):
        raise Refused("bad_seats", "A player may hold only one seat at a table.")
    quotas.check_may_open(user, all(seat.kind == Seat.Kind.AI for seat in seats))
    time = data["time_control"]
    seconds = time["seconds"] if time["kind"] == Table.TimeKind.LIVE else time["days"] * deadlines.DAY
    return TablePlan(
        game=engine.name,
        players=players,
        options=options,
        time_kind=time["kind"],
        seconds_per_move=seconds,
        max_timeouts=time.get("max_timeouts", 3),
        on_idle=time.get("on_idle", Table.OnIdle.BOT),
        fill_with_ai=data.get("fill_with_ai", False),
        seats=seats,
    )


def check_seat_plan(user, seat: dict) -> SeatPlan:
    kind = seat["kind"]
    if kind == "me":
        return SeatPlan(Seat.Kind.HUMAN, user)
    if kind == "open":
        return SeatPlan(Seat.Kind.OPEN)
    if kind == "invite":
        invited = get_user_model().objects.filter(username=seat.get("username", "")).first()
        if invited is None:
            raise Refused("unknown_user", f"There is no user called {seat.get('username')!r}.")
        return SeatPlan(Seat.Kind.INVITE, invited)
    strength = seat.get("strength") or DEFAULT_STRENGTH
    if strength not in STRENGTHS:
        raise Refused("bad_strength", f"AI strength must be one of: {', '.join(STRENGTHS)}.")
    return SeatPlan(Seat.Kind.AI, strength=strength)


def do_create_table(user, plan: TablePlan) -> Table:
    table = Table.objects.create(
        game=plan.game,
        players=plan.players,
        options=plan.options,
        time_kind=plan.time_kind,
        seconds_per_move=plan.seconds_per_move,
        max_timeouts=plan.max_timeouts,
        on_idle=plan.on_idle,
        fill_with_ai=plan.fill_with_ai,
        created_by=user,
    )
    Seat.objects.bulk_create(
        Seat(table=table, index=i, kind=s.kind, user=s.user, strength=s.strength) for i, s in enumerate(plan.seats)
    )
    return table


def create_table(user, data: dict) -> Table:
    plan = check_new_table(user, data)
    with transaction.atomic():
        return do_create_table(user, plan)


# ----------------------------------------------------------------------------- seats before the start


def check_open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise Refused("not_open", "The table has already started or ended.", 409)


def check_join(table: Table, user, seat: int | None) -> Seat:
    check_open(table)
    if table.seats.filter(user=user, kind=Seat.Kind.HUMAN).exists():
        raise Refused("already_seated", "You already have a seat at this table.", 409)
    free = table.seats.filter(kind=Seat.Kind.OPEN) | table.seats.filter(kind=Seat.Kind.INVITE, user=user)
    if seat is not None:
        free = free.filter(index=seat)
    chosen = free.order_by("kind", "index").first()  # "invite" sorts before "open"
    if chosen is None:
        raise Refused("no_seat", "There is no free seat for you at this table.", 409)
    return chosen


def do_take_seat(table: Table, seat: Seat, user) -> None:
    seat.kind, seat.user = Seat.Kind.HUMAN, user
    seat.save()
    AfterCommit(pushes=[publish.changed_message(table.pk)]).on_commit()


def join(table_id: int, user, seat: int | None = None) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        do_take_seat(table, check_join(table, user, seat), user)
    return table


def check_leave(table: Table, user) -> Seat:
    check_open(table)
    seat = table.seats.filter(user=user, kind=Seat.Kind.HUMAN).first()
    if seat is None:
        raise forbidden("You have no seat at this table.")
    return seat


def do_free_seat(table: Table, seat: Seat) -> None:
    seat.kind, seat.user = Seat.Kind.OPEN, None
    seat.save()
    AfterCommit(pushes=[publish.changed_message(table.pk)]).on_commit()


def leave(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        do_free_seat(table, check_leave(table, user))
    return table


# ----------------------------------------------------------------------------- start, abandon, return


def check_start(table: Table, user) -> None:
    check_open(table)
    if table.created_by_id != user.pk:
        raise forbidden("Only the table's creator may start it.")
    if table.seats.filter(kind=Seat.Kind.INVITE).exists():
        raise Refused("invites_pending", "Some invited players have not joined yet.", 409)
    if table.seats.filter(kind=Seat.Kind.OPEN).exists() and not table.fill_with_ai:
        raise Refused("seats_open", "Some seats are still open.", 409)
    quotas.check_may_start(user, not table.seats.filter(kind=Seat.Kind.HUMAN).exists())


def do_start(table: Table) -> None:
    """Fill open seats with AI, commit to a secret seed and append the setup events."""
    for seat in seats_of(table):
        if seat.kind == Seat.Kind.OPEN:
            seat.kind, seat.strength = Seat.Kind.AI, DEFAULT_STRENGTH
            seat.save(update_fields=["kind", "strength"])
    engine = engine_of(table)
    table.seed = secrets.token_hex(32)
    table.seed_hash = seed_hash(table.seed)
    table.status = Table.Status.RUNNING
    table.started_at = timezone.now()
    _, events = start(engine, table.players, table.options, command_rng(table.seed, 0))
    appended = do_append(table, engine, None, events, None, "setup")
    after_head_moved(table, set(), None, appended)


def start_table(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        check_start(table, user)
        do_start(table)
    return table


def check_abandon(table: Table, user) -> None:
    if table.status not in (Table.Status.OPEN, Table.Status.RUNNING):
        raise Refused("game_over", "The table has already ended.", 409)
    if table.created_by_id != user.pk and not user.is_staff:
        raise forbidden("Only the table's creator may abandon it.")


def do_abandon(table: Table) -> None:
    table.status = Table.Status.ABANDONED
    table.finished_at = timezone.now()
    table.to_act, table.turn_began = [], {}
    table.save(update_fields=HEAD_FIELDS)
    after_head_moved(table, set(), None, seats_changed=True)


def abandon(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        check_abandon(table, user)
        do_abandon(table)
    return table


def check_back(table: Table, user) -> Seat:
    check_running(table)
    seat = next((seat for seat in seats_of(table) if seat.user_id == user.pk and seat.kind == Seat.Kind.HUMAN), None)
    if seat is None:
        raise forbidden("You have no seat at this table.")
    if seat.forfeited:
        raise forbidden("You forfeited this game; a bot plays your seat to the end.")
    if not seat.standin:  # else calling back/ would restart one's own clock
        raise Refused("not_away", "You already play your seat yourself.", 409)
    return seat


def do_back(table: Table, seat: Seat) -> None:
    """The player takes their seat back from the stand-in bot."""
    seat.standin, seat.timeouts = False, 0
    seat.save()
    to_act = set(table.to_act)
    after_head_moved(table, to_act - {seat.index}, None, seats_changed=True)


def back(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        do_back(table, check_back(table, user))
    return table


# ----------------------------------------------------------------------------- actions


def check_running(table: Table) -> None:
    if table.status == Table.Status.OPEN:
        raise Refused("not_started", "The game has not started yet.", 409)
    if table.status != Table.Status.RUNNING:
        raise Refused("game_over", "The game is over.", 409)


def check_command_id(command_id: Any) -> str:
    """A client's command id: printable text (a NUL byte cannot be stored in PostgreSQL)."""
    if not isinstance(command_id, str) or not 0 < len(command_id) <= MAX_COMMAND_ID or not command_id.isprintable():
        raise Refused("bad_command_id", f"command_id must be 1 to {MAX_COMMAND_ID} printable characters.")
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
        raise Refused("bad_expected_seq", "expected_seq must be an integer.")
    began = table.turn_began.get(str(seat)) if seat in table.to_act else None
    in_turn = began is not None and began <= expected_seq <= table.head_seq
    if expected_seq != table.head_seq and not in_turn:
        raise Refused(
            "stale_seq",
            f"The game has moved on: expected seq {expected_seq}, head is {table.head_seq}.",
            409,
            head_seq=table.head_seq,
        )


def check_actor(table: Table, seat: int, actor: str) -> Seat:
    """Who may move a seat: its player (also taking it back from a bot), a bot, or the clock."""
    row = next((row for row in seats_of(table) if row.index == seat), None)
    if row is None:
        raise IllegalAction("bad_seat", f"There is no seat {seat!r} at this table.")
    if actor == "player" and row.forfeited:
        raise forbidden("You forfeited this game; a bot plays your seat to the end.")
    if actor == "bot" and not row.bot_plays:
        raise Refused("not_bot_seat", "A player, not a bot, holds this seat.", 409)
    if actor == "timeout" and row.bot_plays:
        raise Refused("not_idle", "A bot already plays this seat.", 409)
    return row


def check_action(engine: Engine, table: Table, state: Any, seat: int, action: Any) -> list[dict]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", 'An action is a JSON object with a "type".')
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


def earlier_result(table: Table, seat: int) -> dict | None:
    """The result of the command already applied under this command's key (None if there is
    none): `table` comes from lock_table with the key, which names the seat."""
    rows = table.command_rows
    if not rows:
        return None
    return command_result(engine_of(table), table, seat, [(row.seq, row.payload) for row in rows])


def command_result(engine: Engine, table: Table, seat: int, events: list[tuple[int, dict]]) -> dict:
    """What the acting seat is told: its command's events as it may see them."""
    names = names_of(seats_of(table))
    return {
        "seq": events[-1][0],
        "events": [
            {**event_frame(engine, seq, event, seat, seat, names), "type": event["type"]} for seq, event in events
        ],
    }


def plan_move(table: Table, seat: int, action: Any, expected_seq: Any, command_id: str, actor: str) -> HeadMove | dict:
    """`table` read locked with `command_id` (a `command_key`): the earlier result of this command, or the
    move, its writes not yet run. Raises (and writes nothing) when the move is refused."""
    earlier = earlier_result(table, seat)
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
    return Refused("stale_seq", "Another command took this seq; reload and try again.", 409, head_seq=head_seq)


def submit(table_id: int, seat: int, action: Any, expected_seq: Any, command_id: Any, actor: str = "player") -> dict:
    """Play `action` for `seat`: the command path of every move, whoever makes it (the
    websocket's runs the same steps on the event loop: tables.loop_store.submit). `command_id`
    is the actor's own: a client's for "player", the head seq it was chosen at for the server's."""
    assert actor in ACTORS
    command_id = command_key(actor, seat, check_command_id(command_id) if actor == "player" else command_id)
    try:
        with transaction.atomic():
            move = plan_move(lock_table(table_id, command_id), seat, action, expected_seq, command_id, actor)
            if isinstance(move, dict):
                return move
            move.finish(move.batch.run()).on_commit()
    except IntegrityError:
        raise seq_taken(Table.objects.filter(pk=table_id).values_list("head_seq", flat=True).first()) from None
    return move.result
