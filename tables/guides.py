"""Guided first games: a table of one player and bots at a fixed deal, whose opening the table page
explains step by step (the scripts are tables.guide_scripts).

The game is an ordinary unrated table played through the real engine: the player sits at seat 0,
the bots at the others, the seed is the guide's own. Its opening always runs the same way, along
the guide's *line*: the set-up from the seed, then at each head the lowest bot seat to act moves
(so the player, last, acts only when only they are to act), the bots' moves those the casual bot
chose when the line was recorded (`guide_moves.json`, so that a better bot never changes a game a
guide tells of), the player's the script's. Each step of a script shows at the head seq where
the line reaches it, so the step follows from the table's head alone: reopening the table goes on
where it stood. After the script the player plays on freely (the Hint button shows a good move),
the bots at their own strength, to the real end screen, whose scores the guide puts in words.

A bot at a guided table plays the line's move while the table is on the line (its state the
line's at that seq), and waits while another bot's recorded move is due, so that bots dispatched
together (a simultaneous phase) move in the line's order. Off the line (the player made another
move through the API) it chooses as anywhere else.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from engines import bots, core, registry

PLAYER = 0  # the guided player's seat
BOTS = "greedy"  # the strength of the guided table's bots (Casual)
MOVES_FILE = Path(__file__).resolve().parent / "guide_moves.json"
WAIT = object()  # a bot's answer at a guided table while another bot's recorded move is due


@dataclass(frozen=True)
class Step:
    """One step of a guide. `say`: one or two sentences (English, marked for translation), what to
    look at and why. `do`: the action the player makes now (exactly one of their legal actions);
    None for a note read before the next action (the page shows it with a Next button). `point`:
    a CSS selector of the board's part to look at, outlined with the action's own parts (a note's
    only outline; an action's until the board draws the action itself, a boat to choose first, say)."""
    say: Any
    do: dict | None = None
    point: str = ""


@dataclass(frozen=True)
class Guide:
    game: str
    players: int
    seed: str
    options: dict
    steps: tuple[Step, ...]
    free: Any  # what the panel says once the script is over and the player plays on


@dataclass
class Line:
    """The guide's opening as the engine plays it: each step with the head seq where it shows,
    and each bot move with the head it is made at (and that head's state, to tell the line)."""
    steps: list[tuple[int, Step]] = field(default_factory=list)
    bot_moves: dict[int, tuple[int, dict]] = field(default_factory=dict)
    snapshots: dict[int, Any] = field(default_factory=dict)  # the state at each move's head (the bots' and the steps')
    end_seq: int = 0  # the head once the script and the bots' answers to it are played
    recorded: list[int] = field(default_factory=list)  # the bots' moves as indexes of their legal actions


class OffTheLine(Exception):
    """A script that the engine does not follow: a step's action is not legal where it comes, or
    the game ends before the script does."""


def guides() -> dict[str, Guide]:
    from tables.guide_scripts import GUIDES

    return GUIDES


def exists(game: str) -> bool:
    return game in guides()


def guide(game: str) -> Guide:
    return guides()[game]


@functools.cache
def recorded_moves() -> dict[str, list[int]]:
    return json.loads(MOVES_FILE.read_text(encoding="utf-8")) if MOVES_FILE.exists() else {}


def normal(snapshot: Any) -> Any:
    """`snapshot` as the table's row holds it once stored (JSON: lists, string keys)."""
    return orjson.loads(orjson.dumps(snapshot, option=orjson.OPT_NON_STR_KEYS))


def play_line(game: str, moves: list[int] | None) -> Line:
    """The guide's line: the bots' moves from `moves` (indexes, in order), or chosen by the casual
    bot as at a table when None (recording)."""
    spec = guide(game)
    engine = registry.get(game)
    state, events = core.start(engine, spec.players, spec.options, core.command_rng(spec.seed, 0))
    seq = len(events)
    line = Line()
    supply = iter(moves) if moves is not None else None

    def bots_move() -> None:
        nonlocal state, seq
        while engine.outcome(state) is None:
            waiting = sorted(seat for seat in engine.to_act(state) if seat != PLAYER)
            if not waiting:
                return
            seat = waiting[0]
            legal = engine.legal_actions(state, seat)
            if supply is None:
                rng = core.bot_rng(spec.seed, seat, seq)
                action = bots.choose(engine, BOTS, engine.view(state, seat), seat, legal, rng)
            else:
                index = next(supply, None)
                if index is None or index >= len(legal):
                    raise OffTheLine(f"{game}: the recorded bot moves end or differ at seq {seq}: record them again")
                action = legal[index]
            line.recorded.append(legal.index(action))
            line.bot_moves[seq] = (seat, action)
            line.snapshots[seq] = normal(engine.dump(state))
            state, new = core.play(engine, state, seat, action, core.command_rng(spec.seed, seq))
            seq += len(new)

    notes = []
    for number, step in enumerate(spec.steps, 1):
        if step.do is None:
            notes.append(step)
            continue
        bots_move()
        if engine.outcome(state) is not None:
            raise OffTheLine(f"{game}: the game ends before step {number}")
        legal = engine.legal_actions(state, PLAYER) if PLAYER in engine.to_act(state) else []
        action = next((action for action in legal if normal(action) == normal(step.do)), None)
        if action is None:
            raise OffTheLine(f"{game}: step {number} ({step.do}) is not a legal move at seq {seq}")
        line.steps.extend([(seq, note) for note in notes] + [(seq, step)])
        line.snapshots[seq] = normal(engine.dump(state))
        notes = []
        state, new = core.play(engine, state, PLAYER, action, core.command_rng(spec.seed, seq))
        seq += len(new)
    bots_move()
    line.steps.extend((seq, note) for note in notes)
    line.end_seq = seq
    return line


@functools.cache
def line(game: str) -> Line:
    """The guide's line as recorded (tables/guide_moves.json)."""
    return play_line(game, recorded_moves().get(game, []))


def bot_move(table, seat: int, legal: list[dict]) -> Any:
    """A guided table's bot move at its head: the line's (an action), WAIT while the line has
    another bot move now, or None off the line (the bot chooses as anywhere else)."""
    if not table.guided or seat == PLAYER or not exists(table.game):
        return None
    played = line(table.game)
    due = played.bot_moves.get(table.head_seq)
    if due is None or table.snapshot != played.snapshots[table.head_seq]:
        return None
    due_seat, action = due
    if due_seat != seat:
        return WAIT
    return action if action in legal else None


def script(game: str) -> dict:
    """The guide of `game` for the table page, in the active language: each step with the head
    seq where it shows, and what the panel says after them."""
    spec = guide(game)
    played = line(game)
    return {
        "steps": [{"seq": seq, "say": str(step.say), "action": step.do, "point": step.point}
                  for seq, step in played.steps],
        "end_seq": played.end_seq,
        "free": str(spec.free),
    }

