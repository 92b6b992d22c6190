"""Dschunke: das Legespiel in a real browser: a whole game against a bot, placed by clicking the
table (a tile, a cell, a direction previewed, then confirmed), to the final scores and the seed
check, at 1280 and 375 px (where the board takes the shape of the view of the table)."""
import random
import re
import shutil
from pathlib import Path

import pytest

from tests.e2e.helpers import (
    MY_STEP, OVER, click_one_of, create_table, place_a_tile_step, screenshot, sign_up, start_if_waiting, unfold_prompt,
)

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots")  # a copy of the screenshots to look at


# Width over height of the board on screen and of the view of the table drawn in it.
BOARD_AND_VIEW_SHAPES = """() => { const grid = document.querySelector('#board svg.tl-grid');
  const rect = grid.getBoundingClientRect(), view = grid.viewBox.baseVal;
  return { board: rect.width / rect.height, view: view.width / view.height }; }"""
# The zoom buttons stand above the view of the table: over it they hid arrows at its edge.
TOOLS_ABOVE_VIEW = """() => document.querySelector('#board .tl-tools').getBoundingClientRect().bottom
  <= document.querySelector('#board svg.tl-grid').getBoundingClientRect().top"""


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(screenshot(page, f"dschunke_tiles-{name}"), SHOTS / f"dschunke_tiles_{name}.png")


# A whole game by clicking is played by default for Dragon Market alone (test_dragon_market.py);
# the other games' with the slow tests, as the other cases of a check.
@pytest.mark.slow
def test_a_whole_game_of_the_legespiel_against_a_bot_by_clicking_the_table(new_page):
    page = new_page(1280, 900)
    sign_up(page, "lena")
    create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "greedy"}])
    start_if_waiting(page)
    page.wait_for_selector("#board .tl-tile")  # the start tile
    assert page.locator("#board .tl-player").count() == 2
    # A tile's tooltip: its name and level, then each symbol with what it does ("T01 (on the
    # table) · red rat: …"), one colon a symbol.
    tooltip = page.locator("#board .tl-tile > title").first.text_content()
    name, *symbols = tooltip.split(" · ")
    assert name.endswith("(on the table)") and ":" not in name, tooltip
    assert symbols and all(symbol.count(":") == 1 for symbol in symbols), tooltip
    # A tap on one of its symbols tells the same (a phone has no tooltips).
    page.locator("#board .tl-tile .tl-symbol").first.click()
    page.locator("#message").filter(has_text=name).wait_for()
    rng = random.Random(5)
    seen: set = set()
    for _move in range(12):  # a few placements, then a look at the table mid-game
        page.wait_for_function(f"{MY_STEP} !== null || {OVER}")
        place_a_tile_step(page, rng, seen)
    assert {"anchor", "orient"} <= seen
    # A cell where no tile may start says why in the prompt (rules L-P3 … L-P8).
    while page.evaluate(MY_STEP) != "anchor":
        page.wait_for_function(f"{MY_STEP} !== null")
        if page.evaluate(MY_STEP) != "anchor":
            place_a_tile_step(page, rng, seen)
    page.locator("#board .tl-tools button").last.click()  # fit the whole table in view
    page.locator("#board svg.tl-grid").click(position={"x": 8, "y": 8})
    page.locator("#prompt .tl-note").filter(has_text="No tile can start").wait_for()
    assert page.locator("#board .tl-tile").count() >= 4
    assert page.evaluate(TOOLS_ABOVE_VIEW)
    shoot(page, "mid-1280")
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    # A phone's board takes the shape of the view of the table: no band of empty sea around it.
    shape = page.evaluate(BOARD_AND_VIEW_SHAPES)
    assert abs(shape["board"] - shape["view"]) < 0.02, shape
    assert page.evaluate(TOOLS_ABOVE_VIEW)
    shoot(page, "mid-375")
    page.set_viewport_size({"width": 1280, "height": 900})

    while not page.evaluate(OVER):
        page.wait_for_function(f"{MY_STEP} !== null || {OVER}", timeout=60000)
        place_a_tile_step(page, rng, seen)
    page.get_by_test_id("scores").wait_for()
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()
    assert page.locator("#action-list button").count() == 0
    # L-C13: under each seat's group points, every group it scored with its symbol, size and points.
    breakdown = page.evaluate("window.sampanTable.state.live.outcome.breakdown")
    details = page.get_by_test_id("score-detail-group_points")
    assert details.count() == sum(1 for row in breakdown if row["groups"])
    for text in details.all_inner_texts():
        row = next(row for row in breakdown if [f"×{g['size']}:\xa0{g['points']}" for g in row["groups"]]
                   == re.findall(r"×\d+:\xa0\d+", text))
        assert sum(int(points) for points in re.findall(r":\xa0(\d+)", text)) == row["group_points"]
        # A symbol in words each, a group never broken across lines (no-break spaces within it).
        assert re.fullmatch(r"[a-z\xa0]+\xa0×\d+:\xa0\d+( · [a-z\xa0]+\xa0×\d+:\xa0\d+)*", text), text
    shoot(page, "finished-1280")


