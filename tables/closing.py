"""A person closes their account: their tables are left as a player leaving them would leave
them, their bot accounts are closed with it, and what identifies them but their name is erased.

The name stays, on a row that can no longer sign in: every game's log names its players, and the
logs are never rewritten; a closed name cannot be taken by anyone else either."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from tables import bot_accounts, lifecycle
from tables.errors import Refused
from tables.heads import lock_table, seats_of
from tables.models import Mute, Notice, Profile, Seat, Table


def check_close_account(user) -> None:
    if bot_accounts.is_bot(user):
        raise Refused("bot_account", _("A bot account is closed with its owner's account."), 403)


def accounts_closing(user) -> list:
    """The person and the bot accounts they own."""
    return [user, *get_user_model().objects.filter(sampan_profile__bot_owner=user).order_by("pk")]


def tables_to_leave(accounts: list) -> list[int]:
    """The tables not yet ended that one of `accounts` opened, sits at or is invited to, in the
    order every command locks tables (by id)."""
    seated = Seat.objects.filter(user__in=accounts, table__status__in=[Table.Status.OPEN, Table.Status.RUNNING])
    hosted = Table.objects.filter(created_by__in=accounts, status=Table.Status.OPEN)
    return sorted(set(seated.values_list("table_id", flat=True)) | set(hosted.values_list("pk", flat=True)))


def do_leave_table(table_id: int, accounts: list) -> None:
    """Before the start, as its seats' players leaving it (the host's leaving closes it). In play,
    a table where no other person plays on is abandoned, as its one player's leaving abandons it;
    else each of the accounts' seats resigns (a bot plays it to the end, or it forfeits)."""
    table = lock_table(table_id)
    ids = {account.pk for account in accounts}
    seated = {seat.user_id: seat for seat in seats_of(table) if seat.user_id in ids}
    if table.status == Table.Status.OPEN:
        host = next((account for account in accounts if account.pk == table.created_by_id), None)
        for account in [host] if host else [account for account in accounts if account.pk in seated]:
            lifecycle.leave(table_id, account)
        return
    if not any(seat.kind == Seat.Kind.HUMAN and not seat.resigned and seat.user_id not in ids
               for seat in seats_of(table)):
        lifecycle.do_abandon(table, {"abandoned": "player_left", "seat": min(seat.index for seat in seated.values())})
        return
    for account in accounts:
        if account.pk in seated and not seated[account.pk].resigned:
            lifecycle.resign(table_id, account)


def do_erase_account(account) -> None:
    """The account can no longer sign in, by password or token; its address and settings go."""
    account.is_active = False
    account.email = account.first_name = account.last_name = ""
    account.set_unusable_password()  # also ends the account's sessions everywhere
    account.save()
    Token.objects.filter(user=account).delete()
    Notice.objects.filter(user=account).delete()
    Mute.objects.filter(user=account).delete()
    Profile.objects.filter(user=account).update(email_notices=False, notice_prefs={}, site_url="")


def close_account(user) -> None:
    check_close_account(user)
    with transaction.atomic():
        accounts = accounts_closing(user)
        for table_id in tables_to_leave(accounts):
            do_leave_table(table_id, accounts)
        for account in accounts:
            do_erase_account(account)
