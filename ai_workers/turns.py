"""A bot's move for one seat: it sees the seat's view and legal actions, never the true state,
and submits through the same command path as a player."""
import logging
import random

from engines import bots
from tables import commands
from tables.errors import Refused
from tables.models import Seat, Table
from tables.reading import engine_of, head_state

log = logging.getLogger(__name__)

# Refusals that only mean the turn is no longer this bot's to play.
MOVED_ON = {"stale_seq", "not_bot_seat", "not_idle", "game_over", "not_found"}


def play_turn(table_id: int, seat: int, expected_seq: int, actor: str = "bot") -> bool:
    """Play `seat`'s move at `expected_seq` (actor "bot" for AI seats, "timeout" for idle ones).

    Returns False, changing nothing, when the table has moved on.
    """
    table = Table.objects.filter(pk=table_id, status=Table.Status.RUNNING, head_seq=expected_seq).first()
    if table is None or seat not in table.to_act:
        return False
    engine = engine_of(table)
    state = head_state(table)
    row = Seat.objects.get(table=table, index=seat)
    strength = row.strength or commands.DEFAULT_STRENGTH
    rng = random.Random(f"{table_id}:{seat}:{expected_seq}")
    action = bots.choose(engine, strength, engine.view(state, seat), seat, engine.legal_actions(state, seat), rng)
    try:
        commands.submit(table_id, seat, action, expected_seq, f"{actor}:{seat}:{expected_seq}", actor=actor)
    except Refused as refusal:
        if refusal.code not in MOVED_ON:
            raise
        return False
    return True
