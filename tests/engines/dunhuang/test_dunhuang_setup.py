"""Set-up by player count: deck, tokens, coins, characters, the draft, the camel."""
import random
from collections import Counter

import pytest

from dunhuang_helpers import ENGINE, act, hand, types
from engines import registry
from engines.core import IllegalAction, start
from engines.dunhuang import data


def started(players, seed=1, options=None):
    return start(ENGINE, players, options, random.Random(seed))


def test_registered_under_its_name():
    assert registry.get("dunhuang") is ENGINE
    assert "dunhuang" in registry.names()


@pytest.mark.parametrize("players, goods, cards", [(2, range(2, 9), 35), (3, range(2, 10), 44), (4, range(1, 11), 55)])
def test_deck_is_a_pyramid_trimmed_by_player_count(players, goods, cards):
    deck = data.deck_for(players)
    assert len(deck) == cards
    assert Counter(deck) == {good: good for good in goods}
    state, events = started(players)
    shuffled = next(event for event in events if event["type"] == "deck_shuffled")["deck"]
    assert Counter(shuffled) == Counter(deck)
    assert ENGINE.view(state, None)["bank_tokens"] == list(goods)


@pytest.mark.parametrize("players, coins", [(2, 5), (3, 6), (4, 7)])
def test_starting_coins(players, coins):
    state, _ = started(players)
    assert state["coins"] == [coins] * players


def test_first_event_creates_the_state_and_setup_is_all_events():
    state, events = started(3)
    assert types(events)[:5] == ["game_created", "characters_placed", "deck_shuffled", "market_dealt", "draft_dealt"]
    assert ENGINE.evolve(None, events[0])["n"] == 3
    assert all(state["market"])
    assert [len(cards) for cards in state["pending"]] == [3, 3, 3]
    assert len(state["deck"]) == 44 - 8 - 9
    assert state["step"] == "draft"


def test_one_face_of_each_card_in_a_shuffled_circle():
    seen_faces = set()
    for seed in range(40):
        state, _ = started(2, seed)
        faces = state["faces"]
        assert len(faces) == 8
        assert sorted(data.FACES.index(face) // 2 for face in faces) == list(range(8))
        seen_faces.update(faces)
    assert seen_faces == set(data.FACES)


@pytest.mark.parametrize("side, expected", [("front", 0), ("back", 1)])
def test_faces_option_puts_one_side_up(side, expected):
    state, _ = started(4, options={"faces": side})
    assert sorted(state["faces"]) == sorted(card[expected] for card in data.CHARACTER_CARDS)


def drafted(state):
    """`state` after every seat has kept its lowest draft card."""
    for seat in range(state["n"]):
        state, _ = act(state, seat, {"type": "keep", "card": min(state["pending"][seat])})
    return state


def test_draft_keep_one_remove_two_unseen_then_last_player_places_camel():
    state, events = started(3)
    first = events[0]["first_player"]
    last = (first - 1) % 3
    assert ENGINE.to_act(state) == {0, 1, 2}
    for seat in (2, 0, 1):
        drawn = sorted(state["pending"][seat])
        state, events = act(state, seat, {"type": "keep", "card": drawn[0]})
        assert hand(state, seat) == [drawn[0]]
        assert sorted(state["boxed"][seat]) == drawn[1:]
        assert events[0]["removed"] == 2
    assert state["step"] == "place_camel"
    assert ENGINE.to_act(state) == {last}
    assert len(ENGINE.legal_actions(state, last)) == 8
    state, _ = act(state, last, {"type": "place_camel", "tile": 5})
    assert state["camel"] == 5
    assert ENGINE.to_act(state) == {first}
    assert state["step"] == "move"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_is_drawn_from_the_setup_rng_and_recorded(players):
    firsts = []
    for seed in range(40):
        state, events = started(players, seed)
        first = events[0]["first_player"]
        assert state["first_player"] == first
        assert ENGINE.view(state, None)["first_player"] == first
        assert ENGINE.view(state, None)["last_player"] == (first - 1) % players
        assert started(players, seed)[1] == events  # the same seed draws the same first player
        firsts.append(first)
    assert set(firsts) == set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seat_before_the_first_player_places_the_camel_then_the_first_player_moves(players):
    for seed in range(12):
        state, events = started(players, seed)
        first = events[0]["first_player"]
        state = drafted(state)
        last = (first - 1) % players
        assert ENGINE.to_act(state) == {last}
        for seat in set(range(players)) - {last}:
            assert ENGINE.legal_actions(state, seat) == []
        state, _ = act(state, last, {"type": "place_camel", "tile": 3})
        assert (state["turn"], ENGINE.to_act(state)) == (first, {first})


def test_turns_go_up_the_seats_from_the_first_player_and_wrap_round():
    state, events = next((state, events) for state, events in (started(4, seed) for seed in range(40))
                         if events[0]["first_player"] == 2)
    state = drafted(state)
    state, _ = act(state, 1, {"type": "place_camel", "tile": 0})
    order = []
    for _ in range(5):
        seat = state["turn"]
        order.append(seat)
        state, _ = act(state, seat, {"type": "move", "steps": 1})
        if state["step"] == "take":
            state, _ = act(state, seat, {"type": "take", "to": "hand"})
        state, _ = act(state, seat, {"type": "coins"})
    assert order == [2, 3, 0, 1, 2]


def test_a_log_or_snapshot_from_before_the_draw_means_seat_0_goes_first():
    state, events = started(3, seed=5)
    old_event = {key: value for key, value in events[0].items() if key != "first_player"}
    assert ENGINE.evolve(None, old_event)["first_player"] == 0
    old_snapshot = {key: value for key, value in ENGINE.dump(state).items() if key != "first_player"}
    assert ENGINE.load(old_snapshot) == {**state, "first_player": 0}


def test_draft_rejects_a_card_not_drawn():
    state, _ = started(2)
    missing = next(good for good in range(2, 9) if good not in state["pending"][0])
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "keep", "card": missing})
    assert error.value.code == "bad_card"


def test_player_count_is_checked():
    with pytest.raises(IllegalAction):
        started(5)
    with pytest.raises(IllegalAction):
        started(1)


def test_options_schema_has_defaults_and_no_extras():
    schema = ENGINE.options()
    assert schema["additionalProperties"] is False
    assert all("default" in spec for spec in schema["properties"].values())
    with pytest.raises(IllegalAction):
        started(2, options={"faces": "sideways"})
    with pytest.raises(IllegalAction):
        started(2, options={"speed": 3})
