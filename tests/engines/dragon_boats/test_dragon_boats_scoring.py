"""Scoring (B-E2..B-E11), the set tables (X8), Example F (X6, X7), end-game cards and wisdom tiles."""
import pytest

from dragon_boats_helpers import give_cards, position, vec, with_seat
from engines.dragon_boats import data, scoring

ORANGE, PINK = 0, 2


def farms(**counts):
    return [counts.get(farm, 0) for farm in data.FARMS]


def score(state, seat=ORANGE):
    return scoring.seat_breakdown(state, seat)


def bare(**fields):
    """Nobody owns anything."""
    state = position(**fields)
    return {**state, "seats": [{**row, "money": 0} for row in state["seats"]]}


@pytest.mark.parametrize("count, points", [(1, 1), (2, 4), (3, 9), (4, 10), (5, 13), (6, 18)])
def test_X8_B_E3_rice_and_soy_table(count, points):
    """X8 / B-E3: rice or soy, sets of at most 3."""
    assert scoring.set_points("rice", count) == scoring.set_points("soy", count) == points


@pytest.mark.parametrize("count, points", [(1, 1), (2, 4), (3, 9), (4, 16), (5, 17), (8, 32)])
def test_X8_B_E4_poultry_fish_pork_table(count, points):
    """X8 / B-E4: poultry, fish, pork, sets of at most 4."""
    for farm in ("poultry", "fish", "pork"):
        assert scoring.set_points(farm, count) == points


def test_X8_B_E5_B_K_X_four_poultry_and_card_X_score_17():
    """X8 (the book's 4* row) / B-E5 / B-K-X: 4 poultry tiles + card X = 17."""
    state = with_seat(bare(), ORANGE, farms=farms(poultry=4))
    assert score(state)["sets"]["poultry"] == 16
    assert score(give_cards(state, ORANGE, "X"))["sets"]["poultry"] == 17


def test_B_K_V_pig_farm_counts_as_an_extra_pork_farm():
    """B-K-V: one extra pork farm."""
    state = with_seat(bare(), ORANGE, farms=farms(pork=2))
    assert score(state)["sets"]["pork"] == 4 and score(give_cards(state, ORANGE, "V"))["sets"]["pork"] == 9


def test_B_K_W_fish_farm_counts_even_without_fish_tiles():
    """B-K-W: one extra fish farm, also with no fish tile."""
    state = with_seat(bare(), ORANGE, farms=farms(fish=0))
    assert score(give_cards(state, ORANGE, "W"))["sets"]["fish"] == 1


def test_X6_example_F_and_X7_B_E6_farmer_groups():
    """X6 (Example F): 3 orange = 9, 2 orange = 4, single pink = 1; X7 3 red adjacent = 9; B-E6 k per farmer."""
    farmers = {"N.F1": ORANGE, "N.F2": ORANGE, "N.F3": ORANGE, "E.F1": ORANGE, "E.F2": ORANGE, "S.F1": PINK}
    state = {**bare(), "farmers": farmers}
    assert scoring.groups(farmers, ORANGE) == [3, 2]
    assert score(state)["group_points"] == 13
    assert score(state, PINK)["group_points"] == 1


def test_B_E6_adjacency_stays_on_one_island_and_the_mountain_counts():
    """B-E6: no adjacency between islands; mountain hexes form their own island (B-W11)."""
    farmers = {"N.F4": ORANGE, "E.F1": ORANGE, "W1": ORANGE, "W2": ORANGE, "W6": ORANGE}
    assert scoring.groups(farmers, ORANGE) == [3, 1, 1]


def test_B_E7_B_E8_B_E9_cards_resources_and_no_points_for_money_or_food():
    """B-E7 card VP, used or not; B-E8 +1 per offering and treasure; B-E9 money and food score nothing."""
    state = with_seat(bare(), ORANGE, offerings=vec("jade", "tea"), treasure=3, money=40, food=6)
    state = give_cards(state, ORANGE, "A", "E")
    state = with_seat(state, ORANGE, used=["A"])
    breakdown = score(state)
    assert breakdown["card_points"] == 2 + 1
    assert breakdown["offering_points"] == 2 and breakdown["treasure_points"] == 3
    assert breakdown["total"] == 3 + 2 + 3


def test_B_E2_B_E11_the_total_adds_every_part_and_the_breakdown_shows_them():
    """B-E2 sets + groups + cards + resources + bonuses; B-E11 per-seat breakdown in the outcome."""
    state = with_seat(bare(), ORANGE, farms=farms(rice=2, pork=1), offerings=vec("jade"), wisdom=[10])
    state = {**give_cards(state, ORANGE, "C"), "farmers": {"N.F1": ORANGE, "N.F2": ORANGE, "S.F1": ORANGE}}
    breakdown = score(state)
    assert breakdown["total"] == 4 + 1 + (4 + 1) + 2 + 1 + 3
    result = scoring.outcome(state)
    assert result["breakdown"][ORANGE] == breakdown
    assert set(breakdown) >= {"sets", "groups", "card_points", "offering_points", "treasure_points", "card_bonus",
                              "wisdom_points", "total"}


def test_B_E10_most_points_then_most_money_then_shared():
    """B-E10: highest total wins; a tie goes to the most money; still tied, the win is shared."""
    state = bare()
    state = with_seat(with_seat(state, 0, treasure=3, money=1), 1, treasure=3, money=4)
    state = {**state, "treasure": 6}
    result = scoring.outcome(state)
    assert result["winners"] == [1] and result["ranking"][:2] == [1, 0]
    state = with_seat(state, 0, money=4)
    assert scoring.outcome(state)["winners"] == [0, 1]


