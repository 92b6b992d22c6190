"""Leaving a running game: a player resigns (a bot plays the seat, or it forfeits), and a table
of bots whose one player has left is abandoned by the deadline ticker."""
from datetime import timedelta

import pytest
from django.utils import timezone

from ai_workers import ticker
from tables import lifecycle
from tables.models import Deadline, Event, RatingChange, Seat, Table

from .helpers import act, new_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_players(make_user, client_for):
    """A running tiny table of two people, seat 0 (the creator) to act, by the given idle setting."""
    def make(on_idle="bot", rated=True):
        alice, bob = make_user(), make_user()
        a, b = client_for(alice), client_for(bob)
        table = new_table(a, options={"cards": 2}, rated=rated,
                          time_control={"kind": "live", "seconds": 60, "on_idle": on_idle})
        lifecycle.join(table["id"], bob)
        lifecycle.start_table(table["id"], alice)
        return table["id"], a, b

    return make


def resign(client, table_id: int):
    return client.post(f"/api/tables/{table_id}/resign/")


def play_to_the_end(client, table_id: int) -> dict:
    """The client's seat plays its first legal action until the game ends (the other seat's bot
    answers inline)."""
    detail = client.get(f"/api/tables/{table_id}/").json()
    while detail["status"] == "running":
        view = client.get(f"/api/tables/{table_id}/view/").json()
        assert view["seat"] in view["to_act"]
        response = act(client, table_id, view["legal_actions"][0], view["seq"], f"move-{view['seq']}")
        assert response.status_code == 200, response.json()
        detail = client.get(f"/api/tables/{table_id}/").json()
    return detail


def test_a_resigning_player_hands_the_seat_to_a_bot_and_the_log_says_so(two_players):
    table_id, alice, bob = two_players(on_idle="bot")
    response = resign(alice, table_id)
    assert response.status_code == 200
    seat = response.json()["seats"][0]
    assert (seat["resigned"], seat["standin"], seat["forfeited"]) == (True, True, False)
    resigned = Event.objects.get(table_id=table_id, type="resigned")
    assert (resigned.seat, resigned.payload) == (0, {"type": "resigned", "seat": 0, "forfeits": False})
    events = bob.get(f"/api/tables/{table_id}/events/").json()["events"]
    line = next(event for event in events if event["type"] == "resigned")
    assert line["text"] == f"{seat['username']} resigned; a bot plays the seat to the end."
    assert events[-1]["seq"] > line["seq"] and events[-1]["by"] == "bot"  # the bot took the turn at once
    assert Table.objects.get(pk=table_id).to_act == [1]


def test_a_resignation_is_in_the_replay_and_changes_nothing_on_the_board(two_players):
    table_id, alice, bob = two_players()
    before = bob.get(f"/api/tables/{table_id}/view/").json()
    resign(alice, table_id)
    seq = Event.objects.get(table_id=table_id, type="resigned").seq
    at = bob.get(f"/api/tables/{table_id}/view/?at={seq}").json()
    assert at["seq"] == seq and at["view"] == before["view"]


def test_resigning_where_idle_players_forfeit_forfeits_and_the_outcome_says_so(two_players):
    table_id, alice, bob = two_players(on_idle="forfeit")
    assert resign(alice, table_id).status_code == 200
    resigned = bob.get(f"/api/tables/{table_id}/events/").json()["events"]
    assert any(e["type"] == "resigned" and e["text"].endswith("resigned and forfeits the game.") for e in resigned)
    outcome = play_to_the_end(bob, table_id)["outcome"]
    assert outcome["forfeited"] == [0] and outcome["resigned"] == [0]


def test_a_resigning_player_is_rated_last_whatever_the_bot_made_of_the_seat(two_players):
    """The ruling of tables.ratings: a seat whose player resigned is last."""
    table_id, alice, bob = two_players(on_idle="bot")
    resign(alice, table_id)
    play_to_the_end(bob, table_id)
    assert Table.objects.get(pk=table_id).outcome["resigned"] == [0]
    ranks = dict(RatingChange.objects.filter(table_id=table_id).values_list("seat", "rank"))
    assert ranks == {0: 2, 1: 1}


def test_a_resigned_player_can_neither_move_nor_take_the_seat_back(two_players):
    table_id, alice, bob = two_players()
    resign(alice, table_id)
    act(bob, table_id, {"type": "roll"}, Table.objects.get(pk=table_id).head_seq, "roll")  # back to seat 0's bot
    head = Table.objects.get(pk=table_id)
    view = alice.get(f"/api/tables/{table_id}/view/").json()
    moved = act(alice, table_id, {"type": "roll"}, view["seq"], "mine-again")
    assert moved.status_code == 403 and "resigned" in moved.json()["detail"]
    back = alice.post(f"/api/tables/{table_id}/back/")
    assert back.status_code == 403 and "resigned" in back.json()["detail"]
    assert Table.objects.get(pk=table_id).head_seq >= head.head_seq


