"""Notices to a player: in the site (the bell, pushed on their own socket) and by email, each
kind as the player chose. Kinds: a correspondence move waits (and, by email only, a reminder
before its deadline), an invitation to a table, a finished game, a rematch offer, a player who
took or gave up a seat at the player's table. A move's notice is read once the turn is over, and
a table has one in the bell at a time. Emails are in the player's language and link to the
address they use the site at; a move (or its reminder) is not emailed to a player who has the
table's page open in sight (tables.presence).

Notices are sent once the command that caused them commits (`AfterCommit.tasks`).
"""
from __future__ import annotations

import functools
import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines import registry
from tables import presence, publish
from tables.language import speaking
from tables.models import Notice, Profile, Seat, Table

log = logging.getLogger(__name__)
User = get_user_model()

KINDS = [kind for kind, _ in Notice.Kind.choices]
CHANNELS = ("site", "email")
# What a player takes before they choose: everything in the site, email for what waits on them.
DEFAULTS = {"site": KINDS, "email": [Notice.Kind.TURN, Notice.Kind.INVITE, Notice.Kind.REMATCH]}
NEWEST = 30  # the notices the bell lists

SUBJECTS = {
    Notice.Kind.TURN: gettext_lazy("Your move"),
    Notice.Kind.ENDED: gettext_lazy("A game has ended"),
    Notice.Kind.JOINED: gettext_lazy("A player joined your table"),
    Notice.Kind.LEFT: gettext_lazy("A player left your table"),
}
# A seat taken or given up names who did it (an invited player declining gives up the seat kept).
DONE_BY = {
    Notice.Kind.JOINED: gettext_lazy("%(name)s took a seat at your table"),
    Notice.Kind.LEFT: gettext_lazy("%(name)s gave up their seat at your table"),
}
# A seat offered names who offers it (the table's host).
OFFERED = {
    Notice.Kind.INVITE: gettext_lazy("%(name)s invites you to a table"),
    Notice.Kind.REMATCH: gettext_lazy("%(name)s offers a rematch"),
}
LINES = {
    Notice.Kind.TURN: gettext_lazy("It is your move at your correspondence table."),
    Notice.Kind.INVITE: gettext_lazy("A seat is kept for you at a new table: join it from the table's page."),
    Notice.Kind.ENDED: gettext_lazy("A game you played has ended: the final scores are on the table's page."),
    Notice.Kind.REMATCH: gettext_lazy("Your opponents offer a rematch: your seat is kept for you."),
    Notice.Kind.JOINED: gettext_lazy("A player took a seat at your table: start the game from the table's page."),
    Notice.Kind.LEFT: gettext_lazy("A player gave up their seat at your table before the game began: the seat is open again."),
}


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


# ----------------------------------------------------------------------------- preferences


def wanted(profile: Profile) -> dict[str, list[str]]:
    """{channel: kinds} the player takes (a correspondence turn by email: `email_notices`). A
    kind the player has not chosen on or off, one added since they chose, say, takes its default."""
    chosen = {channel: [kind for kind in KINDS
                        if profile.notice_prefs.get(channel, {}).get(kind, kind in DEFAULTS[channel])]
              for channel in CHANNELS}
    email = [kind for kind in chosen["email"] if kind != Notice.Kind.TURN]
    chosen["email"] = ([Notice.Kind.TURN] if profile.email_notices else []) + email
    return chosen


def choose(profile: Profile, chosen: dict[str, list[str]]) -> None:
    """Keep the player's choice (validated by the API: known channels and kinds), kind by kind."""
    prefs = {**profile.notice_prefs}
    for channel, kinds in chosen.items():
        prefs[channel] = {kind: kind in kinds for kind in KINDS}
    if "email" in chosen:
        profile.email_notices = Notice.Kind.TURN in chosen["email"]
    profile.notice_prefs = prefs
    profile.save(update_fields=["notice_prefs", "email_notices"])


# ----------------------------------------------------------------------------- what the commands call


def turn_notices(table: Table, seats: list[int]) -> list:
    """The notices to send once the command that began these seats' turns commits."""
    if table.time_kind != Table.TimeKind.CORRESPONDENCE:
        return []
    return [functools.partial(notify_seat, table.pk, seat, Notice.Kind.TURN) for seat in seats]


def answered_notices(table: Table, seats: list[int]) -> list:
    """Reading these seats' move notices once their turn is over (the move is no longer waiting)."""
    if table.time_kind != Table.TimeKind.CORRESPONDENCE:
        return []
    return [functools.partial(read_turn_notices, table.pk, seat) for seat in seats]


def ended_notices(table: Table, seats: list[Seat]) -> list:
    return [functools.partial(notify_seat, table.pk, seat.index, Notice.Kind.ENDED)
            for seat in seats if seat.kind == Seat.Kind.HUMAN]


def host_notices(table: Table, kind: str, player) -> list:
    """Telling the table's host that `player` took a seat (JOINED: the game waits for the host to
    start it) or gave one up (LEFT: the seat is open again)."""
    return [functools.partial(notify_user, table.pk, table.created_by_id, kind, player.pk)]


