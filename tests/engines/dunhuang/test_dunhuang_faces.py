"""Each of the sixteen character faces."""
import random

import pytest

from dunhuang_helpers import ENGINE, act, acts, hand, position, shop, types
from engines.core import IllegalAction, find_leaks
from engines.dunhuang import data

USE = {"type": "use"}
AFTER_TAKE = [0, 3, 4, 5, 6, 7, 8, 2]  # the camel's slot (tile 0) was emptied by the take


def at(face, **fields):
    """Seat 0 is about to use `face`, on which the camel stands (tile 0)."""
    fields.setdefault("market", list(AFTER_TAKE))
    fields.setdefault("steps", 1)
    return position(face=face, step="act", **fields)


def test_every_face_is_known_and_described():
    assert len(data.FACES) == 16
    assert set(data.FACE_TEXT) == set(data.FACES)


def test_interpreter_draws_as_many_as_the_camel_moved_and_returns_the_rest_under_the_deck():
    state, events = act(at("interpreter", steps=3, deck=[8, 7, 6, 5, 4, 3]), 0, USE)
    assert state["pending"][0] == [3, 4, 5]
    assert ENGINE.legal_actions(state, 0) == [{"type": "keep", "card": good} for good in (3, 4, 5)]
    state, events = act(state, 0, {"type": "keep", "card": 4})
    assert hand(state, 0) == [4]
    assert state["pending"][0] == []
    assert state["deck"][:2] == [3, 5]  # the bottom of the deck
    assert state["market"][0] == 6  # then the refill draws from the top
    assert types(events)[:2] == ["drawn_kept", "market_refilled"]


def test_interpreter_takes_what_a_short_deck_has_and_needs_a_deck():
    state, _ = act(at("interpreter", steps=5, deck=[8, 7]), 0, USE)
    assert state["pending"][0] == [7, 8]
    assert ENGINE.legal_actions(at("interpreter", deck=[]), 0) == [{"type": "coins"}]


def test_diplomat_draws_two_whatever_the_steps():
    state, _ = act(at("diplomat", steps=6, deck=[8, 7, 6, 5]), 0, USE)
    assert state["pending"][0] == [5, 6]
    state, _ = act(state, 0, {"type": "keep", "card": 6})
    assert hand(state, 0) == [6]
    assert state["deck"][0] == 5


def test_soldier_swaps_a_shop_card_for_a_market_card_of_another_kind():
    state = at("soldier", shops=[[3], [], []], tokens={3: 0})
    state, _ = act(state, 0, USE)
    assert ENGINE.legal_actions(state, 0) == [{"type": "pick_shop", "card": 3}]
    state, _ = act(state, 0, {"type": "pick_shop", "card": 3})
    slots = [action["slot"] for action in ENGINE.legal_actions(state, 0)]
    assert slots == [2, 3, 4, 5, 6, 7]  # not the empty slot 0, not the other 3 (slot 1)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "pick_slot", "slot": 1})
    assert error.value.code == "bad_choice"
    state, events = act(state, 0, {"type": "pick_slot", "slot": 3})
    assert shop(state, 0) == [5]
    assert state["market"][3] == 3
    assert (state["tokens"][3], state["tokens"][5]) == (-1, 0)
    assert types(events)[:3] == ["market_swapped", "token_returned", "token_taken"]


def test_general_swaps_a_hand_card_for_a_market_card_of_another_kind():
    state, _ = acts(at("general", hands=[[3], [], []]), 0, USE, {"type": "pick_hand", "card": 3})
    state, _ = act(state, 0, {"type": "pick_slot", "slot": 4})
    assert hand(state, 0) == [6]
    assert state["market"][4] == 3


def test_soldier_and_general_need_a_card_to_give():
    assert {"type": "use"} not in ENGINE.legal_actions(at("soldier"), 0)
    assert {"type": "use"} not in ENGINE.legal_actions(at("general"), 0)


