"""The pages pass axe-core's checks (WCAG 2.1 A and AA, and its best practices): text contrast,
names for buttons and fields, headings in order, landmarks, scrollable parts reachable by the
keyboard, boards whose buttons are not hidden inside a picture. Each page at 1280 and 375 px:
those a visitor reads, a player's own, and a table of each game at its first move and at its end
screen (with the analysis asked for and the replay stepped back)."""
import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.e2e.helpers import create_table, play_on_by_api, sign_up, start_if_waiting
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
AXE = Axe()
GAMES = ("dschunke", "dunhuang", "dragon_boats", "dschunke_tiles", "dragon_market")
WIDTHS = ((1280, 900), (375, 812))
# Each game's pages in one language, so that the five cover all three.
LANGUAGES = {"dschunke": "en-US", "dunhuang": "de-DE", "dragon_boats": "fr-FR", "dschunke_tiles": "en-US",
             "dragon_market": "fr-FR"}
BOT = {"kind": "ai", "strength": "random"}
# Options that keep a game against a random bot short (as the analysis tests play them).
SHORT = {"dragon_boats": {"interactive_cards": "false"}, "dragon_market": {"turn_limit": "6"}}
MY_TURN = "(() => { const s = window.sampanTable.state.live; return Boolean(s && s.legal_actions && s.legal_actions.length); })()"


def violations(page) -> list[str]:
    """axe's findings on the page as it is now: rule, impact and the first few elements."""
    page.wait_for_load_state("networkidle")
    found = AXE.run(page).response["violations"]
    return [f"{rule['id']} ({rule['impact']}): {[node['target'] for node in rule['nodes'][:3]]} "
            f"{rule['nodes'][0].get('failureSummary', '')[:160]}" for rule in found]


def audit(page, label: str) -> list[str]:
    return [f"{label} at {page.viewport_size['width']} px: {finding}" for finding in violations(page)]


def audit_addresses(new_page, addresses: list[str], language: str) -> list[str]:
    found = []
    for width, height in WIDTHS:
        page = new_page(width, height, locale=language)
        for address in addresses:
            page.goto(address)
            found += audit(page, address)
    return found


@pytest.mark.parametrize("language", ["en-US", pytest.param("fr-FR", marks=pytest.mark.slow)])
def test_the_site_pages_a_visitor_reads_pass_the_accessibility_checks(new_page, language):
    found = audit_addresses(new_page, ["/", "/accounts/signup/", "/accounts/login/", "/accounts/password_reset/", "/bots/"],
                            language)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", once_by_default(GAMES, "dunhuang"))
def test_a_games_pages_pass_the_accessibility_checks(new_page, game):
    found = audit_addresses(new_page, [f"/games/{game}/{part}/" for part in ("learn", "rules", "balance", "leaderboard")],
                            LANGUAGES[game])
    assert not found, "\n".join(found)


def test_a_players_own_pages_pass_the_accessibility_checks(new_page):
    found = []
    for width, height in WIDTHS:
        page = new_page(width, height)
        sign_up(page, f"axe-own-{width}")
        table_id = create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "open"}])  # waits in its lobby
        for address in ("/", "/tables/new/", "/accounts/profile/", f"/players/axe-own-{width}/", f"/tables/{table_id}/"):
            page.goto(address)
            found += audit(page, address)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", once_by_default(GAMES, "dunhuang"))
def test_a_table_passes_the_accessibility_checks_from_its_first_move_to_its_end_screen(new_page, game):
    page = new_page(*WIDTHS[0], locale=LANGUAGES[game])
    sign_up(page, f"axe-{game.replace('_', '-')}")
    bots = 2 if game == "dschunke" else 1  # Dschunke is for three or more
    table_id = create_table(page, game, [{"kind": "me"}] + [BOT] * bots, options=SHORT.get(game))
    start_if_waiting(page)
    found = []
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.wait_for_function(MY_TURN)  # the first move offered
        found += audit(page, f"{game}, first move")
    play_on_by_api(page, table_id)
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.get_by_test_id("scores").wait_for()
        found += audit(page, f"{game}, end screen")
        page.locator("#replay [data-step=prev]").click()
        page.wait_for_function("document.getElementById('replay-pos').textContent.includes('/')")
        found += audit(page, f"{game}, replay")
    page.get_by_test_id("analysis-ask").click()
    page.get_by_test_id("analysis-chart").locator("canvas").wait_for(timeout=90000)
    found += audit(page, f"{game}, analysis")
    assert not found, "\n".join(found)
    # A reader who asks for less motion is taken to the table a chart's point shows at once.
    page.emulate_media(reduced_motion="reduce")
    chart = page.locator(".analysis-chart .u-over")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    chart.click(position={"x": box["width"] * 0.4, "y": box["height"] / 2})
    assert page.evaluate(SHOWN_AT_ONCE)


# The line above the board (or the board) at the top of the window, or the page at its end.
SHOWN_AT_ONCE = """() => {
  const top = document.getElementById('last-move').hidden ? document.getElementById('board') : document.getElementById('last-move');
  const end = document.documentElement.scrollHeight - window.innerHeight;
  return Math.abs(top.getBoundingClientRect().top) < 2 || Math.abs(window.scrollY - end) < 2;
}"""


TAB_TO_THE_BOARD = """() => { const node = document.activeElement;
  return Boolean(node && node.closest('#board') && node.getAttribute('role') === 'button'); }"""


def test_a_move_is_made_with_the_keyboard_alone(new_page):
    page = new_page(*WIDTHS[0])
    sign_up(page, "axe-keys")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function(MY_TURN)
    # The bots' moves are shown at the reader's pace: a redraw after them would take the focus
    # away, so the keyboard starts once the board has stood still for a second.
    page.evaluate("""() => { window.lastBoardChange = Date.now();
        new MutationObserver(() => { window.lastBoardChange = Date.now(); })
            .observe(document.getElementById('board'), { childList: true, subtree: true }); }""")
    page.wait_for_function("Date.now() - window.lastBoardChange > 1000")
    page.wait_for_function(MY_TURN)
    page.locator("body").focus()
    for _ in range(40):  # past the bar, the heading and the facts, to the board's first choice
        page.keyboard.press("Tab")
        if page.evaluate(TAB_TO_THE_BOARD):
            break
    assert page.evaluate(TAB_TO_THE_BOARD), page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
    # the choice under the keyboard is marked as under the mouse
    marked = page.evaluate("getComputedStyle(document.activeElement.querySelector('.hit') || document.activeElement).stroke")
    assert marked == "rgb(255, 138, 0)", marked
    seq = page.evaluate("window.sampanTable.connection.seq")
    page.keyboard.press("Enter")
    page.wait_for_function(f"window.sampanTable.connection.seq > {seq}")


def test_the_keyboards_first_stop_skips_the_bar_to_the_pages_content(new_page):
    page = new_page(375, 812, locale="fr-FR")
    page.goto("/games/dunhuang/learn/")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert skip.inner_text() == "Aller au contenu" and skip.bounding_box()["y"] >= 0  # shown when focused
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the next stop is the page's own first link, not the bar's
    assert page.evaluate("Boolean(document.activeElement.closest('main'))")
