"""Dragon Market in a real browser: a people's table is created without a round limit (the book's
game ends only by objectives, M-T27) and its header claims none, at 1280 and 375 px; and taking
a good is offered to the heir's owner and done by clicking the good (M-T16, M-T18); the list of
moves names a boat's move by the square it brings the sailor to. Our seat's moves are chosen by
the turn planner on the page's own view, then made by clicking."""
import random

import pytest
from playwright.sync_api import Error as PlaywrightError

from engines import registry
from engines.bots.planner import choose_planned
from tests.e2e.helpers import sign_up
from tests.e2e.test_dragon_market import MINE, OVER, create, shoot

pytestmark = pytest.mark.e2e
ENGINE = registry.get("dragon_market")
LIVE = "window.sampanTable.state.live"


def click_action(page, action: dict, view: dict) -> None:
    """Make `action` the way a player does: on the board where it is drawn, else in the prompt."""
    kind = action["type"]
    if kind == "take":
        page.get_by_test_id("dm-take").click()
    elif kind == "step":
        x, y = action["to"]
        page.locator(f'#board .dm-step[data-to="{x},{y}"]').click()
    elif kind == "slide":
        move_boat(page, action["boat"], page.locator(f'#board .dm-ghost[data-move="slide:{action["by"]}"]'))
    elif kind == "rotate":
        way = "clockwise" if action["turn"] == "cw" else "counter-clockwise"
        name = f"Turn boat {view['boats'][action['boat']]['id']} a quarter {way} (1 MP)"
        move_boat(page, action["boat"], page.locator("#prompt").get_by_role("button", name=name, exact=True))
    elif kind == "buy_mp":
        page.locator("#prompt").get_by_role("button", name="Buy 1 MP for a coin").click()
    else:
        page.locator("#prompt").get_by_role("button", name="End turn").click()


def move_boat(page, boat: int, move) -> None:
    """Press the boat, then click `move` (its marker or its prompt button). A redraw just before the
    press (a late frame on a loaded machine) may have replaced the boat pressed: then press again."""
    for _ in range(3):
        page.locator(f'#board .dm-boat[data-boat="{boat}"]').press("Enter")
        try:
            move.click(timeout=10000)
            return
        except PlaywrightError:
            continue
    raise AssertionError(f"boat {boat} pressed three times, its move never offered")


def test_a_peoples_table_has_no_round_limit_and_a_good_is_taken_by_a_click(new_page):
    page = new_page(1280, 900)
    sign_up(page, "meitake")
    page.goto("/tables/new/?game=dragon_market")
    limit = page.locator("[name=option-turn_limit]")
    assert limit.input_value() == "0"
    assert "0 plays as the book does" in page.locator(".option-field", has=limit).locator(".option-help").inner_text()
    create(page, 2, {1: {"kind": "ai", "strength": "random"}}, {"boat_setup": '"random"'})
    page.get_by_test_id("start").click()
    page.wait_for_selector("#board .dm-sea")
    header = page.get_by_test_id("dm-turn")
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 812})
        page.wait_for_timeout(300)
        words = header.inner_text()
        assert "Round " in words and "ends after round" not in words
        assert "the first to complete 3 objectives wins" in words  # 2 players: the long game (M-V1)
        shoot(page, f"no-limit-{width}")
    page.set_viewport_size({"width": 1280, "height": 900})
    # The list of every move names where a boat's move brings its sailor, as the board's marks do.
    page.wait_for_function(MINE, timeout=60000)
    listed = page.locator("#action-list").text_content()
    assert "so its sailor is on (" in listed and " by -" not in listed, listed
    rng = random.Random(3)
    for _ in range(600):  # the goods an objective needs may lie far: most games offer one within 30 moves
        page.wait_for_function(f"{MINE} || {OVER}", timeout=60000)
        live = page.evaluate(LIVE)
        assert not live.get("outcome"), "the game ended before the heir stood on a good it needs"
        view, legal, seat = live["view"], live["legal_actions"], live["seat"]
        action = next((move for move in legal if move["type"] == "take"), None)
        if action is not None:
            break
        # a plan of a fixed width, not of a time budget: a loaded machine plans as well as a quiet one
        action = choose_planned(ENGINE, view, seat, legal, rng, budget_s=60, widest=4)
        click_action(page, action, view)
        page.wait_for_function(f"{LIVE}.seq > {live['seq']}", timeout=30000)
    else:
        pytest.fail("the heir never stood on a good its objective needs")
    hint = page.get_by_test_id("dm-take-hint").inner_text()
    held = len(view["units"][0]["held"])
    assert "Your heir stands on the" in hint and "click it to take it" in hint
    shoot(page, "take-offered-1280")
    click_action(page, action, view)
    page.wait_for_function(f"{LIVE}.seq > {live['seq']} && {LIVE}.view.units[0].held.length === {held + 1}")
    assert page.get_by_test_id("dm-take").count() == 0
    assert "✓" in page.get_by_test_id("objective-0").inner_text()
