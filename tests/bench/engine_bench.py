"""Engine speed: random-play steps per second and full games per second, one core.

One step is what a search bot pays per node: legal_actions + decide_listed + evolve. Before
each engine run the same loop plays the floor game, the cheapest step a protocol engine can take
in pure Python (five small action dicts listed, one event dict built, a new four-key state), so
results can be quoted as ratios on a shared, noisy machine: vs_floor is the median over the
repeats of the engine's steps/s over the floor's, measured just before. A baseline loop of fixed
pure-Python work runs there too. --root runs the engines of another checkout (a worktree of an
older commit, say) under the same floor. Prints one JSON object.

    python tests/bench/engine_bench.py [--games 200] [--repeats 5] [--engines dschunke,dunhuang] [--profile]
        [--phases] [--root ../old-checkout]

steps_per_s times the play loop only; games_per_s includes set-up (shuffles, deals, options).
legal_actions_per_step and events_per_step (of the last repeat's games) say what a step holds:
an engine whose turns offer many actions lists them all at every step. --phases adds, at the most
players, the microseconds a step spends in each call of the loop, the floor's beside the engine's
(the clock's own cost taken off). `compiled` says whether the engine ran compiled modules
(engines/native.py); SAMPAN_PURE_ENGINES=1 runs its sources, the only code cProfile sees into.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import statistics
import sys
import time
from pathlib import Path



def checkout_root() -> str:
    """The checkout whose engines run: --root's, read before `engines` is imported, else this one."""
    if "--root" in sys.argv[:-1]:
        return str(Path(sys.argv[sys.argv.index("--root") + 1]).resolve())
    return str(Path(__file__).resolve().parents[2])


sys.path.insert(0, checkout_root())

from engines import native, registry  # noqa: E402
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


class FloorGame:
    """The floor: a game whose step is the least a protocol engine does in pure Python. Seats take
    turns taking from one of five piles for 100 steps; a step lists the piles as small dicts,
    builds one event dict and folds it into a new small state. Plays in random_game like an engine."""

    name = title = "floor"
    min_players, max_players = 2, 4
    bots_only_options: dict = {}
    piles, steps = 5, 100

    def options(self) -> dict:
        return {"type": "object", "properties": {}}

    def setup(self, players, options, rng):
        return [{"type": "setup", "players": players}]

    def evolve(self, state, event):
        if event["type"] == "setup":
            return {"players": event["players"], "turn": 0, "left": self.steps, "last": None}
        return {"players": state["players"], "turn": (event["seat"] + 1) % state["players"],
                "left": state["left"] - 1, "last": event["pile"]}

    def to_act(self, state):
        return frozenset({state["turn"]})

    def outcome(self, state):
        return None if state["left"] else {"winners": []}

    def legal_actions(self, state, seat):
        return [{"type": "take", "pile": pile} for pile in range(self.piles)]

    def decide_listed(self, state, seat, action, rng):
        return [{"type": "took", "seat": seat, "pile": action["pile"]}]


FLOOR = FloorGame()


def floor_steps_per_s(players: int, duration: float = 0.3) -> float:
    """The floor game's steps a second, played for about `duration` seconds."""
    steps = seconds = 0.0
    seed = 0
    while seconds < duration:
        played, elapsed, _, _ = random_game(FLOOR, players, seed)
        steps, seconds, seed = steps + played, seconds + elapsed, seed + 1
    return steps / seconds


def random_game(engine, players: int, seed: int) -> tuple[int, float, int, int]:
    """Play one game with uniformly random legal actions; returns (steps, seconds in steps,
    legal actions listed, events folded)."""
    rng = random.Random(seed)
    state, _ = start(engine, players, engine.bots_only_options, command_rng(str(seed), 0))  # a table of bots
    steps = listed = folded = 0
    started = time.perf_counter()
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        events = engine.decide_listed(state, seat, rng.choice(legal), rng)
        for event in events:
            state = engine.evolve(state, event)
        steps, listed, folded = steps + 1, listed + len(legal), folded + len(events)
    return steps, time.perf_counter() - started, listed, folded


def measure(engine, players: int, games: int, seed: int) -> tuple[float, float, float, float]:
    """Steps per second of play (set-up excluded), full games per second (set-up included), and
    what a step holds: legal actions listed and events folded, on average."""
    started = time.perf_counter()
    played = [random_game(engine, players, seed + number) for number in range(games)]
    elapsed = time.perf_counter() - started
    steps = sum(game[0] for game in played)
    return (steps / sum(game[1] for game in played), games / elapsed,
            sum(game[2] for game in played) / steps, sum(game[3] for game in played) / steps)


