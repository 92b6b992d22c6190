"""The balance lab: `python -m engines balance GAME --games N --bots a,b,c` plays bot games and
writes a report (Markdown with PNG charts) of how even the game is.

The report: win rate by seat with 95% intervals (seats rotate bots, so a seat's edge is the
game's, not a bot's), the final scores of each seat, game lengths, and how often each special
card, character or power (the engine's `usage`) is used, with the win rate of the seat that
used it against the even share.
"""
from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no screen
import matplotlib.pyplot as plt  # noqa: E402
from tqdm import tqdm  # noqa: E402

from engines import registry  # noqa: E402
from engines.tournament import play_games, wilson  # noqa: E402


def collect(game: str, lineup: list[str], games: int, seed: int, jobs: int, budget_s: float) -> dict:
    engine = registry.get(game)
    players = len(lineup)
    seat_wins = [0.0] * players
    scores = [[] for _ in range(players)]
    lengths = []
    used = Counter()  # name -> times used
    games_with = Counter()  # name -> (game, seat) pairs that used it
    wins_with = Counter()  # name -> wins of those seats
    bot_wins = Counter()
    results = play_games(game, lineup, games, seed, jobs=jobs, budget_s=budget_s)
    for result in tqdm(results, total=games, desc=f"{game} ({players} players)", unit="game"):
        winners = result["outcome"]["winners"]
        lengths.append(result["actions"])
        for seat in range(players):
            scores[seat].append(result["outcome"]["scores"][seat])
            if seat in winners:
                seat_wins[seat] += 1 / len(winners)
                bot_wins[result["seats"][seat]] += 1 / len(winners)
        users = defaultdict(set)
        for event in result["events"]:
            name = engine.usage(event)
            if name is not None and "seat" in event:
                used[name] += 1
                users[name].add(event["seat"])
        for name, seats in users.items():
            for seat in seats:
                games_with[name] += 1
                if seat in winners:
                    wins_with[name] += 1 / len(winners)
    return {"game": game, "title": engine.title, "lineup": lineup, "games": games, "players": players,
            "seat_wins": seat_wins, "scores": scores, "lengths": lengths, "used": used,
            "games_with": games_with, "wins_with": wins_with, "bot_wins": bot_wins}


def _interval(wins: float, trials: int) -> str:
    low, high = wilson(wins, trials)
    return f"{wins / trials:.1%} ({low:.1%} to {high:.1%})" if trials else "-"


def _chart_seats(data: dict, path: Path) -> None:
    games, players = data["games"], data["players"]
    rates = [wins / games for wins in data["seat_wins"]]
    bounds = [wilson(wins, games) for wins in data["seat_wins"]]
    errors = [[rate - low for rate, (low, _) in zip(rates, bounds)], [high - rate for rate, (_, high) in zip(rates, bounds)]]
    figure, axes = plt.subplots(figsize=(6, 3.2))
    axes.bar([f"seat {seat + 1}" for seat in range(players)], rates, yerr=errors, capsize=6, color="#2a7f86")
    axes.axhline(1 / players, color="#c0392b", linestyle="--", label="even share")
    axes.set_ylabel("win rate")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _chart_scores(data: dict, path: Path) -> None:
    figure, axes = plt.subplots(figsize=(6, 3.2))
    axes.boxplot(data["scores"], tick_labels=[f"seat {seat + 1}" for seat in range(data["players"])])
    axes.set_ylabel("final score")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _chart_lengths(data: dict, path: Path) -> None:
    figure, axes = plt.subplots(figsize=(6, 3.2))
    axes.hist(data["lengths"], bins=min(30, max(5, len(set(data["lengths"])))), color="#d39b00")
    axes.set_xlabel("actions in the game")
    axes.set_ylabel("games")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def write_report(data: dict, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    game, games, players = data["game"], data["games"], data["players"]
    charts = {"seats": f"{game}-seats.png", "scores": f"{game}-scores.png", "lengths": f"{game}-lengths.png"}
    _chart_seats(data, folder / charts["seats"])
    _chart_scores(data, folder / charts["scores"])
    _chart_lengths(data, folder / charts["lengths"])
    even = 1 / players
    lines = [
        f"# Balance of {data['title']}",
        "",
        f"{games} games, {players} players, bots {', '.join(data['lineup'])} (rotated a seat each game).",
        "Intervals are 95% Wilson intervals.",
        "",
        "## Win rate by seat",
        "",
        f"![win rate by seat]({charts['seats']})",
        "",
        "| seat | win rate | mean score | median score |",
        "|---|---|---|---|",
    ]
    for seat in range(players):
        seat_scores = data["scores"][seat]
        lines.append(f"| {seat + 1} | {_interval(data['seat_wins'][seat], games)} | "
                     f"{statistics.mean(seat_scores):.1f} | {statistics.median(seat_scores):g} |")
    lines += ["", "## Bots", "", "| bot | win rate per seat played |", "|---|---|"]
    for bot in dict.fromkeys(data["lineup"]):
        seats_played = games * data["lineup"].count(bot)
        lines.append(f"| {bot} | {_interval(data['bot_wins'][bot], seats_played)} |")
    lengths = data["lengths"]
    lines += ["", "## Scores", "", f"![final scores by seat]({charts['scores']})", "",
              "## Game length", "", f"![game length]({charts['lengths']})", "",
              f"Actions per game: median {statistics.median(lengths):g}, from {min(lengths)} to {max(lengths)}.", "",
              "## Special cards, characters and powers", ""]
    if not data["used"]:
        lines.append("This game has none that its events name.")
    else:
        lines += [f"The win rate is that of the seats that used it at least once; the even share is {even:.1%}.", "",
                  "| used | times | games used in (per seat) | win rate when used | vs even share |",
                  "|---|---|---|---|---|"]
        for name, times in sorted(data["used"].items(), key=lambda item: -item[1]):
            held = data["games_with"][name]
            rate = data["wins_with"][name] / held
            lines.append(f"| {name} | {times} | {held} | {_interval(data['wins_with'][name], held)} | {rate / even:.2f} |")
    report = folder / f"{game}.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return report
