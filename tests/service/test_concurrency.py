"""Races on one table: the head-row lock lets exactly one command through per seq, and the
seats of a simultaneous decision do not refuse each other."""

import random

import pytest

from engines import registry
from tables import lifecycle, moves
from tables.errors import Refused
from tables.models import Event, Table
from tables.reading import head_state

from .helpers import at_once, new_table, started_dschunke_table

pytestmark = pytest.mark.django_db(transaction=True)


def race(table_id: int, seat: int, expected_seq: int, actions: list[dict]) -> list:
    """Submit every action at once from its own thread and connection; returns the results."""
    return at_once(lambda i: moves.submit(table_id, seat, actions[i], expected_seq, f"racer-{i}"), len(actions))


def test_twenty_concurrent_submits_on_one_seq_exactly_one_wins(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    results = race(table["id"], 0, 3, [{"type": "roll"}] * 20)
    winners = [r for r in results if isinstance(r, dict)]
    losers = [r for r in results if isinstance(r, Refused)]
    assert len(winners) == 1 and winners[0]["seq"] == 4
    assert len(losers) == 19 and {r.code for r in losers} == {"stale_seq"}
    assert all(r.extra["head_seq"] == 4 for r in losers)
    seqs = list(Event.objects.filter(table_id=table["id"]).order_by("seq").values_list("seq", flat=True))
    assert seqs == [1, 2, 3, 4]


def test_the_same_command_id_from_two_threads_applies_once(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    results = at_once(lambda i: moves.submit(table["id"], 0, {"type": "roll"}, 3, "one-command"), 5)
    assert len(results) == 5 and all(r == results[0] for r in results)
    assert Event.objects.filter(table_id=table["id"]).count() == 4


def test_the_unique_seq_key_refuses_a_writer_that_skipped_the_lock(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    Event.objects.create(table_id=table["id"], seq=4, type="rogue", payload={"type": "rogue"})  # head not moved
    with pytest.raises(Refused) as refused:
        moves.submit(table["id"], 0, {"type": "roll"}, 3, "after-rogue")
    assert refused.value.code == "stale_seq" and refused.value.status == 409
    assert Event.objects.filter(table_id=table["id"]).count() == 4


def play_until_simultaneous(table_id: int) -> Table:
    """Random legal moves of the first seat to act, until several seats are to act at once."""
    engine, rng = registry.get("dschunke"), random.Random(7)
    for step in range(500):
        table = Table.objects.get(pk=table_id)
        if len(table.to_act) > 1:
            return table
        seat = table.to_act[0]
        action = rng.choice(engine.legal_actions(head_state(table), seat))
        moves.submit(table_id, seat, action, table.head_seq, f"walk-{step}")
    raise AssertionError("no simultaneous decision in 500 moves")


def first_legal(table: Table, seat: int) -> dict:
    return registry.get("dschunke").legal_actions(head_state(table), seat)[0]


def test_simultaneous_decisions_sent_at_one_seq_all_commit(make_user):
    table = play_until_simultaneous(started_dschunke_table([make_user() for _ in range(4)]))
    seats, seq = table.to_act, table.head_seq
    actions = {seat: first_legal(table, seat) for seat in seats}
    results = at_once(lambda i: moves.submit(table.pk, seats[i], actions[seats[i]], seq, f"sim-{i}"), len(seats))
    assert all(isinstance(result, dict) for result in results), results
    events = list(Event.objects.filter(table_id=table.pk, seq__gt=seq).values_list("seat", "seq"))
    assert {seat for seat, _ in events} == set(seats)
    assert [s for _, s in events] == list(range(seq + 1, seq + 1 + len(events)))


def test_a_seat_that_has_acted_cannot_act_again_on_the_old_seq(make_user):
    table = play_until_simultaneous(started_dschunke_table([make_user() for _ in range(4)]))
    seat, seq = table.to_act[0], table.head_seq
    moves.submit(table.pk, seat, first_legal(table, seat), seq, "first")
    after = Table.objects.get(pk=table.pk)
    again = first_legal(after, seat) if seat in after.to_act else {"type": "bid", "amount": 0}
    with pytest.raises(Refused) as refused:
        moves.submit(table.pk, seat, again, seq, "second")
    assert refused.value.code == "stale_seq"
    assert Table.objects.get(pk=table.pk).head_seq == after.head_seq


def test_a_seat_whose_turn_began_later_is_refused_an_older_seq(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    moves.submit(table["id"], 0, {"type": "roll"}, 3, "alice-rolls")
    with pytest.raises(Refused) as refused:  # bob's turn began at seq 4
        moves.submit(table["id"], 1, {"type": "roll"}, 3, "bob-too-early")
    assert refused.value.code == "stale_seq" and refused.value.extra["head_seq"] == 4