def profile(engine, players: int, games: int, top: int = 12) -> list[str]:
    """Where the time of random play goes: the functions with the most own time."""
    profiler = cProfile.Profile()
    profiler.runcall(lambda: [random_game(engine, players, seed) for seed in range(games)])
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(top)
    return [line.strip() for line in stream.getvalue().splitlines() if line.strip()][-top:]


PHASES = ("outcome", "to_act", "legal_actions", "choice", "decide_listed", "evolve")


def phase_times(engine, players: int, games: int) -> dict[str, float]:
    """Microseconds a step spends in each call of random_game's loop (PHASES), over `games` games."""
    clock = time.perf_counter
    spent, steps = dict.fromkeys(PHASES, 0.0), 0
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = start(engine, players, engine.bots_only_options, command_rng(str(seed), 0))
        while True:
            begun = clock()
            if engine.outcome(state) is not None:
                break
            checked = clock()
            seat = min(engine.to_act(state))
            asked = clock()
            legal = engine.legal_actions(state, seat)
            listed = clock()
            action = rng.choice(legal)
            chosen = clock()
            events = engine.decide_listed(state, seat, action, rng)
            decided = clock()
            for event in events:
                state = engine.evolve(state, event)
            folded = clock()
            for phase, took in zip(PHASES, (checked - begun, asked - checked, listed - asked, chosen - listed,
                                            decided - chosen, folded - decided)):
                spent[phase] += took
            steps += 1
    tick = clock_cost()
    return {phase: round(max(total / steps - tick, 0.0) * 1e6, 2) for phase, total in spent.items()}


def clock_cost() -> float:
    """The least time between two clock readings: what measuring adds to each phase."""
    least = 1.0
    for _ in range(1000):
        first = time.perf_counter()
        least = min(least, time.perf_counter() - first)
    return least


def bench_engine(name: str, games: int, repeats: int, with_profile: bool, with_phases: bool = False) -> dict:
    engine = registry.get(name)
    random_game(engine, engine.max_players, seed=-1)  # warm up: imports, caches
    package = type(engine).__module__.rsplit(".", 1)[0]
    result: dict = {"compiled": package in native.COMPILED and native.in_use(package)}
    for players in range(engine.min_players, engine.max_players + 1):
        steps, full, baselines, floors = [], [], [], []
        for repeat in range(repeats):
            baselines.append(baseline_ops_per_s())
            floors.append(floor_steps_per_s(players))
            steps_per_s, games_per_s, legal_per_step, events_per_step = measure(engine, players, games,
                                                                                seed=1000 * repeat)
            steps.append(steps_per_s)
            full.append(games_per_s)
        baseline = statistics.median(baselines)
        result[f"{players}p"] = {
            "steps_per_s": round(statistics.median(steps)),
            "floor_steps_per_s": round(statistics.median(floors)),
            "vs_floor": round(statistics.median(step / floor for step, floor in zip(steps, floors)), 3),
            "legal_actions_per_step": round(legal_per_step, 1),
            "events_per_step": round(events_per_step, 2),
            "legal_actions_listed_per_s": round(statistics.median(steps) * legal_per_step),
            "games_per_s": round(statistics.median(full), 1),
            "baseline_ops_per_s": round(baseline),
            "steps_per_baseline_kop": round(statistics.median(steps) / baseline * 1000, 2),
        }
    if with_profile:
        result["profile_max_players"] = profile(engine, engine.max_players, max(games // 4, 10))
    if with_phases:
        result["phase_us_per_step_max_players"] = {
            "engine": phase_times(engine, engine.max_players, games),
            "floor": phase_times(FLOOR, engine.max_players, max(games * 5, 100)),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--engines", default=",".join(registry.names()))
    parser.add_argument("--profile", action="store_true", help="add the top functions by own time")
    parser.add_argument("--phases", action="store_true", help="add the time of each call of a step, floor beside")
    parser.add_argument("--root", default=checkout_root(), help="the checkout whose engines run")
    args = parser.parse_args()
    if Path(args.root).resolve() != Path(checkout_root()):
        parser.error("give --root its checkout as the next argument (--root PATH)")
    report = {
        "python": sys.version.split()[0],
        "root": args.root,
        "games_per_measurement": args.games,
        "repeats": args.repeats,
        "statistic": "median",
        "engines": {name: bench_engine(name, args.games, args.repeats, args.profile, args.phases)
                    for name in args.engines.split(",")},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
