"""Hidden information: what each seat may see in views and events."""
from engines import i18n
from engines.core import SECRET_KEYS, find_leaks
from tests.engines.dschunke.helpers import ENGINE, at, new_game, play_until


def all_keys(payload):
    if isinstance(payload, dict):
        for key, value in payload.items():
            yield key
            yield from all_keys(value)
    elif isinstance(payload, list):
        for item in payload:
            yield from all_keys(item)


def test_setup_events_hide_deck_stacks_and_other_hands():
    state, events = new_game(4, seed=1)
    for viewer in (0, 1, 2, 3, None):
        for event in events:
            seen = ENGINE.redact(event, viewer)
            assert not find_leaks(seen, viewer, ENGINE.private_keys(state))
            assert not SECRET_KEYS & set(all_keys(seen))
    dealt = ENGINE.redact(events[1], 2)
    assert [("hand" in entry) for entry in dealt["hands"]] == [False, False, True, False]
    assert ENGINE.redact(events[2], 0) == {"type": "market_shuffled", "count": 10}
    assert ENGINE.redact(events[3], 0) == {"type": "specials_shuffled", "sizes": [8, 8, 7, 7]}


def test_view_shows_own_hand_and_money_only():
    state = play_until(new_game(4, seed=2)[0], at("actions", 2))
    view = ENGINE.view(state, 1)
    assert not find_leaks(view, 1, ENGINE.private_keys(state))
    mine, other = view["players"][1], view["players"][0]
    assert mine["hand"] == dict(zip(("brown", "white", "orange", "purple"), state.hands[1]))
    assert mine["money"] == state.money[1]
    assert "hand" not in other and "money" not in other and other["hand_size"] == sum(state.hands[0])
    spectator = ENGINE.view(state, None)
    assert all("hand" not in p and "money" not in p for p in spectator["players"])


def test_public_money_option_shows_every_purse():
    state = play_until(new_game(4, seed=2, public_money=True)[0], at("actions", 2))
    assert "money" not in ENGINE.private_keys(state)
    view = ENGINE.view(state, None)
    assert [p["money"] for p in view["players"]] == list(state.money)
    assert not find_leaks(view, None, ENGINE.private_keys(state))


def test_stock_sizes_are_hidden_only_emptiness_shows():
    state = play_until(new_game(4, seed=2)[0], at("actions", 2))
    junks = ENGINE.view(state, 0)["junks"]
    assert [j["stock_empty"] for j in junks] == [None] + [state.stocks[k] == 0 for k in (0, 1, 3, 2)]
    assert "stocks" not in ENGINE.view(state, 0)


def test_market_deck_order_is_hidden():
    state = play_until(new_game(4, seed=2)[0], at("actions", 3))
    market = ENGINE.view(state, 0)["market"]
    assert market["left"] == 7 and market["revealed"] == list(state.revealed)
    assert not SECRET_KEYS & set(all_keys(ENGINE.view(state, 0)))


def test_view_draws_the_board():
    state = play_until(new_game(4, seed=2)[0], at("actions", 1))
    view = ENGINE.view(state, 0)
    grey = view["junks"][0]
    assert grey["name"] == "grey" and grey["hold"][0][0] == {"owner": 0, "colour": "red", "layer": 0}
    assert [p["colour"] for p in view["players"]] == ["red", "blue", "green", "yellow"]
    assert {w["name"] for w in view["workers"]} == {"load_merchant", "goods_merchant", "money_merchant", "trainee", "upper_trainee"}
    assert view["workers"][0] == {"name": "load_merchant", "title": "load merchant", "action": "load2",
                                  "junks": ["purple"], "used": False}
    assert view["phase"] == "actions" and view["round"] == 1 and view["to_act"] == [state.start]
    assert {"strips_left", "supply_cards", "specials_count", "hand_size"} <= set(view["players"][1])


