"""Deadline rows: idle players, stand-in bots, forfeits, the AI outbox, restarts."""
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from ai_workers import dispatch, ticker
from tables import deadlines, lifecycle
from tables.models import Deadline, Event, Seat, Table

from .helpers import act, at_once, new_table

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def live_table(make_user, client_for):
    def make(**time_control):
        alice, bob = make_user(), make_user()
        a, b = client_for(alice), client_for(bob)
        table = new_table(a, options={"cards": 3}, time_control={"kind": "live", "seconds": 30, **time_control})
        lifecycle.join(table["id"], bob)
        lifecycle.start_table(table["id"], alice)
        return table["id"], [a, b]

    return make


def expire(table_id: int) -> None:
    Deadline.objects.filter(table_id=table_id).update(due_at=timezone.now() - timedelta(seconds=1))


def test_a_move_deadline_follows_the_seat_to_act(live_table):
    table_id, _ = live_table()
    row = Deadline.objects.get(table_id=table_id)
    assert (row.seat, row.kind, row.expected_seq) == (0, "move", 3)
    assert timedelta(seconds=28) < row.due_at - timezone.now() <= timedelta(seconds=30)


def test_an_expired_deadline_is_played_by_a_bot_exactly_once(live_table):
    table_id, _ = live_table()
    expire(table_id)
    results = at_once(lambda i: ticker.tick(), 4, timeout=30)
    assert sum(results) == 1  # SKIP LOCKED and the lease: one ticker claimed the row
    table = Table.objects.get(pk=table_id)
    assert table.head_seq == 4 and table.to_act == [1]
    move = Event.objects.get(table=table, seq=4)
    assert move.seat == 0 and move.command_id == "timeout:0:3"
    assert Seat.objects.get(table=table, index=0).timeouts == 1
    assert ticker.tick() == 0


def test_a_stale_deadline_changes_nothing(live_table):
    table_id, clients = live_table()
    row = Deadline.objects.get(table_id=table_id)
    act(clients[0], table_id, {"type": "roll"}, 3, "in-time")
    ticker.resolve(row)  # claimed before the move, resolved after it
    assert Table.objects.get(pk=table_id).head_seq == 4


def play_a_card(client, table_id: int):
    view = client.get(f"/api/tables/{table_id}/view/").json()
    card = view["view"]["players"][view["seat"]]["hand"][0]
    return act(client, table_id, {"type": "play", "card": card}, view["seq"], f"card-{view['seq']}")


def test_three_timeouts_hand_the_seat_to_a_bot_until_the_player_returns(live_table):
    table_id, clients = live_table()
    for turn in range(3):  # seat 0 idles three times; seat 1 answers each time, keeping a card
        expire(table_id)
        assert ticker.tick() == 1
        seq = Table.objects.get(pk=table_id).head_seq
        answer = act(clients[1], table_id, {"type": "roll"}, seq, "roll") if turn == 0 else play_a_card(
            clients[1], table_id)
        assert answer.status_code == 200
    seat = Seat.objects.get(table_id=table_id, index=0)
    assert seat.standin and seat.timeouts == 3
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.RUNNING and table.to_act == [1]
    assert clients[0].get(f"/api/tables/{table_id}/").json()["seats"][0]["standin"] is True
    back = clients[0].post(f"/api/tables/{table_id}/back/").json()
    assert back["seats"][0]["standin"] is False
    assert Seat.objects.get(table_id=table_id, index=0).timeouts == 0
    again = clients[0].post(f"/api/tables/{table_id}/back/")  # no restarting one's own clock
    assert again.status_code == 409 and again.json()["code"] == "not_away"


