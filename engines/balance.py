"""The balance lab: `python -m engines balance GAME --games N --bots a,b,c` plays bot games and
writes a report (Markdown with PNG charts) of how even the game is.

The report: win rate by seat in turn order (first player, second, ...) with 95% intervals (seats
rotate bots, so a seat's edge is the game's, not a bot's), the final scores of each seat, game
lengths, and how often each special card, character or power (the engine's `usage`) is used,
with the win rate of the seat that used it against the even share.

`python -m engines balance --site` plays each game's `SITE_RUNS` lineup and writes, besides the
report, the measures the site's balance pages read (`site_data`, one JSON file a game in
`frontend/balance/`).
"""
from __future__ import annotations

import datetime
import json
import statistics
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no screen
import matplotlib.pyplot as plt  # noqa: E402
from tqdm import tqdm  # noqa: E402

from engines import registry  # noqa: E402
from engines.tournament import play_games, wilson  # noqa: E402


# The lineup and number of games of each game's balance page: the site's Casual bots at the
# game's usual table, as many games as keep the whole regeneration within about 20 minutes of
# processor time, 10 on two free cores (a Dragon Market game takes seconds, a Dunhuang game a
# fraction of one).
SITE_RUNS = {
    "dschunke": (["greedy"] * 3, 500),
    "dschunke_tiles": (["greedy"] * 2, 160),
    "dunhuang": (["greedy"] * 3, 1000),
    "dragon_market": (["greedy"] * 2, 160),
    "dragon_boats": (["greedy"] * 3, 400),
}
SITE_DATA = Path(__file__).resolve().parents[1] / "frontend" / "balance"


def collect(game: str, lineup: list[str], games: int, seed: int, jobs: int, budget_s: float) -> dict:
    """Every game's measures, by seat in turn order (0: the seat that played first)."""
    engine = registry.get(game)
    players = len(lineup)
    seat_wins = [0.0] * players
    scores = [[] for _ in range(players)]
    lengths, rounds = [], []
    used = Counter()  # name -> times used
    games_with = Counter()  # name -> (game, seat) pairs that used it
    games_any = Counter()  # name -> games in which some seat used it
    wins_with = Counter()  # name -> wins of those seats
    bot_wins = Counter()
    results = play_games(game, lineup, games, seed, jobs=jobs, budget_s=budget_s)
    for result in tqdm(results, total=games, desc=f"{game} ({players} players)", unit="game"):
        winners = result["outcome"]["winners"]
        first = result["first_player"]
        if first is None:
            raise ValueError(f"{game}'s set-up names no first player (tournament.FIRST_PLAYER_KEYS)")
        lengths.append(result["actions"])
        if result["round"] is not None:
            rounds.append(result["round"])
        for seat in range(players):
            order = (seat - first) % players
            scores[order].append(result["outcome"]["scores"][seat])
            if seat in winners:
                seat_wins[order] += 1 / len(winners)
                bot_wins[result["seats"][seat]] += 1 / len(winners)
        users = defaultdict(set)
        for event in result["events"]:
            name = engine.usage(event)
            if name is not None and "seat" in event:
                used[name] += 1
                users[name].add(event["seat"])
        for name, seats in users.items():
            games_any[name] += 1
            for seat in seats:
                games_with[name] += 1
                if seat in winners:
                    wins_with[name] += 1 / len(winners)
    return {"game": game, "title": engine.title, "lineup": lineup, "games": games, "players": players,
            "seat_wins": seat_wins, "scores": scores, "lengths": lengths, "rounds": rounds, "used": used,
            "games_with": games_with, "games_any": games_any, "wins_with": wins_with, "bot_wins": bot_wins}


def _share(successes: float, trials: int) -> dict:
    """A proportion with its 95% Wilson interval."""
    low, high = wilson(successes, trials)
    return {"rate": round(successes / trials, 4) if trials else 0.0, "low": round(low, 4), "high": round(high, 4)}


def _spread(values: list[float]) -> dict | None:
    """Five numbers of a distribution (quartiles taken within the data), and its mean."""
    if not values:
        return None
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else values * 3
    return {"min": min(values), "q1": q1, "median": median, "q3": q3, "max": max(values),
            "mean": round(statistics.mean(values), 2)}


def _commit() -> str | None:
    """The checkout's commit the engines were measured at, where git can tell."""
    try:
        found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True,
                               cwd=Path(__file__).resolve().parent)
    except (OSError, subprocess.CalledProcessError):
        return None
    return found.stdout.strip() or None


def site_data(data: dict) -> dict:
    """What `collect` measured, summed up for the site's balance page (JSON-ready)."""
    games, players = data["games"], data["players"]
    specials = []
    for name, times in data["used"].items():
        held = data["games_with"][name]
        specials.append({"name": name, "times_used": times, "games": data["games_any"][name],
                         "pick_rate": round(data["games_any"][name] / games, 4), "seat_games": held,
                         "wins": round(data["wins_with"][name], 2), "win": _share(data["wins_with"][name], held)})
    specials.sort(key=lambda item: (-item["win"]["rate"], item["name"]))
    return {
        "game": data["game"], "lineup": data["lineup"], "games": games, "players": players,
        "date": datetime.date.today().isoformat(), "commit": _commit(), "even_share": round(1 / players, 4),
        "seats": [{"order": order + 1, "wins": round(wins, 2), "win": _share(wins, games),
                   "score": _spread(data["scores"][order])} for order, wins in enumerate(data["seat_wins"])],
        "length": {"actions": _spread(data["lengths"]), "rounds": _spread(data["rounds"])},
        "specials": specials,
    }


def write_site_data(data: dict, folder: Path | None = None) -> Path:
    folder = folder or SITE_DATA
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{data['game']}.json"
    path.write_text(json.dumps(site_data(data), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _interval(wins: float, trials: int) -> str:
    low, high = wilson(wins, trials)
    return f"{wins / trials:.1%} ({low:.1%} to {high:.1%})" if trials else "-"


def _chart_seats(data: dict, path: Path) -> None:
    games, players = data["games"], data["players"]
    rates = [wins / games for wins in data["seat_wins"]]
    bounds = [wilson(wins, games) for wins in data["seat_wins"]]
    errors = [[rate - low for rate, (low, _) in zip(rates, bounds)], [high - rate for rate, (_, high) in zip(rates, bounds)]]
    figure, axes = plt.subplots(figsize=(6, 3.2))
    axes.bar([f"player {seat + 1}" for seat in range(players)], rates, yerr=errors, capsize=6, color="#2a7f86")
    axes.axhline(1 / players, color="#c0392b", linestyle="--", label="even share")
    axes.set_ylabel("win rate")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _chart_scores(data: dict, path: Path) -> None:
    figure, axes = plt.subplots(figsize=(6, 3.2))
    axes.boxplot(data["scores"], tick_labels=[f"player {seat + 1}" for seat in range(data["players"])])
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
        "Seats are numbered in turn order (1 plays first). Intervals are 95% Wilson intervals.",
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