# ----------------------------------------------------------------------------- end-game cards


def test_B_K_L_card_points_one_per_card_including_L():
    """B-K-L / A22: +1 per owned bonus card, L included."""
    state = give_cards(bare(), ORANGE, "L", "C", "P")
    assert score(state)["card_points"] == 0 + 2 + 1 + 3


def test_X13_B_K_N_single_farmers_score_two():
    """X13 (FAQ N) / B-K-N: two singles and a pair with card N score 2 + 2 + 4."""
    farmers = {"N.F1": ORANGE, "E.F1": ORANGE, "S.F1": ORANGE, "S.F2": ORANGE}
    state = {**bare(), "farmers": farmers}
    assert score(state)["group_points"] == 1 + 1 + 4
    assert score(give_cards(state, ORANGE, "N"))["group_points"] == 2 + 2 + 4


def test_X13_B_K_O_seven_money_score_three():
    """X13 (FAQ O) / B-K-O: +1 VP per 2 money, rounded down."""
    state = give_cards(with_seat(bare(), ORANGE, money=7), ORANGE, "O")
    assert score(state)["card_bonus"]["O"] == 3


def test_X13_B_K_Q_five_food_score_eight():
    """X13 (FAQ Q) / B-K-Q: 2 VP per food, at most 8."""
    state = give_cards(with_seat(bare(), ORANGE, food=5), ORANGE, "Q")
    assert score(state)["card_bonus"]["Q"] == 8
    assert score(with_seat(state, ORANGE, food=3))["card_bonus"]["Q"] == 6


def test_X13_B_K_T_five_treasures_score_nine():
    """X13 (FAQ T) / B-K-T: the first 4 treasures 2 each, the rest 1 each."""
    state = with_seat(bare(), ORANGE, treasure=5)
    assert score(state)["treasure_points"] == 5
    assert score(give_cards(state, ORANGE, "T"))["treasure_points"] == 9


def test_B_K_Y_soy_plus_one_per_soy_farm():
    """B-K-Y: +1 VP per soy tile owned."""
    state = with_seat(bare(), ORANGE, farms=farms(soy=2, rice=3))
    assert score(give_cards(state, ORANGE, "Y"))["card_bonus"]["Y"] == 2 and score(state)["card_bonus"]["Y"] == 0


def test_B_K_Z_rice_plus_one_per_rice_farm():
    """B-K-Z: +1 VP per rice tile owned."""
    state = with_seat(bare(), ORANGE, farms=farms(soy=2, rice=3))
    assert score(give_cards(state, ORANGE, "Z"))["card_bonus"]["Z"] == 3
    assert score(give_cards(state, ORANGE, "Z"))["total"] == 4 + 9 + 3


# ----------------------------------------------------------------------------- wisdom tiles


def wisdom(number, **row):
    return score(with_seat(bare(), ORANGE, wisdom=[number], **row))["wisdom_points"][str(number)]


def test_B_W1_sage_of_coins_one_per_three_money():
    """B-W1: 1 VP per 3 money."""
    assert wisdom(1, money=10) == 3


def test_B_W2_sage_of_the_granary_two_per_food_at_most_eight():
    """B-W2: 2 VP per food, at most 8."""
    assert wisdom(2, food=3) == 6 and wisdom(2, food=7) == 8


def test_B_W3_sage_of_treasure_one_more_per_treasure():
    """B-W3: +1 VP per treasure card."""
    assert wisdom(3, treasure=4) == 4


def test_B_W4_sage_of_kinship_three_for_the_largest_group():
    """B-W4: +3 VP for the holder's largest group (nothing without farmers)."""
    assert wisdom(4) == 0
    state = {**with_seat(bare(), ORANGE, wisdom=[4]), "farmers": {"W4": ORANGE}}
    assert score(state)["wisdom_points"]["4"] == 3


def test_B_W5_sage_of_harvest_two_per_farm_type():
    """B-W5: 2 VP per different farm type owned."""
    assert wisdom(5, farms=farms(rice=3, fish=1, pork=1)) == 6


def test_B_W6_sage_of_grain_one_per_rice_or_soy():
    """B-W6: +1 VP per rice or soy farm."""
    assert wisdom(6, farms=farms(rice=2, soy=1, fish=4)) == 3


def test_B_W7_sage_of_herds_one_per_animal_farm_at_most_six():
    """B-W7: +1 VP per poultry/fish/pork farm, at most 6."""
    assert wisdom(7, farms=farms(poultry=2, fish=1)) == 3
    assert wisdom(7, farms=farms(poultry=4, fish=2, pork=2)) == 6


def test_B_W10_dragons_blessing_three_points():
    """B-W10: 3 VP."""
    assert wisdom(10) == 3


def test_B_W11_wisdom_tiles_are_not_farm_sets_but_their_farmers_group():
    """B-W11: a wisdom hex gives no set points; its farmer counts in groups."""
    state = {**with_seat(bare(), ORANGE, wisdom=[8, 9]), "farmers": {"W1": ORANGE, "W2": ORANGE}}
    breakdown = score(state)
    assert sum(breakdown["sets"].values()) == 0 and breakdown["group_points"] == 4
    assert breakdown["total"] == 4
