"""Zulip's check, here: for every engine, what a move pushes to each viewer equals what that
viewer reads from the store afterwards (the events since its seq, then the head's sync frame)."""
import json
import random

import pytest
from django.contrib.auth.models import AnonymousUser

from engines import registry
from tables import lifecycle, moves, publish
from tables.consumers import frames_after
from tables.models import Table
from tables.reading import engine_of, head_state

pytestmark = pytest.mark.django_db(transaction=True)
MOVES = 40


@pytest.fixture
def pushes(monkeypatch) -> list[dict]:
    """Every table.frames message sent after a commit (still sent on)."""
    sent, send = [], publish.send_now_rollback_unsafe

    def spy(batch):
        sent.extend(message for _, message in batch if message["type"] == "table.frames")
        send(batch)

    monkeypatch.setattr(publish, "send_now_rollback_unsafe", spy)
    return sent


@pytest.mark.parametrize("game", registry.names())
def test_every_viewers_pushed_frames_equal_a_fresh_read_of_the_store(game, make_user, pushes):
    engine = registry.get(game)
    users = [make_user() for _ in range(engine.min_players)]
    seats = [{"kind": "me"}] + [{"kind": "invite", "username": user.username} for user in users[1:]]
    table = lifecycle.create_table(users[0], {"game": game, "players": len(users), "options": {}, "seats": seats,
                                              "time_control": {"kind": "live", "seconds": 600}})
    for user in users[1:]:
        lifecycle.join(table.pk, user)
    lifecycle.start_table(table.pk, users[0])
    rng = random.Random(7)
    for move in range(MOVES):
        head = Table.objects.get(pk=table.pk)
        if head.status != Table.Status.RUNNING:
            break
        seat = rng.choice(head.to_act)
        action = rng.choice(engine_of(head).legal_actions(head_state(head), seat))
        pushes.clear()
        moves.submit(table.pk, seat, action, head.head_seq, f"m{move}")
        (push,) = pushes
        for viewer, user in [*enumerate(users), (None, AnonymousUser())]:
            pushed = [json.loads(text) for text in push["frames"][publish.viewer_key(viewer)]]
            stored = json.loads(json.dumps(frames_after(table.pk, user, push["first_seq"] - 1, viewer)[0]))
            assert pushed == stored, (game, move, viewer)


def test_an_event_the_engine_cannot_word_is_pushed_with_its_type_for_a_line(tiny_table, pushes, monkeypatch, caplog):
    """A wording bug must not stop a table: the move commits, its frames go out (and a fresh
    read of the store gives the same), the event's line is its type, and the failure is logged."""
    engine = registry.get("tiny")

    def broken(event):
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(engine, "describe", broken)
    table = Table.objects.get(pk=tiny_table)
    state = head_state(table)
    seat = min(engine.to_act(state))
    moves.submit(tiny_table, seat, engine.legal_actions(state, seat)[0], table.head_seq, "unworded")
    frames = [json.loads(text) for text in pushes[-1]["frames"][publish.viewer_key(seat)]]
    events = [frame for frame in frames if frame["type"] == "event"]
    assert events and all(frame["text"] == frame["event"]["type"] for frame in events)
    assert "could not word" in caplog.text
    user = table.seats.get(index=seat).user
    stored, _ = frames_after(tiny_table, user, table.head_seq, seat)
    assert [frame["text"] for frame in stored if frame["type"] == "event"] == [frame["text"] for frame in events]
