"""Bot accounts: a player registers a program as a player of its own, which plays through the
same REST and websocket API with its token. A bot account has no password (it cannot sign in
on the pages), is shown as a bot everywhere, and is rated against people only at tables where
every person chose so (`rated_with`)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from accounts.models import UsernameSkeleton
from accounts.names import reserved
from tables.errors import Refused, forbidden
from tables.models import Profile, Seat

MAX_BOTS_PER_OWNER = 5


def is_bot(user) -> bool:
    return bool(user and Profile.objects.filter(user=user, bot_owner__isnull=False).exists())


def person_of(user) -> int:
    """The id of the person behind `user`: a bot account's owner, else the user."""
    owner = Profile.objects.filter(user=user).values_list("bot_owner_id", flat=True).first()
    return owner or user.pk


def check_new_bot(owner, username) -> str:
    if Profile.of(owner).bot_owner_id is not None:
        raise forbidden(_("A bot account cannot register bots."))
    if Profile.objects.filter(bot_owner=owner).count() >= MAX_BOTS_PER_OWNER:
        raise Refused("too_many_bots", _("You may register at most %(count)d bot accounts.")
                      % {"count": MAX_BOTS_PER_OWNER}, 409)
    if not isinstance(username, str) or not 1 <= len(username) <= 150:
        raise Refused("bad_username", _("A bot's name has 1 to 150 characters."))
    try:
        get_user_model().username_validator(username)
    except ValidationError:
        raise Refused("bad_username", _("A name has only letters, digits and @ . + - _.")) from None
    if reserved(username):
        raise Refused("name_reserved", _("This name is kept for the site's own bots and staff."), 409)
    if get_user_model().objects.filter(username=username).exists() or UsernameSkeleton.taken(username):
        raise Refused("name_taken", _("This name is taken or looks too much like an existing player's name."), 409)
    return username


def do_create_bot(owner, username: str) -> dict:
    bot = get_user_model().objects.create_user(username=username)  # no password: it signs in by token
    Profile.objects.update_or_create(user=bot, defaults={"bot_owner": owner, "email_notices": False})
    return {"username": bot.username, "token": Token.objects.create(user=bot).key}


def create_bot(owner, username) -> dict:
    name = check_new_bot(owner, username)
    with transaction.atomic():
        return do_create_bot(owner, name)


def bots_of(owner) -> list[dict]:
    return [{"username": name} for name in
            Profile.objects.filter(bot_owner=owner).order_by("user__username").values_list("user__username", flat=True)]


def new_token(owner, username: str) -> dict:
    """A new token for the owner's bot (the old one stops working)."""
    profile = Profile.objects.select_related("user").filter(bot_owner=owner, user__username=username).first()
    if profile is None:
        raise Refused("not_found", _("You have no bot called “%(name)s”.") % {"name": username}, 404)
    Token.objects.filter(user=profile.user).delete()
    return {"username": username, "token": Token.objects.create(user=profile.user).key}


def rated_with(seats: list[Seat]) -> bool:
    """Whether a table of these seats may be rated: bot accounts meet people in a rated game only
    where every person at it takes rated games against bot accounts."""
    people = [seat.user_id for seat in seats if seat.kind == Seat.Kind.HUMAN and seat.user_id]
    profiles = {p.user_id: p for p in Profile.objects.filter(user_id__in=people)}
    bots = [user for user in people if user in profiles and profiles[user].bot_owner_id is not None]
    humans = [user for user in people if user not in bots]
    return not bots or not humans or all(profiles.get(user) and profiles[user].rated_against_bots for user in humans)
