"""Ratings per game (issue 20, item 1): the model's numbers, the finishing order, exactly once
when a rated game ends (the finisher, the sweep, and two at once), the end screen's data, the
leaderboard and the player's card."""
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tables import players, ratings
from tables.models import Rating, RatingChange, Table
from ai_workers import ticker

from .helpers import act, at_once, new_table

pytestmark = pytest.mark.django_db(transaction=True)


# ----------------------------------------------------------------------------- the model


def test_four_new_players_in_finishing_order_get_the_weng_lin_numbers():
    new = (ratings.MODEL.mu, ratings.MODEL.sigma)
    after = ratings.new_ratings([new] * 4, [1, 2, 3, 4])
    expected = [(27.795252672501135, 8.263571791259416), (26.55291815138952, 8.17961798837266),
                (24.689416369722096, 8.084127880168786), (20.962412806387245, 8.084127880168786)]
    assert [value for pair in after for value in pair] == pytest.approx([v for pair in expected for v in pair], abs=1e-9)
    assert [ratings.shown(mu) for mu, _ in after] == [1612, 1562, 1488, 1338]


def test_a_shared_first_place_moves_neither_estimate_and_both_grow_surer():
    new = (ratings.MODEL.mu, ratings.MODEL.sigma)
    (mu_a, sigma_a), (mu_b, sigma_b) = ratings.new_ratings([new, new], [1, 1])
    assert mu_a == mu_b == pytest.approx(25.0)
    assert sigma_a == sigma_b == pytest.approx(8.06590141354368) and sigma_a < new[1]


def test_an_upset_moves_the_unsure_rating_more_than_the_sure_one():
    (mu_sure, sigma_sure), (mu_new, _) = ratings.new_ratings([(30.0, 4.0), (25.0, 25 / 3)], [2, 1])
    assert [mu_sure, sigma_sure] == pytest.approx([29.106274102669882, 3.9777131261574934])
    assert mu_new == pytest.approx(28.877723513752066)
    assert 30.0 - mu_sure < mu_new - 25.0


def test_winners_share_first_place_the_others_keep_the_ranking_and_a_forfeit_is_last():
    outcome = {"scores": [5, 9, 9, 2], "winners": [1, 2], "ranking": [1, 2, 0, 3]}
    assert ratings.finishing_ranks(outcome, 4) == [3, 1, 1, 4]
    forfeit = {**outcome, "winners": [1], "ranking": [1, 0, 2, 3], "forfeited": [0]}
    assert ratings.finishing_ranks(forfeit, 4) == [4, 1, 2, 3]  # the others move up past it
    won_then_resigned = {"scores": [9, 5], "winners": [0], "ranking": [0, 1], "resigned": [0]}
    assert ratings.finishing_ranks(won_then_resigned, 2) == [2, 1]
    without_ranking = {"scores": [3, 7], "winners": [1]}
    assert ratings.finishing_ranks(without_ranking, 2) == [2, 1]


def test_seats_the_rules_cannot_tell_apart_share_a_place_whatever_the_ranking_lists_first():
    """The engine's places decide: two seats tied behind the winner (points and tie-break equal)
    are both second, and take the same rating change from the same rating before."""
    outcome = {"scores": [4, 9, 4, 1], "winners": [1], "ranking": [1, 0, 2, 3], "places": [2, 1, 2, 4]}
    assert ratings.finishing_ranks(outcome, 4) == [2, 1, 2, 4]
    after = ratings.new_ratings([(ratings.MODEL.mu, ratings.MODEL.sigma)] * 4, ratings.finishing_ranks(outcome, 4))
    assert after[0] == pytest.approx(after[2]) and after[1][0] > after[0][0] > after[3][0]
    resigned_winner = {**outcome, "resigned": [1]}  # the tied seats move up together
    assert ratings.finishing_ranks(resigned_winner, 4) == [1, 4, 1, 3]


