"""Command line: `python -m engines simulate GAME --games N --players P --bots a,b,c --seed S`."""
from __future__ import annotations

import argparse
import json
import sys

from engines import registry
from engines.bots import STRENGTHS
from engines.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("simulate", help="play bot-against-bot games and print a JSON summary")
    run.add_argument("game", choices=registry.names())
    run.add_argument("--games", type=int, default=100)
    run.add_argument("--players", type=int, required=True)
    run.add_argument("--bots", default="random", help=f"comma-separated, one per seat or one for all: {', '.join(STRENGTHS)}")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--options", default="{}", help="table options as JSON")
    args = parser.parse_args(argv)

    strengths = args.bots.split(",")
    if len(strengths) == 1:
        strengths *= args.players
    if len(strengths) != args.players:
        parser.error(f"--bots names {len(strengths)} bots for {args.players} players")
    unknown = set(strengths) - set(STRENGTHS)
    if unknown:
        parser.error(f"unknown bot(s): {', '.join(sorted(unknown))}")
    summary = simulate(args.game, args.games, strengths, args.seed, json.loads(args.options))
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
