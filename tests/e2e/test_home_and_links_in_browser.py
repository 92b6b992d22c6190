"""The home page's games, "Play against bots now", the account page's links and copy buttons,
and a rematch that waits for its invited player, in a real browser at 1280 and 375 px."""
import re

import psycopg
import pytest

from tests.e2e.helpers import DATABASE, create_table, fill_sign_up_form, screenshot, sign_up, unlabelled_cells
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e

GAMES = ["dschunke", "dschunke_tiles", "dunhuang", "dragon_market", "dragon_boats"]
WORDS = {  # the play button, the rules link and one game's players, in each language
    "en-US": ("Play against bots now", "Learn", "3–4 players"),
    "fr-FR": ("Jouer tout de suite contre des bots", "Apprendre", "3 à 4 joueurs"),
    "de-DE": ("Jetzt gegen Bots spielen", "Lernen", "3–4 Spieler"),
}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def post(page, path: str) -> dict:
    """A POST to the API from the page, as the page's user."""
    return page.evaluate("""async (path) => {
        const token = document.querySelector('meta[name="csrf-token"]').content;
        const response = await fetch(path, {method: 'POST', headers: {'X-CSRFToken': token}});
        return response.json();
    }""", path)


@pytest.mark.parametrize("locale", once_by_default(list(WORDS), "de-DE"))
def test_the_home_page_shows_every_game_in_each_language_at_both_widths(new_page, locale):
    play, learn, players = WORDS[locale]
    for width, height in ((1280, 900), (375, 812)):
        page = new_page(width, height, locale=locale)
        page.goto("/")
        for game in GAMES:
            card = page.locator(f"#game-{game}")
            assert card.locator("img").evaluate("(img) => img.complete && img.naturalWidth > 0"), game
            assert card.get_by_test_id(f"play-{game}").inner_text() == play
            assert card.get_by_test_id(f"learn-{game}").inner_text() == learn
        assert players in page.locator("#game-dschunke").inner_text()
        assert fits(page), (locale, width)
        screenshot(page, f"home-{locale[:2]}-{width}")


def test_one_click_starts_a_game_against_bots_and_learn_opens_the_guide(new_page):
    page = new_page(375, 812)
    sign_up(page, "noor")
    page.get_by_test_id("learn-dragon_boats").click()
    page.wait_for_url("**/games/dragon_boats/learn/")
    page.go_back()
    page.locator("#list-mine li").first.wait_for()
    screenshot(page, "home-signed-in-375")
    page.get_by_test_id("play-dschunke").click()
    page.wait_for_url("**/tables/*/")
    page.wait_for_selector("#board svg")  # started at once: no lobby, no start button
    seats = page.evaluate("window.sampanTable.state.table.seats.map((seat) => [seat.kind, seat.strength])")
    assert seats == [["human", ""], ["ai", "greedy"], ["ai", "greedy"]]
    assert page.evaluate("window.sampanTable.state.table.rated") is False
    screenshot(page, "play-against-bots-375")


def test_a_visitor_who_asks_to_play_against_bots_plays_once_signed_up(new_page):
    """"Play against bots now" sends a visitor to sign up; signed up, the table of that game opens
    (it came back to the home page, where the button had to be found and pressed again)."""
    page = new_page(1280, 900)
    page.goto("/")
    page.get_by_test_id("play-dunhuang").click()
    fill_sign_up_form(page, "straightin")
    page.wait_for_url("**/tables/*/")
    page.wait_for_selector("#board svg")
    assert page.evaluate("window.sampanTable.state.table.game") == "dunhuang"
    page.go_back()  # the home page in between does not open another table on the way back
    page.wait_for_url(re.compile(r".*/$"))
    page.wait_for_timeout(500)
    assert "/tables/" not in page.url and "play=" not in page.url


def test_the_account_page_links_the_guides_and_copies_new_tokens(new_page):
    page = new_page(375, 812, locale="fr-FR")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_up(page, "omar")
    page.goto("/accounts/profile/")
    assert unlabelled_cells(page) == []  # each notice's boxes under their channel's heading
    assert page.get_by_role("columnheader", name="Par e\u2011mail").is_visible()  # a hyphen no line breaks at
    assert page.get_by_test_id("copy-token").is_hidden()
    page.click("#token-button")
    page.get_by_test_id("copy-token").click()
    page.locator("#token-value ~ [role=status]").filter(has_text="Copié").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == page.get_by_test_id("token").inner_text()
    page.fill("#bot-name", "omar-bot")
    page.click("#bot-form button[type=submit]")
    page.get_by_test_id("copy-bot-token").click()
    page.locator("#bot-token ~ [role=status]").filter(has_text="Copié").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == page.get_by_test_id("bot-token").inner_text()
    assert fits(page)
    screenshot(page, "account-tokens-fr-375")
    page.get_by_test_id("bot-guide-link").click()
    page.wait_for_url("**/bots/")
    page.get_by_role("heading", name="Comptes bots\u00a0: jouez avec votre propre programme").wait_for()
    assert fits(page)
    screenshot(page, "bot-guide-fr-375")
    page.goto("/accounts/profile/")
    page.get_by_test_id("api-docs-link").click()
    page.wait_for_url("**/api/docs/")
    page.locator(".swagger-ui .title").filter(has_text="Sampan API").wait_for()


def test_the_bot_guide_in_german_at_1280(new_page):
    page = new_page(1280, 900, locale="de-DE")
    page.goto("/bots/")
    page.get_by_role("heading", name="Bot-Konten: mit Ihrem eigenen Programm spielen").wait_for()
    assert page.get_by_test_id("bot-client").inner_text() == "Beispiel-Bot herunterladen"
    screenshot(page, "bot-guide-de-1280")


def test_a_rematch_offers_no_start_before_its_invited_player_joins(new_page):
    host, guest = new_page(1280, 900), new_page(375, 812, locale="de-DE")
    sign_up(guest, "pola")
    sign_up(host, "quil")
    table_id = create_table(host, "dschunke_tiles", [{"kind": "me"}, {"kind": "invite", "username": "pola"}])
    guest.goto(f"/tables/{table_id}/")
    guest.get_by_test_id("join-1").click()
    host.get_by_test_id("start").click()
    host.wait_for_selector("#board svg")
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DATABASE}", autocommit=True) as connection:
        connection.execute("""UPDATE tables_table SET status = 'finished', outcome = '{"scores": [1, 2], "winners": [1]}'
                              WHERE id = %s""", (table_id,))
    rematch = post(host, f"/api/tables/{table_id}/rematch/")
    assert rematch["status"] == "open"
    host.goto(f"/tables/{rematch['id']}/")
    host.get_by_test_id("waiting-for-invited").filter(has_text="The rematch starts as soon as").wait_for()
    assert host.get_by_test_id("start").count() == 0
    refused = post(host, f"/api/tables/{rematch['id']}/start/")
    assert refused["code"] == "invites_pending"
    screenshot(host, "rematch-waiting-1280")
    guest.goto(f"/tables/{rematch['id']}/")
    guest.get_by_test_id("waiting-for-invited").filter(has_text="Die Revanche beginnt").wait_for()
    screenshot(guest, "rematch-waiting-de-375")
    guest.get_by_test_id("join-1").click()
    for page in (host, guest):
        page.wait_for_selector("#board svg")  # the rematch starts when the last invited player joins
