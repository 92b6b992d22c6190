import json
import subprocess
import sys

import pytest

from engines import __main__ as cli
from engines import registry
from engines.core import IllegalAction
from tests.tiny_engine import TinyEngine


class BrokenToy(TinyEngine):
    """Raises on the third card played, as a buggy engine would."""

    name = "broken_toy"

    def decide(self, state, seat, action, rng):
        if sum(len(played) for played in state["played"]) == 2:
            raise IllegalAction("bug", "this engine is broken")
        return super().decide(state, seat, action, rng)


@pytest.fixture
def toy_engines(monkeypatch):
    monkeypatch.setitem(registry.KNOWN, "toy", "tests.tiny_engine")
    monkeypatch.setitem(registry.KNOWN, "broken_toy", "tests.tiny_engine")
    monkeypatch.setitem(registry._engines, "toy", TinyEngine())
    monkeypatch.setitem(registry._engines, "broken_toy", BrokenToy())


def test_simulate_prints_one_json_summary_and_exits_zero(toy_engines, capsys):
    code = cli.main(["simulate", "toy", "--games", "20", "--players", "3", "--bots", "greedy,random,random", "--seed", "1"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0
    assert summary["game"] == "toy" and summary["games"] == 20 and summary["errors"] == 0
    assert 6 <= summary["mean_actions"] <= 9  # each seat plays its two cards and may roll once
    assert sum(summary["wins_by_seat"].values()) == pytest.approx(20, abs=0.05)
    assert set(summary["wins_by_bot"]) == {"greedy", "random"}
    assert summary["games_per_s"] > 0 and summary["actions_per_s"] > 0
    assert summary["ended_by"] == {"end": 20} and summary["rounds"] is None  # the toy names neither


def test_simulate_says_how_games_ended_and_in_which_round():
    """A table of bots gets the engine's safety net (Dragon Market: a round limit) unless the
    options say otherwise."""
    limited = cli_summary(["--options", '{"turn_limit": 1, "boat_setup": "random"}'])
    assert limited["ended_by"] == {"turn_limit": 3} and limited["rounds"] == {"min": 1, "median": 1, "max": 1}
    netted = cli_summary(["--options", '{"boat_setup": "random"}'])
    assert sum(netted["ended_by"].values()) == 3 and netted["rounds"]["max"] <= registry.get(
        "dragon_market").bots_only_options["turn_limit"]


def cli_summary(extra: list) -> dict:
    done = subprocess.run([sys.executable, "-m", "engines", "simulate", "dragon_market", "--games", "3", "--players", "2",
                           "--seed", "5", *extra], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr + done.stdout
    return json.loads(done.stdout)


def test_simulate_exits_non_zero_when_a_game_raises(toy_engines, capsys):
    code = cli.main(["simulate", "broken_toy", "--games", "3", "--players", "2", "--seed", "1"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 1
    assert summary["errors"] == 3
    assert "this engine is broken" in summary["error_samples"][0]["error"]


def test_simulate_refuses_a_bot_list_that_does_not_fit(toy_engines):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "toy", "--players", "3", "--bots", "random,random"])
    with pytest.raises(SystemExit):
        cli.main(["simulate", "toy", "--players", "2", "--bots", "random,oracle"])


@pytest.mark.parametrize("game", registry.names())
def test_every_installed_engine_runs_from_the_command_line(game):
    engine = registry.get(game)
    players = engine.max_players
    done = subprocess.run(
        [sys.executable, "-m", "engines", "simulate", game, "--games", "5", "--players", str(players), "--seed", "3"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert json.loads(done.stdout)["errors"] == 0