def test_describe_names_seats_and_junks():
    state, _ = new_game(4, seed=1)
    line = ENGINE.describe({"type": "strip_placed", "seat": 2, "owner": 2, "junk": "brown", "slot": 0})
    assert line == "{seat2} loads a green strip on the brown junk (slot 1)."
    line = ENGINE.describe({"type": "worker_used", "seat": 1, "worker": "load_merchant", "junk": "brown", "action": "load2"})
    assert line == "{seat1} uses the load merchant to load 2 strips on the brown junk."
    assert ENGINE.describe(ENGINE.redact({"type": "bid_placed", "seat": 0, "bid": {"white": 2}}, 1)) == "{seat0} bids in secret."


def test_a_revealed_bid_counts_cards_whose_colour_agrees_in_number_and_names_their_goods():
    bid = {"type": "bid_placed", "seat": 0, "bid": {"white": 2, "brown": 1}}
    assert ENGINE.describe(bid) == "{seat0} bids 2 white cards (rice) and 1 brown card (fish)."
    with i18n.language("fr"):
        assert ENGINE.describe(bid) == "{seat0} mise 2 cartes blanches (riz) et 1 carte marron (poisson)."
    with i18n.language("de"):
        assert "2 weiße Karten (Reis) und 1 braune Karte (Fisch)" in ENGINE.describe(bid)


def test_the_log_names_each_kind_by_its_goods_as_the_prompts_do():
    """The pages teach fish, rice, spice and vegetables; the log said "brown" and "white" alone,
    which read like a junk or a player's colour."""
    revealed = {"type": "bids_revealed", "revealed_bids": [{"seat": 0, "cards": {"white": 2}, "void": False},
                                                           {"seat": 1, "cards": {}, "void": False}],
                "results": [{"kind": "white", "value": 4, "winners": [0], "each": 4}], "kept": [],
                "s_winner": None, "any_bid": True}
    assert ENGINE.describe(revealed) == ("Bids revealed: {seat0} 2 white cards (rice); {seat1} nothing."
                                         " Sold: rice (white) to {seat0} (4 Yuan).")
    started = {"type": "round_started", "round": 2, "start_player": 1, "card": 0,
               "values": {"brown": 4, "white": "S", "orange": 2, "purple": 1}}
    assert ENGINE.describe(started) == ("Round 2 begins, {seat1} first. The market card pays: fish (brown) 4,"
                                        " rice (white) S, spice (orange) 2, vegetables (purple) 1.")
    swapped = {"type": "goods_exchanged", "seat": 0, "give": "brown", "take": "purple"}
    assert ENGINE.describe(swapped) == "{seat0} exchanges a card of fish (brown) for a card of vegetables (purple)."
    with i18n.language("fr"):
        assert ENGINE.describe(swapped) == ("{seat0} échange une carte de poisson (jonque marron)"
                                            " contre une carte de légumes (jonque violette).")


def test_goods_taken_name_their_cards_with_a_colour_that_agrees_and_the_goods():
    taken = {"type": "goods_taken", "seat": 1, "kind": "white", "count": 3}
    assert ENGINE.describe(taken) == "{seat1} takes 3 white cards (rice)."
    assert ENGINE.describe({**taken, "kind": "purple", "count": 1}) == "{seat1} takes 1 purple card (vegetables)."
    with i18n.language("fr"):
        assert ENGINE.describe(taken) == "{seat1} prend 3 cartes blanches (riz)."
    with i18n.language("de"):
        assert ENGINE.describe(taken) == "{seat1} nimmt 3 weiße Karten (Reis)."


def test_the_last_rounds_s_reward_is_worded_without_the_markets_letter():
    """The log says what the S's winner chose, in words, not by the market card's letter alone."""
    assert ENGINE.describe({"type": "reward_chosen", "seat": 1, "choice": "yuan"}) == (
        "{seat1} takes 3 Yuan instead of a special card.")
    assert ENGINE.describe({"type": "reward_chosen", "seat": 2, "choice": "card"}) == (
        "{seat2} chooses a special card rather than 3 Yuan.")
