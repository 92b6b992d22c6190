"""Helpers of the service tests."""
import threading

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from rest_framework.test import APIClient

from tables import lifecycle


def new_table(client: APIClient, game: str = "tiny", players: int = 2, seats=None, **extra) -> dict:
    body = {
        "game": game,
        "players": players,
        "options": extra.pop("options", {}),
        "time_control": extra.pop("time_control", {"kind": "live", "seconds": 120}),
        "seats": seats or [{"kind": "me"}] + [{"kind": "open"}] * (players - 1),
        **extra,
    }
    response = client.post("/api/tables/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def act(client: APIClient, table_id: int, action: dict, expected_seq: int, command_id: str):
    body = {"action": action, "expected_seq": expected_seq, "command_id": command_id}
    return client.post(f"/api/tables/{table_id}/actions/", body, format="json")


def started_dschunke_table(users) -> int:
    """A running four-seat Dschunke table of `users` (the first creates it, the others join)."""
    seats = [{"kind": "me"}] + [{"kind": "invite", "username": user.username} for user in users[1:]]
    table = lifecycle.create_table(users[0], {"game": "dschunke", "players": 4, "options": {},
                                             "time_control": {"kind": "live", "seconds": 600}, "seats": seats})
    for user in users[1:]:
        lifecycle.join(table.pk, user)
    lifecycle.start_table(table.pk, users[0])
    return table.pk


def at_once(work, count: int, timeout: float = 60) -> list:
    """Run `work(i)` for each i < count on threads released together, each with its own
    database connection; returns what each returned, or the exception it raised."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(index: int):
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return results


def clear_own_cache() -> None:
    """Delete this run's cache keys (rate counters included), and only those: Django's
    cache.clear() empties the whole Redis database, the other test worker's counters too."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = list(client.scan_iter(match=cache.make_key("*")))
    if keys:
        client.delete(*keys)
