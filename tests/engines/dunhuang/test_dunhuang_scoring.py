"""Deck-out scoring: tokens, prestige, the hand comparison from gold upward, the token cap, cash."""
from dunhuang_helpers import ENGINE, position
from engines.dunhuang import scoring


def ended(**fields):
    return position(step="over", result={"reason": "deck_out", "winner": -1}, **fields)


def test_tokens_two_points_prestige_one_point():
    state = ended(players=2, tokens={2: 0, 3: 0, 4: 1}, prestige=[5, 1], coins=[0, 0])
    result = ENGINE.outcome(state)
    assert result["scores"] == [4 + 5, 2 + 1]
    assert result["breakdown"][0]["token_points"] == 4
    assert result["reason"] == "deck_out"


def test_most_of_a_kind_keeps_one_card_ties_keep_one_each_others_lose_theirs():
    state = ended(players=3, hands=[[8, 8, 7], [8, 7], [7, 5]], tokens={2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 9: 2})
    assert scoring.hand_cards_scored(state) == [[8, 7], [7], [7, 5]]


def test_three_cards_kept_with_two_tokens_score_only_the_best_two():
    state = ended(players=2, hands=[[2, 5, 8], []], tokens={3: 0, 4: 0})
    assert scoring.hand_cards_scored(state) == [[8, 5], []]
    assert ENGINE.outcome(state)["breakdown"][0]["hand_points"] == 13


def test_no_tokens_no_hand_points():
    state = ended(players=2, hands=[[8, 7], []], tokens={3: 1})
    assert ENGINE.outcome(state)["scores"] == [0, 2]


def test_ties_go_to_the_most_cash_then_share_the_win():
    richer = ended(players=3, prestige=[3, 3, 1], coins=[4, 6, 9])
    result = ENGINE.outcome(richer)
    assert (result["winners"], result["ranking"]) == ([1], [1, 0, 2])
    shared = ended(players=3, prestige=[3, 3, 1], coins=[6, 6, 9])
    assert ENGINE.outcome(shared)["winners"] == [0, 1]


def test_running_game_has_no_outcome_and_top_merchant_outranks_points():
    assert ENGINE.outcome(position()) is None
    state = position(players=2, step="over", result={"reason": "top_merchant", "winner": 1}, prestige=[40, 0])
    result = ENGINE.outcome(state)
    assert (result["winners"], result["ranking"], result["reason"]) == ([1], [1, 0], "top_merchant")
    assert result["breakdown"][1]["top_merchant"] == 100