def test_the_replay_steps_from_log_line_to_log_line_and_says_each(new_page):
    """A tile's first square and the tiles drawn have no log line: the replay's steps pass them by,
    and the line above the board always says what happened at the step shown."""
    page = new_page(1280, 900)
    sign_up(page, "rosa")
    create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "greedy"}])
    start_if_waiting(page)
    rng = random.Random(3)
    for _move in range(8):
        page.wait_for_function(f"{MY_STEP} !== null || {OVER}")
        place_a_tile_step(page, rng)
    page.wait_for_function(f"{MY_STEP} !== null")
    lines = page.evaluate("[...document.querySelectorAll('#log li')].map((li) => Number(li.dataset.seq))")
    head = page.evaluate("window.sampanTable.connection.seq")
    assert len(lines) < head  # some events have no line of their own
    page.click("#replay [data-step=first]")
    page.wait_for_function("document.getElementById('replay-pos').textContent.includes('/')")
    shown = []
    while True:
        position = page.locator("#replay-pos").inner_text()
        if "/" not in position:  # back at the game as it is
            break
        shown.append(int(page.locator("#replay-pos").get_attribute("data-seq")))
        # Named by the log's numbers, which run 1, 2, 3 over its lines though events it leaves out lie between.
        number = len(shown)
        assert position == f"{number} / {len(lines)}", position
        said = page.get_by_test_id("last-move").inner_text()
        assert said.startswith(f"Replay, at log entry {number} of {len(lines)}:"), said
        assert said.split(":", 1)[1].replace("Back to the game", "").strip(), said  # never an empty line
        page.click("#replay [data-step=next]")
        page.wait_for_function(f"document.getElementById('replay-pos').textContent !== {position!r}")
    assert shown == [seq for seq in lines if seq < head]


PREVIEW_OVER_ARROWS = """() => {
  const drawn = [...document.querySelectorAll('#board .tl-choices > *')];
  const preview = drawn.findIndex((part) => part.classList.contains('tl-preview'));
  return preview >= 0 && drawn.slice(preview + 1).every((part) => !part.classList.contains('tl-arrow'));
}"""


# At a cell step where some offered cells lie over a tile: whether those are outlined without a
# fill and the others filled (null while none lies over a tile).
ANCHOR_FILLS = """() => {
  const live = window.sampanTable.state.live;
  const covered = new Set(live.view.cells.map((cell) => cell.cell.join()));
  const offered = live.legal_actions.filter((action) => action.type === 'anchor');
  if (!offered.some((action) => covered.has(action.cell.join()))) return null;
  const fills = [...document.querySelectorAll('#board .tl-anchor')].map((cell) => cell.getAttribute('fill'));
  return fills.length === offered.length
    && offered.every((action, index) => (fills[index] === 'transparent') === covered.has(action.cell.join()));
}"""


