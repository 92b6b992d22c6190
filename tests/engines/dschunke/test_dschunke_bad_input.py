"""Every malformed or illegal action is refused with a clear error and changes nothing."""
import random

import pytest

from engines.core import IllegalAction
from tests.engines.dschunke.helpers import ENGINE, act, at, new_game, play_to_end, play_until, snapshot

STATE = play_until(new_game(4, seed=1)[0], at("actions", 1))
SEAT = STATE.queue[0]
OTHER = (SEAT + 1) % 4


@pytest.mark.parametrize("seat, action, code", [
    (SEAT, {"type": "fly"}, "unknown_action"),
    (SEAT, {}, "unknown_action"),
    (SEAT, "use", "malformed"),
    (SEAT, None, "malformed"),
    (SEAT, {"type": 3}, "unknown_action"),
    (SEAT, {"type": "use", "worker": "money_merchant"}, "missing_field"),
    (SEAT, {"type": "use", "worker": "money_merchant", "junk": 0}, "bad_field"),
    (SEAT, {"type": "use", "worker": "money_merchant", "junk": "red"}, "bad_value"),
    (SEAT, {"type": "use", "worker": "captain", "junk": "grey"}, "bad_value"),
    (SEAT, {"type": "use", "worker": "money_merchant", "junk": "grey", "extra": 1}, "unknown_field"),
    (SEAT, {"type": "use", "worker": "money_merchant", "junk": "brown"}, "not_allowed"),
    (SEAT, {"type": "place", "junk": "grey", "slot": 7}, "bad_value"),
    (SEAT, {"type": "place", "junk": "grey", "slot": True}, "bad_field"),
    (SEAT, {"type": "place", "junk": "grey", "slot": 0}, "not_now"),
    (SEAT, {"type": "bid", "cards": {"white": 1}}, "not_now"),
    (SEAT, {"type": "play_special", "card": 20}, "not_now"),
    (SEAT, {"type": "play_special", "card": 99}, "bad_value"),
    (SEAT, {"type": "pick", "card": "x"}, "bad_field"),
    (OTHER, {"type": "use", "worker": "money_merchant", "junk": "grey"}, "not_your_turn"),
    (7, {"type": "use", "worker": "money_merchant", "junk": "grey"}, "bad_seat"),
    ("0", {"type": "use", "worker": "money_merchant", "junk": "grey"}, "bad_seat"),
    (-1, {"type": "end_turn"}, "bad_seat"),
])
def test_bad_actions_are_refused_and_change_nothing(seat, action, code):
    before = snapshot(STATE)
    with pytest.raises(IllegalAction) as error:
        ENGINE.decide(STATE, seat, action, random.Random(0))
    assert error.value.code == code and error.value.message
    assert snapshot(STATE) == before


def test_the_load_step_refuses_a_slot_that_does_not_touch_the_layer():
    state, _ = act(STATE, SEAT, {"type": "use", "worker": "load_merchant", "junk": "purple"})
    before = snapshot(state)
    for action in ({"type": "place", "junk": "purple", "slot": 0}, {"type": "place", "junk": "grey", "slot": 2},
                   {"type": "end_turn"}, {"type": "use", "worker": "goods_merchant", "junk": "brown"}):
        with pytest.raises(IllegalAction):
            ENGINE.decide(state, SEAT, action, random.Random(0))
        assert snapshot(state) == before


def test_no_action_after_the_game_is_over():
    state = play_to_end(new_game(3, seed=2)[0])
    with pytest.raises(IllegalAction) as error:
        ENGINE.decide(state, 0, {"type": "end_turn"}, random.Random(0))
    assert error.value.code == "game_over"
    assert all(ENGINE.legal_actions(state, seat) == [] for seat in range(3))
