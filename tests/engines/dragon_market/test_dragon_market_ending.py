"""How a game ends: objectives completed (M-T27, M-V1, M-A6, M-G7), or the table's round limit,
which the book does not have; and the round counter the limit and the page use."""
import random

import pytest

from engines.core import play, start
from engines.dragon_market import ENGINE, data
from engines.simulate import play_game
from tests.engines.dragon_market.dragon_market_helpers import K, act, boat, position, types
from tests.selection import once_by_default

B01 = [K["necklace"], K["frog"], K["Buddha statue"], K["snake"]]
DOCK = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))  # (2,0) necklace, (1,0) ring


def test_M_T27_M_V1_the_first_to_complete_the_objectives_wins_at_once():
    """M-V1: 3 objectives at 2 players; M-T27: the game ends in the middle of the turn, with no
    coins for the MP left (M-T24 does not happen) and no new card (M-T28)."""
    state = position(players=2, boats=[DOCK], heirs=[(1, 0), (9, 9)], held=[B01, []],
                     completed=[["B02", "B03"], []], objective=["B01", "B04"])
    assert state["target"] == 3
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events) == ["heir_moved", "objective_completed", "game_ended"]
    assert events[-1] == {"type": "game_ended", "reason": "objective", "winners": [0], "round": 1}
    assert after["coins"] == state["coins"] and after["mp"] == 6
    outcome = ENGINE.outcome(after)
    assert outcome["reason"] == "objective" and outcome["winners"] == [0] and outcome["scores"] == [3, 0]


def test_M_T27_one_objective_short_the_game_goes_on():
    state = position(players=2, boats=[DOCK], heirs=[(1, 0), (9, 9)], held=[B01, []],
                     completed=[["B02"], []], objective=["B01", "B04"])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert "objective_completed" in types(events) and "game_ended" not in types(events)
    assert ENGINE.outcome(after) is None and after["completed"][0] == ["B02", "B01"]


def test_the_book_has_no_round_limit_so_a_table_has_none_by_default():
    """M-T27 is the only end of the book's game: the option defaults to 0 and a game far past any
    round keeps going."""
    assert ENGINE.options()["properties"]["turn_limit"]["default"] == 0
    state = position(players=2, boats=[DOCK], heirs=[(0, 0), (9, 9)], turns=399)  # round 200
    after, events = act(state, 0, {"type": "end_turn"})
    assert types(events)[-1] == "dice_rolled" and ENGINE.outcome(after) is None
    assert ENGINE.view(after, None)["round"] == 200


def _play_to_the_end(players: int, options: dict, seed: int):
    """Turns of nothing but end_turn (and the coin source when the bank is empty): the round the
    view shows at each turn's start, and the events of the game's last action."""
    rng = random.Random(seed)
    state, _ = start(ENGINE, players, {"boat_setup": "random", **options}, rng)
    rounds, last = [], []
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        if state["phase"] == "play" and state["mp"] == sum(state["dice"]) and not state["spent"]:
            rounds.append((ENGINE.view(state, None)["round"], seat))
        action = {"type": "end_turn"} if {"type": "end_turn"} in legal else legal[0]
        state, last = play(ENGINE, state, seat, action, rng)
    return state, rounds, last


def test_a_round_limit_ends_the_game_after_the_last_turn_of_that_round_and_the_counter_agrees():
    """The option: with limit 3 at 4 players the game ends when the 12th turn ends; the round the
    view shows (the page's header) is 1 for the first four turns, then 2, then 3 — never the count
    of turns (the game that read "Round 60, ends after round 40" was in round 15)."""
    for players in (2, 3, 4):
        state, rounds, last = _play_to_the_end(players, {"turn_limit": 3}, seed=players)
        first = state["first"]
        assert rounds == [(1 + turn // players, (first + turn) % players) for turn in range(3 * players)]
        assert last[-1]["type"] == "game_ended" and last[-1]["reason"] == "turn_limit" and last[-1]["round"] == 3
        assert ENGINE.outcome(state)["reason"] == "turn_limit"
        assert ENGINE.view(state, None)["round"] == 3


def test_the_round_of_a_turn_count():
    """60 turns at 4 players are round 15; turn 61 opens round 16."""
    state = position(players=4, boats=[DOCK], turns=60)
    assert ENGINE.view(state, None)["round"] == 15
    assert ENGINE.view({**state, "turns": 61}, None)["round"] == 16


def test_the_log_says_why_the_game_ended():
    """The end line names the reason: objectives completed (M-T27), or the table's round limit and
    its round (a game that ended before rounds were noted reads without one)."""
    by_objectives = ENGINE.describe({"type": "game_ended", "reason": "objective", "winners": [1], "round": 9})
    at_the_limit = ENGINE.describe({"type": "game_ended", "reason": "turn_limit", "winners": [0, 2], "round": 40})
    older = ENGINE.describe({"type": "game_ended", "reason": "turn_limit", "winners": [0]})
    assert by_objectives == "{seat1} has completed the objectives needed and wins."
    assert at_the_limit == "Round 40 was the last (the table's round limit): {seat0}, {seat2} win."
    assert older == "The round limit is reached: {seat0} wins."


@pytest.mark.parametrize("players, seed", once_by_default([(2, 1), (3, 1), (4, 1)], 4))  # 20-40 s each
def test_M_T27_greedy_bots_end_their_games_by_completing_objectives(players, seed):
    """Bots alone play for their objectives: a seeded game of greedy bots ends by objectives,
    well before the round limit of a table of bots."""
    result = play_game(ENGINE, ["greedy"] * players, seed)
    assert result["outcome"]["reason"] == "objective"
    winners = result["outcome"]["winners"]
    assert all(result["outcome"]["scores"][seat] == (3 if players < 4 else 2) for seat in winners)
    assert result["round"] < data.BOT_TABLE_ROUND_LIMIT
