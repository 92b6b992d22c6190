"""The strength tournament and the balance lab (issue 19, items 3 and 5): seats rotate, win
shares come with 95% intervals, and the balance report holds its tables and charts."""
import json

import pytest

from engines import balance, registry
from engines.__main__ import main
from engines.balance import collect, write_report
from engines.simulate import play_game
from engines.tournament import seating, wilson


def test_the_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)  # 50 of 100
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_so_that_every_bot_sits_everywhere():
    lineup = ["expert", "greedy", "random"]
    firsts = [seating(lineup, number)[0] for number in range(6)]
    assert firsts == ["expert", "greedy", "random"] * 2


def test_the_tournament_prints_win_shares_with_intervals(capsys):
    assert main(["tournament", "dunhuang", "--bots", "greedy,random,random", "--games", "6", "--seed", "3"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["even_share"] == round(1 / 3, 4)
    greedy, random_bot = summary["bots"]["greedy"], summary["bots"]["random"]
    assert greedy["seats_played"] == 6 and random_bot["seats_played"] == 12
    assert greedy["wins"] + random_bot["wins"] == pytest.approx(6, abs=0.02)  # ties are shared
    low, high = greedy["win_share_95"]
    assert low <= greedy["win_share"] <= high
    assert greedy["vs_even_share"] == pytest.approx(greedy["win_share"] * 3, abs=0.01)


def test_a_lineup_the_game_cannot_seat_is_refused():
    with pytest.raises(SystemExit):
        main(["tournament", "dschunke_tiles", "--bots", "random,random,random,random,random"])


@pytest.mark.parametrize("game", ["dschunke", "dunhuang", "dragon_boats"])
def test_games_with_special_cards_or_characters_name_what_their_seats_used(game):
    engine = registry.get(game)
    used = set()
    for seed in range(6):
        events = play_game(engine, ["random"] * 3, seed)["events"]
        used |= {engine.usage(event) for event in events} - {None}
    assert used, f"{game}: no special card or character named in six games"


def test_dragon_market_names_the_power_a_boat_move_used_and_tiles_name_none():
    market = registry.get("dragon_market")
    hop = {"type": "boat_hopped", "seat": 0, "boat": 1, "from": [1, 1], "s": [3, 1], "d": [1, 0], "cost": 1, "power": "hop"}
    assert market.usage(hop) == "hop"
    assert market.usage({"type": "boat_slid", "seat": 0, "boat": 1, "from": [1, 1], "s": [2, 1], "d": [1, 0]}) is None
    tiles = registry.get("dschunke_tiles")
    assert all(tiles.usage(event) is None for event in play_game(tiles, ["random"] * 2, 1)["events"])


def test_the_balance_report_has_its_tables_and_charts(tmp_path):
    data = collect("dunhuang", ["random", "greedy", "random"], games=6, seed=2, jobs=1, budget_s=1.0)
    assert sum(data["seat_wins"]) == pytest.approx(6)
    report = write_report(data, tmp_path)
    text = report.read_text()
    for heading in ("## Win rate by seat", "## Scores", "## Game length", "## Special cards, characters and powers"):
        assert heading in text
    assert text.count("\n| ") >= 3 + 2 + 2  # seat rows, bot rows, the used characters
    for chart in ("dunhuang-seats.png", "dunhuang-scores.png", "dunhuang-lengths.png"):
        assert (tmp_path / chart).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"]({chart})" in text


def test_the_site_command_writes_a_games_page_data_beside_its_report(tmp_path, monkeypatch):
    monkeypatch.setattr(balance, "SITE_DATA", tmp_path / "site")
    assert main(["balance", "dunhuang", "--site", "--bots", "random,random", "--games", "4",
                 "--out", str(tmp_path / "report")]) == 0
    data = json.loads((tmp_path / "site" / "dunhuang.json").read_text())
    assert (data["lineup"], data["games"], data["players"]) == (["random", "random"], 4, 2)
    assert (tmp_path / "report" / "dunhuang.md").exists()
    with pytest.raises(SystemExit):  # without --site, the lab needs a game and its bots
        main(["balance", "--games", "4"])
