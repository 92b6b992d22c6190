"""Post-game analysis: at each of one seat's decisions in a finished game, what the expert makes
of it from that seat's information alone.

For each decision with more than one move to weigh it grows the expert's search tree
(bots/ismcts.py) over states drawn from the seat's view at that moment (`engine.sample`), with
the played move always among those tried, and gives:
- `chances`: each seat's chance to win after the move the expert prefers: the search's shares
  of the win, calibrated to the game's progress (`calibrate`);
- `best`: that move (where a turn is many small moves, the first move of the whole turn the
  planner prefers, bots/planner.py);
- `loss`: how much the seat's own expectation falls by playing the move it played instead (a
  move's expectation is drawn towards the position's mean while it has been tried only a few
  times: `expectation`).

Nothing here reads what the seat could not see at that moment: the search is given the seat's
view and legal actions only, and its random generator is seeded by the seat and the position's
number alone, so an analysis is the same whatever the other seats' hidden cards were. The work
is a fixed number of iterations a decision (no clock), so the same game gives the same analysis.
The log's moves are recovered from the events each command wrote: the move whose events, decided
with that command's generator (the table's seed, revealed at the end), are the ones written.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from engines.bots import planner
from engines.bots.ismcts import Tree, action_key, grow
from engines.bots.playout import without_undo
from engines.core import Action, Engine, Event, Seat, command_rng, fold

# Iterations of the tree search a decision, by game: about 0.2 s of one core each
# (tests/bench/analysis_bench.py measures each game's time).
ITERATIONS = {"dschunke": 600, "dunhuang": 800, "dragon_boats": 500, "dragon_market": 100, "dschunke_tiles": 200}
DEFAULT_ITERATIONS = 300
# A move's expectation counts the position's mean as this many iterations besides its own: the
# played move may be tried only a few times, and a few unlucky playouts alone would call it a
# blunder the next position's estimate does not bear out.
PRIOR_ITERATIONS = 10
PLAN_WIDTH = 2  # the planner's beam for the preferred whole turn (a fixed width: no clock)
# Per game and number of players, the power `calibrate` gives the search's shares at the game's
# start and at its end, fitted to who won 80 greedy bots' games each
# (tests/bench/analysis_calibration.py --games 80).
# Below one the search's shares claim more than they know.
CALIBRATION: dict[str, dict[int, tuple[float, float]]] = {
    "dschunke": {3: (0.091, 0.681), 4: (0.05, 0.79)},
    "dunhuang": {2: (0.05, 1.226), 3: (0.05, 0.21), 4: (0.05, 1.037)},
    "dragon_boats": {2: (0.288, 1.111), 3: (0.331, 0.924), 4: (0.216, 1.623)},
    "dragon_market": {2: (0.05, 0.447), 3: (0.05, 0.562), 4: (0.05, 0.434)},
    "dschunke_tiles": {2: (0.05, 0.409)},
}


@dataclass(frozen=True)
class Command:
    """One command of a game's log: `seat`'s move at head `seq`, and the events it wrote."""

    seq: int
    seat: Seat | None
    events: list[Event]


@dataclass(frozen=True)
class Decision:
    """A position where the seat chose among several moves, the move it played, how far into the
    game it came (its seq over the last command's) and in which of the seat's turns (a turn: the
    seat's decisions with no other seat's move between them, counted from 1)."""

    seq: int
    state: Any
    legal: list[Action]
    played: Action
    progress: float
    turn: int


def commands_of(events: Iterable[tuple[int, Seat | None, str, Event]]) -> list[Command]:
    """The commands of a log given as (seq, acting seat, command id, event) in seq order: each run
    of consecutive events of one seat and command id is one command."""
    commands: list[Command] = []
    key = None
    for seq, seat, command_id, event in events:
        if commands and (seat, command_id) == key:
            commands[-1].events.append(event)
        else:
            commands.append(Command(seq - 1, seat, [event]))
            key = (seat, command_id)
    return commands


def decisions(engine: Engine, commands: list[Command], seed: str, seat: Seat) -> list[Decision]:
    """`seat`'s decisions among several moves, in order (the first command is the set-up). A
    choice the seat took back (an undo takes back its latest) is no decision of the game."""
    found: list[Decision] = []
    moves: list[Decision | None] = []  # the seat's moves still standing (None: nothing to weigh)
    state = None
    last = max(commands[-1].seq, 1)
    turn, others_moved = 0, True
    for command in commands:
        if state is not None and command.seat == seat and seat in engine.to_act(state):
            every = engine.legal_actions(state, seat)
            legal = without_undo(engine, every)
            played = played_action(engine, state, command, seed, legal)
            if played is None:
                undo = [action for action in every if action["type"] in engine.undo_actions]
                if moves and undo and played_action(engine, state, command, seed, undo) is not None:
                    if moves.pop() is not None:  # the latest decision standing
                        found.pop()
            elif len(legal) > 1:
                if others_moved:
                    turn, others_moved = turn + 1, False
                found.append(Decision(command.seq, state, legal, played, command.seq / last, turn))
                moves.append(found[-1])
            else:
                moves.append(None)
        elif command.seat is not None and command.seat != seat:
            others_moved = True
        state = fold(engine, command.events, state)
    return found


def played_action(engine: Engine, state: Any, command: Command, seed: str, legal: list[Action]) -> Action | None:
    """The move among `legal` whose events are the ones `command` wrote (None: an undo, or a
    command the service wrote for the seat, such as resigning)."""
    written = _plain(command.events)
    for action in legal:
        produced = engine.decide(state, command.seat, action, command_rng(seed, command.seq))
        if _plain(produced) == written:
            return action
    return None


def _plain(events: list[Event]) -> str:
    """Events as the store keeps them (JSON: tuples become lists)."""
    return json.dumps(events, sort_keys=True)


def iterations_for(engine: Engine) -> int:
    return ITERATIONS.get(engine.name, DEFAULT_ITERATIONS)


def judge(engine: Engine, decision: Decision, seat: Seat, iterations: int | None = None) -> dict:
    """The expert's reading of one decision, from `seat`'s view of it."""
    preferred, best_shares, played_shares = estimate(engine, decision, seat, iterations)
    curve = CALIBRATION.get(engine.name, {}).get(len(best_shares))
    best_chances = calibrate(best_shares, decision.progress, curve)
    played_chances = calibrate(played_shares, decision.progress, curve)
    loss = max(0.0, best_chances[seat] - played_chances[seat])
    return {
        "seq": decision.seq,
        "turn": decision.turn,
        "played": decision.played,
        "best": preferred,
        "chances": [round(chance, 4) for chance in best_chances],
        "played_chance": round(played_chances[seat], 4),
        "loss": round(loss, 4) if preferred != decision.played else 0.0,
        "moves": len(decision.legal),
    }


def estimate(engine: Engine, decision: Decision, seat: Seat, iterations: int | None = None) -> tuple:
    """The search's reading of a decision: the move it prefers, and each seat's share of the win
    after that move and after the move played."""
    view = engine.view(decision.state, seat)
    iterations = iterations or iterations_for(engine)
    rng = random.Random(f"analysis:{seat}:{decision.seq}")
    preferred = _planned(engine, view, seat, decision.legal, rng) if engine.plans_turns else None
    always_open = (decision.played,) + ((preferred,) if preferred is not None else ())
    tree = grow(engine, view, seat, decision.legal, rng, float("inf"), iterations, always_open=always_open)
    most_visited = tree.best().action
    if preferred is None:
        preferred = most_visited
    best_shares = _shares(expectation(tree, preferred) or expectation(tree, most_visited))
    played_shares = _shares(expectation(tree, decision.played)) or best_shares
    return preferred, best_shares, played_shares


def expectation(tree: Tree, action: Action) -> list[float] | None:
    """Each seat's expected reward after `action`: its mean over the iterations that began with
    it, drawn towards the mean over all iterations by PRIOR_ITERATIONS (None: it was never tried)."""
    child = tree.child(action)
    totals = tree.seat_rewards.get(action_key(action))
    if child is None or totals is None:
        return None
    tried = sum(node.visits for key, node in tree.root.children.items() if key in tree.seat_rewards)
    overall = [sum(rewards[index] for rewards in tree.seat_rewards.values()) / tried for index in range(len(totals))]
    return [(total + PRIOR_ITERATIONS * mean) / (child.visits + PRIOR_ITERATIONS) for total, mean in zip(totals, overall)]


def calibrate(shares: list[float], progress: float, curve: tuple[float, float] | None) -> list[float]:
    """The search's shares as chances to win: each share raised to a power that grows from the
    curve's first value at the game's start to its second at the end, then scaled to sum to one
    (below one, the shares come nearer the even share). The search judges a small lead early on as
    nearly won; a lead counts for more as the game nears its end."""
    if curve is None:
        return shares
    power = curve[0] + (curve[1] - curve[0]) * min(max(progress, 0.0), 1.0)
    raised = [share ** power if share > 0 else 0.0 for share in shares]
    total = sum(raised)
    return [value / total for value in raised] if total > 0 else shares


def _shares(rewards: list[float] | None) -> list[float] | None:
    """Each seat's reward as its share of them all: the search judges each seat's lead over its
    best rival, and a player reads the seats' chances as shares of one win."""
    if rewards is None:
        return None
    total = sum(rewards)
    return [reward / total for reward in rewards] if total > 0 else [1 / len(rewards)] * len(rewards)


def _planned(engine: Engine, view: dict, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
    plan = planner.best_turn(engine, engine.sample(view, seat, rng), seat, PLAN_WIDTH, rng)
    return plan[0][0] if plan and plan[0][0] in legal else legal[0]


def analyse(engine: Engine, commands: list[Command], seed: str, seat: Seat, iterations: int | None = None,
            progress: Callable[[int, int], None] | None = None) -> dict:
    """Every decision of `seat` judged; `progress(done, total)` is told after each."""
    iterations = iterations or iterations_for(engine)
    found = decisions(engine, commands, seed, seat)
    if progress is not None:
        progress(0, len(found))
    judged = []
    for number, decision in enumerate(found, start=1):
        judged.append(judge(engine, decision, seat, iterations))
        if progress is not None:
            progress(number, len(found))
    return {"seat": seat, "iterations": iterations, "decisions": judged}
