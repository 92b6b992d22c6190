"""Who has a table's page open and in sight: such a player is not emailed that table's
correspondence moves (the page shows them, and may sound them), as they would be on any
other page or with the tab in the background.

Each socket of a table's page tells whether its page is in sight when it opens, whenever that
changes and every REFRESH_SECONDS while it is (js/client.js); what it said lasts
EXPIRY_SECONDS, so a page lost without a word (a dropped network, a closed laptop) stops
counting soon after. Kept in Django's cache, Redis in production, so that every process (the
one that made the move may be a worker) reads what every socket said: per table and user, the
time until which each of its sockets counts.

Two sockets of one user that speak in the same instant may each write over the other's word;
the next refresh (or change) puts it back. Without the cache's answer a page counts as out of
sight: an email too many rather than a move missed.
"""
from __future__ import annotations

import logging
import time

import redis
from django.core.cache import cache

log = logging.getLogger(__name__)

REFRESH_SECONDS = 30
EXPIRY_SECONDS = 75


def _key(table_id: int, user_id: int) -> str:
    return f"presence:{table_id}:{user_id}"


def tell(table_id: int, user_id: int, socket: str, in_sight: bool) -> None:
    """What one socket says of its page: in sight (for EXPIRY_SECONDS more) or not."""
    now = time.time()
    key = _key(table_id, user_id)
    try:
        sockets = {name: until for name, until in cache.get(key, {}).items() if until > now and name != socket}
        if in_sight:
            sockets[socket] = now + EXPIRY_SECONDS
        if sockets:
            cache.set(key, sockets, EXPIRY_SECONDS)
        else:
            cache.delete(key)
    except redis.RedisError:
        log.warning("presence at table %s not kept", table_id, exc_info=True)


def in_sight(table_id: int, user_id: int) -> bool:
    """Whether any page of this table that the user has open is in sight now."""
    now = time.time()
    try:
        return any(until > now for until in cache.get(_key(table_id, user_id), {}).values())
    except redis.RedisError:
        log.warning("presence at table %s not read", table_id, exc_info=True)
        return False
