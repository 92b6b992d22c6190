"""Per-user limits on tables: how many a user may have open (waiting in the lobby), running, and
all-bot (a game no person plays costs minutes of CPU and is paced, see tables.deadlines)."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from tables.errors import Refused
from tables.models import Seat, Table

ACTIVE = [Table.Status.OPEN, Table.Status.RUNNING]


def check_may_open(user, all_bot: bool) -> None:
    """Refuse a new table over the user's limit of open tables, or of all-bot tables."""
    mine = Table.objects.filter(created_by=user)
    _check("open_tables", mine.filter(status=Table.Status.OPEN).count(), settings.MAX_OPEN_TABLES,
           _("You may have at most %(limit)d tables waiting to start; finish or abandon one first."))
    if all_bot:
        _check("bot_tables", all_bot_tables(mine.filter(status__in=ACTIVE)), settings.MAX_BOT_TABLES,
               _("You may have at most %(limit)d tables played by bots alone; finish or abandon one first."))


def check_may_start(user, all_bot: bool) -> None:
    """Refuse a start over the user's limit of running tables, or of all-bot tables."""
    running = Table.objects.filter(created_by=user, status=Table.Status.RUNNING)
    _check("running_tables", running.count(), settings.MAX_RUNNING_TABLES,
           _("You may have at most %(limit)d running tables; finish or abandon one first."))
    if all_bot:
        _check("bot_tables", all_bot_tables(running), settings.MAX_BOT_TABLES,
               _("You may have at most %(limit)d running tables played by bots alone; finish or abandon one first."))


def all_bot_tables(tables) -> int:
    return tables.exclude(seats__kind__in=[Seat.Kind.HUMAN, Seat.Kind.INVITE, Seat.Kind.OPEN]).count()


def _check(what: str, count: int, limit: int, sentence: str) -> None:
    if count >= limit:
        raise Refused(f"too_many_{what}", sentence % {"limit": limit}, 429, limit=limit)
