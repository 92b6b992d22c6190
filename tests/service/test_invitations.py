"""Invitations cannot be used to spam a player: a player who mutes a sender gets no more
invitations or rematch offers from them (refused, so the sender keeps no table that waits
forever), and the invitations a person sends are limited per hour, in all and to one player,
counting those sent rather than the tables still open."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from tables.models import Notice, Table

from .test_profiles import settings_of
from .test_quotas import bot_clients
from .test_rematch import finished_pair

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def rates(settings):
    def set_rates(invites: str = "1000/h", to_player: str = "1000/h"):
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "invites": invites, "invites_to_player": to_player}
    return set_rates


def invite(client, *users):
    body = {"game": "tiny", "players": 2, "options": {}, "time_control": {"kind": "correspondence", "days": 2},
            "seats": [{"kind": "me"}, *({"kind": "invite", "username": user.username} for user in users)]}
    if len(users) > 1:
        body["game"], body["players"] = "dunhuang", len(users) + 1
    return client.post("/api/tables/", body, format="json")


def invite_and_abandon(client, *users):
    made = invite(client, *users)
    assert made.status_code == 201, made.json()
    assert client.post(f"/api/tables/{made.json()['id']}/abandon/", format="json").status_code == 200


def invitations_to(user) -> tuple[int, int]:
    """(notices in the site, emails) of invitations that reached `user`."""
    emails = [message for message in mail.outbox if message.to == [user.email] and "invites you" in message.subject]
    return Notice.objects.filter(user=user, kind=Notice.Kind.INVITE).count(), len(emails)


def test_a_sender_invites_one_player_only_so_often_and_abandoning_the_tables_frees_nothing(make_user, client_for, rates):
    rates(to_player="2/h")
    sender, victim, other = client_for(make_user()), make_user(), make_user()
    for _ in range(2):
        invite_and_abandon(sender, victim)
    tables = Table.objects.count()
    refused = invite(sender, victim)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_invitations"
    assert victim.username in refused.json()["detail"] and 0 < int(refused["Retry-After"]) <= 3600
    assert refused.json()["retry_after"] == int(refused["Retry-After"])
    assert Table.objects.count() == tables and invitations_to(victim) == (2, 2)
    assert invite(sender, other).status_code == 201  # another player
    assert invite(client_for(make_user()), victim).status_code == 201  # another sender


def test_a_sender_sends_only_so_many_invitations_an_hour(make_user, client_for, rates):
    rates(invites="3/h")
    sender = client_for(make_user())
    players = [make_user() for _ in range(5)]
    for player in players[:3]:
        invite_and_abandon(sender, player)
    refused = invite(sender, players[3])
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_invitations"
    assert "too many invitations" in refused.json()["detail"]
    assert invitations_to(players[3]) == (0, 0)


def test_a_refused_table_counts_none_of_its_invitations(make_user, client_for, rates):
    rates(invites="3/h")
    sender = client_for(make_user())
    first, second, third = make_user(), make_user(), make_user()
    invite_and_abandon(sender, first, second)
    assert invite(sender, first, second).status_code == 429  # two more would make four
    assert invite(sender, third).status_code == 201  # the third of the hour
    assert invite(sender, third).status_code == 429


def test_a_persons_bot_accounts_share_the_persons_invitations(make_user, client_for, rates):
    rates(invites="2/h")
    owner = client_for(make_user())
    bots = bot_clients(owner, 2)
    invite_and_abandon(owner, make_user())
    invite_and_abandon(bots[0], make_user())
    assert invite(bots[1], make_user()).status_code == 429
    assert invite(owner, make_user()).status_code == 429


def test_a_rematch_offered_is_an_invitation_sent(make_user, client_for, rates):
    table_id, (offering, other) = finished_pair(make_user, client_for)
    rates(to_player="1/h")
    assert offering.post(f"/api/tables/{table_id}/rematch/", format="json").status_code == 200
    refused = invite(offering, get_user_model().objects.get(username=other.get("/api/me/").json()["username"]))
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_invitations"


def test_a_muted_sender_cannot_invite_nor_can_their_bots(make_user, client_for):
    sender_user, victim = make_user(), make_user()
    sender, muting = client_for(sender_user), client_for(victim)
    bot = bot_clients(sender, 1)[0]
    invite_and_abandon(sender, victim)
    assert muting.post(f"/api/players/{sender_user.username}/mute/").status_code == 204
    tables = Table.objects.count()
    for account in (sender, bot):
        refused = invite(account, victim)
        assert refused.status_code == 403 and refused.json()["code"] == "muted"
        assert victim.username in refused.json()["detail"]
    assert Table.objects.count() == tables and invitations_to(victim) == (1, 1)
    assert invite(sender, make_user()).status_code == 201  # others still take the sender's invitations
    assert muting.delete(f"/api/players/{sender_user.username}/mute/").status_code == 204
    assert invite(sender, victim).status_code == 201
    assert invitations_to(victim) == (2, 2)


def test_a_muted_player_cannot_offer_a_rematch(make_user, client_for):
    table_id, (offering, muting) = finished_pair(make_user, client_for)
    offering_name = offering.get("/api/me/").json()["username"]
    assert muting.post(f"/api/players/{offering_name}/mute/").status_code == 204
    refused = offering.post(f"/api/tables/{table_id}/rematch/", format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "muted"
    assert not Table.objects.filter(rematch_of_id=table_id).exists()
    assert not Notice.objects.filter(kind=Notice.Kind.REMATCH).exists()
    offered = muting.post(f"/api/tables/{table_id}/rematch/", format="json")  # the muting player still may
    assert offered.status_code == 200 and offered.json()["status"] == "open"


def test_the_invitation_rates_come_from_the_environment():
    assert {name: rate for name, rate in json.loads(settings_of().stdout)["rates"].items() if "invites" in name} == {
        "invites": "30/h", "invites_to_player": "6/h"}
    chosen = json.loads(settings_of(SAMPAN_INVITE_RATE="100/d", SAMPAN_INVITE_PLAYER_RATE="2/h").stdout)["rates"]
    assert (chosen["invites"], chosen["invites_to_player"]) == ("100/d", "2/h")


def test_an_invited_player_declines_and_the_host_is_told_the_seat_is_open(make_user, client_for):
    host_user, invited = make_user(), make_user()
    host, guest, stranger = client_for(host_user), client_for(invited), client_for(make_user())
    table = invite(host, invited).json()
    url = f"/api/tables/{table['id']}"
    refused = stranger.post(f"{url}/leave/", format="json")  # nobody declines for another
    assert refused.status_code == 403
    assert [seat["kind"] for seat in host.get(f"{url}/").json()["seats"]] == ["human", "invite"]
    declined = guest.post(f"{url}/leave/", format="json")
    assert declined.status_code == 200
    assert [(seat["kind"], seat["username"]) for seat in declined.json()["seats"]] == [
        ("human", host_user.username), ("open", None)]
    (told,) = Notice.objects.filter(user=host_user, kind=Notice.Kind.LEFT, table_id=table["id"])
    assert told.actor == invited  # the host's bell names who declined
    assert guest.post(f"{url}/leave/", format="json").status_code == 403  # declined once, nothing left to give up
    assert guest.post(f"{url}/join/", format="json").json()["my_seat"] == 1  # the open seat may still be taken


def test_a_host_who_seated_only_others_may_close_the_table_and_nobody_else_may(make_user, client_for):
    host_user, invited = make_user(), make_user()
    host, guest, stranger = client_for(host_user), client_for(invited), client_for(make_user())
    table = host.post("/api/tables/", {
        "game": "tiny", "players": 2, "options": {}, "time_control": {"kind": "correspondence", "days": 2},
        "seats": [{"kind": "ai", "strength": "random"}, {"kind": "invite", "username": invited.username}]},
        format="json").json()
    url = f"/api/tables/{table['id']}"
    assert table["my_seat"] is None and table["status"] == "open"
    assert stranger.post(f"{url}/leave/", format="json").status_code == 403
    assert guest.get(f"{url}/").json()["status"] == "open"
    closed = host.post(f"{url}/leave/", format="json")
    assert (closed.status_code, closed.json()["status"], closed.json()["outcome"]) == (
        200, "abandoned", {"abandoned": "host_left"})
    assert guest.post(f"{url}/join/", format="json").status_code == 409  # nothing left to join


def test_inviting_oneself_is_refused_with_the_seat_to_choose_instead(make_user, client_for):
    host_user = make_user()
    host = client_for(host_user)
    refused = invite(host, host_user)
    assert refused.status_code == 400, refused.json()
    assert refused.json()["detail"] == "You cannot invite yourself: choose “Me” for your own seat."
    assert not Table.objects.exists() and not Notice.objects.exists()
