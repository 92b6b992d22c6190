"""A table's chat: lines from its players and spectators, stored, pushed on the table's group,
limited in length and rate, reportable; a reader may mute a writer (they no longer see them, nor take their invitations:
tables.invitations).

`check_…` functions refuse and write nothing; `do_…` functions write and push after the commit.
The websocket and the REST API both post through `post`.
"""
from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tables import publish, ratelimit
from tables.errors import Refused
from tables.models import ChatMessage, ChatReport, Mute, Table

MAX_LENGTH = ChatMessage._meta.get_field("text").max_length
HISTORY = 100  # the lines a reader gets on opening a table


def line(message: ChatMessage, username: str) -> dict:
    return {"type": "chat", "id": message.pk, "user": username, "text": message.text,
            "at": message.created_at.isoformat()}


def clean(text) -> str:
    """The text without control characters (a line break becomes a space), trimmed."""
    if not isinstance(text, str):
        raise Refused("bad_chat", _("A chat message is text."))
    kept = "".join(" " if char in "\r\n\t" else char for char in text
                   if char in "\r\n\t" or unicodedata.category(char)[0] != "C")
    return " ".join(kept.split())


def active(user) -> bool:
    """Whether the account is still open: a socket keeps the user it was opened by, so an account
    closed since is read again."""
    return get_user_model().objects.filter(pk=user.pk, is_active=True).exists()


def check_post(table_id: int, user, text) -> str:
    if not getattr(user, "is_authenticated", False) or not active(user):
        raise Refused("forbidden", _("Log in to chat."), 403)
    cleaned = clean(text)
    if not cleaned:
        raise Refused("empty_chat", _("Write something first."))
    if len(cleaned) > MAX_LENGTH:
        raise Refused("chat_too_long", _("A message has at most %(count)d characters.") % {"count": MAX_LENGTH})
    if not Table.objects.filter(pk=table_id).exists():
        raise Refused("not_found", _("There is no such table."), 404)
    wait = ratelimit.hit("chat", user.pk)
    if wait is not None:
        raise Refused("throttled", _("You are writing too fast: wait %(seconds)d s.") % {"seconds": int(wait) + 1},
                      429, retry_after=int(wait) + 1)
    return cleaned


def do_post(table_id: int, user, text: str) -> dict:
    message = ChatMessage.objects.create(table_id=table_id, user=user, text=text)
    pushed = line(message, user.username)
    transaction.on_commit(lambda: publish.send_now_rollback_unsafe(
        [(publish.group_name(table_id), {"type": "chat.line", "line": pushed, "from": user.pk})]), robust=True)
    return pushed


def post(table_id: int, user, text) -> dict:
    cleaned = check_post(table_id, user, text)
    with transaction.atomic():
        return do_post(table_id, user, cleaned)


def muted_by(user) -> set[int]:
    """The ids of the writers `user` has muted."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Mute.objects.filter(user=user).values_list("muted_id", flat=True))


def history(table_id: int, reader) -> list[dict]:
    """The table's last lines, oldest first, without those hidden or muted for `reader`."""
    recent = (ChatMessage.objects.filter(table_id=table_id, hidden=False).exclude(user_id__in=muted_by(reader))
              .select_related("user").order_by("-id")[:HISTORY])
    return [line(message, message.user.username) for message in reversed(recent)]


def report(message_id: int, reporter, reason: str = "") -> None:
    """Report a line to the moderators; a second report by the same reader changes nothing."""
    message = ChatMessage.objects.filter(pk=message_id).first()
    if message is None:
        raise Refused("not_found", _("There is no such message."), 404)
    try:
        with transaction.atomic():
            ChatReport.objects.create(message=message, reporter=reporter, reason=clean(reason)[:200])
    except IntegrityError:
        pass


def check_mute(user, username: str):
    muted = get_user_model().objects.filter(username=username).first()
    if muted is None:
        raise Refused("unknown_user", _("There is no player called “%(name)s”.") % {"name": username}, 404)
    if muted == user:
        raise Refused("bad_mute", _("You cannot mute yourself."))
    return muted


def mute(user, username: str, muting: bool = True) -> None:
    muted = check_mute(user, username)
    if muting:
        Mute.objects.get_or_create(user=user, muted=muted)
    else:
        Mute.objects.filter(user=user, muted=muted).delete()
