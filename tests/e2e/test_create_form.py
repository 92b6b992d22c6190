"""Issue 15, items 1 and 6: the create form offers the idle settings, says limits in words, and a
double click creates one table."""
import pytest

from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


def test_the_create_form_sends_the_idle_settings_and_creates_one_table_on_a_double_click(new_page):
    page = new_page(1280, 900)
    sign_up(page, "ines")
    page.goto("/tables/new/?game=dunhuang")
    page.select_option("#players", "2")
    page.fill("#tc-max-timeouts", "50")
    page.click("#new-table button[type=submit]")
    assert "from 1 to 20" in page.locator("#form-error").inner_text()

    page.fill("#tc-max-timeouts", "2")
    page.check("input[name=on-idle][value=forfeit]")
    page.dblclick("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*/")
    mine = page.evaluate("fetch('/api/tables/?list=mine').then((r) => r.json())")
    tables = mine["results"] if isinstance(mine, dict) else mine
    assert len(tables) == 1
    detail = page.evaluate(f"fetch('/api/tables/{tables[0]['id']}/').then((r) => r.json())")
    assert detail["time_control"]["max_timeouts"] == 2 and detail["time_control"]["on_idle"] == "forfeit"


def test_an_option_for_four_players_is_greyed_out_at_fewer(new_page):
    """B-V1: the short game is for four players; the form offers its box at four only."""
    page = new_page(1280, 900)
    sign_up(page, "mirei")
    page.goto("/tables/new/?game=dragon_boats")
    short = page.locator("[name=option-short_game]")
    page.select_option("#players", "4")
    short.check()
    page.select_option("#players", "3")
    assert short.is_disabled() and not short.is_checked()
    page.select_option("#players", "2")
    assert short.is_disabled()
    page.select_option("#players", "4")
    assert short.is_enabled()
    assert page.locator("[name=option-interactive_cards]").is_enabled()  # an option for every count


def test_an_option_that_needs_another_is_greyed_out_without_it(new_page):
    """B-V1: the short game's round cards count only in the short game; M-V1: the long game only
    in the basic game without teams; the special steps' cost only with the advanced game's powers."""
    page = new_page(375, 812)
    sign_up(page, "ottilie")
    page.goto("/tables/new/?game=dragon_boats")
    cards = page.locator("[name=option-short_cards]")
    assert cards.is_disabled()
    page.check("[name=option-short_game]")
    cards.select_option(label="Always 1, 4, 5, 6")
    page.select_option("#players", "3")  # no short game at three, so no round cards to choose
    assert cards.is_disabled() and cards.input_value() == '"random"'
    page.select_option("#players", "4")
    page.check("[name=option-short_game]")
    assert cards.is_enabled()

    page.select_option("#game", "dragon_market")
    long_game, steps = page.locator("[name=option-long_game]"), page.locator("[name=option-mp_cost_special_steps]")
    assert long_game.is_enabled() and steps.is_disabled()
    page.select_option("[name=option-variant]", label="Advanced game")
    assert long_game.is_disabled() and steps.is_enabled()
    page.select_option("[name=option-variant]", label="Basic game")
    page.check("[name=option-teams]")
    assert long_game.is_disabled()
    long_game_text = page.locator(".option-field", has=long_game).inner_text()
    assert "Long game" in long_game_text


def test_a_refused_start_says_why_in_the_waiting_room(new_page):
    page = new_page(375, 812)
    sign_up(page, "tomas")
    page.goto("/tables/new/?game=dunhuang")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-1-kind]", "open")
    page.uncheck("#fill-with-ai")
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*/")
    page.get_by_test_id("start").click()
    assert page.get_by_test_id("lobby-error").inner_text() == "Some seats are still open."
    assert page.get_by_test_id("lobby-error").is_visible()


def test_the_idle_choices_read_whole_on_a_phone(new_page):
    page = new_page(375, 812)
    sign_up(page, "nadia")
    page.goto("/tables/new/?game=dunhuang")
    choices = page.locator("input[name=on-idle]")
    assert choices.count() == 2
    for label in page.locator("label:has(input[name=on-idle])").all():
        box = label.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        assert label.evaluate("(node) => node.scrollWidth <= node.clientWidth")
        assert "bot" in label.inner_text()
    # what a rated game does is said under its box, where a phone shows it (a title never shows)
    rated = page.get_by_test_id("rated-help")
    assert rated.is_visible() and "untick it to learn a game with no rating at stake" in rated.inner_text()
    assert page.locator("#rated").get_attribute("aria-describedby") == "rated-help"