def test_a_forfeit_table_keeps_the_bot_to_the_end(live_table):
    table_id, clients = live_table(max_timeouts=1, on_idle="forfeit")
    expire(table_id)
    ticker.tick()
    seat = Seat.objects.get(table_id=table_id, index=0)
    assert seat.forfeited
    response = clients[0].post(f"/api/tables/{table_id}/back/")
    assert response.status_code == 403 and "forfeited" in response.json()["detail"]
    while Table.objects.get(pk=table_id).status == Table.Status.RUNNING:  # the bot answers every card
        assert play_a_card(clients[1], table_id).status_code == 200
    assert Table.objects.get(pk=table_id).outcome["forfeited"] == [0]


def test_a_lost_ai_dispatch_is_sent_again_from_the_outbox(make_user, client_for, monkeypatch):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "random"}, {"kind": "me"}])
    monkeypatch.setattr(dispatch, "send_ai_turn", lambda *args: None)  # the dispatch is lost
    client.post(f"/api/tables/{table['id']}/start/")
    monkeypatch.undo()
    row = Deadline.objects.get(table_id=table["id"])
    assert (row.kind, row.seat, Table.objects.get(pk=table["id"]).head_seq) == ("ai", 0, 3)
    expire(table["id"])
    ticker.tick()
    assert Table.objects.get(pk=table["id"]).head_seq == 4


def test_claims_of_concurrent_tickers_never_overlap(live_table):
    ids = [live_table()[0] for _ in range(3)]
    for table_id in ids:
        expire(table_id)
    claims = at_once(lambda i: [row.pk for row in deadlines.claim_due(limit=2)], 2, timeout=30)
    claimed = claims[0] + claims[1]
    assert len(claimed) == len(set(claimed)) == 3


