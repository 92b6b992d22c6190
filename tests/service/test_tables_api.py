"""Tables before and around the game: create, join, leave, start, abandon, lists, errors."""
from datetime import datetime, timedelta, timezone

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tables.models import Event, Seat, Table

from .helpers import act, new_table

pytestmark = pytest.mark.django_db(transaction=True)


def post(client, url, body=None):
    return client.post(url, body or {}, format="json")


def test_create_validates_options_against_the_engine_schema(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, options={"cards": 3}, time_control={"kind": "correspondence", "days": 2})
    assert table["options"] == {"cards": 3}
    assert table["time_control"] == {"kind": "correspondence", "days": 2, "max_timeouts": 3, "on_idle": "bot"}
    assert table["status"] == "open" and table["my_seat"] == 0 and table["seed_hash"] is None
    for options, code in [({"cards": 9}, "bad_option"), ({"colour": "red"}, "unknown_option")]:
        response = post(client, "/api/tables/", {"game": "tiny", "players": 2, "options": options,
                                                 "time_control": {"kind": "live", "seconds": 60},
                                                 "seats": [{"kind": "me"}, {"kind": "open"}]})
        assert response.status_code == 400 and response.json()["code"] == code


@pytest.mark.parametrize("game, players, options", [
    ("dragon_boats", 2, {"short_game": True}), ("dragon_boats", 3, {"short_game": True}),
    ("dragon_market", 3, {"teams": True}),
])
def test_an_option_for_four_players_is_refused_at_creation_with_fewer(make_user, client_for, game, players, options):
    """B-V1, M-G1: a table that could never start is not opened."""
    client = client_for(make_user())
    response = post(client, "/api/tables/", {"game": game, "players": players, "options": options,
                                             "time_control": {"kind": "live", "seconds": 60},
                                             "seats": [{"kind": "me"}] + [{"kind": "ai"}] * (players - 1)})
    assert response.status_code == 400 and response.json()["code"] == "bad_option"
    assert "for 4 players only" in response.json()["detail"]
    assert not Table.objects.exists()


@pytest.mark.parametrize("game, options", [
    ("dragon_boats", {"short_cards": "fixed"}),
    ("dragon_market", {"variant": "advanced", "long_game": "on"}),
    ("dragon_market", {"mp_cost_special_steps": 1}),
])
def test_an_option_without_the_values_it_needs_is_refused_at_creation(make_user, client_for, game, options):
    """B-V1's round cards need the short game; M-V1's long game the basic game; the special steps'
    cost the advanced game: a table never promises a rule it would not play."""
    client = client_for(make_user())
    response = post(client, "/api/tables/", {"game": game, "players": 4, "options": options,
                                             "time_control": {"kind": "live", "seconds": 60},
                                             "seats": [{"kind": "me"}] + [{"kind": "ai"}] * 3})
    assert response.status_code == 400 and response.json()["code"] == "bad_option"
    assert "has no effect with the values chosen for" in response.json()["detail"]
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    "change, code",
    [
        ({"game": "chess"}, "unknown_game"),
        ({"players": 5, "seats": [{"kind": "open"}] * 5}, "bad_player_count"),
        ({"seats": [{"kind": "me"}]}, "bad_seats"),
        ({"seats": [{"kind": "me"}, {"kind": "me"}]}, "bad_seats"),
        ({"seats": [{"kind": "me"}, {"kind": "invite", "username": "nobody"}]}, "unknown_user"),
        ({"seats": [{"kind": "me"}, {"kind": "ai", "strength": "godlike"}]}, "bad_strength"),
        ({"time_control": {"kind": "live"}}, "invalid"),
        ({"seats": "all"}, "invalid"),
    ],
)
def test_create_refuses_bad_tables_with_a_reason(make_user, client_for, change, code):
    body = {"game": "tiny", "players": 2, "time_control": {"kind": "live", "seconds": 60},
            "seats": [{"kind": "me"}, {"kind": "open"}], **change}
    response = post(client_for(make_user()), "/api/tables/", body)
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code and response.json()["detail"]
    assert Table.objects.count() == 0


def test_join_leave_and_start_with_ai_fill(make_user, client_for):
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a, players=3, fill_with_ai=True)
    url = f"/api/tables/{table['id']}"
    assert post(b, f"{url}/join/", {"seat": 0}).json()["code"] == "no_seat"
    assert post(b, f"{url}/join/", {"seat": 2}).json()["my_seat"] == 2
    assert post(b, f"{url}/join/").json()["code"] == "already_seated"
    assert post(b, f"{url}/start/").status_code == 403
    assert post(b, f"{url}/leave/").json()["my_seat"] is None
    started = post(a, f"{url}/start/").json()
    assert started["status"] == "running"
    assert [s["kind"] for s in started["seats"]] == ["human", "ai", "ai"]
    assert all(s["colour"] is None for s in started["seats"])  # the tiny game has no colours
    assert all(s["strength"] == "greedy" for s in started["seats"][1:])
    assert post(b, f"{url}/join/").json()["code"] == "not_open"


