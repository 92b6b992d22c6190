"""A table's life before and around its game: created, seats taken and left, started,
abandoned, a seat resigned or taken back from its stand-in, and a table of bots abandoned once
its one player has left it (the moves are tables.moves)."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engines import registry
from engines.bots import STRENGTHS
from engines.core import IllegalAction, command_rng, resolve_options, seed_hash, start
from tables import bot_accounts, deadlines, guides, invitations, notices, publish, quotas
from tables.errors import Refused, forbidden
from tables.heads import (
    HEAD_FIELDS,
    AfterCommit,
    after_head_moved,
    check_running,
    do_append,
    lock_table,
    seats_of,
)
from tables.models import DEFAULT_STRENGTH, Notice, Seat, Table
from tables.moves import command_key
from tables.reading import engine_of, head_state

# The bot of AI seats created without a strength, and of seats filled at the start.


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
    rated: bool
    seats: list[SeatPlan] = field(default_factory=list)
    guided: bool = False


def check_new_table(user, data: dict) -> TablePlan:
    """`data` is shaped by the API serializer; here the game decides what is allowed."""
    try:
        engine = registry.get(data["game"])
    except KeyError:
        raise Refused("unknown_game", _("There is no game called “%(name)s”.") % {"name": data["game"]}) from None
    players = data["players"]
    if not engine.min_players <= players <= engine.max_players:
        raise IllegalAction(
            "bad_player_count", _("%(game)s is for %(min)d to %(max)d players.")
            % {"game": registry.title(engine.name), "min": engine.min_players, "max": engine.max_players}
        )
    options = resolve_options(engine, data.get("options"), players)
    if len(data["seats"]) != players:
        raise Refused("bad_seats", _("Give exactly %(count)d seats.") % {"count": players})
    seats = [check_seat_plan(user, seat) for seat in data["seats"]]
    seated = [seat.user.pk for seat in seats if seat.user]
    if len(seated) != len(set(seated)):
        raise Refused("bad_seats", _("A player may hold only one seat at a table."))
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
        rated=data.get("rated", True),
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
            raise Refused("unknown_user",
                          _("There is no player called “%(name)s”.") % {"name": seat.get("username") or ""})
        if invited.pk == user.pk:
            raise Refused("invite_self", _("You cannot invite yourself: choose “Me” for your own seat."))
        invitations.check_may_invite(user, invited)
        return SeatPlan(Seat.Kind.INVITE, invited)
    strength = seat.get("strength") or DEFAULT_STRENGTH
    if strength not in STRENGTHS:
        raise Refused("bad_strength", _("AI strength must be one of: %(names)s.") % {"names": ", ".join(STRENGTHS)})
    return SeatPlan(Seat.Kind.AI, strength=strength)


def do_create_table(user, plan: TablePlan, rematch_of: Table | None = None) -> Table:
    table = Table.objects.create(
        rematch_of=rematch_of,
        game=plan.game,
        players=plan.players,
        options=plan.options,
        time_kind=plan.time_kind,
        seconds_per_move=plan.seconds_per_move,
        max_timeouts=plan.max_timeouts,
        on_idle=plan.on_idle,
        fill_with_ai=plan.fill_with_ai,
        rated=plan.rated,
        guided=plan.guided,
        created_by=user,
    )
    Seat.objects.bulk_create(
        Seat(table=table, index=i, kind=s.kind, user=s.user, strength=s.strength) for i, s in enumerate(plan.seats)
    )
    return table


def invited_in(plan: TablePlan) -> list:
    return [seat.user for seat in plan.seats if seat.kind == Seat.Kind.INVITE]


def create_table(user, data: dict) -> Table:
    plan = check_new_table(user, data)
    invitations.count_sent(user, invited_in(plan))
    with transaction.atomic():
        table = do_create_table(user, plan)
        AfterCommit(tasks=notices.invite_notices(table)).on_commit()
    return table


# A newcomer's table against bots: three seats where the game allows (a short wait between one's
# turns, and no game's two-player changes), the default bots, unrated, and a live clock (it runs
# only while people wait, so never here).
QUICK_PLAYERS = 3
QUICK_SECONDS = 120


def play_against_bots(user, game: str) -> Table:
    """A table of `user` and bots at the known `game`'s default options, started at once."""
    engine = registry.get(game)
    players = min(max(QUICK_PLAYERS, engine.min_players), engine.max_players)
    plan = check_new_table(user, {
        "game": game, "players": players, "options": {}, "rated": False,
        "time_control": {"kind": Table.TimeKind.LIVE, "seconds": QUICK_SECONDS},
        "seats": [{"kind": "me"}] + [{"kind": "ai", "strength": DEFAULT_STRENGTH}] * (players - 1),
    })
    with transaction.atomic():
        quotas.check_may_start(user, False)
        table = do_create_table(user, plan)
        do_start(lock_table(table.pk))
    return table