def test_shepherd_takes_a_neighbouring_market_card_into_hand():
    state, _ = act(at("shepherd"), 0, USE)
    assert ENGINE.legal_actions(state, 0) == [{"type": "pick_slot", "slot": 1}, {"type": "pick_slot", "slot": 7}]
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "pick_slot", "slot": 2})
    state, _ = act(state, 0, {"type": "pick_slot", "slot": 7})
    assert hand(state, 0) == [2]


def test_farmer_takes_the_card_as_many_tiles_ahead_as_the_camel_moved():
    state, events = act(at("farmer", steps=3), 0, USE)
    assert hand(state, 0) == [5]
    assert events[1] == {"type": "extra_goods_taken", "seat": 0, "slot": 3, "good": 5}
    market = list(AFTER_TAKE)
    market[3] = 0
    assert {"type": "use"} not in ENGINE.legal_actions(at("farmer", steps=3, market=market), 0)


@pytest.mark.parametrize("face", ["manichean", "buddhist"])
def test_religious_men_guard_one_of_your_tokens(face):
    state = at(face, shops=[[4, 5], [], []], tokens={4: 0, 5: 0}, guards={5: "manichean"})
    state, _ = act(state, 0, USE)
    assert ENGINE.legal_actions(state, 0) == [{"type": "pick_token", "good": 4}]
    state, _ = act(state, 0, {"type": "pick_token", "good": 4})
    assert state["guards"][4] == face
    assert {"type": "use"} not in ENGINE.legal_actions(at(face), 0)


def test_princess_gives_a_prestige_per_token():
    state, _ = act(at("princess", shops=[[4, 5], [], []], tokens={4: 0, 5: 0}), 0, USE)
    assert state["prestige"][0] == 2
    assert {"type": "use"} not in ENGINE.legal_actions(at("princess"), 0)


def test_dancer_gives_two_prestige():
    state, _ = act(at("dancer"), 0, USE)
    assert state["prestige"][0] == 2


def test_painter_discards_a_hand_card_for_three_prestige():
    state, _ = acts(at("painter", hands=[[7, 8], [], []]), 0, USE, {"type": "pick_hand", "card": 7})
    assert (hand(state, 0), state["prestige"][0], state["discards"]) == ([8], 3, [7])


def test_musician_discards_a_shop_card_for_three_prestige():
    state, _ = acts(at("musician", shops=[[7, 7], [], []], tokens={7: 0}), 0, USE, {"type": "pick_shop", "card": 7})
    assert (shop(state, 0), state["prestige"][0], state["tokens"][7]) == ([7], 3, 0)


def test_trader_takes_two_at_random_and_gives_two_back_seen_only_by_the_pair():
    state = at("trader", hands=[[2, 3], [4, 5, 6], []])
    state, _ = act(state, 0, USE)
    assert ENGINE.legal_actions(state, 0) == [{"type": "pick_opponent", "opponent": 1}]  # seat 2 has no cards
    state, events = act(state, 0, {"type": "pick_opponent", "opponent": 1})
    taken = events[0]["private"][0]["secret"]
    assert len(taken) == 2 and set(taken) <= {4, 5, 6}
    assert sum(state["hands"][0]) == 4 and sum(state["hands"][1]) == 1
    assert find_leaks(ENGINE.redact(events[0], 1), 1, ENGINE.private_keys(state)) == []
    assert ENGINE.redact(events[0], 1)["private"][1]["secret"] == taken
    assert all("secret" not in entry for entry in ENGINE.redact(events[0], 2)["private"])
    state, _ = act(state, 0, {"type": "give", "card": taken[0]})  # giving one back is allowed
    state, events = act(state, 0, {"type": "give", "card": 2})
    assert sum(state["hands"][0]) == 2 and sum(state["hands"][1]) == 3
    assert 2 in hand(state, 1)
    assert state["turn"] == 1


def test_trader_exchanges_one_card_when_either_hand_has_one():
    state, _ = acts(at("trader", hands=[[2], [4, 5, 6], []]), 0, USE, {"type": "pick_opponent", "opponent": 1})
    assert state["to_give"] == 1
    assert sum(state["hands"][0]) == 2


