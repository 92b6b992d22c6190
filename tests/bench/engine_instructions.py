"""Engine cost in instructions a step, under valgrind's callgrind: a measure the machine's load
does not move, for comparing two engines' versions on a shared, noisy machine.

One step is engine_bench.py's (its random_game: legal_actions + decide_listed + evolve). The games
run in a child process under callgrind twice, with none and with --games seeded games, each
after a warm-up game; the difference over the steps played is the cost of a step (set-up
included, interpreter start-up excluded). engine_bench.py's floor game is counted the same way,
so instructions_vs_floor reads like its vs_floor.

callgrind also simulates the caches and the branch predictor (a simple model, not the machine's
own): the misses and mispredictions a step says why a step costs more time than its instructions
alone would: the floor replays one short path, an engine's step takes many different ones.

--root runs the engines of another checkout (a worktree of an older commit, say) for the
baseline: an engine without decide_listed steps with decide. Prints one JSON object. Needs
valgrind (Debian's `valgrind`); on demand, never in CI.

    python tests/bench/engine_instructions.py [--engine dschunke] [--players 4] [--games 60]
        [--root ../old-checkout]
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]

CHILD = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]  # the engines of --root first, then this directory
from engines import registry
from engine_bench import FLOOR, random_game
engine = FLOOR if sys.argv[3] == "floor" else registry.get(sys.argv[3])
if not hasattr(engine, "decide_listed"):  # an engine from before the bots' path
    engine.decide_listed = engine.decide
players, games = int(sys.argv[4]), int(sys.argv[5])
random_game(engine, players, -1)
print(sum(random_game(engine, players, seed)[0] for seed in range(games)))
"""

# callgrind's counters (--cache-sim=yes --branch-sim=yes) added up into what the report shows.
MEASURES = {
    "instructions": ("Ir",),
    "l1_misses": ("I1mr", "D1mr", "D1mw"),
    "mispredicted_branches": ("Bcm", "Bim"),
}


def counters(root: Path, engine: str, players: int, games: int) -> tuple[dict, int]:
    """(MEASURES' totals, steps) of `games` seeded games and a warm-up, under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--cache-sim=yes", "--branch-sim=yes",
             f"--callgrind-out-file={out}", sys.executable, "-c", CHILD,
             str(root), str(Path(__file__).parent), engine, str(players), str(games)],
            capture_output=True, text=True, check=True)
        lines = dict(line.split(": ", 1) for line in out.read_text().splitlines()
                     if line.startswith(("events: ", "summary: ")))
    events = dict(zip(lines["events"].split(), map(int, lines["summary"].split())))
    return {name: sum(events[event] for event in parts) for name, parts in MEASURES.items()}, int(done.stdout)


def per_step(root: Path, engine: str, players: int, games: int) -> dict:
    """MEASURES a step: the games' totals less the warm-up's alone."""
    empty, _ = counters(root, engine, players, 0)
    full, steps = counters(root, engine, players, games)
    return {"steps": steps, **{name: round((full[name] - empty[name]) / steps) for name in MEASURES}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", default="dschunke")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--root", default=str(HERE), help="the checkout whose engines run")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install -y valgrind)")
    root = Path(args.root).resolve()
    engine = per_step(root, args.engine, args.players, args.games)
    floor = per_step(root, "floor", args.players, args.games)
    print(json.dumps({
        "root": str(root),
        "commit": subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                                 capture_output=True, text=True).stdout.strip(),
        "engine": args.engine,
        "players": args.players,
        "games": args.games,
        "steps": engine["steps"],
        "instructions_per_step": engine["instructions"],
        "a_step": engine,
        "floor_step": floor,
        "instructions_vs_floor": round(floor["instructions"] / engine["instructions"], 3),
    }, indent=2))


if __name__ == "__main__":
    main()
