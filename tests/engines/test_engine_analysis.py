"""Post-game analysis (engines/analysis.py): the log's moves recovered, every decision of a seat
judged from that seat's information alone, the same analysis whatever the others held."""
import random

import pytest

from engines import analysis, registry
from engines.analysis import Command, Decision
from engines.bots.ismcts import Node, Tree, action_key
from engines.core import command_rng, fold, start
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
            drawn_again = Decision(decision.seq, other, decision.legal, decision.played, decision.progress,
                                   decision.turn)
            assert analysis.judge(engine, drawn_again, 0, ITERATIONS) == analysis.judge(engine, decision, 0, ITERATIONS)


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


def test_calibration_brings_early_shares_nearer_the_even_share_and_keeps_their_order():
    shares = [0.7, 0.2, 0.1]
    early, late = (analysis.calibrate(shares, progress, (0.4, 1.6)) for progress in (0.0, 1.0))
    for chances in (early, late):
        assert sum(chances) == pytest.approx(1)
        assert chances[0] > chances[1] > chances[2]
    assert early[0] < shares[0] < late[0]  # a lead counts for less early on, for more at the end
    assert analysis.calibrate(shares, 0.5, (1.0, 1.0)) == pytest.approx(shares)
    assert analysis.calibrate(shares, 0.3, None) == shares


def test_each_decision_knows_how_far_into_the_game_it_came(game):
    engine, commands, seed = game
    found = analysis.decisions(engine, commands, seed, 0)
    progress = [decision.progress for decision in found]
    assert progress == sorted(progress) and 0 < progress[0] and progress[-1] <= 1
    assert progress[-1] == found[-1].seq / commands[-1].seq


def test_every_game_has_a_calibration_curve_for_each_number_of_players():
    assert set(analysis.CALIBRATION) == set(PLAYERS)
    for name, curves in analysis.CALIBRATION.items():
        engine = registry.get(name)
        assert set(curves) == set(range(engine.min_players, engine.max_players + 1)), name
        assert all(0 < power for curve in curves.values() for power in curve), name


def test_a_turn_is_the_seats_decisions_with_no_other_seats_move_between(game):
    engine, commands, seed = game
    found = analysis.decisions(engine, commands, seed, 0)
    at = {command.seq: index for index, command in enumerate(commands)}
    assert found[0].turn == 1
    for before, after in zip(found, found[1:]):
        between = commands[at[before.seq] + 1:at[after.seq]]
        others = any(command.seat not in (None, 0) for command in between)
        assert after.turn == before.turn + others


def test_a_turn_of_many_small_moves_is_one_turn():
    engine = registry.get("dschunke_tiles")  # a turn: two tiles, each chosen, started and turned
    commands = logged_game(engine, 2, "analysis-turns")
    found = analysis.decisions(engine, commands, "analysis-turns", 0)
    assert len({decision.turn for decision in found}) < len(found) / 2


def a_log_with_a_choice_taken_back(engine, seed: str) -> tuple[list, int]:
    """A Legespiel game where seat 0 starts its first tile on one cell, takes that back and starts
    it on another; returns the log up to there and the seq of the choice taken back."""
    state, events = start(engine, 2, engine.bots_only_options, command_rng(seed, 0))
    commands, seq, rng = [Command(0, None, events)], len(events), random.Random(seed)
    taken_back = None

    def play(seat, action):
        nonlocal state, seq
        events = engine.decide(state, seat, action, command_rng(seed, seq))
        commands.append(Command(seq, seat, events))
        state = fold(engine, events, state)
        seq += len(events)

    while taken_back is None or len(commands) < 12:
        seat = min(engine.to_act(state))
        legal = [action for action in engine.legal_actions(state, seat) if action["type"] != "back"]
        anchors = [action for action in legal if action["type"] == "anchor"]
        if seat == 0 and taken_back is None and len(anchors) > 1:
            taken_back = seq
            play(seat, anchors[-1])
            play(seat, {"type": "back"})
            play(seat, anchors[0])
        else:
            play(seat, rng.choice(legal))
    return commands, taken_back


def decision_at(engine, commands, seq: int) -> Decision:
    """Seat 0's decision at `seq` in the log cut just after it (nothing taken back yet)."""
    cut = [command for command in commands if command.seq <= seq]
    return next(decision for decision in analysis.decisions(engine, cut, "analysis-undo", 0) if decision.seq == seq)


def test_a_choice_taken_back_is_not_judged_and_the_one_made_instead_is():
    engine = registry.get("dschunke_tiles")
    commands, taken_back = a_log_with_a_choice_taken_back(engine, "analysis-undo")
    found = {decision.seq: decision for decision in analysis.decisions(engine, commands, "analysis-undo", 0)}
    undo_at = next(command.seq for command in commands if command.events[0]["type"] == "choice_undone")
    assert taken_back not in found and undo_at not in found
    instead = found[undo_at + 1]  # the next command: the cell chosen in its place
    assert instead.played["type"] == "anchor" and instead.legal == decision_at(engine, commands, taken_back).legal


def tree_of(tries: dict[str, tuple[int, list[float]]]) -> Tree:
    """A root whose moves {name: (iterations begun with it, each seat's summed reward)} were tried."""
    legal = [{"type": name} for name in tries]
    tree = Tree(legal)
    for action, (visits, rewards) in zip(legal, tries.values()):
        node = tree.root.children[action_key(action)] = Node(0, action)
        node.visits = visits
        tree.seat_rewards[action_key(action)] = list(rewards)
    return tree


def test_a_move_tried_a_few_times_is_not_judged_by_those_tries_alone():
    """The played move is always tried, but may be tried only once: one lost playout must not make
    it a blunder when the position is nearly won whatever the move (the chart would show no fall)."""
    tree = tree_of({"best": (390, [380.0, 10.0]), "played": (1, [0.0, 1.0]), "other": (9, [8.0, 1.0])})
    after_best = analysis.expectation(tree, {"type": "best"})
    after_played = analysis.expectation(tree, {"type": "played"})
    assert after_best[0] == pytest.approx(0.974, abs=0.001)
    assert after_best[0] - after_played[0] < 0.1  # not the 0.97 a single playout would say
    well_tried = tree_of({"best": (200, [190.0, 10.0]), "played": (200, [20.0, 180.0])})
    assert analysis.expectation(well_tried, {"type": "played"})[0] < 0.15  # many tries keep a real blunder
    assert analysis.expectation(tree, {"type": "never"}) is None
