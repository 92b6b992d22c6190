"""Rate limits: a clear 429 (or error frame) before any work, and nothing written."""
import asyncio
import uuid

import pytest
import redis
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.conf import settings
from django.test import Client, override_settings

from tables import lifecycle, publish, ratelimit
from tables.models import Event, Table

from .helpers import act, clear_own_cache, new_table
from .wsclients import communicator, session_cookie

FEW_ACTIONS = {"actions": "3/min", "signup": "1000/h"}


@pytest.fixture
def running_table(make_user, client_for):
    alice, bob = make_user(), make_user()
    api = client_for(alice)
    table = new_table(api)
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    return table["id"], alice, api


@override_settings(RATE_LIMITS=FEW_ACTIONS)
def test_actions_over_the_rate_get_429_and_write_nothing(running_table):
    table_id, _, api = running_table
    head = Table.objects.get(pk=table_id).head_seq
    for number in range(3):  # stale seqs: refused by the command path, but counted
        assert act(api, table_id, {"type": "roll"}, 0, f"stale-{number}").status_code == 409
    refused = act(api, table_id, {"type": "roll"}, head, "one-too-many")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled" and "seconds" in refused.json()["detail"]
    assert int(refused["Retry-After"]) > 0
    assert Table.objects.get(pk=table_id).head_seq == head
    assert not Event.objects.filter(table_id=table_id, command_id="one-too-many").exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_actions_over_the_rate_on_the_websocket_get_an_error_frame(running_table):
    table_id, alice, _ = running_table
    client = communicator(table_id, await sync_to_async(session_cookie)(alice))
    assert (await client.connect())[0]
    hello = await client.receive_json_from(timeout=5)
    with override_settings(RATE_LIMITS=FEW_ACTIONS):
        for number in range(3):
            await client.send_json_to({"type": "action", "action": {"type": "roll"}, "expected_seq": 0, "command_id": f"s{number}"})
            assert (await client.receive_json_from(timeout=5))["code"] == "stale_seq"
        await client.send_json_to({"type": "action", "action": {"type": "roll"}, "expected_seq": hello["seq"], "command_id": "x"})
        refused = await client.receive_json_from(timeout=5)
    assert refused["type"] == "error" and refused["code"] == "throttled" and refused["retry_after"] > 0
    assert await sync_to_async(lambda: Table.objects.get(pk=table_id).head_seq)() == hello["seq"]
    await client.disconnect()


@pytest.mark.django_db
@override_settings(RATE_LIMITS={"actions": "30/s", "signup": "2/h"})
def test_signups_over_the_rate_get_429_and_create_no_account():
    clear_own_cache()
    browser = Client()
    for name in ("first", "second"):
        form = {"username": name, "email": f"{name}@example.com", "password1": "a-long-passphrase-9", "password2": "a-long-passphrase-9"}
        assert browser.post("/accounts/signup/", form).status_code == 302
        browser.logout()
    form = {"username": "third", "email": "third@example.com", "password1": "a-long-passphrase-9", "password2": "a-long-passphrase-9"}
    refused = browser.post("/accounts/signup/", form)
    assert refused.status_code == 429
    assert "Too many new accounts" in refused.content.decode()
    assert not get_user_model().objects.filter(username="third").exists()


def fresh_user():
    """A user no test has counted (not saved: the limits need only its id)."""
    pk = 10**9 + uuid.uuid4().int % 10**8
    return get_user_model()(pk=pk, username=f"rated-{pk}")


def redis_count(user) -> int:
    key, _, _ = ratelimit._limit("actions", user.pk)
    return int(redis.Redis.from_url(settings.REDIS_URL).get(key) or 0)


async def counted(user) -> None:
    """Until the count of the user's last action passed on this loop is back."""
    counting = ratelimit._allowance(user.pk).counting
    if counting is not None:
        await asyncio.wait([counting])


@pytest.mark.asyncio
@override_settings(RATE_LIMITS={"actions": "5/min", "signup": "1000/h"})
async def test_a_loop_passes_exactly_the_rate_without_waiting_for_redis_and_counts_each_action_passed():
    user = fresh_user()
    first = await ratelimit.action_wait(user)
    counting = ratelimit._allowance(user.pk).counting
    assert first is None and not counting.done()  # passed while its count was still on its way
    waits = [await ratelimit.action_wait(user) for _ in range(7)]
    assert waits[:4] == [None] * 4 and all(0 < wait <= 60 for wait in waits[4:])
    await counted(user)
    assert await sync_to_async(redis_count)(user) == 5  # the refused ones change nothing


@pytest.mark.asyncio
async def test_an_actions_count_goes_to_redis_with_the_moves_push_in_one_round_trip(monkeypatch):
    pipelines = []
    publish_pipeline = publish.LoopPublisher.publish

    async def publish_counted(self, batches, calls=()):
        pipelines.append((sum(len(batch) for batch in batches), len(calls)))
        await publish_pipeline(self, batches, calls)

    monkeypatch.setattr(publish.LoopPublisher, "publish", publish_counted)
    user = fresh_user()
    assert await ratelimit.action_wait(user) is None
    publish.send_on_loop([publish.changed_message(0)])  # the move's push
    await counted(user)
    await asyncio.sleep(publish.LoopPublisher.CALL_DELAY * 2)
    assert pipelines == [(1, 1)]
    assert await sync_to_async(redis_count)(user) == 1


@pytest.mark.asyncio
@override_settings(RATE_LIMITS={"actions": "10/min", "signup": "1000/h"})
async def test_a_burst_on_one_loop_passes_exactly_the_rate():
    user = fresh_user()
    waits = await asyncio.gather(*(ratelimit.action_wait(user) for _ in range(50)))
    assert waits.count(None) == 10 and all(wait > 0 for wait in waits if wait is not None)


@pytest.mark.asyncio
@override_settings(RATE_LIMITS={"actions": "5/min", "signup": "1000/h"})
async def test_actions_counted_elsewhere_let_at_most_one_more_through_on_a_loop():
    user = fresh_user()
    for _ in range(5):  # the REST path, or another process, used the whole period
        assert await sync_to_async(ratelimit.hit)("actions", user.pk) is None
    waits = [await ratelimit.action_wait(user) for _ in range(4)]
    assert waits[0] is None and all(wait > 0 for wait in waits[1:])


@pytest.mark.asyncio
@override_settings(REDIS_URL="redis://127.0.0.1:1/0")  # nothing listens there
async def test_the_limits_let_moves_through_while_redis_is_unreachable():
    assert ratelimit.hit("actions", "anyone") is None
    user = fresh_user()
    assert [await ratelimit.action_wait(user) for _ in range(3)] == [None] * 3
