"""How well the analysis's chances to win match who won: greedy bots' games of each engine, a few
decisions of one seat a game judged as the worker judges them (engines/analysis.py), each seat's
chance set beside its share of the win. Prints one JSON object: per engine and number of players
(each the engine seats, or --players alone), the log loss and the Brier score of even shares (the
reference: no knowledge), of the search's own shares and of the calibrated chances
(engines.analysis.calibrate with its CALIBRATION curve), and the curve fitted anew to these games
with its score on the games not fitted (two folds). --first numbers the games from another point:
games the curves were not fitted to.

    python tests/bench/analysis_calibration.py [--engines dschunke,dunhuang] [--players 3] [--games 40]
        [--decisions 6] [--first 0]
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engines import analysis, registry  # noqa: E402
from engines.core import fold  # noqa: E402
from engines.simulate import logged_game  # noqa: E402


def records(name: str, players: int, games: int, per_game: int, first: int) -> list[list[dict]]:
    """Per game, per judged decision: the game's progress there, each seat's raw share and its
    share of the win."""
    engine = registry.get(name)
    found_games = []
    for number in range(first, first + games):
        seed = f"calibration-{name}-{number}"
        commands = logged_game(engine, players, seed)
        state = None
        for command in commands:
            state = fold(engine, command.events, state)
        winners = engine.outcome(state)["winners"]
        won = [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]
        seat = number % players
        found = analysis.decisions(engine, commands, seed, seat)
        picked = found[:: max(1, len(found) // per_game)][:per_game]
        game = []
        for decision in picked:
            shares = analysis.estimate(engine, decision, seat)[1]
            game.append({"progress": decision.progress, "shares": shares, "won": won})
        found_games.append(game)
    return found_games


def scores(rows: list[dict], curve: tuple[float, float] | None) -> dict:
    """Log loss and Brier score of each seat's chance against its share of the win."""
    loss = brier = count = 0
    for row in rows:
        chances = analysis.calibrate(row["shares"], row["progress"], curve)
        for chance, won in zip(chances, row["won"]):
            chance = min(max(chance, 1e-6), 1 - 1e-6)
            loss -= won * math.log(chance) + (1 - won) * math.log(1 - chance)
            brier += (chance - won) ** 2
            count += 1
    return {"log_loss": round(loss / count, 4), "brier": round(brier / count, 4)}


def fit(rows: list[dict]) -> tuple[float, float]:
    """The curve (power at the start, at the end; each at least 0.05) with the least log loss: a
    grid, then finer ones around its best."""
    best, step = (1.0, 1.0), 0.5
    for _ in range(6):
        around = [(max(0.05, best[0] + i * step), max(0.05, best[1] + j * step)) for i in range(-4, 5) for j in range(-4, 5)]
        best = min(around, key=lambda curve: scores(rows, curve)["log_loss"])
        step /= 3
    return round(best[0], 3), round(best[1], 3)


def report(name: str, players: int, games: int, per_game: int, first: int) -> dict:
    played = records(name, players, games, per_game, first)
    rows = [row for game in played for row in game]
    halves = [[row for game in played[parity::2] for row in game] for parity in (0, 1)]
    held_out = [scores(halves[1 - half], fit(halves[half])) for half in (0, 1)]
    return {
        "games": games, "decisions": len(rows),
        "even_shares": scores([{**row, "shares": [1 / players] * players} for row in rows], None),
        "raw": scores(rows, None),
        "calibrated": scores(rows, analysis.CALIBRATION.get(name, {}).get(players)),
        "fitted_curve": fit(rows),
        "fitted_held_out_log_loss": round(sum(part["log_loss"] for part in held_out) / 2, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engines", default=",".join(sorted(analysis.ITERATIONS)))
    parser.add_argument("--players", type=int, help="this number of players only")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=6, help="decisions judged a game")
    parser.add_argument("--first", type=int, default=0, help="the number of the first game")
    args = parser.parse_args()
    result = {}
    for name in args.engines.split(","):
        engine = registry.get(name)
        counts = [args.players] if args.players else range(engine.min_players, engine.max_players + 1)
        result[name] = {str(players): report(name, players, args.games, args.decisions, args.first) for players in counts}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
