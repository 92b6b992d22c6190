"""A person closes their account from the account page: the password is asked again; their tables
are left as a leaving player leaves them; their bot accounts close with it; nothing of theirs
signs in again; their name stays on the games and cannot be taken."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from tables import lifecycle, ratings
from tables.models import Event, Notice, Rating, Seat, Table

from .helpers import new_table

pytestmark = pytest.mark.django_db(transaction=True)


def signed_in(user) -> Client:
    browser = Client()
    assert browser.login(username=user.username, password="pw-" + user.username)
    return browser


def by_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def close(browser: Client, password: str):
    return browser.post("/accounts/close/", {"password": password})


@pytest.fixture
def alice_at_her_tables(make_user, client_for):
    """alice with a bot account, a token and a seat at each kind of table not yet ended; bob and
    carol, people she plays with."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    as_alice, as_bob = client_for(alice), client_for(bob)
    bot = as_alice.post("/api/me/bots/", {"username": "alicebot"}, format="json").json()
    tables = {
        "with_bob": new_table(as_alice, seats=[{"kind": "me"}, {"kind": "invite", "username": "bob"}])["id"],
        "of_bots": new_table(as_alice, seats=[{"kind": "me"}, {"kind": "ai"}])["id"],
        "hosted": new_table(as_alice, players=3, seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])["id"],
        "bobs": new_table(as_bob, players=3, seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])["id"],
        "invited": new_table(as_bob, seats=[{"kind": "me"}, {"kind": "invite", "username": "alice"}])["id"],
        "bot_and_carol": new_table(client_for(carol), seats=[{"kind": "me"}, {"kind": "open"}])["id"],
    }
    lifecycle.join(tables["with_bob"], bob)
    lifecycle.start_table(tables["with_bob"], alice)
    lifecycle.start_table(tables["of_bots"], alice)
    lifecycle.join(tables["hosted"], carol)
    lifecycle.join(tables["bobs"], alice)
    lifecycle.join(tables["bot_and_carol"], get_user_model().objects.get(username="alicebot"))
    lifecycle.start_table(tables["bot_and_carol"], carol)
    token = as_alice.post("/api/me/token/").json()["token"]
    return alice, tables, token, bot["token"]


def status(table_id: int) -> str:
    return Table.objects.get(pk=table_id).status


def test_a_wrong_password_is_refused_and_changes_nothing(alice_at_her_tables):
    alice, tables, token, bot_token = alice_at_her_tables
    browser = signed_in(alice)
    before = {name: (status(table_id), Event.objects.filter(table_id=table_id).count())
              for name, table_id in tables.items()}
    response = close(browser, "not-her-password")
    assert response.status_code == 400
    assert "That is not your password." in response.content.decode()
    assert re.search(r'<input type="password" name="password"[^>]*autofocus', response.content.decode())
    assert close(browser, "").status_code == 400
    assert {name: (status(table_id), Event.objects.filter(table_id=table_id).count())
            for name, table_id in tables.items()} == before
    alice.refresh_from_db()
    assert alice.is_active and alice.email == "alice@example.com"
    assert browser.get("/accounts/profile/").status_code == 200
    assert by_token(token).get("/api/me/").status_code == 200


def test_closing_leaves_every_table_as_a_leaving_player_would(alice_at_her_tables):
    alice, tables, token, bot_token = alice_at_her_tables
    response = close(signed_in(alice), "pw-alice")
    assert response.status_code == 302 and response.url == "/accounts/closed/"

    # In play with another person: her seat resigns, a bot plays it, bob plays on.
    seat = Seat.objects.get(table_id=tables["with_bob"], index=0)
    assert status(tables["with_bob"]) == Table.Status.RUNNING and seat.resigned and seat.standin
    assert Event.objects.filter(table_id=tables["with_bob"], type="resigned", seat=0).count() == 1
    # In play with bots alone: abandoned as by her leaving.
    of_bots = Table.objects.get(pk=tables["of_bots"])
    assert of_bots.status == Table.Status.ABANDONED and of_bots.outcome == {"abandoned": "player_left", "seat": 0}
    # Not begun, hers: closed, carol's seat with it.
    hosted = Table.objects.get(pk=tables["hosted"])
    assert hosted.status == Table.Status.ABANDONED and hosted.outcome == {"abandoned": "host_left"}
    # Not begun, bob's: her seat is open again, and bob is told; her invitation likewise.
    assert Seat.objects.get(table_id=tables["bobs"], user__username="bob").kind == Seat.Kind.HUMAN
    assert Seat.objects.filter(table_id=tables["bobs"], kind=Seat.Kind.OPEN).count() == 2
    assert Notice.objects.filter(user__username="bob", table_id=tables["bobs"], kind=Notice.Kind.LEFT).exists()
    assert list(Seat.objects.filter(table_id=tables["invited"]).values_list("kind", flat=True)) == ["human", "open"]
    assert status(tables["bobs"]) == status(tables["invited"]) == Table.Status.OPEN
    # Her bot account's seat at carol's table resigns: carol plays on.
    assert Seat.objects.get(table_id=tables["bot_and_carol"], index=1).resigned
    assert status(tables["bot_and_carol"]) == Table.Status.RUNNING


def test_nothing_of_a_closed_account_signs_in_and_its_name_stays_taken(alice_at_her_tables, make_user):
    alice, tables, token, bot_token = alice_at_her_tables
    browser = signed_in(alice)
    close(browser, "pw-alice")
    assert browser.get("/accounts/profile/").status_code == 302  # signed out
    assert not Client().login(username="alice", password="pw-alice")
    for refused in (by_token(token).get("/api/me/"), by_token(bot_token).get("/api/me/")):
        assert (refused.status_code, refused.json()["detail"]) == (403, "Invalid token.")
    closed = get_user_model().objects.get(username="alice")
    assert (closed.is_active, closed.email, closed.has_usable_password()) == (False, "", False)
    assert not get_user_model().objects.get(username="alicebot").is_active
    assert not Notice.objects.filter(user=closed).exists()
    assert Client().get("/players/alice/").status_code == 404
    signup = Client().post("/accounts/signup/", {"username": "alice", "email": "new@example.com",
                                                 "password1": "a-long-new-secret-7", "password2": "a-long-new-secret-7"})
    assert signup.status_code == 200 and not get_user_model().objects.filter(email="new@example.com").exists()
    # Her name stays on the table she resigned from.
    seats = api_as(make_user()).get(f"/api/tables/{tables['with_bob']}/").json()["seats"]
    assert seats[0]["username"] == "alice"


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_closed_account_leaves_the_leaderboard(alice_at_her_tables):
    alice, *_ = alice_at_her_tables
    Rating.objects.create(game="tiny", user=alice, mu=40.0, sigma=2.0, games=ratings.SETTLED_AFTER_GAMES)
    assert [row["player"] for row in Client().get("/api/games/tiny/leaderboard/").json()] == ["alice"]
    close(signed_in(alice), "pw-alice")
    assert Client().get("/api/games/tiny/leaderboard/").json() == []


def test_the_page_is_for_a_signed_in_person_posting_only(alice_at_her_tables):
    alice, *_ = alice_at_her_tables
    anonymous = Client().post("/accounts/close/", {"password": "pw-alice"})
    assert anonymous.status_code == 302 and anonymous.url.startswith("/accounts/login/")
    assert signed_in(alice).get("/accounts/close/").status_code == 405
    assert get_user_model().objects.get(username="alice").is_active
    page = signed_in(alice).get("/accounts/profile/").content.decode()
    assert 'action="/accounts/close/"' in page and 'autocomplete="current-password"' in page
