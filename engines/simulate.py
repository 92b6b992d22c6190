"""Bot-against-bot games, for tests, tuning and the `python -m engines simulate` command."""
from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from typing import Any

from engines import bots, registry
from engines.analysis import Command
from engines.core import Engine, command_rng, start

MAX_STEPS = 100_000  # a game longer than this is a bug in the engine, not a long game


def play_game(engine: Engine, strengths: list[str], seed: int, options: dict | None = None) -> dict:
    """One game between bots of `strengths` (one per seat); returns its outcome and length."""
    table_seed = f"simulate-{seed}"
    options = {**engine.bots_only_options, **(options or {})}  # what the service gives a table of bots
    state, setup = start(engine, len(strengths), options, command_rng(table_seed, 0))
    bot_rng = random.Random(seed)
    actions = 0
    thinking: list[list[float]] = [[] for _ in strengths]  # each seat's seconds per choice
    events: list[dict] = []
    while engine.outcome(state) is None:
        if actions >= MAX_STEPS:
            raise RuntimeError(f"game did not end within {MAX_STEPS} actions")
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        began = time.perf_counter()
        action = bots.choose(engine, strengths[seat], engine.view(state, seat), seat, legal, bot_rng)
        thinking[seat].append(time.perf_counter() - began)
        for event in engine.decide(state, seat, action, command_rng(table_seed, actions + 1)):
            state = engine.evolve(state, event)
            events.append(event)
        actions += 1
    return {"outcome": engine.outcome(state), "actions": actions, "thinking": thinking, "events": events,
            "setup": setup, "round": engine.view(state, None).get("round")}


def logged_game(engine: Engine, players: int, seed: str, strength: str = "greedy",
                options: dict | None = None) -> list[Command]:
    """A game of bots of `strength` as the service's log holds it: the set-up, then one command a
    move, each with the seq it was played at (engines.analysis.Command), its generator the
    service's (`command_rng` of `seed` and that seq)."""
    options = {**engine.bots_only_options, **(options or {})}
    state, events = start(engine, players, options, command_rng(seed, 0))
    commands = [Command(0, None, events)]
    seq, rng = len(events), random.Random(seed)
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        action = bots.choose(engine, strength, engine.view(state, seat), seat, engine.legal_actions(state, seat), rng)
        events = engine.decide(state, seat, action, command_rng(seed, seq))
        commands.append(Command(seq, seat, events))
        for event in events:
            state = engine.evolve(state, event)
        seq += len(events)
    return commands


def simulate(game: str, games: int, strengths: list[str], seed: int, options: dict | None = None) -> dict:
    """Play `games` games and summarise them; a game that raises is counted, not fatal."""
    engine = registry.get(game)
    wins_by_seat: Counter[int] = Counter()
    wins_by_bot: Counter[str] = Counter()
    errors: list[dict[str, Any]] = []
    ended_by: Counter[str] = Counter()  # the outcome's reason, where the engine gives one
    rounds: list[int] = []  # the round each game ended in, where the view counts rounds
    total_actions = 0
    started = time.perf_counter()
    for number in range(games):
        try:
            result = play_game(engine, strengths, seed + number, options)
        except Exception as error:  # noqa: BLE001 - every failure is reported with its seed
            errors.append({"seed": seed + number, "error": f"{type(error).__name__}: {error}"})
            continue
        total_actions += result["actions"]
        ended_by[result["outcome"].get("reason", "end")] += 1
        if result["round"] is not None:
            rounds.append(result["round"])
        winners = result["outcome"]["winners"]
        for winner in winners:
            wins_by_seat[winner] += 1 / len(winners)
            wins_by_bot[strengths[winner]] += 1 / len(winners)
    elapsed = time.perf_counter() - started
    finished = games - len(errors)
    return {
        "game": game,
        "games": games,
        "players": len(strengths),
        "bots": strengths,
        "seed": seed,
        "errors": len(errors),
        "error_samples": errors[:5],
        "mean_actions": round(total_actions / finished, 1) if finished else 0,
        "ended_by": dict(ended_by),
        "rounds": {"min": min(rounds), "median": statistics.median(rounds), "max": max(rounds)} if rounds else None,
        "wins_by_seat": {str(seat): round(wins_by_seat[seat], 2) for seat in range(len(strengths))},
        "wins_by_bot": {bot: round(wins_by_bot[bot], 2) for bot in dict.fromkeys(strengths)},
        "win_rate_by_seat": {str(seat): round(wins_by_seat[seat] / max(finished, 1), 3) for seat in range(len(strengths))},
        "games_per_s": round(finished / elapsed, 2),
        "actions_per_s": round(total_actions / elapsed, 1),
        "seconds": round(elapsed, 2),
    }
