"""Command line:

    python -m engines simulate GAME --games N --players P --bots a,b,c --seed S
    python -m engines tournament GAME --bots expert,greedy,greedy,greedy --games 400 --budget 1 --jobs 2
    python -m engines balance GAME --bots random,random,random --games 1000 --out var/balance
    python -m engines balance --site --jobs 2     # every game's balance page (frontend/balance/)
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engines import registry
from engines.bots import STRENGTHS
from engines.simulate import simulate
from engines.tournament import tournament


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
    for name, about in (("tournament", "measure bots' strength: win shares with 95%% intervals, as JSON"),
                        ("balance", "play bot games and write a balance report (Markdown with PNG charts)")):
        command = commands.add_parser(name, help=about)
        command.add_argument("game", choices=registry.names(), nargs="?" if name == "balance" else None)
        command.add_argument("--bots", required=name != "balance",
                             help="comma-separated, one per seat (seats rotate each game)")
        command.add_argument("--games", type=int, default=None if name == "balance" else 400)
        command.add_argument("--seed", type=int, default=1)
        command.add_argument("--jobs", type=int, default=1, help="worker processes")
        command.add_argument("--budget", type=float, default=1.0, help="seconds a move for the expert")
    balance = commands.choices["balance"]
    balance.add_argument("--out", default="var/balance", help="the report's folder")
    balance.add_argument("--site", action="store_true",
                         help="the site's balance pages: every game (or GAME) with its usual lineup and number of "
                              "games, the measures written to frontend/balance/GAME.json besides the report")
    args = parser.parse_args(argv)

    if args.command == "balance":
        return balance_command(parser, args)
    if args.command == "tournament":
        lineup = bots_of(parser, args.bots)
        check_players(parser, args.game, lineup)
        summary = tournament(args.game, lineup, args.games, args.seed, jobs=args.jobs, budget_s=args.budget)
        print(json.dumps(summary))
        return 0
    strengths = bots_of(parser, args.bots, args.players)
    summary = simulate(args.game, args.games, strengths, args.seed, json.loads(args.options))
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


def balance_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from engines.balance import SITE_RUNS, collect, write_report, write_site_data  # charts need the dev requirements

    if not args.site and (args.game is None or args.bots is None):
        parser.error("balance needs GAME and --bots, or --site")
    for game in [args.game] if args.game else list(SITE_RUNS):
        lineup, games = SITE_RUNS[game] if args.site else (None, 400)
        if args.bots:
            lineup = bots_of(parser, args.bots)
        check_players(parser, game, lineup)
        data = collect(game, lineup, args.games or games, args.seed, args.jobs, args.budget)
        print(write_report(data, Path(args.out)))
        if args.site:
            print(write_site_data(data))
    return 0


def check_players(parser: argparse.ArgumentParser, game: str, lineup: list[str]) -> None:
    engine = registry.get(game)
    if not engine.min_players <= len(lineup) <= engine.max_players:
        parser.error(f"{game} seats {engine.min_players} to {engine.max_players} players, not {len(lineup)}")


def bots_of(parser: argparse.ArgumentParser, names: str, players: int | None = None) -> list[str]:
    """The bots of `--bots`, one per seat (one name for all seats when `players` is given)."""
    strengths = names.split(",")
    if players is not None and len(strengths) == 1:
        strengths *= players
    if players is not None and len(strengths) != players:
        parser.error(f"--bots names {len(strengths)} bots for {players} players")
    unknown = set(strengths) - set(STRENGTHS)
    if unknown:
        parser.error(f"unknown bot(s): {', '.join(sorted(unknown))}")
    return strengths


if __name__ == "__main__":
    sys.exit(main())
