"""A finished table's result in words (tables/result_words.py), shown on every end screen."""
from django.utils import translation

from tables import result_words

# A Legespiel's end: red shows five rats and no group, green two groups.
TILES_OUTCOME = {"scores": [-5, 9], "winners": [1], "ranking": [1, 0], "breakdown": [
    {"seat": 0, "total": -5, "group_points": 0, "rats": 5, "groups": []},
    {"seat": 1, "total": 9, "group_points": 9, "rats": 0, "groups": [{"size": 2}, {"size": 3}]},
]}


def test_a_score_below_zero_is_written_with_a_minus_sign_as_the_board_writes_it():
    with translation.override("de"):
        lines = result_words.explain("dschunke_tiles", TILES_OUTCOME, ["Ana", "Bo"])
    assert lines[1] == "Ana: −5 = keine Gruppe − 5 für sichtbare Ratten.", lines
    assert lines[2] == "Bo: 9 = 9 für Gruppen aus 2, 3 Symbolen − 0 für sichtbare Ratten.", lines
    assert not any("-" in line for line in lines)  # never a hyphen for a minus


def test_a_game_is_explained_only_once_it_has_scores():
    for game in result_words.EXPLAINED:
        assert result_words.explain(game, None, []) == []
        assert result_words.explain(game, {"reason": "abandoned"}, []) == []
    assert result_words.explain("chess", TILES_OUTCOME, ["Ana", "Bo"]) == []  # a game without words of its own


def test_dunhuang_tells_how_it_ended_then_each_count_its_hand_rule_being_the_end_tables_note():
    rows = [{"seat": 0, "total": 25, "token_points": 6, "tokens": 3, "prestige_points": 2, "hand_points": 17,
             "scored_cards": [7, 6, 4]},
            {"seat": 1, "total": 35, "token_points": 8, "tokens": 4, "prestige_points": 10, "hand_points": 17,
             "scored_cards": [8, 4, 3, 2]}]
    outcome = {"scores": [25, 35], "winners": [1], "ranking": [1, 0], "reason": "deck_out", "breakdown": rows}
    lines = result_words.explain("dunhuang", outcome, ["Ana", "Bo"])
    assert lines[0].startswith("The goods deck ran out")
    assert lines[1:] == ["Ana: 25 = 6 for 3 majority tokens + 2 prestige + 17 for the hand cards scored (7 + 6 + 4).",
                         "Bo: 35 = 8 for 4 majority tokens + 10 prestige + 17 for the hand cards scored (8 + 4 + 3 + 2)."]