# A guided game waits for its player as long as a correspondence game (it is played in sittings):
# only bots wait for them, so no clock runs, and the table is abandoned after three times this.
GUIDED_DAYS = 7


def learn(user, game: str) -> tuple[Table, bool]:
    """The person's guided game of `game` (tables.guides): the one they are playing, to resume, or
    a new one, started at once. Returns it and whether it is new. One per game and person at a
    time, so it is left out of the table quotas; a bot account, a program, has none (each would
    otherwise bring its owner more)."""
    guide = guides.guide(game)
    if bot_accounts.is_bot(user):
        raise forbidden(_("Guided games are for people: a bot account cannot play one."))
    with transaction.atomic():
        lock_person(user)
        running = Table.objects.filter(created_by=user, game=game, guided=True, status=Table.Status.RUNNING).first()
        if running is not None:
            return running, False
        plan = TablePlan(
            game=game, players=guide.players, options=resolve_options(registry.get(game), guide.options),
            time_kind=Table.TimeKind.CORRESPONDENCE, seconds_per_move=GUIDED_DAYS * deadlines.DAY, max_timeouts=3,
            on_idle=Table.OnIdle.BOT, fill_with_ai=False, rated=False, guided=True,
            seats=[SeatPlan(Seat.Kind.HUMAN, user), *[SeatPlan(Seat.Kind.AI, strength=guides.BOTS)] * (guide.players - 1)],
        )
        table = do_create_table(user, plan)
        do_start(lock_table(table.pk), seed=guide.seed)
    return table, True


