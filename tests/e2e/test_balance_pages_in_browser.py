"""The balance pages in a real browser: every seat's bar drawn, nothing wider than the screen, a
screenshot of each; French on a phone and German on a wide screen (the longest words), and
among the slow tests English at both widths, to keep the run short."""
import pytest

from frontend import balance
from tests.e2e.helpers import screenshot, unlabelled_cells

pytestmark = pytest.mark.e2e

LOCALES = {"en-US": "en", "fr-FR": "fr", "de-DE": "de"}
SCREENS = {1280: 900, 375: 812}


@pytest.mark.parametrize("locale, width", [pytest.param("en-US", 1280, marks=pytest.mark.slow),
                                           pytest.param("en-US", 375, marks=pytest.mark.slow),
                                           ("fr-FR", 375), ("de-DE", 1280)])
def test_each_balance_page_draws_its_charts_within_the_screen(new_page, locale, width):
    page = new_page(width, SCREENS[width], locale=locale)
    for game in balance.games():
        page.goto(f"/games/{game}/balance/")
        assert page.locator("html").get_attribute("lang") == LOCALES[locale]
        seats = page.get_by_test_id("balance-seat")
        assert seats.count() == balance.measures(game)["players"]
        for index in range(seats.count()):
            bar = seats.nth(index).locator(".bal-bar").bounding_box()
            track = seats.nth(index).locator(".bal-track").bounding_box()
            assert 0 < bar["width"] <= track["width"] and track["width"] >= 0.5 * min(width, 700), (game, width)
        text = page.locator("article").inner_text()
        assert "undefined" not in text and "NaN" not in text
        assert unlabelled_cells(page) == [], (game, width)
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
            (game, width)
        screenshot(page, f"balance-{game}-{LOCALES[locale]}-{width}")
