"""A bot's move for one seat: it sees the seat's view and legal actions, never the true state,
and submits through the same command path as a player."""
import logging

from django.conf import settings

from engines import bots
from tables import guides, moves, store
from tables.errors import Refused
from tables.heads import seats_of
from tables.models import Table
from tables.reading import bot_position

log = logging.getLogger(__name__)

# Refusals that only mean the turn is no longer this bot's to play.
MOVED_ON = {"stale_seq", "not_bot_seat", "not_idle", "game_over", "not_found"}


def play_turn(table_id: int, seat: int, expected_seq: int, actor: str = "bot") -> bool:
    """Play `seat`'s move at `expected_seq` (actor "bot" for AI seats, "timeout" for idle ones).

    The head is read once, without a lock (a bot may think for a second), and the move written
    on it while it holds (`moves.submit_for`). Returns False, changing nothing, when the table
    has moved on.
    """
    table = store.read_head(table_id, lock=False)
    running = table is not None and table.status == Table.Status.RUNNING
    if not running or table.head_seq != expected_seq or seat not in table.to_act:
        return False
    engine, view, legal, rng = bot_position(table, seat)
    action = guides.bot_move(table, seat, legal) if actor == "bot" else None
    if action is guides.WAIT:  # a guided game's line has another bot move first (tables.guides)
        return False
    if action is None:
        action = bots.choose(engine, bot_for(table, seat, actor), view, seat, legal, rng)
    try:
        moves.submit_for(table, seat, action, actor)
    except Refused as refusal:
        if refusal.code not in MOVED_ON:
            raise
        return False
    return True


def bot_for(table: Table, seat: int, actor: str) -> str:
    """A timed-out move is a zombie move by settings.TIMEOUT_BOT; an AI seat or a stand-in plays
    at the seat's strength."""
    if actor == "timeout":
        return settings.TIMEOUT_BOT
    return seats_of(table)[seat].bot_strength
