"""Bots against bots, to measure strength: `python -m engines tournament GAME --bots a,b,c,d`.

Each game seats the listed bots (one per seat), rotated one seat further each game so that no
bot keeps the first seat; a tied win is shared. For every bot the summary gives its share of
the wins with a 95% Wilson interval, that share against the even share (1 / players), and its
thinking time per move. Games run in `jobs` worker processes; the expert's time budget
is set for the run.
"""
from __future__ import annotations

import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Iterable

from engines import registry
from engines.bots import expert
from engines.simulate import play_game

Z95 = 1.959964


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not trials:
        return 0.0, 1.0
    share = successes / trials
    centre = share + Z95 ** 2 / (2 * trials)
    spread = Z95 * math.sqrt(share * (1 - share) / trials + Z95 ** 2 / (4 * trials ** 2))
    scale = 1 + Z95 ** 2 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def seating(lineup: list[str], number: int) -> list[str]:
    turn = number % len(lineup)
    return lineup[turn:] + lineup[:turn]


# Where each game's set-up events name the seat that plays first (drawn at random).
FIRST_PLAYER_KEYS = ("first_player", "start_player", "first", "red")


def first_player(setup: list[dict]) -> int | None:
    for key in FIRST_PLAYER_KEYS:
        if key in setup[0]:
            return setup[0][key]
    return None


def _set_budget(seconds: float) -> None:
    expert.TIME_BUDGET_S = seconds


def _one_game(game: str, lineup: list[str], number: int, seed: int, options: dict | None) -> dict:
    seats = seating(lineup, number)
    result = play_game(registry.get(game), seats, seed + number, options)
    return {"seats": seats, "outcome": result["outcome"], "actions": result["actions"],
            "thinking": result["thinking"], "events": result["events"],
            "first_player": first_player(result["setup"]), "round": result["round"]}


def play_games(game: str, lineup: list[str], games: int, seed: int, options: dict | None = None,
               jobs: int = 1, budget_s: float = expert.TIME_BUDGET_S) -> Iterable[dict]:
    """The games' results, as they finish (in any order when `jobs` > 1)."""
    if jobs <= 1:
        _set_budget(budget_s)
        for number in range(games):
            yield _one_game(game, lineup, number, seed, options)
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=_set_budget, initargs=(budget_s,)) as pool:
        futures = [pool.submit(_one_game, game, lineup, number, seed, options) for number in range(games)]
        for future in futures:
            yield future.result()


def summarise(game: str, lineup: list[str], results: list[dict], seconds: float, budget_s: float) -> dict:
    players = len(lineup)
    bots = list(dict.fromkeys(lineup))
    wins = {bot: 0.0 for bot in bots}
    seats_played = {bot: 0 for bot in bots}
    think = {bot: [] for bot in bots}
    for result in results:
        winners = result["outcome"]["winners"]
        for seat, bot in enumerate(result["seats"]):
            seats_played[bot] += 1
            think[bot] += result["thinking"][seat]
            if seat in winners:
                wins[bot] += 1 / len(winners)
    even = 1 / players
    summary = {}
    for bot in bots:
        share = wins[bot] / seats_played[bot] if seats_played[bot] else 0.0
        low, high = wilson(wins[bot], seats_played[bot])
        times = sorted(think[bot]) or [0.0]
        summary[bot] = {
            "seats_played": seats_played[bot],
            "wins": round(wins[bot], 2),
            "win_share": round(share, 4),
            "win_share_95": [round(low, 4), round(high, 4)],
            "vs_even_share": round(share / even, 3),
            "vs_even_share_95": [round(low / even, 3), round(high / even, 3)],
            "move_s_median": round(statistics.median(times), 4),
            "move_s_max": round(times[-1], 4),
        }
    return {
        "game": game, "players": players, "lineup": lineup, "games": len(results), "budget_s": budget_s,
        "even_share": round(even, 4), "bots": summary,
        "mean_actions": round(statistics.mean(result["actions"] for result in results), 1) if results else 0,
        "seconds": round(seconds, 1),
    }


def tournament(game: str, lineup: list[str], games: int, seed: int = 1, options: dict | None = None,
               jobs: int = 1, budget_s: float = expert.TIME_BUDGET_S, progress=None) -> dict:
    started = time.perf_counter()
    results = []
    for result in play_games(game, lineup, games, seed, options, jobs, budget_s):
        results.append(result)
        if progress:
            progress(result)
    return summarise(game, lineup, results, time.perf_counter() - started, budget_s)
