"""Invitations (a seat kept for a named player at a new table, a rematch offered) reach a player
only from people they have not muted, and at a bounded rate: per person sending, and per person
to one player (settings.RATE_LIMITS "invites" and "invites_to_player"). A person is an account
with its bot accounts (tables.bot_accounts).

An invitation to a player who muted its sender is refused, not dropped in silence: the sender
would otherwise keep a table that can never start (it waits for every invited player) and offer
rematches no one sees. The sender is told that the player takes no invitations from them.

The rates count the invitations sent, not the tables open: abandoning a table does not give its
invitations back. They are counted once everything else is checked, just before the table is
made; an invitation refused counts for nothing.
"""
from __future__ import annotations

import math

from django.utils.translation import gettext as _

from tables import bot_accounts, ratelimit
from tables.errors import Refused
from tables.models import Mute


def check_may_invite(sender, invited) -> None:
    """Refuse an invitation to a player who muted the sender, or the person behind the sender."""
    senders = {sender.pk, bot_accounts.person_of(sender)}
    if Mute.objects.filter(user=invited, muted_id__in=senders).exists():
        raise Refused("muted", _("%(name)s does not take invitations from you.") % {"name": invited.username}, 403)


def count_sent(sender, invited: list) -> None:
    """Count the invitations from `sender` to each of the `invited` users; over a rate, none of
    them counts and the whole is refused (429)."""
    person = bot_accounts.person_of(sender)
    taken = []
    try:
        for user in invited:
            for scope, who in (("invites", person), ("invites_to_player", f"{person}:{user.pk}")):
                taken.append((scope, who))
                wait = ratelimit.hit(scope, who)
                if wait is not None:
                    raise too_many(scope, user, wait)
    except Refused:
        for scope, who in taken:
            ratelimit.give_back(scope, who)
        raise


def too_many(scope: str, user, wait: float) -> Refused:
    minutes = math.ceil(wait / 60)
    if scope == "invites":
        detail = _("You have sent too many invitations: try again in %(minutes)d min.") % {"minutes": minutes}
    else:
        detail = (_("You have invited %(name)s too often: try again in %(minutes)d min.")
                  % {"name": user.username, "minutes": minutes})
    return Refused("too_many_invitations", detail, 429, retry_after=math.ceil(wait))
