"""What the table page says, in a real browser: the last move names a move, the log has no
filler, a waiting move always has words in the prompt, choices offered are the head's, the
Legespiel's board shows the cells its log names, teams are marked, and the end screen says why
the game ended; at 1280 and 375 px (by default each check at one of them), in English with a check
in French and German."""
import random
import re

import pytest

from tests.e2e.helpers import (
    PageMovedOn, click_a_move_in_this_state, create_table, play_on_by_api, screenshot, sign_up, start_if_waiting,
    unfold_prompt,
)
from tests.e2e.test_dragon_market import create as create_dragon_market
from tests.e2e.test_dschunke_tiles import place_a_tile_step
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
BOT = {"kind": "ai", "strength": "random"}
OVER = "Boolean(window.sampanTable.state.live && window.sampanTable.state.live.outcome)"
# This page may move now: the table waits for it and the board is not showing earlier moves.
MY_MOVE = """(() => { const t = window.sampanTable; return Boolean(t.state.live && t.state.live.legal_actions.length
  && !t.state.busy && !document.getElementById('board').classList.contains('stepping')); })()"""
WIDTHS = [1280, 375]
# Lines that tell a state, not a move: whose turn it is, or a step the move's own line names.
STATE_LINES = re.compile(r" to (place a (start )?disc|choose a start offering|resolve a disc|board or pass|play a card or pass"
                         r"|steer|move|store|see the result|act)\.$|The game moves on|It is .*'s turn|turn ends\.$"
                         r"|picks cell|ends the turn\.$|picks a boat|puts the sailor|takes the choice back")

# Watches the page between clicks for a "Your turn" banner over an empty prompt.
WATCH = """() => {
  window.pageWords = [];
  setInterval(() => {
    const t = window.sampanTable, live = t.state.live;
    const banner = document.getElementById('turn-banner'), prompt = document.getElementById('prompt');
    if (live && banner.textContent === 'Your turn' && !prompt.textContent.trim()) {
      window.pageWords.push(`empty prompt at seq ${live.seq} (${live.view.phase || live.view.step}, ${live.legal_actions.length} actions, ${document.getElementById('board').className}, ${t.connection.seq})`);
    }
  }, 100);
}"""


def open_game(page, game: str, seats: list[dict]) -> int:
    """Opens and starts a table of `game` with this page's player in seat 0; returns its id."""
    table_id = create_table(page, game, [{"kind": "me"}, *seats])
    start_if_waiting(page)
    page.evaluate(WATCH)
    return table_id


def place_a_tile(page, rng: random.Random) -> None:
    place_a_tile_step(page, rng, set())


def play(page, condition: str, rng: random.Random, move=click_a_move_in_this_state, timeout: float = 240000) -> int:
    """Makes moves (`move(page, rng)`, a click) when it is this page's turn until `condition`
    holds, checking the page's words before each; returns the moves."""
    clicks = 0
    deadline = page.evaluate("performance.now()") + timeout
    look = f"[Boolean({condition}), Boolean({MY_MOVE})]"  # at one instant: a move is never made once it holds
    while not (seen := page.evaluate(look))[0]:
        assert page.evaluate("performance.now()") < deadline, f"{condition} did not come true"
        if seen[1]:
            assert_words(page)
            try:
                move(page, rng)
            except PageMovedOn:
                continue
            except AssertionError:  # the table moved on between the look and the click
                if page.evaluate(MY_MOVE):
                    raise
                continue
            clicks += 1
        page.wait_for_timeout(60)
    assert_words(page)
    return clicks


def assert_words(page) -> None:
    """The last move names a move and its mover (once play has begun: the set-up names none)."""
    last = page.get_by_test_id("last-move")
    if last.is_visible():
        words = last.inner_text()
        assert not STATE_LINES.search(words), words
        me = page.get_by_test_id("account-link").inner_text()
        assert page.locator("#log li").count() < 12 or re.search(rf"{me}|\b(AI|IA|KI) \d", words), words
    assert page.evaluate("window.pageWords") == []


