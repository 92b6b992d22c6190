"""Engine cost in instructions a step, under valgrind's callgrind: a measure the machine's load
does not move, for comparing two engines' versions on a shared, noisy machine.

One step is engine_bench.py's (its random_game: legal_actions + decide_listed + evolve). The games
run in a child process under callgrind twice, with none and with --games seeded games, each
after a warm-up game; the difference over the steps played is the cost of a step (set-up
included, interpreter start-up excluded). --root runs the engines of another checkout (a
worktree of an older commit, say) for the baseline: an engine without decide_listed steps with
decide. Prints one JSON object. Needs valgrind (Debian's `valgrind`); on demand, never in CI.

    python tests/bench/engine_instructions.py [--engine dschunke] [--players 4] [--games 60]
        [--root ../old-checkout]
"""
from __future__ import annotations

import argparse
import json
import re
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
from engine_bench import random_game
engine = registry.get(sys.argv[3])
if not hasattr(engine, "decide_listed"):  # an engine from before the bots' path
    engine.decide_listed = engine.decide
players, games = int(sys.argv[4]), int(sys.argv[5])
random_game(engine, players, -1)
print(sum(random_game(engine, players, seed)[0] for seed in range(games)))
"""


def instructions(root: Path, engine: str, players: int, games: int) -> tuple[int, int]:
    """(instructions, steps) of `games` seeded games and a warm-up, under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", CHILD,
             str(root), str(Path(__file__).parent), engine, str(players), str(games)],
            capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    return int(collected.group(1)), int(done.stdout.strip())


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
    empty, _ = instructions(root, args.engine, args.players, 0)
    full, steps = instructions(root, args.engine, args.players, args.games)
    print(json.dumps({
        "root": str(root),
        "commit": subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                                 capture_output=True, text=True).stdout.strip(),
        "engine": args.engine,
        "players": args.players,
        "games": args.games,
        "steps": steps,
        "instructions_per_step": round((full - empty) / steps),
    }, indent=2))


if __name__ == "__main__":
    main()
