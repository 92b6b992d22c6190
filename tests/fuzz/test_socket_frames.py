"""Random websocket frames from a seated player: malformed JSON, wrong types, unknown types,
huge frames. Every rejected frame gets an error frame, the consumer keeps serving, and the
table's head does not move."""
import json

import pytest
from asgiref.sync import async_to_sync
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.models import Table

from tests.service.helpers import started_dschunke_table
from tests.service.wsclients import communicator, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_consumer_connections")]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
frame_types = st.sampled_from(["action", "resync", "presence", "sync", "event", "error", "", "ACTION"]) | json_values
objects = st.fixed_dictionaries({"type": frame_types}, optional={
    "action": json_values | st.fixed_dictionaries({"type": st.text(max_size=12)}),
    "expected_seq": json_values,
    "command_id": json_values | st.text(min_size=90, max_size=200),
    "after": json_values | st.integers(max_value=-1),
})
frames = st.one_of(
    objects.map(json.dumps),
    json_values.map(json.dumps),  # valid JSON, not an object of ours
    st.text(min_size=1, max_size=50).filter(lambda text: not is_json(text)),  # malformed JSON
    st.integers(70_000, 200_000).map(lambda size: json.dumps({"type": "resync", "pad": "x" * size})),  # huge
)


def is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


@pytest.fixture
def seated(django_user_model):
    users = [django_user_model.objects.create_user(f"frames{i}", password="pw") for i in range(4)]
    return started_dschunke_table(users), session_cookie(users[0])


def head(table_id: int) -> tuple:
    table = Table.objects.get(pk=table_id)
    return table.head_seq, table.snapshot


async def answers(table_id: int, cookie: bytes, texts: list[str]) -> list[list[dict]]:
    """The frames sent back for each text, then a resync proving the consumer still serves."""
    socket = communicator(table_id, cookie)
    assert (await socket.connect(timeout=10))[0]  # one of many connections: on a loaded machine one takes over 1 s
    sync = await socket.receive_json_from(timeout=10)
    replies = []
    for text in texts:
        await socket.send_to(text_data=text)
        reply = [await socket.receive_json_from(timeout=10)]
        while reply[-1]["type"] == "event":  # a valid resync: events, then a sync
            reply.append(await socket.receive_json_from(timeout=10))
        replies.append(reply)
    await socket.send_json_to({"type": "resync", "after": sync["seq"]})
    assert (await socket.receive_json_from(timeout=10))["type"] == "sync"
    await socket.disconnect()
    return replies


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(texts=st.lists(frames, min_size=1, max_size=5))
def test_bad_frames_get_an_error_frame_and_change_nothing(seated, texts):
    table_id, cookie = seated
    before = head(table_id)
    replies = async_to_sync(answers)(table_id, cookie, texts)
    for text, reply in zip(texts, replies):
        last = reply[-1]
        assert last["type"] in ("error", "sync"), (text[:200], reply)
        if last["type"] == "error":
            assert last["code"] and last["detail"], last
    if all(reply[-1]["type"] == "error" for reply in replies):
        assert head(table_id) == before, "a rejected frame changed the table"


def test_a_bytes_frame_is_refused(seated):
    table_id, cookie = seated

    async def send_bytes():
        socket = communicator(table_id, cookie)
        await socket.connect()
        await socket.receive_json_from(timeout=10)
        await socket.send_to(bytes_data=b"\x00\xff" * 10)
        reply = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return reply

    assert async_to_sync(send_bytes)()["code"] == "bad_frame"
