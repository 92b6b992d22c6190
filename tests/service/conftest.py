"""Fixtures of the service tests: real PostgreSQL and Redis (the "test" profile), users, clients."""
import itertools

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from django.db import connections
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from .tiny_engine import TINY  # noqa: F401  (registers the "tiny" engine)

_names = itertools.count(1)


@pytest.fixture
def make_user(db):
    def make(name: str | None = None, email: str = ""):
        name = name or f"player{next(_names)}"
        return get_user_model().objects.create_user(name, email or f"{name}@example.com", "pw-" + name)

    return make


@pytest.fixture
def client_for():
    def client(user) -> APIClient:
        api = APIClient()
        api.force_login(user)
        return api

    return client


@pytest_asyncio.fixture
async def close_consumer_connections():
    """Consumers query from asgiref's shared sync thread; close its connection after the test
    so the test database can be dropped."""
    yield
    await sync_to_async(connections.close_all)()