def test_start_waits_for_open_seats_and_invitations(make_user, client_for):
    alice, bob = make_user(), make_user()
    a = client_for(alice)
    open_table = new_table(a)
    assert post(a, f"/api/tables/{open_table['id']}/start/").json()["code"] == "seats_open"
    invited = new_table(a, seats=[{"kind": "me"}, {"kind": "invite", "username": bob.username}], fill_with_ai=True)
    url = f"/api/tables/{invited['id']}"
    assert post(a, f"{url}/start/").json()["code"] == "invites_pending"
    assert post(client_for(make_user()), f"{url}/join/").json()["code"] == "no_seat"
    assert post(client_for(bob), f"{url}/join/").json()["my_seat"] == 1
    assert post(a, f"{url}/start/").json()["status"] == "running"


def test_lists_open_mine_and_my_turn(make_user, client_for):
    alice, bob, carol = make_user(), make_user(), make_user()
    a, b, c = client_for(alice), client_for(bob), client_for(carol)
    waiting = new_table(a)
    playing = new_table(a)
    post(b, f"/api/tables/{playing['id']}/join/")
    post(a, f"/api/tables/{playing['id']}/start/")

    def ids(client, which):
        response = client.get(f"/api/tables/?list={which}")
        assert response.status_code == 200
        return [t["id"] for t in response.json()]

    assert ids(c, "open") == [waiting["id"]]
    assert ids(a, "mine") == [playing["id"], waiting["id"]]
    assert ids(b, "mine") == [playing["id"]]
    assert ids(a, "my_turn") == [playing["id"]]
    assert ids(b, "my_turn") == []
    # an invitation waits for its answer: first in the list, until it is accepted or declined
    invitation = new_table(c, seats=[{"kind": "me"}, {"kind": "invite", "username": bob.username}])
    assert ids(b, "my_turn") == [invitation["id"]]
    post(b, f"/api/tables/{invitation['id']}/leave/")
    assert ids(b, "my_turn") == []
    assert APIClient().get("/api/tables/?list=mine").status_code == 403
    assert c.get("/api/tables/?list=everything").json()["code"] == "bad_parameter"


def test_abandon_ends_the_table_and_reveals_the_seed(make_user, client_for):
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a)
    post(b, f"/api/tables/{table['id']}/join/")
    post(a, f"/api/tables/{table['id']}/start/")
    assert post(b, f"/api/tables/{table['id']}/abandon/").status_code == 403
    ended = post(a, f"/api/tables/{table['id']}/abandon/").json()
    assert ended["status"] == "abandoned" and ended["seed"]
    assert act(a, table["id"], {"type": "roll"}, 3, "late").json()["code"] == "game_over"
    assert post(a, f"/api/tables/{table['id']}/abandon/").status_code == 409


def test_bad_requests_get_a_reason_and_write_nothing(make_user, client_for):
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a)
    post(b, f"/api/tables/{table['id']}/join/")
    post(a, f"/api/tables/{table['id']}/start/")
    url = f"/api/tables/{table['id']}/actions/"
    malformed = a.post(url, data='{"action": ', content_type="application/json")
    assert malformed.status_code == 400 and malformed.json()["code"] == "parse_error"
    huge = a.post(url, data='{"pad": "' + "x" * 100_000 + '"}', content_type="application/json")
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"
    missing = a.post(url, {"action": {"type": "roll"}}, format="json")
    assert missing.status_code == 400 and "expected_seq" in missing.json()["detail"]
    unknown = act(a, 999999, {"type": "roll"}, 3, "x")
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    assert a.get("/api/tables/999999/").status_code == 404
    assert APIClient().post(url, {"action": {}, "expected_seq": 3, "command_id": "x"}, format="json").status_code == 403
    assert Event.objects.filter(table_id=table["id"]).count() == 3


def test_session_auth_enforces_csrf_and_tokens_work(make_user):
    user = make_user("tokenuser")
    session = APIClient(enforce_csrf_checks=True)
    session.login(username="tokenuser", password="pw-tokenuser")
    assert session.get("/api/me/").json() == {
        "username": "tokenuser", "email": "tokenuser@example.com", "email_notices": True, "pace": 1200,
        "table_hint_seen": False, "notices": {"site": ["turn", "invite", "ended", "rematch", "joined", "left"],
                                              "email": ["turn", "invite", "rematch"]},
        "rated_against_bots": False, "newcomer_dismissed": [], "bot_owner": None}
    assert session.post("/api/me/token/").status_code == 403  # no CSRF token
    plain = APIClient()
    plain.force_login(user)
    token = plain.post("/api/me/token/").json()["token"]
    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert by_token.patch("/api/me/", {"email_notices": False}, format="json").json()["email_notices"] is False
    rotated = plain.post("/api/me/token/").json()["token"]
    assert rotated != token
    assert by_token.get("/api/me/").status_code in (401, 403)


