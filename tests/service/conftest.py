"""Fixtures of the service tests: real PostgreSQL and Redis (the "test" profile), users, clients."""
import itertools

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.tiny_engine import TINY  # noqa: F401  (registers the "tiny" engine)
from .wsclients import close_consumer_connections  # noqa: F401  (a fixture)

_names = itertools.count(1)


@pytest.fixture
def make_user(db):
    def make(name: str | None = None, email: str = ""):
        name = name or f"player{next(_names)}"
        return get_user_model().objects.create_user(name, email or f"{name}@example.com", "pw-" + name)

    return make


@pytest.fixture
def tiny_table(make_user):
    """A running two-seat tiny table (head seq 3, seat 0 to act)."""
    from tables import lifecycle

    alice, bob = make_user(), make_user()
    created = lifecycle.create_table(alice, {"game": "tiny", "players": 2, "options": {}, "seats": [
        {"kind": "me"}, {"kind": "invite", "username": bob.username}], "time_control": {"kind": "live", "seconds": 600}})
    lifecycle.join(created.pk, bob)
    lifecycle.start_table(created.pk, alice)
    return created.pk


@pytest.fixture
def client_for():
    def client(user) -> APIClient:
        api = APIClient()
        api.force_login(user)
        return api

    return client



@pytest.fixture
def bot_choices(monkeypatch) -> list:
    """Every bot choice made during the test as (seat, strength, view), still made by the bot."""
    from engines import bots

    calls = []
    choose = bots.choose

    def spy(engine, strength, view, seat, legal, rng):
        calls.append((seat, strength, view))
        return choose(engine, strength, view, seat, legal, rng)

    monkeypatch.setattr(bots, "choose", spy)
    return calls
