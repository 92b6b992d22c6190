"""Correspondence notices by email: one when a player's turn begins, one reminder before the
deadline, in the player's language, linking to the address they use the site at. Players turn
them off with their profile's `email_notices`."""
import functools
import logging

from django.conf import settings
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tables.models import Profile, Seat, Table

log = logging.getLogger(__name__)


def turn_notices(table: Table, seats: list[int]) -> list:
    """The notices to send once the command that began these seats' turns commits."""
    if table.time_kind != Table.TimeKind.CORRESPONDENCE:
        return []
    return [functools.partial(send_turn_notice, table.pk, seat) for seat in seats]


def _recipient(table_id: int, seat: int):
    """The seat's player and their profile, when they take notices by email."""
    row = Seat.objects.select_related("user").filter(table_id=table_id, index=seat, kind=Seat.Kind.HUMAN).first()
    if row is None or not row.user.email:
        return None
    profile = Profile.of(row.user)
    return (row.user, profile) if profile.email_notices else None


def _send(table_id: int, seat: int, subject, lines) -> None:
    found = _recipient(table_id, seat)
    if found is None:
        return
    user, profile = found
    table = Table.objects.get(pk=table_id)
    site = profile.site_url or settings.SITE_URL
    with translation.override(profile.language or settings.LANGUAGE_CODE):
        body = "\n".join([
            _("Hello %(name)s,") % {"name": user.username}, "", *[str(line) for line in lines], "",
            f"{site}/tables/{table_id}/", "",
            _("Turn these emails off at %(url)s") % {"url": f"{site}/accounts/profile/"},
        ])
        send_mail(f"[Sampan] {subject} ({table.game} #{table_id})", body, None, [user.email])


def send_turn_notice(table_id: int, seat: int) -> None:
    _send(table_id, seat, gettext_lazy("Your move"), [gettext_lazy("It is your move at your correspondence table.")])


def send_reminder(table_id: int, seat: int) -> None:
    _send(table_id, seat, gettext_lazy("Reminder: your move"),
          [gettext_lazy("Your correspondence table is still waiting for your move.")])
