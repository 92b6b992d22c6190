"""Post-game analysis (engines/analysis.py): the log's moves recovered, every decision of a seat
judged from that seat's information alone, the same analysis whatever the others held."""
import random

import pytest

from engines import analysis, registry
from engines.analysis import Decision
from engines.core import fold
from engines.simulate import logged_game

ITERATIONS = 40  # enough to grow a tree; the tests judge what it is built from, not its strength
PLAYERS = {"dschunke": 3, "dunhuang": 3, "dragon_boats": 3, "dragon_market": 2, "dschunke_tiles": 2}
SHORT = {"dragon_market": {"turn_limit": 6}}


@pytest.fixture(scope="module", params=sorted(PLAYERS))
def game(request):
    engine = registry.get(request.param)
    commands = logged_game(engine, PLAYERS[request.param], f"analysis-{request.param}",
                           options=SHORT.get(request.param))
    return engine, commands, f"analysis-{request.param}"


def choices_of(engine, commands, seat: int) -> int:
    """How many of `seat`'s commands were made where it had several moves to weigh."""
    count, state = 0, None
    for command in commands:
        if state is not None and command.seat == seat:
            legal = [a for a in engine.legal_actions(state, seat) if a["type"] not in engine.undo_actions]
            count += len(legal) > 1
        state = fold(engine, command.events, state)
    return count


def test_every_move_of_the_seat_is_recovered_from_the_events_it_wrote(game):
    engine, commands, seed = game
    found = analysis.decisions(engine, commands, seed, 0)
    assert len(found) == choices_of(engine, commands, 0) > 0
    for decision in found:
        assert decision.played in decision.legal


def test_each_decision_is_judged_with_chances_that_share_one_win(game):
    engine, commands, seed = game
    decision = analysis.decisions(engine, commands, seed, 0)[0]
    judged = analysis.judge(engine, decision, 0, ITERATIONS)
    assert judged["seq"] == decision.seq and judged["played"] == decision.played
    assert judged["best"] in decision.legal
    assert sum(judged["chances"]) == pytest.approx(1, abs=1e-3)
    assert 0 <= judged["loss"] <= 1
    if judged["best"] == judged["played"]:
        assert judged["loss"] == 0


def test_the_analysis_of_a_seat_is_the_same_whatever_the_others_hidden_cards(game):
    """Each decision's position is drawn anew from the seat's view (other hands, the deck order
    and every other hidden part dealt again): the seat's view is the same, and so is its analysis."""
    engine, commands, seed = game
    for decision in analysis.decisions(engine, commands, seed, 0)[:4]:
        view = engine.view(decision.state, 0)
        for world in range(2):
            other = engine.sample(view, 0, random.Random(world))
            assert engine.view(other, 0) == view
            assert analysis.judge(engine, Decision(decision.seq, other, decision.legal, decision.played), 0,
                                  ITERATIONS) == analysis.judge(engine, decision, 0, ITERATIONS)


def test_an_analysis_is_the_same_each_time_and_tells_its_progress(game):
    engine, commands, seed = game
    told = []
    first = analysis.analyse(engine, commands[:60], seed, 1, 10, lambda done, total: told.append((done, total)))
    again = analysis.analyse(engine, commands[:60], seed, 1, 10)
    assert first == again and first["seat"] == 1
    total = len(first["decisions"])
    assert told == [(done, total) for done in range(total + 1)]


def test_every_game_has_its_analysis_cost_set():
    assert set(analysis.ITERATIONS) == set(registry.names()) - {"tiny"} == set(PLAYERS)
