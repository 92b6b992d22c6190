"""A registered game without a board module of its own is still played in the browser: the page
shows its view and a list of its legal actions in words, and a whole game against a bot can be
played from that list to the final scores."""
from pathlib import Path

import pytest

from engines import registry
from tests.e2e.helpers import play_until_over, sign_up

pytestmark = pytest.mark.e2e
GAMES = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend" / "games"
WITHOUT_BOARD = [name for name in registry.names() if not (GAMES / f"{name}.js").exists()]
SHORT = {"dragon_market": {"turn_limit": "4"}}  # options that end a game soon


@pytest.mark.parametrize("game", WITHOUT_BOARD)  # delete this test when every game has its board
def test_a_game_without_a_board_of_its_own_is_played_from_the_action_list(new_page, game):
    engine = registry.get(game)
    page = new_page(1280, 900)
    sign_up(page, f"gen{registry.names().index(game)}")
    page.goto(f"/tables/new/?game={game}")
    page.select_option("#players", str(engine.min_players))
    for index in range(1, engine.min_players):
        page.select_option(f"select[name=seat-{index}-kind]", "ai")
        page.select_option(f"select[name=seat-{index}-strength]", "random")
    for name, value in SHORT.get(game, {}).items():
        page.fill(f"[name=option-{name}]", value)
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*/")
    page.get_by_test_id("start").click()  # the table waits in its lobby for its creator
    page.wait_for_function("Boolean(window.sampanTable.state.live && window.sampanTable.state.live.view)")
    assert page.locator("#board .generic-view").count() == 1
    assert play_until_over(page) > 0
    page.get_by_test_id("scores").wait_for()
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()