def invite_notices(table: Table, kind: str = Notice.Kind.INVITE) -> list:
    return [functools.partial(notify_seat, table.pk, seat.index, kind)
            for seat in table.seats.all() if seat.kind == Seat.Kind.INVITE]


def notify_seat(table_id: int, seat: int, kind: str) -> None:
    user_id = Seat.objects.filter(table_id=table_id, index=seat).values_list("user_id", flat=True).first()
    if user_id is not None:
        notify_user(table_id, user_id, kind)


def notify_user(table_id: int, user_id: int, kind: str, actor_id: int | None = None) -> None:
    try:
        actor = User.objects.filter(pk=actor_id).first() if actor_id is not None else None
        notify(User.objects.get(pk=user_id), kind, Table.objects.get(pk=table_id), actor)
    except Exception:  # a notice never undoes what caused it
        log.exception("notice %s to user %s of table %s failed", kind, user_id, table_id)


def notify(user, kind: str, table: Table, actor=None) -> None:
    profile = Profile.of(user)
    chosen = wanted(profile)
    if kind in chosen["site"]:
        if kind == Notice.Kind.TURN:  # the bell lists a table's waiting move once, the newest
            Notice.objects.filter(user=user, kind=kind, table=table).delete()
        notice = Notice.objects.create(user=user, kind=kind, table=table, actor=actor)
        with speaking(profile.language or settings.LANGUAGE_CODE):
            shown = as_dict(notice)
        publish.send_now_rollback_unsafe([(user_group(user.pk), {"type": "notice.new", "notice": shown})])
    if kind in chosen["email"] and user.email and not (kind == Notice.Kind.TURN and presence.in_sight(table.pk, user.pk)):
        send_email(user, profile, table, lazy(headline, str)(kind, table, actor), [LINES[kind]])


def read_turn_notices(table_id: int, seat: int) -> None:
    row = Seat.objects.filter(table_id=table_id, index=seat, kind=Seat.Kind.HUMAN).first()
    if row is None:
        return
    waiting = Notice.objects.filter(user_id=row.user_id, table_id=table_id, kind=Notice.Kind.TURN, read_at__isnull=True)
    ids = list(waiting.values_list("id", flat=True))
    if ids:
        Notice.objects.filter(id__in=ids).update(read_at=timezone.now())
        unread = Notice.objects.filter(user_id=row.user_id, read_at__isnull=True).count()
        publish.send_now_rollback_unsafe([(user_group(row.user_id), {"type": "notice.read", "ids": ids, "unread": unread})])


def send_reminder(table_id: int, seat: int) -> None:
    row = Seat.objects.select_related("user").filter(table_id=table_id, index=seat, kind=Seat.Kind.HUMAN).first()
    if row is None or not row.user.email or presence.in_sight(table_id, row.user_id):
        return
    profile = Profile.of(row.user)
    if not profile.email_notices:
        return
    send_email(row.user, profile, Table.objects.get(pk=table_id), gettext_lazy("Reminder: your move"),
               [gettext_lazy("Your correspondence table is still waiting for your move.")])


def send_email(user, profile: Profile, table: Table, subject, lines) -> None:
    site = profile.site_url or settings.SITE_URL
    with speaking(profile.language or settings.LANGUAGE_CODE):
        body = "\n".join([
            _("Hello %(name)s,") % {"name": user.username}, "", *[str(line) for line in lines], "",
            f"{site}/tables/{table.pk}/", "",
            _("Turn these emails off at %(url)s") % {"url": f"{site}/accounts/profile/"},
        ])
        send_mail(f"[Sampan] {subject} ({registry.title(table.game)} #{table.pk})", body, None, [user.email])


# ----------------------------------------------------------------------------- the bell


def headline(kind: str, table: Table, actor=None) -> str:
    """A notice in a few words, in the language in use."""
    if kind in OFFERED:
        return str(OFFERED[kind]) % {"name": table.created_by.username}
    if kind in DONE_BY and actor is not None:
        return str(DONE_BY[kind]) % {"name": actor.username}
    return str(SUBJECTS[kind])


def as_dict(notice: Notice) -> dict:
    return {"id": notice.id, "kind": notice.kind, "table": notice.table_id, "game": registry.title(notice.table.game),
            "text": headline(notice.kind, notice.table, notice.actor), "at": notice.created_at.isoformat(),
            "read": notice.read_at is not None}


def newest(user) -> dict:
    notices = Notice.objects.filter(user=user).select_related("table__created_by", "actor").order_by("-id")[:NEWEST]
    return {"unread": Notice.objects.filter(user=user, read_at__isnull=True).count(),
            "notices": [as_dict(notice) for notice in notices]}


def mark_read(user, up_to: int | None = None) -> int:
    """Mark the player's notices read (up to id `up_to`, or all); returns how many."""
    unread = Notice.objects.filter(user=user, read_at__isnull=True)
    if up_to is not None:
        unread = unread.filter(id__lte=up_to)
    return unread.update(read_at=timezone.now())