def log_lines(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def assert_no_filler(page) -> None:
    lines = log_lines(page)
    assert lines and not [line for line in lines if STATE_LINES.search(line)]


def finish(page, rng: random.Random, name: str, move=click_a_move_in_this_state) -> str:
    """Plays to the end; returns the end screen's reason, after a screenshot."""
    play(page, OVER, rng, move)
    page.get_by_test_id("seed-check").filter(has_text="✓").wait_for()
    assert_no_filler(page)
    reason = page.get_by_test_id("end-reason").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    screenshot(page, name)
    return reason


@pytest.mark.parametrize("width", once_by_default(WIDTHS, 375))
def test_the_legespiel_board_names_the_cells_of_its_log_and_its_end_table_signs_the_rats(new_page, width):
    page = new_page(width, 900)
    sign_up(page, f"lena{width}")
    open_game(page, "dschunke_tiles", [BOT])
    rng = random.Random(width)
    play(page, "document.querySelectorAll('#log li').length > 8", rng, place_a_tile)
    # The last placement's cells, as its line names them, are numbered on the board's edges.
    placed = next(line for line in reversed(log_lines(page)) if " places T" in line)
    x0, y0 = re.search(r"from \((-?\d+), (-?\d+)\)", placed).groups()
    columns = page.eval_on_selector_all("#board [data-axis=x]", "(nodes) => nodes.map((node) => node.textContent)")
    rows = page.eval_on_selector_all("#board [data-axis=y]", "(nodes) => nodes.map((node) => node.textContent)")
    assert x0 in columns and y0 in rows, (placed, columns, rows)
    screenshot(page, f"page-words-legespiel-{width}")
    assert finish(page, rng, f"page-words-legespiel-end-{width}", place_a_tile) == "The last tile has been placed."
    table = page.get_by_test_id("scores")
    assert table.locator("th").all_inner_texts()[3:6] == ["Group points", "Visible rats", "Rat points"]
    for row in table.locator("tbody tr").all():
        score, _, groups, visible, rats = row.locator("td").all_inner_texts()[1:6]
        assert rats == "0" or rats.startswith("−"), rats  # a cost, as the board marks it "−1"
        assert int(rats.lstrip("−")) == int(visible)
        points = groups.splitlines()[0]  # the groups scored are listed under the number
        assert "-" not in score, score  # a score below zero takes the board's minus, as its parts do
        assert int(score.replace("−", "-")) == int(points) - int(rats.lstrip("−"))


def test_the_legespiel_end_screen_speaks_french(new_page):
    page = new_page(375, 812, locale="fr")
    sign_up(page, "lucie")
    table_id = open_game(page, "dschunke_tiles", [BOT])
    play_on_by_api(page, table_id)  # the clicks of a whole game are the English test's
    assert finish(page, random.Random(5), "page-words-legespiel-end-fr", place_a_tile) == "La dernière tuile a été posée."
    assert page.get_by_test_id("scores").locator("th").all_inner_texts()[3:6] == ["Points des groupes", "Rats visibles", "Points de rats"]
    # On a phone a player is a block read from the left: the groups scored start each line under
    # their label, as the number does (not pushed right, as under a column of numbers).
    indents = page.evaluate("""() => [...document.querySelectorAll('[data-testid="score-detail-group_points"]')]
      .map((detail) => {
        const range = document.createRange();
        range.selectNodeContents(detail);
        const left = detail.closest("td").getBoundingClientRect().left;
        return Math.max(...[...range.getClientRects()].map((line) => line.left - left));
      })""")
    assert indents and all(indent < 2 for indent in indents), indents


@pytest.mark.parametrize("width", once_by_default(WIDTHS, 1280))
def test_dunhuang_leaves_the_board_s_choices_to_the_board(new_page, width):
    page = new_page(width, 900)
    sign_up(page, f"mei{width}")
    open_game(page, "dunhuang", [BOT])
    rng = random.Random(width)
    moving = "(() => { const live = window.sampanTable.state.live;"
    moving += " return live.view.step === 'move' && live.legal_actions.length > 0 && !window.sampanTable.state.busy; })()"
    play(page, moving, rng)
    unfold_prompt(page)  # a phone shows the prompt folded: a player taps it open
    page.get_by_test_id("on-board-hint").wait_for()
    assert page.locator("#prompt button").count() == 0  # every camel move is a tile to click
    assert page.locator("#action-list li:not(.on-board)").count() == 0
    screenshot(page, f"page-words-dunhuang-{width}")
    reason = finish(page, rng, f"page-words-dunhuang-end-{width}")
    assert reason == "The goods deck ran out and the last round was played." or reason.startswith("Top merchant: ")


@pytest.mark.parametrize("width", once_by_default(WIDTHS, 375))
def test_dschunke_offers_no_bid_once_bidding_is_over(new_page, width):
    page = new_page(width, 900, pace=None)  # other seats' moves shown one by one, as players see them
    sign_up(page, f"ada{width}")
    table_id = open_game(page, "dschunke", [BOT, BOT])
    rng = random.Random(width)
    asked = "(() => { const live = window.sampanTable.state.live;"
    asked += " return live.view.phase === 'bartering' && live.legal_actions.length > 0 && !window.sampanTable.state.busy; })()"
    play(page, asked, rng)
    # A round's bartering is a sealed bid for each market card: nothing is bid on each, on the table
    # as it is now, once the others' moves have been shown.
    screenshot_taken = False
    while page.evaluate("window.sampanTable.state.live.view.phase") == "bartering":
        page.wait_for_function(f"({MY_MOVE} && window.sampanTable.state.live.seq === window.sampanTable.connection.seq)"
                               " || window.sampanTable.state.live.view.phase !== 'bartering'", timeout=30000)
        if page.evaluate("window.sampanTable.state.live.view.phase") != "bartering":
            break
        unfold_prompt(page)  # a phone shows the prompt folded: a player taps it open
        page.locator("#prompt").filter(has_text="sealed bid").wait_for(timeout=30000)
        if not screenshot_taken:
            screenshot(page, f"page-words-dschunke-bid-{width}")
            screenshot_taken = True
        seq = page.evaluate("window.sampanTable.connection.seq")
        page.locator("#prompt button", has_text="Bid nothing").click()
        page.wait_for_function("(seq) => window.sampanTable.connection.seq > seq", arg=seq, timeout=30000)
    assert screenshot_taken
    assert page.locator("#prompt").filter(has_text="sealed bid").count() == 0
    page.evaluate("localStorage.setItem('sampan.pace', '0')")  # the rest of the game at once
    play_on_by_api(page, table_id)  # the later rounds' clicks are the whole-game test's (test_dschunke.py)
    assert finish(page, rng, f"page-words-dschunke-end-{width}") == "All 10 rounds have been played."


@pytest.mark.parametrize("width", once_by_default(WIDTHS, 1280))
def test_dragon_boats_log_and_last_move_tell_moves(new_page, width):
    page = new_page(width, 900)
    sign_up(page, f"bo{width}")
    open_game(page, "dragon_boats", [BOT, BOT])
    rng = random.Random(width)
    play(page, "window.sampanTable.state.live.view.round >= 2", rng)
    assert_no_filler(page)
    assert page.get_by_test_id("last-move").is_visible()
    screenshot(page, f"page-words-dragon-boats-{width}")


@pytest.mark.parametrize("width, locale", [pytest.param(1280, "en-US", marks=pytest.mark.slow), (375, "de"),
                                           pytest.param(375, "en-US", marks=pytest.mark.slow)])
def test_dragon_market_marks_the_teams_and_says_why_it_ended(new_page, width, locale):
    page = new_page(width, 900, locale=locale)
    sign_up(page, f"kai{width}{locale[:2]}")
    create_dragon_market(page, 4, {1: BOT, 2: BOT, 3: BOT},
                         {"teams": True, "boat_setup": '"random"', "turn_limit": "1"})
    page.get_by_test_id("start").click()
    page.wait_for_selector("#board .dm-sea")
    page.evaluate(WATCH)
    words = {"en-US": ("Team 1, with", "Team 2: ", "The round limit was reached: the most objectives completed win,"
                                                   " then the most goods held."),
             "de": ("Team 1, mit", "Team 2: ", "Die Rundengrenze ist erreicht: Es gewinnen die meisten erfüllten"
                                               " Ziele, dann die meisten gehaltenen Waren.")}[locale]
    page.get_by_test_id("team-0").filter(has_text=words[0]).wait_for()  # my partner is seat 3 (index 2)
    assert page.locator(".dm-player[data-seat='2'] strong").inner_text() in page.get_by_test_id("team-0").inner_text()
    assert words[1] in page.get_by_test_id("dm-turn").inner_text()
    assert page.get_by_test_id("last-move").is_visible()  # a sync with no new move keeps the last one named
    screenshot(page, f"page-words-dragon-market-teams-{width}-{locale}")
    play(page, OVER, random.Random(width))
    page.get_by_test_id("seed-check").filter(has_text="✓").wait_for()
    # The end reached in play comes into sight, above the board (on a phone a screen or more away).
    page.wait_for_function("Math.abs(document.getElementById('finished').getBoundingClientRect().top) < 40")
    assert page.get_by_test_id("end-reason").inner_text() == words[2]
    teams = page.get_by_test_id("team").all_inner_texts()
    assert sorted(teams) == ["Team 1", "Team 1", "Team 2", "Team 2"]
    winning_teams = page.locator("[data-testid=scores] tr.winner [data-testid=team]").all_inner_texts()
    assert len(set(winning_teams)) == 1 or len(winning_teams) == 4  # a team wins together, or both tie
    assert teams[:len(winning_teams)] == winning_teams  # the winners' rows come first
    # Said to the reader first: their own side's win or loss; under the scores, how they came about.
    table = page.evaluate("window.sampanTable.state.table")
    won, lost = {"en-US": ("You won, together with ", "You lost: "), "de": ("Sie haben gewonnen, zusammen mit ",
                                                                           "Sie haben verloren: ")}[locale]
    verdict = page.get_by_test_id("end-verdict").inner_text()
    assert verdict.startswith(won if table["my_seat"] in table["outcome"]["winners"] else lost), verdict
    told = page.get_by_test_id("result-words").locator("li").all_inner_texts()
    assert told == table["result_words"] and len(told) == 4, told  # each seat's count (the reason is said above)
    assert page.evaluate("window.pageWords") == []
    screenshot(page, f"page-words-dragon-market-end-{width}-{locale}")
