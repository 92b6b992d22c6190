"""Per-person limits on tables: how many a person may have open (waiting in the lobby), running,
and all-bot (a game no person plays costs minutes of CPU and is paced, see tables.deadlines).
A person's tables are those created by their account and by their bot accounts
(tables.bot_accounts): each bot is an account of its own, and would otherwise bring a quota
of its own."""
from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.utils.translation import gettext as _

from tables import bot_accounts
from tables.errors import Refused
from tables.models import Seat, Table

ACTIVE = [Table.Status.OPEN, Table.Status.RUNNING]


def check_may_open(user, all_bot: bool) -> None:
    """Refuse a new table over the person's limit of open tables, or of all-bot tables."""
    mine = tables_of_person(user)
    _check("open_tables", mine.filter(status=Table.Status.OPEN).count(), settings.MAX_OPEN_TABLES,
           _("You may have at most %(limit)d tables waiting to start; finish or abandon one first."))
    if all_bot:
        _check("bot_tables", all_bot_tables(mine.filter(status__in=ACTIVE)), settings.MAX_BOT_TABLES,
               _("You may have at most %(limit)d tables played by bots alone; finish or abandon one first."))


def check_may_start(user, all_bot: bool) -> None:
    """Refuse a start over the person's limit of running tables, or of all-bot tables."""
    running = tables_of_person(user).filter(status=Table.Status.RUNNING)
    _check("running_tables", running.count(), settings.MAX_RUNNING_TABLES,
           _("You may have at most %(limit)d running tables; finish or abandon one first."))
    if all_bot:
        _check("bot_tables", all_bot_tables(running), settings.MAX_BOT_TABLES,
               _("You may have at most %(limit)d running tables played by bots alone; finish or abandon one first."))


def tables_of_person(user):
    """The tables created by the person behind `user`: by their own account and by their bots'.
    Their guided games are not counted: a person has at most one per game (tables.lifecycle.learn)."""
    person = bot_accounts.person_of(user)
    return Table.objects.filter(Q(created_by=person) | Q(created_by__sampan_profile__bot_owner=person), guided=False)


def all_bot_tables(tables) -> int:
    return tables.exclude(seats__kind__in=[Seat.Kind.HUMAN, Seat.Kind.INVITE, Seat.Kind.OPEN]).count()


def _check(what: str, count: int, limit: int, sentence: str) -> None:
    if count >= limit:
        raise Refused(f"too_many_{what}", sentence % {"limit": limit}, 429, limit=limit)
