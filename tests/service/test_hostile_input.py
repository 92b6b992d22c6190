"""Issue 13, item 5: hostile payloads get a 4xx or an error frame, never a 500 or a closed socket,
and change nothing."""
import pytest

from tables import lifecycle
from tables.models import Event, Table

from .helpers import new_table
from .wsclients import communicator, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

DEEP = "[" * 5000 + "]" * 5000
TOO_DEEP = "[" * 40 + "]" * 40  # parses, but deeper than any action or option needs


@pytest.fixture
def running_table(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    return table["id"], alice, client_for(alice)


@pytest.mark.parametrize("body", [DEEP, TOO_DEEP, '{"action": NaN}', '{"x": Infinity}'])
def test_rest_writes_refuse_deep_or_non_standard_json(running_table, body):
    table_id, alice, client = running_table
    head = Table.objects.get(pk=table_id).head_seq
    for method, url in [("post", "/api/tables/"), ("post", f"/api/tables/{table_id}/actions/"),
                        ("patch", "/api/me/")]:
        response = getattr(client, method)(url, body, content_type="application/json")
        assert response.status_code == 400, (url, response.content[:200])
        assert "JSON" in response.json()["detail"]
    assert Table.objects.count() == 1 and Table.objects.get(pk=table_id).head_seq == head


@pytest.mark.parametrize("table_id", [2**63, 2**64 + 5, 10**30])
def test_ids_past_a_64_bit_column_are_not_found(client_for, make_user, table_id):
    client = client_for(make_user())
    for url in [f"/api/tables/{table_id}/", f"/api/tables/{table_id}/events/", f"/tables/{table_id}/"]:
        assert client.get(url).status_code == 404, url
    assert client.post(f"/api/tables/{table_id}/join/", {}, format="json").status_code == 404


@pytest.mark.parametrize("query", ["after=99999999999999999999999", "after=-1", "after=x"])
def test_out_of_range_query_numbers_are_refused(running_table, query):
    table_id, _, client = running_table
    response = client.get(f"/api/tables/{table_id}/events/?{query}")
    assert response.status_code == 400 and "after" in response.json()["detail"]


def test_a_join_seat_past_any_table_is_refused(make_user, client_for):
    table = new_table(client_for(make_user()))
    response = client_for(make_user()).post(f"/api/tables/{table['id']}/join/", {"seat": 2**70}, format="json")
    assert response.status_code == 400


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
@pytest.mark.parametrize("frame", [
    DEEP, TOO_DEEP, '{"type": "resync", "after": 1e999}', '{"type": "resync", "after": 99999999999999999999999}',
    '{"type": "action", "action": {"type": "roll"}, "expected_seq": 3, "command_id": "a\\u0000b"}',
])
async def test_hostile_frames_get_an_error_frame_and_the_socket_stays(running_table, frame):
    from asgiref.sync import sync_to_async

    table_id, alice, _ = running_table
    client = communicator(table_id, await sync_to_async(session_cookie)(alice))
    connected, _ = await client.connect()
    assert connected
    assert (await client.receive_json_from(timeout=5))["type"] == "sync"
    await client.send_to(text_data=frame)
    error = await client.receive_json_from(timeout=5)
    assert error["type"] == "error", error
    await client.send_json_to({"type": "resync", "after": 0})  # still open, still answering
    frames = [await client.receive_json_from(timeout=5)]
    while frames[-1]["type"] != "sync":
        frames.append(await client.receive_json_from(timeout=5))
    assert frames[-1]["seq"] == 3
    assert await sync_to_async(Event.objects.filter(table_id=table_id).count)() == 3
    await client.disconnect()