def test_the_account_keeps_the_pace_of_others_moves_and_the_dismissed_guide(make_user, client_for):
    alice = client_for(make_user())
    changed = alice.patch("/api/me/", {"pace": 2500, "table_hint_seen": True}, format="json")
    assert changed.status_code == 200
    assert (changed.json()["pace"], changed.json()["table_hint_seen"]) == (2500, True)
    refused = alice.patch("/api/me/", {"pace": 777, "email_notices": False}, format="json")
    assert refused.status_code == 400 and "pace" in refused.json()["detail"]
    assert alice.get("/api/me/").json()["email_notices"] is True  # a refused change changes nothing
    # The table page gives the account's settings to its script.
    page = alice.get(f"/tables/{new_table(alice)['id']}/").content.decode()
    assert '"pace": 2500' in page and '"table_hint_seen": true' in page


def test_games_and_the_openapi_schema(make_user):
    client = APIClient()
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ["/api/tables/", "/api/tables/{table_id}/actions/", "/api/tables/{table_id}/events/",
                 "/api/tables/{table_id}/view/", "/api/tables/{table_id}/hint/", "/api/me/", "/api/me/token/",
                 "/api/games/"]:
        assert path in paths
    assert client.get("/api/docs/").status_code == 200
    options = schema.json()["components"]["schemas"]["Game"]["properties"]["options_schema"]["description"]
    assert all(keyword in options for keyword in ('"enumNames"', '"x-players"', '"x-requires"'))  # the form's keywords
    games = client.get("/api/games/").json()
    assert all(set(g) == {"name", "title", "min_players", "max_players", "options_schema"} for g in games)


def test_seats_report_their_kind(make_user, client_for):
    table = new_table(client_for(make_user()), seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    assert table["seats"][1] == {"seat": 1, "kind": "ai", "username": None, "strength": "random",
                                 "strength_label": "Beginner", "is_ai": True, "standin": False, "forfeited": False,
                                 "resigned": False,
                                 "colour": None, "is_bot_account": False}
    assert Seat.objects.filter(kind="ai").count() == 1


def test_a_persons_seat_has_no_strength_label_in_any_language(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    for language, beginner in (("en", "Beginner"), ("fr", "Débutant"), ("de", "Anfänger")):
        seats = client.get(f"/api/tables/{table['id']}/", HTTP_ACCEPT_LANGUAGE=language).json()["seats"]
        assert [seat["strength_label"] for seat in seats] == ["", beginner], language


def test_seats_show_their_colour_once_a_coloured_game_starts(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, game="dschunke", players=3, seats=[{"kind": "me"}] + [{"kind": "open"}] * 2,
                      fill_with_ai=True)
    assert all(s["colour"] is None for s in table["seats"])
    started = client.post(f"/api/tables/{table['id']}/start/").json()
    seat_colours = [s["colour"] for s in started["seats"]]
    assert all(seat_colours) and len(set(seat_colours)) == 3


def test_a_dragon_market_table_of_bots_alone_gets_a_round_limit_a_peoples_table_none(make_user, client_for):
    """M-T27: the book ends only by objectives, so a people's table has no round limit by default;
    a table where no person sits gets the engine's safety net when it starts."""
    from engines.dragon_market import data

    client = client_for(make_user())
    people = new_table(client, game="dragon_market", seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    bots = new_table(client, game="dragon_market", seats=[{"kind": "ai", "strength": "random"}] * 2)
    for table in (people, bots):
        assert table["options"]["turn_limit"] == 0
        assert post(client, f"/api/tables/{table['id']}/start/").status_code == 200
    assert client.get(f"/api/tables/{people['id']}/view/").json()["view"]["options"]["turn_limit"] == 0
    assert client.get(f"/api/tables/{bots['id']}/view/").json()["view"]["options"]["turn_limit"] == data.BOT_TABLE_ROUND_LIMIT


def test_the_lists_tell_when_a_running_tables_next_move_is_due_in_one_query_for_all(make_user, client_for):
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)

    def correspondence_game() -> int:
        table = new_table(a, time_control={"kind": "correspondence", "days": 2})
        post(b, f"/api/tables/{table['id']}/join/")
        post(a, f"/api/tables/{table['id']}/start/")
        return table["id"]

    first = correspondence_game()
    waiting = new_table(a, time_control={"kind": "correspondence", "days": 2})
    listed = {t["id"]: t for t in a.get("/api/tables/?list=mine").json()}
    due = datetime.fromisoformat(listed[first]["deadline"])
    assert timedelta(days=1, hours=23) < due - datetime.now(timezone.utc) <= timedelta(days=2)
    assert listed[first]["deadline"] == a.get(f"/api/tables/{first}/").json()["deadline"]  # as the table tells it
    assert listed[waiting["id"]]["deadline"] is None  # no clock before the start
    with CaptureQueriesContext(connection) as two_tables:
        a.get("/api/tables/?list=mine")
    correspondence_game(), correspondence_game()
    with CaptureQueriesContext(connection) as four_tables:
        assert len(a.get("/api/tables/?list=mine").json()) == 4
    assert len(four_tables) == len(two_tables)  # the deadlines of all come in one query
