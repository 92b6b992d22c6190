"""Correspondence notices by email: one when a player's turn begins, one reminder before the
deadline. Players turn them off with their profile's `email_notices`."""
import functools
import logging

from django.conf import settings
from django.core.mail import send_mail

from tables.models import Profile, Seat, Table

log = logging.getLogger(__name__)


def turn_notices(table: Table, seats: list[int]) -> list:
    """The notices to send once the command that began these seats' turns commits."""
    if table.time_kind != Table.TimeKind.CORRESPONDENCE:
        return []
    return [functools.partial(send_turn_notice, table.pk, seat) for seat in seats]


def _recipient(table_id: int, seat: int):
    row = Seat.objects.select_related("user").filter(table_id=table_id, index=seat, kind=Seat.Kind.HUMAN).first()
    if row is None or not row.user.email or not Profile.of(row.user).email_notices:
        return None
    return row.user


def _send(table_id: int, seat: int, subject: str, lines: list[str]) -> None:
    user = _recipient(table_id, seat)
    if user is None:
        return
    table = Table.objects.get(pk=table_id)
    url = f"{settings.SITE_URL}/tables/{table_id}/"
    settings_url = f"{settings.SITE_URL}/accounts/profile/"
    body = "\n".join([f"Hello {user.username},", "", *lines, "", url, "", f"Turn these emails off at {settings_url}"])
    send_mail(f"[Sampan] {subject} ({table.game} #{table_id})", body, None, [user.email])


def send_turn_notice(table_id: int, seat: int) -> None:
    _send(table_id, seat, "Your move", ["It is your move at your correspondence table."])


def send_reminder(table_id: int, seat: int) -> None:
    _send(table_id, seat, "Reminder: your move", ["Your correspondence table is still waiting for your move."])