def lock_person(user) -> None:
    """Holds the person's account row until the transaction ends: two requests for a guided game
    at the same instant take turns, so the second finds the first's table."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()


# ----------------------------------------------------------------------------- seats before the start


def check_open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise Refused("not_open", _("The table has already started or ended."), 409)


def check_join(table: Table, user, seat: int | None) -> Seat:
    check_open(table)
    if table.seats.filter(user=user, kind=Seat.Kind.HUMAN).exists():
        raise Refused("already_seated", _("You already have a seat at this table."), 409)
    free = table.seats.filter(kind=Seat.Kind.OPEN) | table.seats.filter(kind=Seat.Kind.INVITE, user=user)
    if seat is not None:
        free = free.filter(index=seat)
    chosen = free.order_by("kind", "index").first()  # "invite" sorts before "open"
    if chosen is None:
        raise Refused("no_seat", _("There is no free seat for you at this table."), 409)
    return chosen


def do_take_seat(table: Table, seat: Seat, user) -> None:
    seat.kind, seat.user = Seat.Kind.HUMAN, user
    seat.save()
    AfterCommit(pushes=[publish.changed_message(table.pk)]).on_commit()


def join(table_id: int, user, seat: int | None = None) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        do_take_seat(table, check_join(table, user, seat), user)
        if table.rematch_of_id and not table.seats.exclude(kind__in=[Seat.Kind.HUMAN, Seat.Kind.AI]).exists():
            table = lock_table(table_id)  # the seats as they are now
            do_start(table)  # a rematch starts once everyone is back
        elif user.pk != table.created_by_id:  # the host starts the game: tell them who came
            AfterCommit(tasks=notices.host_notices(table, Notice.Kind.JOINED, user)).on_commit()
    return table


def check_leave(table: Table, user) -> Seat | None:
    """The seat `user` gives up: the one they sit in, or the one kept for them (declining the
    invitation); None for a host who seated only others, whose leaving closes the table too."""
    check_open(table)
    seat = table.seats.filter(user=user, kind__in=[Seat.Kind.HUMAN, Seat.Kind.INVITE]).first()
    if seat is None and user.pk != table.created_by_id:
        raise forbidden(_("You have no seat at this table."))
    return seat


def do_free_seat(table: Table, seat: Seat) -> None:
    seat.kind, seat.user = Seat.Kind.OPEN, None
    seat.save()
    AfterCommit(pushes=[publish.changed_message(table.pk)]).on_commit()


def leave(table_id: int, user) -> Table:
    """Give up a seat before the start. The host's leaving closes the table: only the host may
    start it, so it would wait for ever."""
    with transaction.atomic():
        table = lock_table(table_id)
        seat = check_leave(table, user)
        if user.pk == table.created_by_id:
            do_abandon(table, {"abandoned": "host_left"})
        else:
            do_free_seat(table, seat)
            # the host may be about to start: tell them the seat is open
            AfterCommit(tasks=notices.host_notices(table, Notice.Kind.LEFT, user)).on_commit()
    return table


# ----------------------------------------------------------------------------- rematch


def check_rematch(table: Table, user) -> TablePlan:
    """The finished table's game again: the same options, time control and seats (the offering
    player in theirs, the other players invited to theirs, the bots at their strengths)."""
    if table.status != Table.Status.FINISHED:
        raise Refused("not_finished", _("A rematch can be offered once the game has ended."), 409)
    if table.guided:  # its end offers a game of one's own against the bots instead
        raise Refused("guided", _("A guided game has no rematch: play a game of your own against the bots."), 409)
    seats = seats_of(table)
    if not any(seat.user_id == user.pk and seat.kind == Seat.Kind.HUMAN for seat in seats):
        raise forbidden(_("Only the table's players may offer a rematch."))
    if table.time_kind == Table.TimeKind.LIVE:
        amount = {"seconds": table.seconds_per_move}
    else:
        amount = {"days": table.seconds_per_move // deadlines.DAY}
    return check_new_table(user, {
        "game": table.game, "players": table.players, "options": table.options, "rated": table.rated,
        "time_control": {"kind": table.time_kind, **amount, "max_timeouts": table.max_timeouts,
                         "on_idle": table.on_idle},
        "seats": [rematch_seat(seat, user) for seat in seats],
    })


def rematch_seat(seat: Seat, user) -> dict:
    if seat.kind == Seat.Kind.AI:
        return {"kind": "ai", "strength": seat.bot_strength}
    if seat.user_id == user.pk:
        return {"kind": "me"}
    return {"kind": "invite", "username": seat.user.username}


def rematch(table_id: int, user) -> Table:
    """The table's rematch: made by the first player to ask (and started at once when the others
    are bots), the same one for everyone after."""
    with transaction.atomic():
        table = lock_table(table_id)
        existing = Table.objects.filter(rematch_of=table).first()
        if existing is not None:
            return existing
        plan = check_rematch(table, user)
        invitations.count_sent(user, invited_in(plan))
        new = do_create_table(user, plan, rematch_of=table)
        if not new.seats.filter(kind=Seat.Kind.INVITE).exists():
            quotas.check_may_start(user, False)
            do_start(lock_table(new.pk))
        AfterCommit(pushes=[publish.changed_message(table.pk)],
                    tasks=notices.invite_notices(new, Notice.Kind.REMATCH)).on_commit()
    return new


# ----------------------------------------------------------------------------- start, abandon, return


def check_start(table: Table, user) -> None:
    check_open(table)
    if table.created_by_id != user.pk:
        raise forbidden(_("Only the table's creator may start it."))
    if table.seats.filter(kind=Seat.Kind.INVITE).exists():
        raise Refused("invites_pending", _("Some invited players have not joined yet."), 409)
    if table.seats.filter(kind=Seat.Kind.OPEN).exists() and not table.fill_with_ai:
        raise Refused("seats_open", _("Some seats are still open."), 409)
    quotas.check_may_start(user, not table.seats.filter(kind=Seat.Kind.HUMAN).exists())


def do_start(table: Table, seed: str | None = None) -> None:
    """Fill open seats with AI, commit to a secret seed (a guided game's is its guide's) and
    append the setup events."""
    for seat in seats_of(table):
        if seat.kind == Seat.Kind.OPEN:
            seat.kind, seat.strength = Seat.Kind.AI, DEFAULT_STRENGTH
            seat.save(update_fields=["kind", "strength"])
    if table.rated and not bot_accounts.rated_with(seats_of(table)):
        table.rated = False  # bot accounts and people who did not choose to be rated against them
        table.save(update_fields=["rated"])
    engine = engine_of(table)
    if not any(seat.kind == Seat.Kind.HUMAN and not bot_accounts.is_bot(seat.user) for seat in seats_of(table)):
        add_bots_only_options(table, engine)
    table.seed = seed or secrets.token_hex(32)
    table.seed_hash = seed_hash(table.seed)
    table.status = Table.Status.RUNNING
    table.started_at = timezone.now()
    _, events = start(engine, table.players, table.options, command_rng(table.seed, 0))
    appended = do_append(table, engine, None, events, None, "setup")
    after_head_moved(table, set(), None, appended)


def add_bots_only_options(table: Table, engine) -> None:
    """A table of bots alone gets the engine's safety net (a round limit, say) where it left it unset."""
    missing = {key: value for key, value in engine.bots_only_options.items() if not table.options.get(key)}
    if missing:
        table.options = {**table.options, **missing}
        table.save(update_fields=["options"])