def test_resigning_twice_is_refused_and_changes_nothing(two_players):
    table_id, alice, _ = two_players()
    assert resign(alice, table_id).status_code == 200
    head = Table.objects.get(pk=table_id)
    again = resign(alice, table_id)
    assert again.status_code == 409
    assert again.json() == {"code": "already_resigned", "detail": "You have already resigned from this game."}
    assert Table.objects.get(pk=table_id).version == head.version
    assert Event.objects.filter(table_id=table_id, type="resigned").count() == 1


def test_only_a_seated_player_at_a_running_table_may_resign(two_players, make_user, client_for):
    table_id, alice, _ = two_players()
    spectator = client_for(make_user())
    refused = resign(spectator, table_id)
    assert refused.status_code == 403 and refused.json()["detail"] == "You have no seat at this table."
    assert resign(client_for(make_user()), 10 ** 12).status_code == 404
    assert not Event.objects.filter(table_id=table_id, type="resigned").exists()

    waiting = new_table(alice)
    not_started = resign(alice, waiting["id"])
    assert not_started.status_code == 409 and not_started.json()["code"] == "not_started"

    lifecycle.abandon(table_id, Table.objects.get(pk=table_id).created_by)
    over = resign(alice, table_id)
    assert over.status_code == 409 and over.json()["code"] == "game_over"
    assert not Seat.objects.filter(table_id=table_id, resigned=True).exists()


def test_resigning_needs_a_signed_in_player(two_players):
    from rest_framework.test import APIClient

    table_id, _, _ = two_players()
    assert resign(APIClient(), table_id).status_code in (401, 403)
    assert not Seat.objects.filter(table_id=table_id, resigned=True).exists()


# ----------------------------------------------------------------------------- a table of bots left by its player


@pytest.fixture
def against_a_bot(make_user, client_for):
    """A running tiny table of a person (seat 0, to act) and a random bot."""
    def make(seconds=30, max_timeouts=3, correspondence_days=None):
        client = client_for(make_user())
        time_control = ({"kind": "live", "seconds": seconds} if correspondence_days is None
                        else {"kind": "correspondence", "days": correspondence_days})
        table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}],
                          time_control={**time_control, "max_timeouts": max_timeouts})
        client.post(f"/api/tables/{table['id']}/start/")
        return table["id"], client

    return make


def expire_idle(table_id: int) -> None:
    Deadline.objects.filter(table_id=table_id, kind=Deadline.Kind.IDLE).update(
        due_at=timezone.now() - timedelta(seconds=1))


def live_ids(client) -> set[int]:
    return {table["id"] for table in client.get("/api/tables/?list=live").json()}


@pytest.mark.parametrize("days", [1, 3])
def test_the_player_alone_with_bots_has_the_tables_idle_time_and_no_clock(against_a_bot, days):
    """A correspondence table's idle time, three missed moves of `days` each; at a live table's
    few minutes a day at least, as nobody waits on the player (a quick game against bots)."""
    if days == 1:
        table_id, client = against_a_bot(seconds=30, max_timeouts=3)
    else:
        table_id, client = against_a_bot(correspondence_days=days, max_timeouts=3)
    row = Deadline.objects.get(table_id=table_id)
    assert (row.seat, row.kind, row.expected_seq) == (0, Deadline.Kind.IDLE, 3)
    idle = timedelta(days=1) if days == 1 else timedelta(days=3 * days)
    assert idle - timedelta(seconds=2) < row.due_at - timezone.now() <= idle
    assert client.get(f"/api/tables/{table_id}/").json()["deadline"] is None


def test_a_table_of_bots_whose_player_has_left_is_abandoned_and_says_why(against_a_bot):
    table_id, client = against_a_bot()
    assert table_id in live_ids(client)
    expire_idle(table_id)
    assert ticker.tick(linger=0) == 1
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.ABANDONED and table.finished_at is not None
    assert table.outcome == {"abandoned": "player_left", "seat": 0}
    assert not Deadline.objects.filter(table_id=table_id).exists()
    assert table_id not in live_ids(client)
    detail = client.get(f"/api/tables/{table_id}/").json()
    assert detail["outcome"] == {"abandoned": "player_left", "seat": 0} and detail["ratings"] is None
    assert ticker.tick(linger=0) == 0


def test_a_player_who_moves_in_time_keeps_the_table(against_a_bot):
    table_id, client = against_a_bot()
    row = Deadline.objects.get(table_id=table_id, kind=Deadline.Kind.IDLE)
    view = client.get(f"/api/tables/{table_id}/view/").json()
    assert act(client, table_id, {"type": "roll"}, view["seq"], "roll").status_code == 200
    ticker.resolve(row)  # claimed before the move, resolved after it
    assert Table.objects.get(pk=table_id).status == Table.Status.RUNNING
    fresh = Deadline.objects.get(table_id=table_id, kind=Deadline.Kind.IDLE)
    assert fresh.expected_seq > row.expected_seq  # the bot answered: the player's time starts again


def test_a_table_with_another_person_waiting_is_not_abandoned_for_idling(two_players):
    table_id, _, _ = two_players()
    assert set(Deadline.objects.filter(table_id=table_id).values_list("kind", flat=True)) == {Deadline.Kind.MOVE}
