"""Dragon Market bots: how many of its own moves the turn planner makes before its heir may first
take a good, in 2-player games with boats laid at random, against a random bot.

Each game is played twice on the same seed: by the planner as it is, and as the baseline by the
planner without the engine's way out for a boxed-in heir (`unblocking_moves`), whose heir could
stay on its pontoon for the rest of the game. A game where no take is offered within --cap moves
counts as "never".

    .venv/bin/python tests/bench/heir_progress.py [--games 100] [--cap 600] [--widest 4]

Prints one JSON object per variant, then the summary.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engines.bots.planner import choose_planned  # noqa: E402
from engines.core import play, resolve_options, start  # noqa: E402
from engines.dragon_market.engine import DragonMarket  # noqa: E402


class WithoutWayOut(DragonMarket):
    def unblocking_moves(self, state, seat):
        return []


def moves_to_first_take(engine, seed: int, cap: int, widest: int) -> int | None:
    rng, planner_rng = random.Random(seed), random.Random(3)
    state, _ = start(engine, 2, resolve_options(engine, {"boat_setup": "random"}), rng)
    made = 0
    while engine.outcome(state) is None and made < cap:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if seat == 0:
            if any(action["type"] == "take" for action in legal):
                return made
            action = choose_planned(engine, engine.view(state, 0), 0, legal, planner_rng, budget_s=60, widest=widest)
            made += 1
        else:
            action = rng.choice(legal)
        state, _ = play(engine, state, seat, action, rng)
    return None


def summary(name: str, counts: list) -> dict:
    reached = [count for count in counts if count is not None]
    return {"variant": name, "games": len(counts), "median_moves": statistics.median(reached) if reached else None,
            "over_100": sum(count > 100 for count in reached), "never": counts.count(None),
            "max_reached": max(reached, default=None)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--cap", type=int, default=600)
    parser.add_argument("--widest", type=int, default=4)
    parser.add_argument("--first-seed", type=int, default=1000)
    args = parser.parse_args()
    results = {}
    for name, engine in (("planner", DragonMarket()), ("baseline_without_way_out", WithoutWayOut())):
        counts = [moves_to_first_take(engine, args.first_seed + game, args.cap, args.widest) for game in range(args.games)]
        results[name] = summary(name, counts)
        print(json.dumps(results[name]), flush=True)
    print(json.dumps({"summary": {name: {key: value for key, value in result.items() if key != "variant"}
                                  for name, result in results.items()}}))


if __name__ == "__main__":
    main()