def start_table(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        check_start(table, user)
        do_start(table)
    return table


def check_abandon(table: Table, user) -> None:
    if table.status not in (Table.Status.OPEN, Table.Status.RUNNING):
        raise Refused("game_over", _("The table has already ended."), 409)
    if table.created_by_id != user.pk and not user.is_staff:
        raise forbidden(_("Only the table's creator may abandon it."))


def do_abandon(table: Table, outcome: dict | None = None) -> None:
    """End the table unfinished (`outcome`: why, when not by its creator's or staff's word)."""
    table.status = Table.Status.ABANDONED
    table.finished_at = timezone.now()
    table.to_act, table.turn_began, table.outcome = [], {}, outcome
    table.save(update_fields=HEAD_FIELDS)
    after_head_moved(table, set(), None, seats_changed=True)


def abandon(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        check_abandon(table, user)
        do_abandon(table)
    return table


def player_seat(table: Table, user) -> Seat:
    seat = next((seat for seat in seats_of(table) if seat.user_id == user.pk and seat.kind == Seat.Kind.HUMAN), None)
    if seat is None:
        raise forbidden(_("You have no seat at this table."))
    return seat


def check_back(table: Table, user) -> Seat:
    check_running(table)
    seat = player_seat(table, user)
    if seat.resigned:
        raise forbidden(_("You resigned; a bot plays your seat to the end."))
    if seat.forfeited:
        raise forbidden(_("You forfeited this game; a bot plays your seat to the end."))
    if not seat.standin:  # else calling back/ would restart one's own clock
        raise Refused("not_away", _("You already play your seat yourself."), 409)
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


# ----------------------------------------------------------------------------- resign, leave a table of bots


def check_resign(table: Table, user) -> Seat:
    check_running(table)
    seat = player_seat(table, user)
    if seat.resigned:
        raise Refused("already_resigned", _("You have already resigned from this game."), 409)
    return seat


def do_resign(table: Table, seat: Seat) -> None:
    """The seat's player gives the game up for good: by the table's idle setting, a bot plays the
    seat to the end (the player rated last) or the seat forfeits (a bot plays it out). The log
    says which."""
    forfeits = table.on_idle == Table.OnIdle.FORFEIT
    seat.resigned, seat.standin, seat.forfeited = True, not forfeits, forfeits
    seat.save(update_fields=["resigned", "standin", "forfeited"])
    event = {"type": "resigned", "seat": seat.index, "forfeits": forfeits}
    engine = engine_of(table)
    previous_to_act = set(table.to_act)
    appended = do_append(table, engine, head_state(table), [event], seat.index,
                         command_key("player", seat.index, "resign"))
    after_head_moved(table, previous_to_act, seat.index, appended, seats_changed=True)


def resign(table_id: int, user) -> Table:
    with transaction.atomic():
        table = lock_table(table_id)
        do_resign(table, check_resign(table, user))
    return table


def has_left(table: Table, seat: int, expected_seq: int) -> bool:
    """Whether `seat`'s idle deadline still stands: the table is where it was when the seat's turn
    began, the seat's player still holds it, and only bots wait for them (deadlines.reschedule)."""
    if table.status != Table.Status.RUNNING or table.head_seq != expected_seq or seat not in table.to_act:
        return False
    seats = seats_of(table)
    return not seats[seat].bot_plays and deadlines.only_bots_wait(seats, seat)


def abandon_left(table_id: int, seat: int, expected_seq: int) -> bool:
    """Abandon a table of bots whose one player has not moved for the table's idle time (the
    ticker, when the seat's idle deadline falls due); False, changing nothing, if they have."""
    with transaction.atomic():
        table = lock_table(table_id)
        if not has_left(table, seat, expected_seq):
            return False
        do_abandon(table, {"abandoned": "player_left", "seat": seat})
    return True