def test_a_players_record_says_won_where_the_ratings_rank_the_seat_first():
    """The profile's "won": the winners, but a seat given up wins for nobody and the seats that
    then rank first (sharing the best place of the others) have won."""
    outcome = {"scores": [9, 5, 5, 1], "winners": [0], "ranking": [0, 1, 2, 3], "places": [1, 2, 2, 4]}
    assert [players.won(outcome, seat) for seat in range(4)] == [True, False, False, False]
    resigned = {**outcome, "resigned": [0]}
    assert [players.won(resigned, seat) for seat in range(4)] == [False, True, True, False]
    assert not players.won(outcome, None) and not players.won({"abandoned": "host_left"}, 0)


# ----------------------------------------------------------------------------- in the service


def finished_tiny_table(client, seats=None, rated=True) -> int:
    """A two-seat tiny game against a random bot, played to the end through the API."""
    seats = seats or [{"kind": "me"}, {"kind": "ai", "strength": "random"}]
    table = new_table(client, seats=seats, rated=rated, options={"cards": 1})
    detail = client.post(f"/api/tables/{table['id']}/start/", format="json").json()
    turn = 0
    while detail["status"] == "running":
        view = client.get(f"/api/tables/{table['id']}/view/").json()
        if view["seat"] in view["to_act"]:
            response = act(client, table["id"], {"type": "roll"} if turn % 2 else view["legal_actions"][0],
                           view["seq"], f"move{turn}")
            assert response.status_code == 200, response.json()
        else:
            ticker.tick(linger=0.0, budget=2.0)
        detail = client.get(f"/api/tables/{table['id']}/").json()
        turn += 1
    assert detail["status"] == "finished"
    return table["id"]


def test_a_rated_game_rates_its_player_and_its_bot_once_and_the_end_screen_shows_it(make_user, client_for):
    player = make_user()
    client = client_for(player)
    table_id = finished_tiny_table(client)
    detail = client.get(f"/api/tables/{table_id}/").json()
    assert detail["rated"] is True
    changes = {change["seat"]: change for change in detail["ratings"]}
    assert set(changes) == {0, 1}
    winner = detail["outcome"]["winners"][0]
    assert changes[winner]["rank"] == 1 and changes[winner]["change"] >= 0
    assert all(c["before"] == 1500 and c["after"] - c["before"] == c["change"] for c in changes.values())
    mine, bot = Rating.objects.get(user=player, game="tiny"), Rating.objects.get(bot="random", game="tiny")
    assert (mine.games, bot.games) == (1, 1)
    assert ratings.shown(mine.mu) == changes[0]["after"]
    # Asked again (a repeated task, the sweep): nothing changes.
    assert ratings.rate_table(table_id) is False
    assert ratings.rate_overdue() == 0
    assert RatingChange.objects.filter(table_id=table_id).count() == 2
    assert Rating.objects.get(pk=mine.pk).games == 1


def test_an_unrated_game_changes_no_rating(make_user, client_for):
    client = client_for(make_user())
    table_id = finished_tiny_table(client, rated=False)
    detail = client.get(f"/api/tables/{table_id}/").json()
    assert detail["rated"] is False and detail["ratings"] is None
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_two_finishers_at_once_rate_the_game_exactly_once(make_user, client_for):
    client = client_for(make_user())
    table_id = finished_tiny_table(client, rated=False)
    Table.objects.filter(pk=table_id).update(rated=True, rated_at=None)  # due again, as if nobody had rated it
    outcomes = at_once(lambda _: ratings.rate_table(table_id), 4)
    assert sorted(outcomes) == [False, False, False, True], outcomes
    assert RatingChange.objects.filter(table_id=table_id).count() == 2
    assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1]


def test_the_sweep_rates_a_game_whose_finisher_stopped_first(make_user, client_for):
    client = client_for(make_user())
    table_id = finished_tiny_table(client, rated=False)
    Table.objects.filter(pk=table_id).update(rated=True, rated_at=None)
    assert ratings.rate_overdue() == 0  # just finished: left to its finisher for a while
    Table.objects.filter(pk=table_id).update(finished_at=timezone.now() - 2 * ratings.SWEEP_AFTER)
    ticker.tick(linger=0.0, budget=0.5)
    assert Table.objects.get(pk=table_id).rated_at is not None
    assert RatingChange.objects.filter(table_id=table_id).count() == 2


