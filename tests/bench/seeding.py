"""Players and tables for benchmarks and fault tests, made through the service's own code
(tables.lifecycle and tables.moves: the same command path as the API). Runs inside Django (see django_call).
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token

from tables import lifecycle
from tables.models import Seat


def make_players(count: int, prefix: str = "", staff: bool = False) -> list[dict]:
    """`count` users with a session cookie and an API token each (no password: never logged in by
    form; no email address: no mailbox would take their notices)."""
    prefix = prefix or f"p{secrets.token_hex(3)}-"
    User = get_user_model()
    users = [User(username=f"{prefix}{i}", is_staff=staff) for i in range(count)]
    for user in users:
        user.set_unusable_password()
    users = User.objects.bulk_create(users)
    Token.objects.bulk_create(Token(user=user, key=Token.generate_key()) for user in users)
    tokens = dict(Token.objects.filter(user__in=users).values_list("user_id", "key"))
    return [
        {"id": user.pk, "username": user.username, "token": tokens[user.pk], "cookie": session_cookie(user)}
        for user in users
    ]


def session_cookie(user) -> str:
    """A logged-in session for `user`, as a Cookie header value."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def make_human_table(game: str, usernames: list[str], seconds: int = 3600, start: bool = True) -> int:
    """A table whose seats are taken by `usernames` in order, created, joined and started."""
    User = get_user_model()
    users = [User.objects.get(username=name) for name in usernames]
    seats = [{"kind": "me"}] + [{"kind": "invite", "username": name} for name in usernames[1:]]
    table = lifecycle.create_table(users[0], {
        "game": game, "players": len(users), "options": {},
        "time_control": {"kind": "live", "seconds": seconds}, "seats": seats, "fill_with_ai": False,
    })
    for user in users[1:]:
        lifecycle.join(table.pk, user)
    if start:
        lifecycle.start_table(table.pk, users[0])
    return table.pk


def make_human_tables(game: str, groups: list[list[str]], seconds: int = 3600) -> list[int]:
    return [make_human_table(game, group, seconds) for group in groups]


def make_ai_table(game: str, owner: str, players: int = 4, strength: str = "greedy", start: bool = True) -> int:
    """An all-AI table owned by `owner` (started: its AI turns are dispatched at once)."""
    user = get_user_model().objects.get(username=owner)
    table = lifecycle.create_table(user, {
        "game": game, "players": players, "options": {},
        "time_control": {"kind": "live", "seconds": 60},
        "seats": [{"kind": "ai", "strength": strength}] * players, "fill_with_ai": False,
    })
    if start:
        lifecycle.start_table(table.pk, user)
    return table.pk


def seat_users(table_id: int) -> dict[int, str]:
    return {s.index: s.user.username for s in Seat.objects.filter(table_id=table_id).select_related("user") if s.user}


def advance_tables(table_ids: list[int], counts: list[int], seed: int = 0) -> int:
    """Play `counts[i]` random legal moves at table `table_ids[i]` as the command path writes
    them (tables.moves.do_play: events, head row and deadlines), each table's moves in one
    transaction and one round trip. A load run's tables then begin at points spread over their
    games, as a service's tables do, rather than all at the start. Returns the moves made."""
    import random

    from django.db import transaction

    from engines.core import command_rng
    from tables import moves, store
    from tables.models import Table
    from tables.reading import engine_of, head_state

    rng, made = random.Random(seed), 0
    for table_id, count in zip(table_ids, counts):
        with transaction.atomic():
            table = store.read_head(table_id)
            engine, writes, state = engine_of(table), store.Batch(), head_state(table)
            for step in range(count):
                if table.status != Table.Status.RUNNING:
                    break
                seat = rng.choice(sorted(engine.to_act(state)))
                action = rng.choice(engine.legal_actions(state, seat))
                events = engine.decide(state, seat, action, command_rng(table.seed, table.head_seq))
                move = moves.do_play(table, table.seat_rows[seat], events, engine, state, f"seed:{seat}:{step}",
                                     "player")
                state = move.appended.state
                writes.statements += move.batch.statements  # the moves' writes in order, one round trip
                made += 1
            writes.run()
    return made