def test_correspondence_deadlines_are_rows_resolved_by_a_fresh_process(make_user, client_for):
    alice, bob, carol = make_user(), make_user(), make_user()
    table = new_table(client_for(alice), game="dschunke", players=3,
                      time_control={"kind": "correspondence", "days": 3})
    lifecycle.join(table["id"], bob)
    lifecycle.join(table["id"], carol)
    lifecycle.start_table(table["id"], alice)
    head = Table.objects.get(pk=table["id"]).head_seq
    rows = {row.kind: row for row in Deadline.objects.filter(table_id=table["id"])}
    assert set(rows) == {"move", "remind"}
    assert timedelta(days=2, hours=23) < rows["move"].due_at - timezone.now() <= timedelta(days=3)
    assert rows["move"].due_at - rows["remind"].due_at == timedelta(days=1)
    Deadline.objects.filter(pk=rows["move"].pk).update(due_at=timezone.now())
    env = {**os.environ, "SAMPAN_PROFILE": "test",
           "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{connection.settings_dict['NAME']}"}
    done = subprocess.run([sys.executable, "manage.py", "run_deadlines", "--once"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "claimed 1" in done.stdout, done.stderr
    assert Table.objects.get(pk=table["id"]).head_seq > head
    assert Event.objects.filter(table_id=table["id"], seq=head + 1, command_id__startswith="timeout:").exists()


def expire_all(ids) -> None:
    Deadline.objects.filter(table_id__in=ids).update(due_at=timezone.now() - timedelta(seconds=1))


def timeout_moves(table_id: int) -> list[str]:
    return list(Event.objects.filter(table_id=table_id, command_id__startswith="timeout:")
                .values_list("command_id", flat=True).distinct())


def test_a_tick_drains_more_than_one_batch(live_table):
    ids = [live_table()[0] for _ in range(5)]
    expire_all(ids)
    assert ticker.tick(linger=0, batch=2) == 5  # three claims of at most two rows, in one tick
    assert all(timeout_moves(table_id) == ["timeout:0:3"] for table_id in ids)


def test_two_ticks_at_once_share_the_rows_and_resolve_none_twice(live_table):
    ids = [live_table()[0] for _ in range(8)]
    expire_all(ids)
    counts = at_once(lambda i: ticker.tick(linger=0, batch=1), 2)
    assert sum(counts) == 8  # every row claimed exactly once between the two ticks
    assert all(timeout_moves(table_id) == ["timeout:0:3"] for table_id in ids)
    assert all(Table.objects.get(pk=table_id).head_seq == 4 for table_id in ids)


def test_a_tick_resolves_what_falls_due_before_the_next_tick(live_table):
    table_id, _ = live_table()
    Deadline.objects.filter(table_id=table_id).update(due_at=timezone.now() + timedelta(seconds=0.3))
    assert ticker.tick(linger=1.0) == 1
    assert timeout_moves(table_id) == ["timeout:0:3"]


def test_a_tick_does_not_wait_for_a_deadline_after_the_next_tick(live_table):
    table_id, _ = live_table()
    Deadline.objects.filter(table_id=table_id).update(due_at=timezone.now() + timedelta(seconds=5))
    started = timezone.now()
    assert ticker.tick(linger=1.0) == 0
    assert timezone.now() - started < timedelta(seconds=1)


def test_a_claim_is_one_statement(live_table, django_assert_num_queries):
    table_id, _ = live_table()
    expire(table_id)
    with django_assert_num_queries(1):
        rows = deadlines.claim_due(limit=10)
    assert [(row.table_id, row.kind, row.expected_seq) for row in rows] == [(table_id, "move", 3)]
    assert rows[0].claimed_until > timezone.now()


def test_a_timed_out_move_is_a_zombie_move_and_the_stand_in_keeps_the_seats_strength(live_table, bot_choices):
    table_id, clients = live_table(max_timeouts=1)
    expire(table_id)
    assert ticker.tick(linger=0) == 1  # seat 0 times out once: a stand-in bot takes the seat
    assert [(seat, strength) for seat, strength, _ in bot_choices] == [(0, settings.TIMEOUT_BOT)]
    assert settings.TIMEOUT_BOT == "random"
    act(clients[1], table_id, {"type": "roll"}, 4, "roll")  # the stand-in answers inline
    assert [(seat, strength) for seat, strength, _ in bot_choices[1:]] == [(0, lifecycle.DEFAULT_STRENGTH)]


def test_a_player_whom_only_bots_wait_for_has_no_clock(make_user, client_for):
    """Issue 15, item 1: clocks protect people's time; against bots alone the game waits."""
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}],
                      time_control={"kind": "live", "seconds": 30})
    client.post(f"/api/tables/{table['id']}/start/")
    head = Table.objects.get(pk=table["id"])
    assert head.to_act == [0]
    assert not Deadline.objects.filter(table_id=table["id"], seat=0, kind=Deadline.Kind.MOVE).exists()
    assert client.get(f"/api/tables/{table['id']}/").json()["deadline"] is None


def test_a_clock_stops_when_the_last_person_waiting_hands_over_to_a_bot(live_table):
    table_id, (alice, bob) = live_table()
    assert Deadline.objects.filter(table_id=table_id, seat=0, kind=Deadline.Kind.MOVE).exists()
    Seat.objects.filter(table_id=table_id, index=1).update(standin=True)  # bob's seat is played by a bot now
    act(alice, table_id, {"type": "roll"}, 3, "roll")
    head = Table.objects.get(pk=table_id)
    if head.to_act == [0]:
        assert not Deadline.objects.filter(table_id=table_id, seat=0, kind=Deadline.Kind.MOVE).exists()
    else:  # bob's stand-in is to move: an AI row, and no clock for anyone
        assert set(Deadline.objects.filter(table_id=table_id).values_list("kind", flat=True)) == {Deadline.Kind.AI}


def test_a_move_made_by_the_clock_is_marked_in_the_log(live_table, make_user, client_for):
    """Issue 15, item 1: the events API and the frames say who made a seat's move."""
    table_id, (alice, _) = live_table()
    expire(table_id)
    ticker.tick(linger=0.0)
    events = alice.get(f"/api/tables/{table_id}/events/").json()["events"]
    assert [e["by"] for e in events if e["seat"] is None] == [None] * len([e for e in events if e["seat"] is None])
    assert events[-1]["by"] == "timeout"
