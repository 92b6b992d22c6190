"""Set-up (B-S1..B-S14), round cards and the variants (B-V1..B-V3), component data checks."""
import random
from collections import Counter

import pytest

from dragon_boats_helpers import ENGINE, act, types
from engines.core import IllegalAction, fold, resolve_options, start
from engines.dragon_boats import data
from engines.dragon_boats.setup import deck_for, market_events


def new_game(players=4, seed=1, **options):
    return start(ENGINE, players, options or None, random.Random(seed))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_B_S1_B_S2_each_seat_has_a_board_discs_members_and_no_money(players):
    """B-S1 seats with 4 discs and 10 members; B-S2 money 0 before start resources."""
    state, _ = new_game(players)
    assert len(state["seats"]) == players
    for row in state["seats"]:
        assert row["members"] == data.MEMBERS == 10
        assert row["money"] == 0 and row["start_card"] is None
    assert data.DISCS == 4
    with pytest.raises(IllegalAction):
        start(ENGINE, 5, None, random.Random(0))


def test_B_S3_first_player_is_drawn_and_start_discs_go_in_reverse_order():
    """B-S3 the first player is drawn; B-S8 the last seat places its start disc first."""
    firsts = {new_game(4, seed)[0]["first"] for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    state, _ = new_game(4, 3)
    order = []
    while state["step"] in ("start_disc", "start_offering"):
        seat = state["actor"]
        if state["step"] == "start_disc":
            order.append(seat)
        state, _ = act(state, seat, ENGINE.legal_actions(state, seat)[0])
    first = state["first"]
    assert order == [(first - k) % 4 for k in range(1, 5)]


def test_B_S4_B_S5_four_boats_each_with_a_face_up_topper_from_a_shuffled_stack():
    """B-S4 one boat on each dock; B-S5 four toppers drawn from the shuffled stack."""
    seen = set()
    for seed in range(10):
        state, events = new_game(4, seed)
        assert len(state["boats"]) == len(data.DOCKS) == 4
        toppers = [boat["topper"] for boat in state["boats"]]
        assert len(set(toppers)) == 4 and len(state["toppers"]) == 16
        assert sorted(toppers + state["toppers"]) == list(range(1, 21))
        seen.add(tuple(toppers))
        assert all(boat["seats"] == [None, None, None] for boat in state["boats"])
    assert len(seen) > 5


def test_B_S6_wisdom_tiles_shuffled_onto_the_mountain():
    """B-S6 the 10 wisdom tiles lie face up on the 10 mountain hexes, in random order."""
    layouts = set()
    for seed in range(5):
        state, _ = new_game(4, seed)
        tiles = [state["tiles"][node] for node in data.MOUNTAIN_LAND]
        assert sorted(tiles) == list(range(1, 11))
        layouts.add(tuple(tiles))
    assert len(layouts) > 1


def test_B_S7_28_farm_tiles_on_the_islands_7_stay_hidden():
    """B-S7 / A5: 35 farm tiles, 7 on each island, the other 7 in the bag, never shown."""
    state, events = new_game(4, 2)
    island = [state["tiles"][node] for node in data.ISLAND_LAND]
    assert len(island) == 28
    for name in data.ISLANDS:
        assert sum(1 for node in data.ISLAND_LAND if node.startswith(name + ".")) == 7
    assert len(state["farm_bag"]) == 7
    assert Counter(island) + Counter(state["farm_bag"]) == Counter({farm: 7 for farm in data.FARMS})
    placed = next(event for event in events if event["type"] == "farms_placed")
    for viewer in (None, 0, 1):
        assert "farm_bag" not in ENGINE.redact(placed, viewer)
        assert "farm_bag" not in ENGINE.view(state, viewer) and ENGINE.view(state, viewer)["farm_bag_size"] == 7


def test_B_S8_start_disc_gives_the_cards_resources_and_offerings_by_kind():
    """B-S8: a start disc on card 5 gives 5 money, 1 food, 1 treasure and 3 offerings chosen by kind."""
    state, _ = new_game(4, 5)
    seat = state["actor"]
    assert {action["card"] for action in ENGINE.legal_actions(state, seat)} == {2, 3, 4, 5}
    state, _ = act(state, seat, {"type": "start_disc", "card": 5})
    row = state["seats"][seat]
    assert (row["money"], row["food"], row["treasure"], row["owed"]) == (5, 1, 1, 3)
    assert state["step"] == "start_offering" and state["actor"] == seat
    bag_before = list(state["bag"])
    for kind in ("jade", "jade", "tea"):
        state, _ = act(state, seat, {"type": "start_offering", "kind": kind})
    row = state["seats"][seat]
    assert row["offerings"][data.KIND_INDEX["jade"]] == 2 and row["offerings"][data.KIND_INDEX["tea"]] == 1
    assert state["bag"][data.KIND_INDEX["jade"]] == bag_before[data.KIND_INDEX["jade"]] - 2
    assert state["step"] == "start_disc" and state["actor"] != seat


def test_B_S8_several_discs_may_share_a_card_and_restricted_cards_refuse_discs():
    """B-S8 several discs on one card; cards 1 and 6 are restricted (A8)."""
    state, _ = new_game(4, 6)
    for _ in range(4):
        seat = state["actor"]
        with pytest.raises(IllegalAction):
            act(state, seat, {"type": "start_disc", "card": 1})
        with pytest.raises(IllegalAction):
            act(state, seat, {"type": "start_disc", "card": 6})
        state, _ = act(state, seat, {"type": "start_disc", "card": 2})
        state, _ = act(state, seat, {"type": "start_offering", "kind": "gold"})
    assert [row["start_card"] for row in state["seats"]] == [2, 2, 2, 2]
    assert state["step"] == "bid" and state["round"] == 1


def play_start(state, card=2):
    while state["step"] in ("start_disc", "start_offering"):
        seat = state["actor"]
        action = {"type": "start_disc", "card": card} if state["step"] == "start_disc" else \
            ENGINE.legal_actions(state, seat)[0]
        state, _ = act(state, seat, action)
    return state


def test_B_S9_X11_start_disc_back_in_the_round_of_its_card():
    """B-S9 / X11: a disc on card k is usable from round k: 3 discs before, 4 from then on."""
    state, _ = new_game(4, 7)
    state = play_start(state, card=4)
    assert state["round"] == 1 and [row["discs"] for row in state["seats"]] == [3, 3, 3, 3]
    rounds_discs = {}
    rng = random.Random(3)
    while state["result"] is None and state["round"] <= 5:
        if state["step"] == "bid" and state["round"] not in rounds_discs:
            rounds_discs[state["round"]] = sum(row["discs"] for row in state["seats"]) + sum(
                1 for stack in state["stacks"] for owner in stack if owner >= 0)
        seat = min(ENGINE.to_act(state))
        state, _ = act(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng.randrange(99))
    assert rounds_discs[1] == rounds_discs[2] == rounds_discs[3] == 12
    assert rounds_discs[4] == rounds_discs[5] == 16


def test_B_S10_B_S13_stalls_filled_from_the_bag_supplies_full():
    """B-S10 three random offerings on each of stalls I-IV, from what the start offerings left in
    the bag; B-S13 food/treasure supply (A6: 16 per kind)."""
    state = play_start(new_game(4, 8)[0], card=5)
    assert [len(tiles) for tiles in state["stalls"]] == [3, 3, 3, 3]
    assert sum(state["bag"]) == 80 - 12 - 4 * 3
    on_stalls = Counter(kind for tiles in state["stalls"] for kind in tiles)
    for index, kind in enumerate(data.KINDS):
        held = sum(row["offerings"][index] for row in state["seats"])
        assert state["bag"][index] + on_stalls[kind] + held == 16
    assert state["food"] == 12 - 4 and state["treasure"] == 12 - 4


def test_B_S8_B_S10_B_S12_start_cards_are_chosen_before_the_market_is_laid_out():
    """B-S8 before B-S10 and B-S12, in the book's order: while the start discs are placed no stall
    tile and no bonus card is face up; the market comes with the round that follows."""
    state, events = new_game(4, 12)
    assert "stalls_filled" not in types(events) and "bonus_display" not in types(events)
    while state["step"] in ("start_disc", "start_offering"):
        view = ENGINE.view(state, state["actor"])
        assert not any(stall["offerings"] for stall in view["stalls"])
        assert view["display"] == [] and view["deck_size"] == 26
        state, events = act(state, state["actor"], ENGINE.legal_actions(state, state["actor"])[0])
    assert types(events)[-4:-2] == ["stalls_filled", "bonus_display"]
    assert state["round"] == 1 and state["step"] == "bid"


def test_a_game_stored_with_its_market_laid_out_at_set_up_keeps_that_market():
    """A log whose set-up events already filled the stalls and turned two bonus cards (as tables
    opened before the market followed the start discs) plays on without a second market."""
    rng = random.Random(13)
    events = ENGINE.setup(4, resolve_options(ENGINE, {}), rng)
    market = market_events([data.OFFERINGS_PER_KIND] * len(data.KINDS), deck_for({}), rng)
    state = fold(ENGINE, events[:-1] + market + events[-1:])
    stalls, display = state["stalls"], state["display"]
    state = play_start(state, card=2)
    assert state["stalls"] == stalls and state["display"] == display and state["round"] == 1
    assert sum(state["bag"]) + sum(len(tiles) for tiles in stalls) + sum(
        sum(row["offerings"]) for row in state["seats"]) == 80


@pytest.mark.parametrize("players, stalls", [(2, ["II", "IV"]), (3, ["III"]), (4, [])])
def test_B_S11_B_V2_neutral_discs_at_two_and_three_players(players, stalls):
    """B-S11 / B-V2 / A10: neutral discs on II and IV (2p) or III (3p), put back every round (B-U6)."""
    state, _ = new_game(players, 9)
    state = play_start(state)
    marked = [data.STALLS[index] for index, stack in enumerate(state["stacks"]) if stack == [data.NEUTRAL]]
    assert marked == stalls


def test_B_S12_bonus_display_of_two_and_hidden_deck():
    """B-S12 the bonus deck is shuffled, two cards face up; the deck is never shown."""
    state, _ = new_game(4, 10)
    while state["step"] in ("start_disc", "start_offering"):
        state, events = act(state, state["actor"], ENGINE.legal_actions(state, state["actor"])[0])
    assert len(state["display"]) == 2 and len(state["deck"]) == 24
    event = next(e for e in events if e["type"] == "bonus_display")
    assert "deck" not in ENGINE.redact(event, 0) and ENGINE.redact(event, 0)["display"] == state["display"]
    assert ENGINE.view(state, 0)["deck_size"] == 24 and "deck" not in ENGINE.view(state, 0)


def test_B_S14_B_R1_round_cards_ascending_six_rounds():
    """B-S14 round cards in ascending order; B-R1 six rounds in the normal game."""
    state, _ = new_game(4, 11)
    assert state["rounds"] == [1, 2, 3, 4, 5, 6]
    view = ENGINE.view(state, None)
    assert [card["card"] for card in view["round_cards"]] == [1, 2, 3, 4, 5, 6]


def test_B_V1_X10_short_game_keeps_1_and_6_and_two_random_middle_cards():
    """B-V1 / X10: the short game plays 4 rounds with cards 1, two of 2-5, 6; start discs on the middle two."""
    kept = set()
    for seed in range(20):
        state, _ = new_game(4, seed, short_game=True)
        rounds = state["rounds"]
        assert len(rounds) == 4 and rounds[0] == 1 and rounds[-1] == 6 and rounds == sorted(rounds)
        kept.add(tuple(rounds))
        seat = state["actor"]
        assert sorted(action["card"] for action in ENGINE.legal_actions(state, seat)) == rounds[1:3]
    assert (1, 2, 4, 6) in kept and len(kept) > 2  # e.g. cards 3 and 5 removed -> 1, 2, 4, 6


def test_A9_short_game_fixed_cards_option_and_short_game_only_at_four():
    """A9: option short_cards = fixed plays 1, 4, 5, 6; the short game is for 4 players (B-V1)."""
    state, _ = new_game(4, 1, short_game=True, short_cards="fixed")
    assert state["rounds"] == [1, 4, 5, 6]
    with pytest.raises(IllegalAction):
        new_game(3, 1, short_game=True)


def test_B_V3_take_that_free_removes_the_interactive_cards():
    """B-V3 / B-K-26: interactive_cards = false removes A, B, D, F, I, S before the shuffle."""
    state, _ = new_game(4, 12, interactive_cards=False)
    cards = set(state["deck"]) | set(state["display"])
    assert len(cards) == 20 and not cards & {"A", "B", "D", "F", "I", "S"}
    assert data.INTERACTIVE == ("A", "B", "D", "F", "I", "S")


def test_component_data_is_consistent():
    """Toppers: beats 1-20 unique, each offering printed 12 times (A2); island adjacency symmetric (A1)."""
    printed = Counter(kind for topper in data.TOPPERS.values() for kind in topper["cost"])
    assert printed == Counter({kind: 12 for kind in data.KINDS})
    assert sorted(data.TOPPERS) == list(range(1, 21))
    for node, others in data.NEIGHBOURS.items():
        for other in others:
            assert node in data.NEIGHBOURS[other]
    assert len(data.LAND) == 38 and len(data.CARDS) == 26 and len(data.WISDOM) == 10
    assert sorted(data.PORTS) == sorted(f"{island}.{port}" for island in data.ISLANDS for port in ("PW", "PE"))


def test_setup_is_deterministic_for_a_given_rng_and_opening_events_are_named():
    _, first = new_game(4, 42)
    _, again = new_game(4, 42)
    assert first == again
    assert types(first)[:2] == ["game_created", "toppers_placed"]
