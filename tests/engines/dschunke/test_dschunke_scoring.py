"""Game end: money, the end bonus, special-card bonuses and the tie-break."""
from tests.engines.dschunke.helpers import ENGINE, at, edit, give_specials, new_game, play_to_end, play_until

JUNK_MASTER_BROWN, HARBOUR_MASTER, WHOLESALER, HOARDER = 24, 27, 28, 29


def final(junks, hands, money, specials=None):
    """A finished 3-player game with the given holds, hands and money."""
    state = play_to_end(new_game(3, seed=1)[0])
    state = edit(state, junks=junks, hands=hands, money=money, specials=[[], [], []])
    for seat, cards in (specials or {}).items():
        state = give_specials(state, seat, *cards)
    return state


FULL = [[[0, 0, 1]], [[0, 1, 2]], [[0, 1, -1]], [[0, 2, -1]], [[0, 1, 1]]]


def test_end_bonus_four_per_junk_and_twenty_five_for_all_five():
    state = final(FULL, [[1, 0, 0, 0]] * 3, [10, 10, 10])
    result = ENGINE.outcome(state)
    # seat 0 is visible on all five junks, seat 1 on four, seat 2 on two
    assert [p["end_bonus"] for p in result["breakdown"]] == [25, 16, 8]
    assert result["scores"] == [35, 26, 18]
    assert result["winners"] == [0] and result["ranking"] == [0, 1, 2]


def test_tie_broken_by_the_larger_hand():
    junks = [[[0, 1, 2]]] * 5
    state = final(junks, [[1, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]], [5, 5, 5])
    result = ENGINE.outcome(state)
    assert result["scores"] == [30, 30, 30]
    assert result["winners"] == [1] and result["ranking"] == [1, 0, 2]
    assert [p["hand"] for p in result["breakdown"]] == [1, 3, 0]


def test_seats_tied_behind_the_winner_share_their_place():
    """Equal money and equal hands: the rules cannot tell the two apart, so both are second (the
    ranking lists them by seat only to list them)."""
    state = final([[[0, 1, 2]]] * 5, [[3, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]], [5, 5, 5])
    result = ENGINE.outcome(state)
    assert result["scores"] == [30, 30, 30] and result["winners"] == [0]
    assert result["ranking"] == [0, 1, 2] and result["places"] == [1, 2, 2]


def test_a_full_tie_is_a_shared_win():
    state = final([[[0, 1, 2]]] * 5, [[1, 0, 0, 0]] * 3, [5, 5, 5])
    assert ENGINE.outcome(state)["winners"] == [0, 1, 2]


def test_end_game_special_cards_pay_eight_when_their_condition_holds():
    hands = [[2, 2, 2, 2], [9, 0, 0, 0], [0, 0, 0, 0]]
    specials = {0: [JUNK_MASTER_BROWN, WHOLESALER], 1: [HOARDER, HARBOUR_MASTER]}
    state = final(FULL, hands, [0, 0, 0], specials)
    bonus = [p["specials_bonus"] for p in ENGINE.outcome(state)["breakdown"]]
    # brown: one crate each for seats 0-2 -> a tie counts for seat 0; seat 1 holds the most cards
    # (9 > 8) but has fewer crates in all (15 < 18 of seat 0), so harbour master fails
    assert bonus == [16, 8, 0]


def test_outcome_is_none_while_running_and_game_end_reveals_money():
    state = play_until(new_game(4, seed=3)[0], at("actions", 2))
    assert ENGINE.outcome(state) is None
    state = play_to_end(state)
    view = ENGINE.view(state, 0)
    assert all("money" in p and "hand" in p for p in view["players"])


def test_evaluate_counts_money_and_bonuses():
    state = final(FULL, [[1, 0, 0, 0]] * 3, [10, 10, 10])
    assert ENGINE.evaluate(state, 0) > ENGINE.evaluate(state, 2)
    running = play_until(new_game(4, seed=3)[0], at("actions", 2))
    assert all(isinstance(ENGINE.evaluate(running, seat), float) for seat in range(4))
