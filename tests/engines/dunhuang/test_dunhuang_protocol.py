"""Protocol details: bad input, purity, snapshots, views, redaction, sample, log lines."""
import json
import random

import pytest

from dunhuang_helpers import ENGINE, act, acts, position, snapshot
from engines.core import IllegalAction, find_leaks, start
from engines.dunhuang import data, evolve, text

MALFORMED = [
    None, "move", 3, [], {}, {"steps": 2}, {"type": 7}, {"type": "fly"}, {"type": "move"},
    {"type": "move", "steps": "2"}, {"type": "move", "steps": True}, {"type": "move", "steps": 2.0},
    {"type": "move", "steps": 2, "extra": 1}, {"type": "take", "to": "pocket"}, {"type": "coins", "amount": 3},
]


@pytest.mark.parametrize("action", MALFORMED)
def test_malformed_actions_raise_and_change_nothing(action):
    state = position()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, action)
    assert error.value.code in {"malformed", "unknown_action"}
    assert error.value.message
    assert snapshot(state) == before


@pytest.mark.parametrize("seat, code", [(1, "not_your_turn"), (3, "bad_seat"), (-1, "bad_seat"), ("0", "bad_seat"),
                                        (True, "bad_seat")])
def test_wrong_seats_raise_and_change_nothing(seat, code):
    state = position()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, seat, {"type": "move", "steps": 1})
    assert error.value.code == code
    assert snapshot(state) == before


@pytest.mark.parametrize("state, action", [
    (position(), {"type": "move", "steps": 9}),
    (position(coins=[0, 6, 6]), {"type": "move", "steps": 2}),
    (position(step="place_camel"), {"type": "place_camel", "tile": 8}),
    (position(step="act", face="shepherd"), {"type": "pick_slot", "slot": 1}),
    (position(step="pick_slot", face="shepherd"), {"type": "pick_slot", "slot": 4}),
    (position(step="pick_token", face="buddhist"), {"type": "pick_token", "good": 3}),
    (position(step="pick_opponent", face="trader"), {"type": "pick_opponent", "opponent": 0}),
    (position(step="give", face="trader", giver=0, opponent=1, to_give=1), {"type": "give", "card": 5}),
])
def test_illegal_actions_raise_with_a_message_and_change_nothing(state, action):
    seat = max(ENGINE.to_act(state))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, seat, action)
    assert error.value.message
    assert snapshot(state) == before


def test_game_over_refuses_actions():
    state = position(step="over", result={"reason": "deck_out", "winner": -1})
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "move", "steps": 1})
    assert error.value.code == "game_over"




def test_view_carries_what_the_board_needs_and_hides_the_rest():
    state = position(players=3, hands=[[2, 3], [4], []], shops=[[5], [], []], tokens={5: 0},
                     guards={5: "buddhist"}, prestige=[2, 0, 1])
    seen = ENGINE.view(state, 0)
    assert [slot["face"] for slot in seen["circle"]] == state["faces"]
    assert seen["circle"][0]["camel"] and seen["circle"][0]["action"] == data.FACE_TEXT[state["faces"][0]]
    assert [slot["goods"] for slot in seen["circle"]] == state["market"]
    me, other = seen["players"][0], seen["players"][1]
    assert (me["hand"], me["shop"], me["tokens"], me["prestige"], me["coins"]) == ([2, 3], [5], [5], 2, 6)
    assert me["guards"] == [{"good": 5, "guard": "buddhist"}]
    assert "hand" not in other and other["hand_size"] == 1
    assert (seen["turn"], seen["step"], seen["to_act"], seen["deck_size"]) == (0, "move", [0], 6)
    assert "deck" not in seen
    assert find_leaks(seen, 0, ENGINE.private_keys(state)) == []
    spectator = ENGINE.view(state, None)
    assert all("hand" not in row for row in spectator["players"])


def test_setup_events_are_redacted_for_other_seats():
    state, events = start(ENGINE, 3, None, random.Random(2))
    for viewer in (None, 0, 1, 2):
        for event in events:
            assert find_leaks(ENGINE.redact(event, viewer), viewer, ENGINE.private_keys(state)) == []
    dealt = [event for event in events if event["type"] == "draft_dealt"]
    assert ENGINE.redact(dealt[1], 1)["drafted"] == dealt[1]["drafted"]
    assert "drafted" not in ENGINE.redact(dealt[1], 0)


def test_sample_matches_the_view_and_redraws_the_hidden_cards():
    state, _ = start(ENGINE, 4, None, random.Random(3))
    seen = ENGINE.view(state, 2)
    sent = json.loads(json.dumps(seen))  # bots receive views as JSON
    samples = [ENGINE.sample(sent, 2, random.Random(seed)) for seed in range(5)]
    for imagined in samples:
        assert ENGINE.view(imagined, 2) == seen
        assert imagined["pending"][2] == state["pending"][2]
    assert len({json.dumps(imagined["deck"]) for imagined in samples}) > 1


def test_describe_names_seats_with_placeholders():
    state, events = start(ENGINE, 2, None, random.Random(1))
    state, more = acts(state, 0, {"type": "keep", "card": state["pending"][0][0]})
    line = ENGINE.describe(ENGINE.redact(more[0], 1))
    assert "{seat0}" in line and "keeps" in line
    assert "{seat%d} is the first player" % events[0]["first_player"] in ENGINE.describe(events[0])
    assert ENGINE.describe({"type": "camel_moved", "seat": 1, "steps": 3, "tile": 4, "cost": 2}) == \
        "{seat1} moves the camel 3 tiles to tile 5, paying 2 coins."


def test_a_seat_that_drew_the_decks_last_card_keeps_it_and_puts_none_back():
    drawn = {"type": "drawn_kept", "seat": 0, "hand": "tea", "secret": [], "returned": 0}
    assert ENGINE.describe(drawn) == "{seat0} keeps the card drawn."
    assert ENGINE.describe({**drawn, "returned": 1}) == "{seat0} keeps one and puts 1 card under the deck."


def test_evaluate_prefers_more_tokens_and_prestige():
    poor = position(players=2)
    rich = position(players=2, shops=[[3, 4], []], tokens={3: 0, 4: 0}, prestige=[3, 0])
    assert ENGINE.evaluate(rich, 0) > ENGINE.evaluate(poor, 0)


def test_every_event_type_has_a_log_line():
    """Or is silent: "It is X's turn" is the banner's, not the log's."""
    assert set(text.LINES) | text.SILENT == set(evolve.HANDLERS) and not set(text.LINES) & text.SILENT
    assert ENGINE.describe({"type": "turn_started", "seat": 1}) == ""


def test_an_action_out_of_step_says_what_to_do_instead():
    with pytest.raises(IllegalAction) as error:
        act(position(), 0, {"type": "coins"})
    assert error.value.message == "That is not what the game asks now. Move the camel: the first step is free, each further step costs 1 coin."
