"""Phase 2: the merchants' and trainees' actions."""
import pytest

from engines.core import IllegalAction
from engines.dschunke import data
from tests.engines.dschunke.helpers import ENGINE, act, edit, new_game, phase, snapshot

GREY, BROWN, WHITE, PURPLE, ORANGE = range(5)


def first_turn(**fields):
    state, _ = new_game(4, seed=1)
    return edit(state, **fields) if fields else state, state.queue[0]


def test_earn_money_pays_one_yuan_per_visible_crate():
    state, seat = first_turn()
    junks = [list(map(list, junk)) for junk in state.junks]
    junks[GREY] = [[seat, seat, (seat + 1) % 4], [seat, -1, -1]]  # his 6 crates, 2 of them covered by his own crossing strip: 7
    state = edit(state, junks=junks)
    visible = state.vis[GREY][seat]
    assert visible == 7
    state, events = act(state, seat, {"type": "use", "worker": "money_merchant", "junk": "grey"})
    assert events[1] == {"type": "money_earned", "seat": seat, "junk": "grey", "amount": 7}
    assert state.money[seat] == 7


def test_earn_money_pays_at_least_three():
    state, seat = first_turn()
    junks = [list(map(list, junk)) for junk in state.junks]
    junks[GREY] = [[(seat + 1) % 4] * 3]
    state = edit(state, junks=junks)
    state, _ = act(state, seat, {"type": "use", "worker": "money_merchant", "junk": "grey"})
    assert state.money[seat] == 3


def test_take_goods_gives_a_card_per_visible_crate_from_that_junk():
    state, seat = first_turn()
    junks = [list(map(list, junk)) for junk in state.junks]
    junks[BROWN] = [[seat, seat, -1]]
    state = edit(state, junks=junks)
    before = state.hands[seat]
    state, events = act(state, seat, {"type": "use", "worker": "goods_merchant", "junk": "brown"})
    assert events[1] == {"type": "goods_taken", "seat": seat, "kind": "brown", "count": 6}
    assert state.hands[seat][0] == before[0] + 6 and state.stocks[0] == 4


def test_take_goods_gives_at_least_three():
    state, seat = first_turn()
    junks = [list(map(list, junk)) for junk in state.junks]
    junks[BROWN] = [[(seat + 1) % 4, -1, -1]]
    state = edit(state, junks=junks)
    state, events = act(state, seat, {"type": "use", "worker": "goods_merchant", "junk": "brown"})
    assert events[1]["count"] == 3


def test_shortfall_lets_the_player_choose_another_kind():
    state, seat = first_turn(stocks=[1, 10, 0, 10])
    state, events = act(state, seat, {"type": "use", "worker": "goods_merchant", "junk": "brown"})
    assert events[1]["count"] == 1 and state.step[1] == 2
    assert ENGINE.legal_actions(state, seat) == [{"type": "take", "kind": "white"}, {"type": "take", "kind": "purple"}]
    state, events = act(state, seat, {"type": "take", "kind": "purple"})
    assert events[0]["count"] == 2 and state.stocks == (0, 10, 0, 8)


def test_when_every_stock_is_empty_the_rest_is_lost():
    state, seat = first_turn(stocks=[1, 0, 0, 0])
    hand = sum(state.hands[seat])
    state, events = act(state, seat, {"type": "use", "worker": "goods_merchant", "junk": "brown"})
    assert [e["type"] for e in events[1:3]] == ["goods_taken", "goods_lost"]
    assert sum(state.hands[seat]) == hand + 1 and state.queue[0] != seat


def test_grey_junk_goods_come_from_one_junk_of_choice():
    state, seat = first_turn(merchants=[PURPLE, GREY, BROWN])
    state, _ = act(state, seat, {"type": "use", "worker": "goods_merchant", "junk": "grey"})
    assert {a["kind"] for a in ENGINE.legal_actions(state, seat)} == set(data.KINDS)
    count = state.vis[GREY][seat]
    state, events = act(state, seat, {"type": "take", "kind": "orange"})
    assert events[0]["count"] == max(3, count) and state.step is None


def test_each_worker_serves_once_per_round():
    state, seat = first_turn()
    state, _ = act(state, seat, {"type": "use", "worker": "money_merchant", "junk": "grey"})
    nxt = state.queue[0]
    workers = {a["worker"] for a in ENGINE.legal_actions(state, nxt)}
    assert "money_merchant" not in workers
    assert ENGINE.view(state, nxt)["workers"][2]["used"] is True


def test_trainee_works_only_on_a_junk_without_merchant():
    state, seat = first_turn()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, seat, {"type": "use", "worker": "upper_trainee", "junk": "purple"})
    assert error.value.code == "not_allowed" and snapshot(state) == before


def test_both_trainees_may_pick_the_same_junk():
    state, seat = first_turn()
    state, _ = act(state, seat, {"type": "use", "worker": "upper_trainee", "junk": "white"})
    nxt = state.queue[0]
    assert {"type": "use", "worker": "trainee", "junk": "white"} in ENGINE.legal_actions(state, nxt)


def test_every_player_takes_exactly_one_action_then_resupply():
    state, _ = new_game(4, seed=1)
    order = state.order()
    for seat, action in zip(order, [
        {"type": "use", "worker": "money_merchant", "junk": "grey"},
        {"type": "use", "worker": "goods_merchant", "junk": "brown"},
        {"type": "use", "worker": "upper_trainee", "junk": "white"},
    ]):
        assert state.queue[0] == seat
        state, _ = act(state, seat, action)
    last = order[3]
    state, _ = act(state, last, {"type": "use", "worker": "load_merchant", "junk": "purple"})
    state, _ = act(state, last, {"type": "place", "junk": "purple", "slot": 2})
    state, _ = act(state, last, {"type": "place", "junk": "purple", "slot": 1})
    assert phase(state) == "resupply" and state.queue == order
    assert bin(state.used).count("1") == 4  # the fifth worker stays unused
