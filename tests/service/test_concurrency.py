"""Races on one table: the head-row lock lets exactly one command through per seq."""

import pytest

from tables import commands
from tables.errors import Refused
from tables.models import Event

from .helpers import at_once, new_table

pytestmark = pytest.mark.django_db(transaction=True)


def race(table_id: int, seat: int, expected_seq: int, actions: list[dict]) -> list:
    """Submit every action at once from its own thread and connection; returns the results."""
    return at_once(lambda i: commands.submit(table_id, seat, actions[i], expected_seq, f"racer-{i}"), len(actions))


def test_twenty_concurrent_submits_on_one_seq_exactly_one_wins(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    commands.join(table["id"], bob)
    commands.start_table(table["id"], alice)
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
    commands.join(table["id"], bob)
    commands.start_table(table["id"], alice)
    results = at_once(lambda i: commands.submit(table["id"], 0, {"type": "roll"}, 3, "one-command"), 5)
    assert len(results) == 5 and all(r == results[0] for r in results)
    assert Event.objects.filter(table_id=table["id"]).count() == 4


def test_the_unique_seq_key_refuses_a_writer_that_skipped_the_lock(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    commands.join(table["id"], bob)
    commands.start_table(table["id"], alice)
    Event.objects.create(table_id=table["id"], seq=4, type="rogue", payload={"type": "rogue"})  # head not moved
    with pytest.raises(Refused) as refused:
        commands.submit(table["id"], 0, {"type": "roll"}, 3, "after-rogue")
    assert refused.value.code == "stale_seq" and refused.value.status == 409
    assert Event.objects.filter(table_id=table["id"]).count() == 4
