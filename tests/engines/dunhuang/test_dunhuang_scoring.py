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
    assert [row["top_merchant"] for row in result["breakdown"]] == [False, True]


def test_scores_are_the_real_points_even_for_a_top_merchant():
    state = position(players=3, step="over", result={"reason": "top_merchant", "winner": 2},
                     shops=[[], [], [2, 3, 4, 5]], tokens={2: 2, 3: 2, 4: 2, 5: 2}, hands=[[], [], [6, 7, 8, 9]],
                     prestige=[30, 12, 1], coins=[0, 9, 0])
    result = ENGINE.outcome(state)
    assert result["scores"] == [30, 12, 4 * 2 + 1 + (9 + 8 + 7 + 6)]
    assert [row["total"] for row in result["breakdown"]] == result["scores"]
    assert result["winners"] == [2]
    assert result["ranking"] == [2, 0, 1]  # the top merchant first, then the others by points
    assert result["reason"] == "top_merchant"


def test_after_a_top_merchant_the_others_rank_by_points_then_cash():
    state = position(players=4, step="over", result={"reason": "top_merchant", "winner": 3},
                     prestige=[5, 5, 8, 0], coins=[1, 4, 0, 0])
    result = ENGINE.outcome(state)
    assert result["scores"] == [5, 5, 8, 0]
    assert (result["winners"], result["ranking"]) == ([3], [3, 2, 1, 0])
    assert result["places"] == [4, 3, 2, 1]
    tied = ENGINE.outcome({**state, "coins": [4, 4, 0, 0]})  # equal on points and cash: one place
    assert (tied["ranking"], tied["places"]) == ([3, 2, 0, 1], [3, 3, 2, 1])


def test_deck_out_totals_carry_no_bonus():
    state = ended(players=2, tokens={2: 0}, prestige=[1, 6], coins=[0, 0])
    result = ENGINE.outcome(state)
    assert result["scores"] == [3, 6] == [row["total"] for row in result["breakdown"]]
    assert not any(row["top_merchant"] for row in result["breakdown"])
    assert (result["winners"], result["ranking"]) == ([1], [1, 0])


def test_seats_equal_on_points_and_cash_are_listed_in_turn_order_from_the_first_player():
    state = ended(players=4, prestige=[2, 2, 2, 1], coins=[3, 3, 3, 3], first_player=2)
    result = ENGINE.outcome(state)
    assert result["winners"] == [2, 0, 1]
    assert result["ranking"] == [2, 0, 1, 3]
