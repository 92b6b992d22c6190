"""Fixtures of the security tests: real PostgreSQL and Redis (the "test" profile), users, clients."""
import itertools

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.service.wsclients import close_consumer_connections  # noqa: F401  (a fixture)

_names = itertools.count(1)


@pytest.fixture
def make_user(db):
    def make(prefix: str = "user", **fields):
        name = f"{prefix}{next(_names)}"
        return get_user_model().objects.create_user(name, f"{name}@example.com", "pw-" + name, **fields)

    return make


@pytest.fixture
def client_for():
    def client(user=None) -> APIClient:
        api = APIClient()
        if user is not None:
            api.force_login(user)
        return api

    return client