def test_merchant_has_the_opponent_choose_then_gives_back_and_gains_prestige():
    state = at("merchant", hands=[[2, 3], [4, 5, 6], [7]])
    state, _ = acts(state, 0, USE, {"type": "pick_opponent", "opponent": 1})
    assert state["prestige"][0] == 1
    assert ENGINE.to_act(state) == {1}
    assert ENGINE.legal_actions(state, 1) == [{"type": "give", "card": good} for good in (4, 5, 6)]
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "give", "card": 2})
    state, events = acts(state, 1, {"type": "give", "card": 6}, {"type": "give", "card": 4})
    assert [ENGINE.redact(event, 0)["private"][1]["secret"] for event in events] == [6, 4]
    assert all("secret" not in entry for event in events for entry in ENGINE.redact(event, 2)["private"])
    assert ENGINE.to_act(state) == {0}
    assert hand(state, 0) == [2, 3, 4, 6]
    state, _ = acts(state, 0, {"type": "give", "card": 2}, {"type": "give", "card": 6})
    assert (hand(state, 0), hand(state, 1)) == ([3, 4], [2, 5, 6])
    assert state["turn"] == 1


def log_lines(event: dict, players: int = 3) -> dict:
    """The event's log line as each reader gets it (None: a spectator): redacted, then worded."""
    return {viewer: ENGINE.describe(ENGINE.redact(event, viewer)) for viewer in [None, *range(players)]}


def test_the_trader_s_log_names_the_cards_to_the_pair_alone():
    """RULES.md, Hidden information: a Trader exchange is seen only by the two seats involved."""
    state, _ = acts(at("trader", hands=[[2, 3], [4, 5, 6], []]), 0, USE)
    state, events = act(state, 0, {"type": "pick_opponent", "opponent": 1}, seed=1)
    taken = events[0]["private"][0]["secret"]
    named = ", ".join(f"{data.GOOD_NAMES[good]} ({good})" for good in taken)
    lines = log_lines(events[0])
    assert lines[0] == lines[1] == f"{{seat0}} takes 2 cards at random from {{seat1}}: {named}."
    assert lines[2] == lines[None] == "{seat0} takes 2 cards at random from {seat1}."
    _, events = act(state, 0, {"type": "give", "card": 3})
    lines = log_lines(events[0])
    assert lines[0] == lines[1] == f"{{seat0}} gives {data.GOOD_NAMES[3]} (3) to {{seat1}}."
    assert lines[2] == lines[None] == "{seat0} gives a card to {seat1}."


def test_the_merchant_s_log_names_the_cards_to_the_pair_alone():
    """RULES.md, Hidden information: a Merchant exchange is seen only by the two seats involved."""
    state, _ = acts(at("merchant", hands=[[2, 3], [4, 5, 6], [7]]), 0, USE, {"type": "pick_opponent", "opponent": 1})
    state, events = act(state, 1, {"type": "give", "card": 6})
    lines = log_lines(events[0])
    assert lines[0] == lines[1] == f"{{seat1}} gives {data.GOOD_NAMES[6]} (6) to {{seat0}}."
    assert lines[2] == lines[None] == "{seat1} gives a card to {seat0}."
    assert str(data.GOOD_NAMES[6]) not in lines[2]


def test_mercantile_men_need_cards_on_both_sides():
    assert {"type": "use"} not in ENGINE.legal_actions(at("trader", hands=[[], [4], []]), 0)
    assert {"type": "use"} not in ENGINE.legal_actions(at("merchant", hands=[[2], [], []]), 0)


