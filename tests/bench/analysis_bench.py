"""Post-game analysis cost: one greedy bots' game of each engine, every seat's decisions judged
as the service's worker judges them (engines/analysis.py). Prints one JSON object: per engine, the
decisions a seat makes, seconds a decision (median over seats and decisions) and seconds a seat's
whole analysis, beside the machine's pulse (tests/bench/engine_bench.py baseline) measured in the
same run.

    python tests/bench/analysis_bench.py [--engines dschunke,dunhuang] [--players 4] [--seats 1]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engines import analysis, registry  # noqa: E402
from engines.simulate import logged_game  # noqa: E402
from tests.bench.engine_bench import baseline_ops_per_s  # noqa: E402

PLAYERS = {"dschunke": 4, "dunhuang": 4, "dragon_boats": 4, "dragon_market": 4, "dschunke_tiles": 2}


def bench(name: str, players: int, seats: int) -> dict:
    engine = registry.get(name)
    commands = logged_game(engine, players, f"analysis-bench-{name}")
    per_decision, per_seat, counts = [], [], []
    for seat in range(min(seats, players)):
        began = time.process_time()
        found = analysis.decisions(engine, commands, f"analysis-bench-{name}", seat)
        for decision in found:
            started = time.process_time()
            analysis.judge(engine, decision, seat)
            per_decision.append(time.process_time() - started)
        per_seat.append(time.process_time() - began)
        counts.append(len(found))
    return {"players": players, "decisions_a_seat": counts, "s_a_decision_median": round(statistics.median(per_decision), 4),
            "s_a_decision_max": round(max(per_decision), 4), "s_a_seat": [round(s, 1) for s in per_seat]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engines", default=",".join(PLAYERS))
    parser.add_argument("--seats", type=int, default=1, help="how many seats of each game to analyse")
    args = parser.parse_args()
    result = {"iterations_a_decision": analysis.ITERATIONS, "baseline_ops_per_s_before": round(baseline_ops_per_s())}
    for name in args.engines.split(","):
        result[name] = bench(name, PLAYERS[name], args.seats)
    result["baseline_ops_per_s_after"] = round(baseline_ops_per_s())
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