def test_on_a_phone_both_ways_out_of_a_preview_show_in_the_prompt(new_page):
    """Previewing a tile asks to place it or choose another cell: both buttons stand right under the
    heading, inside the phone's quarter-screen prompt (the way back fell below its edge, under the
    preview's sentence), and the sentence says the way the tile runs as the board shows it. The
    cells offered over tiles are outlined without the fill that paled the symbols under them."""
    page = new_page(375, 740, locale="fr-FR")
    sign_up(page, "mei")
    create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    rng = random.Random(2)
    outlined = None  # whether the cells offered over a tile were outlined alone, once some were
    while outlined is None or page.evaluate(MY_STEP) != "orient":
        page.wait_for_function(f"{MY_STEP} !== null")
        if page.evaluate(MY_STEP) == "anchor" and outlined is None:
            outlined = page.evaluate(ANCHOR_FILLS)
        place_a_tile_step(page, rng)
    assert outlined, "a cell over a tile was offered with a fill that pales its symbols"
    if page.locator("#first-hint-done").is_visible():
        page.locator("#first-hint-done").click()  # the first visit's tips, read
    click_one_of(page, "#board .tl-arrow", rng)
    page.locator("#board .tl-preview").wait_for()
    unfold_prompt(page)
    prompt = page.locator("#prompt").bounding_box()
    buttons = page.locator("#prompt button").all()
    assert [button.inner_text().split(" (")[0] for button in buttons] == ["Poser la tuile ici", "Choisir une autre case"]
    for button in buttons:
        box = button.bounding_box()
        assert prompt["y"] <= box["y"] and box["y"] + box["height"] <= prompt["y"] + prompt["height"], (box, prompt)
    assert re.search(r"part vers (la droite|le haut|la gauche|le bas) depuis", page.locator("#prompt").inner_text())
    # The preview lies over the arrows: the chosen one's disc hid the middle crate's symbol.
    assert page.evaluate(PREVIEW_OVER_ARROWS)
    # A cell named apart from the board (the analysis) keeps its coordinates on one line.
    named = page.evaluate("""async () => (await import(JSON.parse(document.getElementById('page-data').textContent)
        .renderers.dschunke_tiles)).describeAction({ type: "anchor", cell: [3, -5] }, window.sampanTable.state.live, {})""")
    assert named.endswith("(3,\xa0-5)"), named
    shoot(page, "preview-375-fr")


# How far into its blink each part of the board the latest move touched is, in ms (null: none).
TOUCHED_BLINKS = """() => [...document.querySelectorAll('#board .touched')].map((node) => {
  const [blink] = node.getAnimations();
  const timing = blink ? blink.effect.getComputedTiming() : null;
  return timing && timing.progress !== null ? (timing.currentIteration + timing.progress) * timing.duration : null; })"""
TOUCHED = "document.querySelectorAll('#board .touched').length > 0"


def test_the_last_move_blinks_once_not_again_at_each_drawing_of_the_board(new_page):
    """The review saw the bot's last tile fade again at each of the player's clicks, the symbols
    they were deciding to cover washed out: a board drawn again for the same move goes on with
    the blink where it was."""
    page = new_page(1280, 900)
    sign_up(page, "blinker")
    create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    rng = random.Random(5)
    page.wait_for_function(f"{MY_STEP} !== null")
    while not page.evaluate(f"{TOUCHED} && {MY_STEP} !== null"):  # a move that touched the board
        place_a_tile_step(page, rng)
        page.wait_for_function(f"{MY_STEP} !== null")
    page.wait_for_timeout(800)
    before = page.evaluate(TOUCHED_BLINKS)
    assert before and all(time is not None and time >= 700 for time in before), before
    page.evaluate("window.dispatchEvent(new Event('resize'))")  # the board is drawn again, as at a click
    page.wait_for_timeout(400)
    after = page.evaluate(TOUCHED_BLINKS)
    assert after and all(time is None or time >= 1100 for time in after), (before, after)
