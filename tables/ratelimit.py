"""Rate limits: action submission per user (REST and websocket) and sign-up per address.

Each limit is a counter per (scope, who) that lives for one period from its first hit, kept in
Redis when the service has one (so every process counts together) and in Django's cache
otherwise. In Redis a hit is one round trip (INCR, EXPIRE NX, PTTL in a pipeline): the
action check runs before every move, where DRF's own throttles (a pickled history list read
and written back) cost two round trips and about a tenth of a move's time. Rates come from
settings.RATE_LIMITS, read on use so that a deployment or a test can change them.
"""
from __future__ import annotations

import functools
from types import SimpleNamespace

import redis
from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """"30/s" -> (30, 1): how many hits per how many seconds."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


@functools.cache
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def hit(scope: str, who) -> float | None:
    """Count a hit of `who` under `scope`; None when within the rate, else seconds to wait."""
    allowed, period = parse_rate(settings.RATE_LIMITS[scope])
    key = cache.make_and_validate_key(f"rate:{scope}:{who}")
    if settings.REDIS_URL:
        pipe = _redis(settings.REDIS_URL).pipeline(transaction=False)
        count, _, left_ms = pipe.incr(key).expire(key, period, nx=True).pttl(key).execute()
        left = max(left_ms, 0) / 1000
    else:  # the embedded profile: one process, an in-memory cache
        cache.add(key, 0, period)
        count, left = cache.incr(key), period
    return None if count <= allowed else max(left, 0.001)


class LimitThrottle(BaseThrottle):
    """DRF's throttle interface over `hit`; a subclass names its `scope` and says `who` a
    request counts against (None: not counted)."""

    scope = ""

    def allow_request(self, request, view) -> bool:
        who = self.who(request)
        self.waiting = None if who is None else hit(self.scope, who)
        return self.waiting is None

    def wait(self) -> float | None:
        return self.waiting


class ActionRateThrottle(LimitThrottle):
    """Actions a signed-in user may submit, over every table and both transports."""

    scope = "actions"

    def who(self, request):
        return request.user.pk if request.user.is_authenticated else None  # else refused before this


class SignupRateThrottle(LimitThrottle):
    """Accounts one client address may create."""

    scope = "signup"

    def who(self, request):
        return self.get_ident(request)


def action_wait(user) -> float | None:
    """None if `user` may submit an action now, else the seconds to wait (for the websocket)."""
    throttle = ActionRateThrottle()
    return None if throttle.allow_request(SimpleNamespace(user=user), None) else throttle.wait()
