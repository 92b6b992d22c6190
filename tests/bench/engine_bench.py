"""Engine speed: random-play steps per second and full games per second, one core.

One step is what a search bot pays per node: legal_actions + decide + evolve. A baseline loop of
fixed pure-Python work runs in the same process between the engine runs, so results can be
quoted as ratios on a shared, noisy machine. Prints one JSON object.

    python tests/bench/engine_bench.py [--games 200] [--repeats 5] [--engines dschunke,dunhuang]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engines import registry  # noqa: E402
from engines.core import command_rng, start  # noqa: E402


def baseline_ops_per_s(duration: float = 0.5) -> float:
    """Fixed work (small dicts, list appends, random choices) per second: the machine's pulse."""
    rng = random.Random(0)
    done, deadline = 0, time.perf_counter() + duration
    while time.perf_counter() < deadline:
        for _ in range(1000):
            items = [{"type": "x", "n": i} for i in range(4)]
            rng.choice(items)["n"] += 1
        done += 1000
    return done / duration


def random_game(engine, players: int, seed: int) -> int:
    """Play one game with uniformly random legal actions; returns the number of steps."""
    rng = random.Random(seed)
    state, _ = start(engine, players, None, command_rng(str(seed), 0))
    steps = 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        action = rng.choice(engine.legal_actions(state, seat))
        for event in engine.decide(state, seat, action, rng):
            state = engine.evolve(state, event)
        steps += 1
    return steps


def measure(engine, players: int, games: int, seed: int) -> tuple[float, float]:
    started = time.perf_counter()
    steps = sum(random_game(engine, players, seed + number) for number in range(games))
    elapsed = time.perf_counter() - started
    return steps / elapsed, games / elapsed


def bench_engine(name: str, games: int, repeats: int) -> dict:
    engine = registry.get(name)
    result: dict = {}
    for players in range(engine.min_players, engine.max_players + 1):
        steps, full, baselines = [], [], []
        for repeat in range(repeats):
            baselines.append(baseline_ops_per_s())
            steps_per_s, games_per_s = measure(engine, players, games, seed=1000 * repeat)
            steps.append(steps_per_s)
            full.append(games_per_s)
        baseline = statistics.median(baselines)
        result[f"{players}p"] = {
            "steps_per_s": round(statistics.median(steps)),
            "games_per_s": round(statistics.median(full), 1),
            "steps_per_game": round(statistics.median(steps) / statistics.median(full), 1),
            "baseline_ops_per_s": round(baseline),
            "steps_per_baseline_kop": round(statistics.median(steps) / baseline * 1000, 2),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--engines", default=",".join(registry.names()))
    args = parser.parse_args()
    report = {
        "python": sys.version.split()[0],
        "games_per_measurement": args.games,
        "repeats": args.repeats,
        "statistic": "median",
        "engines": {name: bench_engine(name, args.games, args.repeats) for name in args.engines.split(",")},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
