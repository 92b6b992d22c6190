"""Rate limits: action submission per user (REST and websocket) and sign-up per address.

Each limit is a counter per (scope, who) that lives for one period from its first hit, kept in
Redis when the service has one (so every process counts together) and in Django's cache
otherwise. In Redis a hit is one command (a script: INCR, EXPIRE NX, PTTL): the action
check runs before every move, where DRF's own throttles (a pickled history list read
and written back) cost two round trips and about a tenth of a move's time. Rates come from
settings.RATE_LIMITS, read on use so that a deployment or a test can change them. The
websocket decides on its event loop from the count it last had (`action_wait`), and its
action's count rides with the loop's next push to Redis. When Redis cannot be reached the check
lets the hit through (and logs it): the limits guard the service, they must not stop every
move while Redis restarts.
The sign-up page (frontend.views.signup) takes a hit of its client's address (accounts.network)
before it creates an account and gives it back (`give_back`) when none is created, so only the
accounts created count.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from dataclasses import dataclass

import redis
from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle

from accounts.network import client_ip
from tables import publish

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
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
    return key_prefix() + f"rate:{scope}:{who}", allowed, period


@functools.cache
def key_prefix() -> str:
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


@dataclass
class Allowance:
    """What an event loop knows of a user's actions in the current period: the count Redis last
    gave, and the count of the last action passed while it is on its way."""

    count: int = 0
    ends: float = 0.0  # loop time at which the period ends
    counting: asyncio.Future | None = None


ALLOWANCES_KEPT = 10_000  # users remembered per loop, beyond which those with nothing running are let go
_allowances: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, Allowance]]" = weakref.WeakKeyDictionary()


async def action_wait(user) -> float | None:
    """None if `user` may submit an action now, else the seconds to wait (the websocket, on its
    event loop). Decided on the count Redis last gave this loop, so a move does not wait on
    Redis: the action's count goes with the loop's next push (tables.publish) while the move
    is made, and the user's next action waits for it. That is exact for the actions of one
    process; actions counted elsewhere since the last count let at most one more through here.
    Only the actions passed are counted: one refused changes nothing."""
    if not user.is_authenticated:
        return None  # refused before it counts
    key, allowed, period = _limit(ActionRateThrottle.scope, user.pk)
    if not settings.REDIS_URL:
        return _wait(*_in_cache(key, period), allowed)
    allowance = _allowance(user.pk)
    while allowance.counting is not None:
        await asyncio.wait([allowance.counting])
    now = asyncio.get_running_loop().time()
    if now >= allowance.ends:  # the period is over: the count starts again with this action
        allowance.count, allowance.ends = 0, now + period
    if allowance.count >= allowed:
        return max(allowance.ends - now, 0.001)
    allowance.counting = publish.loop_publisher().call("EVAL", COUNTING, 1, key, period)
    allowance.counting.add_done_callback(functools.partial(_counted, allowance))
    return None


def _allowance(user_id: int) -> Allowance:
    loop = asyncio.get_running_loop()
    known = _allowances.setdefault(loop, {})
    if len(known) > ALLOWANCES_KEPT:
        now = loop.time()
        for stale in [who for who, allowance in known.items() if allowance.ends <= now and not allowance.counting]:
            del known[stale]
    return known.setdefault(user_id, Allowance())


def _counted(allowance: Allowance, counting: asyncio.Future) -> None:
    """An action's count is back: the period's count and end as Redis has them."""
    allowance.counting = None
    if counting.cancelled() or counting.exception() is not None:
        log.warning("rate limit actions not counted: %r", None if counting.cancelled() else counting.exception())
        return
    count, left_ms = counting.result()
    allowance.count = count
    allowance.ends = asyncio.get_running_loop().time() + max(left_ms, 0) / 1000
