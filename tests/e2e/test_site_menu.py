"""The site's bar: on a phone its links fold into a menu (every one of them reachable by a tap, in
the page's language); on a wide screen they stand in the bar."""
import pytest

from tests.e2e.helpers import choose_language, open_site_menu, screenshot, sign_up
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
LANGUAGE_LABEL = {"en": "Language", "fr": "Langue", "de": "Sprache"}
LOG_IN = {"en": "Log in", "fr": "Se connecter", "de": "Anmelden"}
NEW_TABLE = {"en": "New table", "fr": "Nouvelle table", "de": "Neuer Tisch"}

# Each shown part of the bar or of its menu: its box, and whether the window holds it whole.
PARTS = """(selector) => [...document.querySelectorAll(selector)]
  .map((node) => node.getBoundingClientRect()).filter((box) => box.width > 0)
  .map((box) => ({top: box.top, bottom: box.bottom, inside: box.left >= 0 && box.right <= innerWidth}))"""


def menu_is_open(page) -> bool:
    return page.locator("#site-menu").is_visible()


def assert_bar_is_one_line(page) -> None:
    parts = page.evaluate(PARTS, ".topbar > *")
    brand = page.evaluate(PARTS, ".topbar .brand")[0]
    middle = (brand["top"] + brand["bottom"]) / 2
    assert all(part["inside"] and part["top"] <= middle <= part["bottom"] for part in parts), parts


@pytest.mark.parametrize("language", once_by_default(["en", "fr", "de"], "de"))  # German's words are the longest
def test_on_a_phone_every_link_of_the_bar_is_a_tap_away(new_page, language):
    page = new_page(375, 812, locale=language)
    page.goto("/")
    assert_bar_is_one_line(page)
    assert not menu_is_open(page)
    menu = page.locator("#site-menu")
    assert not menu.get_by_role("link", name=LOG_IN[language]).is_visible()

    page.get_by_test_id("menu-toggle").click()
    assert menu_is_open(page)
    assert page.get_by_test_id("menu-toggle").get_attribute("aria-expanded") == "true"
    menu.get_by_role("link", name=LOG_IN[language]).wait_for()
    assert all(part["inside"] for part in page.evaluate(PARTS, "#site-menu > *"))
    assert LANGUAGE_LABEL[language] in menu.inner_text()
    screenshot(page, f"site-menu-{language}-375-guest")
    page.keyboard.press("Escape")
    assert not menu_is_open(page)
    assert page.get_by_test_id("menu-toggle").get_attribute("aria-expanded") == "false"

    sign_up(page, f"menu{language}")
    assert_bar_is_one_line(page)
    assert page.get_by_test_id("bell").is_visible()  # the notices stay in the bar
    open_site_menu(page)
    assert page.get_by_test_id("account-link").is_visible()
    menu.get_by_role("link", name=NEW_TABLE[language]).wait_for()
    screenshot(page, f"site-menu-{language}-375-player")
    page.locator("main").click(position={"x": 20, "y": 300})  # a tap outside the bar folds it
    assert not menu_is_open(page)
    open_site_menu(page)
    page.get_by_test_id("bell").click()  # so does the bell: its notices open in the menu's place
    assert not menu_is_open(page)
    page.get_by_test_id("bell").click()

    other = "de" if language != "de" else "fr"
    choose_language(page, other)
    open_site_menu(page)
    menu.get_by_role("link", name=NEW_TABLE[other]).wait_for()


def test_on_a_wide_screen_the_links_stand_in_the_bar(new_page):
    page = new_page(1280, 800)
    sign_up(page, "widebar")
    assert not page.get_by_test_id("menu-toggle").is_visible()
    for link in (page.get_by_test_id("account-link"), page.locator("#site-menu").get_by_role("link", name="New table"),
                 page.get_by_test_id("language"), page.get_by_test_id("bell")):
        assert link.is_visible()
    assert_bar_is_one_line(page)
