"""The first screen of a table, in every game and in en, fr and de (by default each game in one
of them, in turn): at 1280 x 800 the board, the player's own area (hand, drawn tiles or player
board) and the prompt all lie within the window, with no scrolling; on a phone, upright
(375 x 812) and on its side (812 x 375), the prompt folds to its heading covering at most a quarter
of the board in sight, a tap unfolds it, the site's header is one line and the table's one on its
side, two upright (its name, then the turn and the clock: the name was cut to a letter)."""
import random
import shutil
from pathlib import Path

import pytest

from tests.e2e.helpers import SCREENSHOTS, create_table, play_until, sign_up, start_if_waiting
from tests.selection import each_once_by_default

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots-first-screen")  # a copy of the screenshots to look at
BOT = {"kind": "ai", "strength": "random"}
GAMES = [("dschunke", 3), ("dschunke_tiles", 2), ("dunhuang", 3), ("dragon_market", 3), ("dragon_boats", 3)]
LANGUAGES = ["en", "fr", "de"]
PHONES = [(375, 812), (812, 375)]

# My turn, with something in the prompt.
PROMPTED = ("(() => { const s = window.sampanTable.state; return Boolean(s.live && s.live.legal_actions.length"
            " && !s.busy && document.getElementById('prompt').childElementCount); })()")

# The player's own area: the hand drawn at the foot of the board (Dschunke, Dunhuang: from its
# heading to the board's end), or the player's own panel and drawn tiles.
OWN_AREA = """(game) => {
  const seat = window.sampanTable.state.live.seat;
  const box = (node) => node && node.getBoundingClientRect();
  if (game === 'dschunke' || game === 'dunhuang') {
    const heading = [...document.querySelectorAll('#board svg text')].find((t) => t.textContent === gettext('Your hand'));
    const board = box(document.querySelector('#board svg'));
    const top = box(heading).top;
    return { left: board.left, right: board.right, top, bottom: board.bottom };
  }
  const own = { dschunke_tiles: `.tl-player[data-seat="${seat}"]`, dragon_market: `.dm-player[data-seat="${seat}"]`,
                dragon_boats: '.db-player.db-me' }[game];
  return box(document.querySelector(`#board ${own}`));
}"""

# The board itself: the drawing, without the panels some games put around it.
BOARD = {"dschunke": "#board > svg", "dunhuang": "#board > svg", "dschunke_tiles": "#board .tl-grid",
         "dragon_market": "#board .dm-sea", "dragon_boats": "#board .db-map"}
BOX = "(selector) => { const b = document.querySelector(selector).getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }"


def within_window(page, box: dict) -> bool:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= height + 1 and box["right"] <= width + 1


def within(page, inner: str, outer: str) -> bool:
    """The part `inner` is shown whole inside the part `outer` (not cut off by it)."""
    inside, around = page.evaluate(BOX, inner), page.evaluate(BOX, outer)
    return around["left"] <= inside["left"] and inside["right"] <= around["right"] + 0.5


def board_in_sight(page, game: str) -> float:
    """How much of the board's height the window shows."""
    board = page.evaluate(BOX, BOARD[game])
    return min(board["bottom"], page.viewport_size["height"]) - max(board["top"], 0)


def wider_than_the_window(page) -> list[str]:
    return page.evaluate("""() => document.documentElement.scrollWidth <= document.documentElement.clientWidth ? []
      : [...document.querySelectorAll('body *')]
        .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((node) => `${node.tagName}#${node.id}.${node.className.baseVal ?? node.className}`).slice(0, 8)""")


def one_line(page, first: str, others: str) -> bool:
    """Every visible part of a header (`others`) lies across the line of its `first` part."""
    return page.evaluate("""([first, others]) => {
      const line = document.querySelector(first).getBoundingClientRect();
      const middle = (line.top + line.bottom) / 2;
      return [...document.querySelectorAll(others)]
        .map((node) => node.getBoundingClientRect()).filter((b) => b.width > 0)
        .every((b) => b.top <= middle && b.bottom >= middle);
    }""", [first, others])


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    SHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))  # the window only: what the first screen shows
    shutil.copy(path, SHOTS / path.name)


@pytest.mark.parametrize(("game", "players", "language"), each_once_by_default(GAMES, LANGUAGES))
def test_the_first_screen_shows_board_own_area_and_prompt(new_page, game, players, language):
    page = new_page(1280, 800, locale=language)
    sign_up(page, f"first-{game}-{language}")
    create_table(page, game, [{"kind": "me"}, *[BOT] * (players - 1)])
    start_if_waiting(page)
    hint = page.get_by_test_id("first-hint")
    if hint.is_visible():  # a newcomer's first table: the guide is in the first screen too
        shoot(page, f"first-{game}-{language}-1280-guide")
        hint.get_by_role("button").click()
    offer = page.get_by_test_id("newcomer")
    if offer.is_visible():  # and the offer of the game's guided game, dismissed the same way
        offer.get_by_test_id("newcomer-dismiss").click()
    play_until(page, PROMPTED, random.Random(3))
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, f"first-{game}-{language}-1280")
    for part, box in (("board", page.evaluate(BOX, BOARD[game])), ("prompt", page.evaluate(BOX, "#prompt")),
                      ("own area", page.evaluate(OWN_AREA, game))):
        assert within_window(page, box), f"{part} at {box} is not within the first screen"

    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)  # the board redraws on resize
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"first-{game}-{language}-{width}x{height}")
        assert not wider_than_the_window(page)
        assert one_line(page, ".topbar .brand", ".topbar > *"), (width, height)  # the site's bar (links folded)
        if width < height:  # upright, the table's heading in two lines: its name, then the turn
            assert one_line(page, "#table-title", ".table-head > h1, .table-head > .rules-link"), (width, height)
            assert within(page, "#table-title .table-number", "#table-title")  # a long name gives way, not the number
            assert one_line(page, "#turn-banner", ".table-head > .turn-banner, .table-head > .clock, .table-head > .conn")
        else:
            assert one_line(page, "#table-title", ".table-head > *"), (width, height)  # the table's
        prompt = page.evaluate(BOX, "#prompt-dock")
        assert prompt["bottom"] - prompt["top"] <= board_in_sight(page, game) / 4, (width, height, prompt)
        page.locator("#prompt-toggle").click()  # a tap unfolds it
        page.locator("#prompt").wait_for()
        shoot(page, f"first-{game}-{language}-{width}x{height}-open")
        prompt = page.evaluate(BOX, "#prompt-dock")
        assert prompt["bottom"] - prompt["top"] <= height / 4 + 1, (width, height, prompt)
        page.locator("#prompt-toggle").click()
        assert not page.locator("#prompt").is_visible()