# A face that cannot act, in a position that shows why, and the reason the view gives.
UNUSABLE = [
    ("interpreter", {"deck": []}, "deck_empty"),
    ("diplomat", {"deck": []}, "deck_empty"),
    ("soldier", {}, "shop_empty"),
    ("soldier", {"shops": [[3], [], []], "market": [0, 3, 0, 3, 0, 0, 0, 0]}, "shop_same_kind"),
    ("general", {}, "hand_empty"),
    ("general", {"hands": [[3], [], []], "market": [0] * 8}, "market_empty"),
    ("general", {"hands": [[3], [], []], "market": [0, 3, 0, 0, 0, 0, 0, 0]}, "hand_same_kind"),
    ("shepherd", {"market": [0, 0, 4, 5, 6, 7, 8, 0]}, "neighbours_empty"),
    ("farmer", {"steps": 2, "market": [0, 3, 0, 5, 6, 7, 8, 2]}, "farmer_empty"),
    ("buddhist", {}, "no_token"),
    ("manichean", {"shops": [[4], [], []], "tokens": {4: 0}, "guards": {4: "buddhist"}}, "tokens_guarded"),
    ("princess", {}, "no_token"),
    ("painter", {}, "hand_empty"),
    ("musician", {}, "shop_empty"),
    ("trader", {}, "hand_empty"),
    ("merchant", {"hands": [[2], [], []]}, "no_partner"),
    ("maid", {"hands": [[2], [], []]}, "shop_empty"),
    ("maid", {"shops": [[2], [], []]}, "hand_empty"),
    ("maid", {"shops": [[2], [], []], "hands": [[2, 2], [], []]}, "same_kind"),
    ("domestic", {}, "nothing_to_move"),
]


@pytest.mark.parametrize("face,fields,reason", UNUSABLE)
def test_a_character_that_cannot_act_says_why_to_its_player_alone(face, fields, reason):
    """RULES.md, A turn, step 3: "use" is offered only when the character can be carried out;
    the player is told why it is not (the reason may tell of their hand: the others are not)."""
    state = at(face, **fields)
    assert ENGINE.legal_actions(state, 0) == [{"type": "coins"}]
    assert ENGINE.view(state, 0)["cannot_use"] == reason
    assert [ENGINE.view(state, viewer)["cannot_use"] for viewer in (None, 1, 2)] == [None, None, None]
    words = ENGINE.glossary()["cannot_use"][reason]
    assert words.startswith("The {face} can do nothing for you: ")
    with pytest.raises(IllegalAction) as refused:  # a client that asks anyway is told the same reason
        ENGINE.decide(state, 0, USE, random.Random(0))
    assert refused.value.code == "cannot_use"
    assert refused.value.message == words.format(face=ENGINE.glossary()["faces"][face])


def test_a_usable_character_gives_no_reason():
    assert ENGINE.view(at("dancer"), 0)["cannot_use"] is None
    assert ENGINE.view(at("painter", hands=[[2], [], []]), 0)["cannot_use"] is None
    assert ENGINE.glossary()["coins_only"] == "Take 3 coins instead."


def test_maid_swaps_a_shop_card_with_a_hand_card_of_another_kind():
    state = at("maid", hands=[[3, 5], [], []], shops=[[3], [], []], tokens={3: 0})
    state, _ = acts(state, 0, USE, {"type": "pick_shop", "card": 3})
    assert ENGINE.legal_actions(state, 0) == [{"type": "pick_hand", "card": 5}]
    state, events = act(state, 0, {"type": "pick_hand", "card": 5})
    assert (hand(state, 0), shop(state, 0)) == ([3, 3], [5])
    assert (state["tokens"][3], state["tokens"][5]) == (-1, 0)
    assert {"type": "use"} not in ENGINE.legal_actions(at("maid", hands=[[3], [], []], shops=[[3], [], []]), 0)


@pytest.mark.parametrize("pick, expected_hand, expected_shop", [
    ({"type": "pick_shop", "card": 4}, [4, 6], []),
    ({"type": "pick_hand", "card": 6}, [], [4, 6]),
])
def test_domestic_moves_one_card_between_shop_and_hand(pick, expected_hand, expected_shop):
    state = at("domestic", hands=[[6], [], []], shops=[[4], [], []], tokens={4: 0})
    state, _ = act(state, 0, USE)
    assert ENGINE.legal_actions(state, 0) == [{"type": "pick_shop", "card": 4}, {"type": "pick_hand", "card": 6}]
    state, _ = act(state, 0, pick)
    assert (hand(state, 0), shop(state, 0)) == (expected_hand, expected_shop)
    assert state["tokens"][4] == (0 if expected_shop else -1)
    assert state["tokens"][6] == (0 if 6 in expected_shop else -1)
