"""Merchants of Dunhuang in a real browser: a whole game against a bot, by clicking, from keeping
one of the cards drawn at the start, which the board shows to their seat."""
import pytest

from tests.e2e.helpers import create_table, play_until_over, screenshot, sign_up, start_if_waiting, unlabelled_cells

pytestmark = pytest.mark.e2e


# A whole game by clicking is played by default for Dragon Market alone (test_dragon_market.py);
# the other games' with the slow tests, as the other cases of a check.
@pytest.mark.slow
def test_a_whole_game_of_dunhuang_against_a_bot(new_page):
    page = new_page(1280, 900)
    sign_up(page, "jin")
    create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    page.wait_for_selector("#board .tile")
    assert page.locator("#board .tile").count() == 8
    page.wait_for_function("document.title.startsWith('● Your turn')")  # the tab shows a waiting move
    assert "No clock" in page.get_by_test_id("clock").inner_text()  # only a bot waits: no clock runs
    page.get_by_role("link", name="Rules").wait_for()
    # Both keep a card at once: no panel has the turn's mark before the first turn.
    assert not any(name.startswith("▶") for name in page.locator("#board .panel text").all_text_contents())
    screenshot(page, "dunhuang-1280")
    keep_a_drawn_card(page)
    page.set_viewport_size({"width": 375, "height": 812})
    page.reload()
    page.wait_for_selector("#board .tile")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "dunhuang-375")

    assert play_until_over(page) > 5
    page.get_by_test_id("scores").wait_for()
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()
    # The seed's proof is folded under its verdict; opened, the hash shown at the start and the
    # one computed from the revealed seed read alike.
    proof = page.locator("details.seed-proof")
    assert not proof.locator("code").first.is_visible()
    proof.locator("summary").click()
    read_opened_proof(page)
    # The end screen is drawn again when the table's facts come back (here after a dropped
    # connection): the opened proof stays open.
    page.evaluate("document.querySelector('details.seed-proof').dataset.before = 'yes'")
    page.evaluate("window.sampanTable.connection.socket.close()")
    page.wait_for_selector("details.seed-proof:not([data-before])", state="attached")
    read_opened_proof(page)
    assert "Final round!" not in page.locator("#board").inner_text()  # over, not in its last round
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert unlabelled_cells(page) == []  # a player a block, each figure after its column's name
    screenshot(page, "dunhuang-finished-375")


def read_opened_proof(page) -> None:
    """The opened proof shows the hash shown at the start and the one computed from the revealed
    seed, alike (the page computes it after drawing the proof)."""
    computed = page.locator("details.seed-proof[open] code").nth(2)
    page.wait_for_function("(code) => code.innerText.length === 64", arg=computed.element_handle())
    shown_at_start, revealed, computed = page.locator("details.seed-proof[open] code").all_inner_texts()
    assert shown_at_start == computed and revealed != computed


def keep_a_drawn_card(page) -> None:
    """The cards drawn at the start lie on the board, where clicking one keeps it in the hand."""
    me = "window.sampanTable.state.live.view.players[window.sampanTable.state.live.seat]"
    drawn = page.evaluate(f"{me}.drafted")
    assert len(drawn) == 3 and page.evaluate(f"{me}.hand") == []
    assert "Cards you drew" in page.locator("#board").inner_text()
    cards = page.locator('#board [data-row="drafted"]')
    assert sorted(int(card.get_attribute("data-good")) for card in cards.all()) == sorted(drawn)
    cards.last.click()
    page.wait_for_function(f"{me}.hand.length === 1")
    assert page.evaluate(f"{me}.hand") == [drawn[-1]]
    assert "Cards you drew" not in page.locator("#board").inner_text()
    assert page.locator('#board [data-row="hand"]').count() == 1