def test_two_seats_of_one_bot_strength_give_the_bot_one_rating_the_mean_of_both(make_user, client_for):
    client = client_for(make_user())
    seats = [{"kind": "me"}, {"kind": "ai", "strength": "random"}, {"kind": "ai", "strength": "random"}]
    table = new_table(client, players=3, seats=seats, options={"cards": 1})
    client.post(f"/api/tables/{table['id']}/start/", format="json")
    Table.objects.filter(pk=table["id"]).update(status=Table.Status.FINISHED, finished_at=timezone.now(),
                                                outcome={"scores": [3, 2, 1], "winners": [0], "ranking": [0, 1, 2]})
    assert ratings.rate_table(table["id"]) is True
    bot = Rating.objects.get(bot="random", game="tiny")
    second, third = RatingChange.objects.filter(table_id=table["id"], seat__in=[1, 2]).order_by("seat")
    assert bot.games == 1 and bot.mu == pytest.approx((second.mu_after + third.mu_after) / 2)
    assert second.mu_before == third.mu_before == ratings.MODEL.mu


def test_the_leaderboard_lists_settled_ratings_best_first_and_the_card_tells_a_players_games(make_user, client_for):
    player = make_user()
    client = client_for(player)
    for _ in range(ratings.SETTLED_AFTER_GAMES):
        finished_tiny_table(client)
    board = client.get("/api/games/tiny/leaderboard/").json()
    assert {row["player"] for row in board} == {player.username, "Beginner"}
    assert [row["rating"] for row in board] == sorted((row["rating"] for row in board), reverse=True)
    assert [row["place"] for row in board] == [1, 2]
    assert all(row["games"] == ratings.SETTLED_AFTER_GAMES and not row["provisional"] for row in board)
    card = client_for(make_user()).get(f"/api/players/{player.username}/").json()
    tiny = next(row for row in card["games"] if row["game"] == "tiny")
    assert tiny["played"] == ratings.SETTLED_AFTER_GAMES and tiny["rating"] == next(
        row["rating"] for row in board if row["player"] == player.username)
    assert len(card["recent"]) == ratings.SETTLED_AFTER_GAMES and card["current"] == []
    assert all(line["rating_change"] is not None and line["players"] == [player.username, "AI (Beginner)"]
               for line in card["recent"])  # a bot named as the table's page names it


def test_a_provisional_rating_is_not_on_the_leaderboard_and_unknown_names_are_404(make_user, client_for):
    client = client_for(make_user())
    finished_tiny_table(client)
    assert client.get("/api/games/tiny/leaderboard/").json() == []
    assert client.get("/api/games/nope/leaderboard/").status_code == 404
    missing = client.get("/api/players/nobody-here/")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_user"


def test_the_pages_show_the_leaderboard_and_the_card(make_user, client_for):
    player = make_user()
    client = client_for(player)
    finished_tiny_table(client)
    page = client.get(f"/players/{player.username}/")
    assert page.status_code == 200 and player.username in page.content.decode()
    changes = re.findall(r'<span class="(?:gain|loss)">([^<]*)</span>', page.content.decode())
    assert changes and all(re.fullmatch(r"[+−]\d+", change) for change in changes), changes  # a minus, not a hyphen
    assert client.get("/games/tiny/leaderboard/").status_code == 200
    assert client.get("/games/nope/leaderboard/").status_code == 404
    assert client.get("/players/nobody-here/").status_code == 404


def test_a_provisional_rating_is_explained_where_the_card_shows_it(make_user, client_for):
    player = make_user()
    client = client_for(player)
    finished_tiny_table(client)
    page = client.get(f"/players/{player.username}/").content.decode()
    assert 'data-testid="provisional" title="Provisional: settled after 5 rated games">?</abbr>' in page
    assert 'data-testid="provisional-note"' in page and "fewer than 5 rated games" in page
    french = client.get(f"/players/{player.username}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'data-testid="provisional-note"' in french and "fewer than" not in french
    newcomer = make_user()  # no rating at all: nothing provisional to explain
    assert 'data-testid="provisional-note"' not in client.get(f"/players/{newcomer.username}/").content.decode()
