"""Rate limits: action submission per user (REST and websocket) and sign-up per address.

Each limit is a counter per (scope, who) that lives for one period from its first hit, kept in
Redis when the service has one (so every process counts together) and in Django's cache
otherwise. In Redis a hit is one command (a script: INCR, EXPIRE NX, PTTL): the action
check runs before every move, where DRF's own throttles (a pickled history list read
and written back) cost two round trips and about a tenth of a move's time. Rates come from
settings.RATE_LIMITS, read on use so that a deployment or a test can change them. The
websocket checks on its event loop (`action_wait`), alongside the move's read of the head
(tables.moves_on_loop). When Redis cannot be reached the check lets the hit through (and
logs it): the limits guard the service, they must not stop every move while Redis restarts.
The sign-up page (frontend.views.signup) takes a hit of its client's address (accounts.network)
before it creates an account and gives it back (`give_back`) when none is created, so only the
accounts created count.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import weakref

import redis
import redis.asyncio
from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle

from accounts.network import client_ip

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# Connections to Redis per event loop: a burst of checks waits for one rather than opening more.
ASYNC_CONNECTIONS = 20
log = logging.getLogger(__name__)


def parse_rate(rate: str) -> tuple[int, int]:
    """"30/s" -> (30, 1): how many hits per how many seconds."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


# A hit: count it, start the period on the first, and say what is left of the period (ms).
COUNTING = """
local count = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}
"""


# Taking a hit back (a sign-up that failed): one less, if the period still runs.
GIVING_BACK = """
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
"""


@functools.cache
def _client(url: str):
    return redis.Redis.from_url(url)


@functools.cache
def _counter(url: str):
    return _client(url).register_script(COUNTING)


@functools.cache
def _giver(url: str):
    return _client(url).register_script(GIVING_BACK)


# An asyncio client belongs to the event loop it was made on.
_async_counters: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, object]" = weakref.WeakKeyDictionary()


def _async_counter(url: str):
    loop = asyncio.get_running_loop()
    if loop not in _async_counters:
        pool = redis.asyncio.BlockingConnectionPool.from_url(url, max_connections=ASYNC_CONNECTIONS, timeout=5)
        _async_counters[loop] = redis.asyncio.Redis(connection_pool=pool).register_script(COUNTING)
    return _async_counters[loop]


def _wait(count: int, left: float, allowed: int) -> float | None:
    return None if count <= allowed else max(left, 0.001)


def _in_cache(key: str, period: int) -> tuple[int, float]:
    """The embedded profile: one process, an in-memory cache."""
    cache.add(key, 0, period)
    return cache.incr(key), period


def unchecked(scope: str) -> None:
    log.warning("rate limit %s not checked: Redis is unreachable", scope, exc_info=True)
    return None


def _limit(scope: str, who) -> tuple[str, int, int]:
    """The counter's key, the hits allowed, and the period in seconds."""
    allowed, period = parse_rate(settings.RATE_LIMITS[scope])
    return _key_prefix() + f"rate:{scope}:{who}", allowed, period


@functools.cache
def _key_prefix() -> str:
    """What the cache puts before its keys (prefix and version), read once: the cache itself is
    looked up afresh in every task's context."""
    return cache.make_key("")


def _verdict(counted: list, allowed: int) -> float | None:
    """`_wait` from what COUNTING returned."""
    count, left_ms = counted
    return _wait(count, max(left_ms, 0) / 1000, allowed)


def hit(scope: str, who) -> float | None:
    """Count a hit of `who` under `scope`; None when within the rate, else seconds to wait."""
    key, allowed, period = _limit(scope, who)
    if not settings.REDIS_URL:
        return _wait(*_in_cache(key, period), allowed)
    try:
        return _verdict(_counter(settings.REDIS_URL)(keys=[key], args=[period]), allowed)
    except redis.RedisError:
        return unchecked(scope)


def give_back(scope: str, who) -> None:
    """Take back one hit of `who` under `scope`: what it was counted for did not happen."""
    key, _, period = _limit(scope, who)
    if not settings.REDIS_URL:
        try:
            cache.decr(key)
        except ValueError:  # the period has ended
            pass
        return
    try:
        _giver(settings.REDIS_URL)(keys=[key])
    except redis.RedisError:
        unchecked(scope)


async def hit_async(scope: str, who) -> float | None:
    """`hit` on the running event loop."""
    key, allowed, period = _limit(scope, who)
    if not settings.REDIS_URL:
        return _wait(*_in_cache(key, period), allowed)
    try:
        return _verdict(await _async_counter(settings.REDIS_URL)(keys=[key], args=[period]), allowed)
    except redis.RedisError:
        return unchecked(scope)


class LimitThrottle(BaseThrottle):
    """DRF's throttle interface over `hit`; a subclass names its `scope` and says `who` a
    request counts against (None: not counted)."""

    scope = ""

    def get_ident(self, request) -> str:
        """The client's address as the deployment trusts it (not DRF's own X-Forwarded-For
        reading, which takes the header as the client sends it)."""
        return client_ip(request)

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


async def action_wait(user) -> float | None:
    """None if `user` may submit an action now, else the seconds to wait (for the websocket)."""
    if not user.is_authenticated:
        return None  # refused before it counts
    return await hit_async(ActionRateThrottle.scope, user.pk)
