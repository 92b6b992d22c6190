"""A watching client gets every event exactly once while moves arrive quickly: the consumer's
head check and the channel-layer push must not both send the same events."""
import random

import pytest
from asgiref.sync import sync_to_async

from tables import moves
from tables.models import Table

from tests.service.helpers import started_dschunke_table
from tests.service.wsclients import communicator, session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_consumer_connections"),
]
MOVES = 40


def started_table(django_user_model) -> tuple[int, list]:
    users = [django_user_model.objects.create_user(f"dup{i}", password="pw") for i in range(4)]
    return started_dschunke_table(users), users


def play_random_moves(table_id: int, count: int) -> int:
    """`count` random legal moves through the command path; returns the head seq."""
    from engines import registry
    from tables.reading import head_state

    engine, rng = registry.get("dschunke"), random.Random(7)
    for move in range(count):
        table = Table.objects.get(pk=table_id)
        state = head_state(table)
        seat = sorted(engine.to_act(state))[0]
        action = rng.choice(engine.legal_actions(state, seat))
        moves.submit(table_id, seat, action, table.head_seq, f"dup-{move}")
    return Table.objects.get(pk=table_id).head_seq


async def test_a_watcher_gets_each_event_once_while_moves_stream_in(django_user_model, settings):
    settings.WS_HEAD_CHECK_SECONDS = settings.WS_STUCK_SECONDS = 0.02  # catch-ups race the pushes
    table_id, users = await sync_to_async(started_table)(django_user_model)
    socket = communicator(table_id, await sync_to_async(session_cookie)(users[1]))
    assert (await socket.connect())[0]
    first = await socket.receive_json_from(timeout=10)
    head = await sync_to_async(play_random_moves)(table_id, MOVES)
    seqs = []
    while not seqs or seqs[-1] < head:
        frame = await socket.receive_json_from(timeout=10)
        if frame["type"] == "event":
            seqs.append(frame["seq"])
    while not await socket.receive_nothing(timeout=0.5):  # anything still on its way
        frame = await socket.receive_json_from()
        if frame["type"] == "event":
            seqs.append(frame["seq"])
    await socket.disconnect()
    duplicated = sorted({seq for seq in seqs if seqs.count(seq) > 1})
    assert duplicated == [], f"{len(seqs) - len(set(seqs))} duplicate event frames, seqs {duplicated[:20]}"
    assert seqs == list(range(first["seq"] + 1, head + 1))
