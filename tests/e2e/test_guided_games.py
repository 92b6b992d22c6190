"""The guided first game of each game in a real browser, played to its end by clicking what each
step rings: started at 1280 px in English from the home page's button, left and resumed at 375 px
in French (the button then says so), finished in German, with the scores explained on the end
screen. A wrong click is answered with what to do instead. On the way every label of the board
is checked for a tooltip (or marked as needing none), at both widths. Dunhuang's test first opens
a table against bots, whose offer to a newcomer leads to the guided game."""
import random

import pytest

from tests.e2e.helpers import SCREENSHOTS, choose_language, fill_sign_up_form, play_on_by_api, screenshot, sign_up
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
GAMES = {"dunhuang": "gd-dh", "dschunke": "gd-ds", "dschunke_tiles": "gd-tl", "dragon_boats": "gd-db",
         "dragon_market": "gd-dm"}  # the game, and its player's name
PROGRESS = {"en": "step", "fr": "étape", "de": "Schritt"}  # the panel's "Guided game · step N of M"
SCORES_HEADING = {"en": "How the scores were counted", "de": "Wie das Ergebnis zustande kam"}
RESUME = {"en": "Resume the guided game", "fr": "Reprendre la partie guidée"}

# The page at rest: the table's head shown, no move on its way, no earlier move on show.
SETTLED = """() => { const t = window.sampanTable, g = document.getElementById('guide');
  return Boolean(t && t.state.live && !t.state.busy && !t.state.live.sent && !document.querySelector('#board.stepping')
    && (t.state.live.outcome || (g && (g.hidden ? g.dataset.step === 'free' : g.dataset.step !== 'wait')))); }"""
TARGETS = "#board .guide-target, #prompt .guide-target, #action-list .guide-target"
# What is ringed, in short: a click that only chooses on the board (a boat before its move) changes it.
RINGED = f"[...document.querySelectorAll('{TARGETS}')].map((n) => n.tagName + (n.dataset.actionIndex || '') + (n.dataset.boat || '')).join()"

# Labels of the board with no tooltip of their own or of a part around them (an SVG <title>, a
# title attribute) and not marked as needing none: a number or a mark alone needs none, nor does
# a button or anything clickable (its words are the move).
UNEXPLAINED = r"""() => {
  const board = document.getElementById('board');
  const explained = (node) => {
    for (let n = node; n && n !== board.parentNode; n = n.parentNode) {
      if (n.nodeType !== 1) continue;
      if (n.hasAttribute('data-plain') || n.getAttribute('title')) return true;
      if ([...n.children].some((child) => child.tagName.toLowerCase() === 'title' && child.textContent.trim())) return true;
    }
    return false;
  };
  const found = new Set();
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    const words = walker.currentNode.textContent.trim();
    if (!parent || !words || parent.closest('title, style, script, button, a, select, .clickable[aria-label]')) continue;
    if (/^[\d\s.,:;+\-−×x\/%()#★▶✓←→↑↓·…?!–—*^$]*$/u.test(words)) continue;
    const box = parent.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(parent).visibility === 'hidden') continue;
    if (!explained(parent)) found.add(words);
  }
  return [...found];
}"""

# The player's own moves once the script is over, made by the page's own submit (what the
# script taught is clicked above; the rest of a long game only has to reach its end): a seeded
# pick among the legal moves, ending a turn where the game has one, `count` moves at most.
PLAY_ON = """async (count) => {
  const t = window.sampanTable;
  let seed = 7;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const until = Date.now() + 120000;
  for (let made = 0; made < count && !(t.state.live && t.state.live.outcome); ) {
    if (Date.now() > until) throw new Error('the game did not end');
    const live = t.state.live;
    const legal = (live && !t.state.busy && !live.sent && !document.querySelector('#board.stepping') ? live.legal_actions : [])
      .filter((action) => action.type !== 'back');
    if (legal.length) {
      const end = legal.find((action) => action.type === 'end_turn');
      await t.submit(end && random() < 0.7 ? end : legal[Math.floor(random() * legal.length)]);
      made += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}"""


def settle(page) -> None:
    page.wait_for_function(SETTLED, timeout=30000)
    page.wait_for_timeout(60)  # the panel's outline follows the board's last drawing


def step_number(page) -> int | None:
    step = page.get_attribute("#guide", "data-step")
    return int(step) if step and step.isdigit() else None


def too_wide(page) -> list[str]:
    """The parts of the page that reach past the window's right edge (none: no sideways scrolling)."""
    return page.evaluate("""() => {
      const scrolls = (node) => { for (let n = node.parentElement; n; n = n.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(n).overflowX)) return true; } return false; };
      return [...document.querySelectorAll('body *')]
        .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !scrolls(node))
        .map((node) => `${node.tagName}#${node.id}.${node.className.baseVal ?? node.className}`).slice(0, 8);
    }""")


# Whether every ringed button of the prompt lies within the prompt's scrolled view: below its
# heading where the heading stays on top (a phone held upright).
RINGED_IN_PROMPT_SIGHT = """() => {
    const prompt = document.getElementById("prompt"), view = prompt.getBoundingClientRect();
    const heading = prompt.querySelector(":scope > h3:first-child");
    const top = heading && getComputedStyle(heading).position === "sticky" ? heading.getBoundingClientRect().bottom : view.top;
    return [...prompt.querySelectorAll(".guide-target")].every((node) => {
        const box = node.getBoundingClientRect();
        return box.top >= top - 1 && box.bottom <= view.bottom + 1;
    });
}"""


def unexplained(page) -> list[str]:
    return page.evaluate(UNEXPLAINED)


def try_a_wrong_click(page) -> bool:
    """Clicks a move the step does not ask for, if the board offers one: the panel says what to
    do instead and nothing is played."""
    others = [node for node in page.locator("#board .clickable[data-action-index]:not(.guide-target)").all()
              if node.is_visible()]
    if not others:
        return False
    seq = page.evaluate("window.sampanTable.state.live.seq")
    others[0].click()
    page.get_by_test_id("guide-wrong").wait_for()
    assert page.evaluate("window.sampanTable.state.live.seq") == seq
    return True


def follow_steps(page, until: int | None, language: str, wrong: list) -> None:
    """Clicks Next on each note and the ringed thing of each move, up to step `until` (None: to
    the end of the script)."""
    while True:
        settle(page)
        if page.evaluate("Boolean(window.sampanTable.state.live.outcome)") or page.get_attribute("#guide", "data-step") == "free":
            return
        number = step_number(page)
        if until is not None and number > until:
            return
        assert PROGRESS[language] in page.get_by_test_id("guide-progress").text_content()
        if page.get_by_test_id("guide-next").is_visible():
            page.get_by_test_id("guide-next").click()
            continue
        if not wrong and try_a_wrong_click(page):
            wrong.append(number)
        targets = [target for target in page.locator(TARGETS).all() if target.is_visible()]
        assert targets, f"step {number} rings nothing in sight"
        page.wait_for_function(RINGED_IN_PROMPT_SIGHT, timeout=3000)  # a phone's prompt scrolls to it
        seq = page.evaluate("window.sampanTable.state.live.seq")
        ringed = page.evaluate(RINGED)
        targets[-1].click()  # the prompt's button where there is one (a board's arrow may only preview)
        page.wait_for_function(f"""(ringed) => window.sampanTable.state.live.seq !== {seq} || window.sampanTable.state.busy
            || {RINGED} !== ringed""", arg=ringed, timeout=15000)


@pytest.mark.parametrize("game", once_by_default(GAMES, "dunhuang"))
def test_a_guided_game_is_played_to_its_end_across_languages_and_widths(new_page, game):
    page = new_page(1280, 900, locale="en-US")
    sign_up(page, GAMES[game])
    if game == "dunhuang":  # a first table of the game offers the guided game
        page.get_by_test_id(f"play-{game}").click()
        page.get_by_test_id("newcomer").wait_for()
        played = page.url
        page.get_by_test_id("newcomer-guided").click()
        page.wait_for_function(f"location.href !== '{played}'")
    else:
        page.get_by_test_id(f"guided-{game}").click()
    page.wait_for_selector("#guide:not([hidden])")
    table_url = page.url
    count = page.evaluate("window.sampanTable.state.guide.script.steps.length")
    settle(page)  # the first step is a note: a click on the board is answered with what to do first
    assert page.get_by_test_id("guide-next").is_visible()
    if try_a_wrong_click(page):  # Dragon Market's first choice (an objective to keep) lies in the prompt alone
        assert page.get_by_test_id("guide-wrong").inner_text() == "Read this step first, then press Next."
    else:
        assert game == "dragon_market", game
    wrong = []

    follow_steps(page, count // 3, "en", wrong)  # the first third: 1280 px, English
    assert not unexplained(page), unexplained(page)
    screenshot(page, f"guided-{game}-1280-en")
    left_at = step_number(page)

    page.goto("/")  # leave; the home page offers to resume
    page.set_viewport_size({"width": 375, "height": 812})
    choose_language(page, "fr")
    button = page.get_by_test_id(f"guided-{game}")
    assert button.inner_text().strip() == RESUME["fr"]
    button.click()
    page.wait_for_url(table_url)
    settle(page)
    assert step_number(page) == left_at  # where it was left, the notes read at that move too (the browser keeps them)
    follow_steps(page, 2 * count // 3, "fr", wrong)  # the second third: 375 px, French
    assert not too_wide(page), too_wide(page)
    assert not unexplained(page), unexplained(page)
    screenshot(page, f"guided-{game}-375-fr")

    choose_language(page, "de")  # the rest in German
    follow_steps(page, None, "de", wrong)
    settle(page)
    assert wrong, "no step offered a wrong move to click"
    assert page.get_attribute("#guide", "data-step") == "free"
    assert "Tipp" in page.get_by_test_id("guide-say").inner_text()  # the free play's words name the Hint button
    screenshot(page, f"guided-{game}-375-de-free")
    page.get_by_test_id("guide-done").click()  # they tell of this position: once read, they go
    page.locator("#guide").wait_for(state="hidden")
    page.reload()  # for good: a table opened again does not bring them back, out of date
    settle(page)
    assert page.locator("#guide").is_hidden()
    for width in (375, 1280):  # the board's labels further on, at both widths
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(PLAY_ON, 12)
        settle(page)
        assert not unexplained(page), unexplained(page)
    page.goto("/")  # left again: the rest of the game is played through the API, quicker than drawn
    play_on_by_api(page, int(table_url.rstrip("/").rsplit("/", 1)[1]))
    page.goto(table_url)
    page.get_by_test_id("guide-end").wait_for(timeout=30000)  # after the scores in words, where to go from here
    assert page.get_by_test_id("rematch").count() == 0  # a game of one's own, not the script again
    assert SCORES_HEADING["de"] in page.get_by_test_id("result-words").inner_text()
    assert not unexplained(page), unexplained(page)
    screenshot(page, f"guided-{game}-1280-de-end")
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(300)
    screenshot(page, f"guided-{game}-375-de-end")
    assert not too_wide(page), too_wide(page)


# Where the ringed part of the board lies against the top of the prompt docked on a phone.
BOARD_TARGET_AND_DOCK = """() => ({board: document.querySelector('#board .guide-target').getBoundingClientRect().toJSON(),
  dock: document.getElementById('prompt-dock').getBoundingClientRect().top})"""


def test_on_a_phone_a_board_preview_stays_in_sight_when_its_confirmation_opens_the_prompt(new_page):
    """Legespiel's third step: the arrow's click previews the tile on the board and opens the
    docked prompt with the button that confirms it; the prompt grows over the board, and the
    page scrolls so that the preview stands clear of it, not at its very edge."""
    page = new_page(375, 812, locale="en-US")
    sign_up(page, "gd-tl-phone")
    page.get_by_test_id("guided-dschunke_tiles").click()
    page.wait_for_selector("#guide:not([hidden])")
    follow_steps(page, 2, "en", wrong=[1])
    settle(page)
    assert step_number(page) == 3
    assert "“Place the tile here”" in page.get_by_test_id("guide-say").inner_text()
    page.locator("#board .guide-target").first.click()
    page.locator("#prompt .guide-target").wait_for()
    settle(page)
    where = page.evaluate(BOARD_TARGET_AND_DOCK)
    assert 0 <= where["board"]["top"] and where["board"]["bottom"] <= 0.85 * where["dock"], where
    page.screenshot(path=str(SCREENSHOTS / "guided-dschunke_tiles-preview-375.png"))  # what the phone shows


# Every 20 ms, where the table waits for the player and the guide has them wait for its bots:
# how often that was seen, and what the page offered then (a move to click, "Your turn").
WATCH_WAITS = """() => { window.guideWaits = {seen: 0, offered: []};
  setInterval(() => {
    const live = window.sampanTable.state.live, guide = document.getElementById('guide');
    if (!live || live.outcome || guide.hidden || guide.dataset.step !== 'wait' || !(live.to_act || []).includes(live.seat)) return;
    window.guideWaits.seen += 1;
    const moves = document.querySelectorAll('#board [data-action-index], #prompt [data-action-index], #prompt input, #action-list [data-action-index]').length;
    const banner = document.getElementById('turn-banner');
    if (moves || banner.classList.contains('mine') || document.title.startsWith('●')) {
      window.guideWaits.offered.push(`${moves} moves, banner: ${banner.textContent}, title: ${document.title}`);
    }
  }, 20); }"""


def test_where_all_choose_at_once_the_guide_offers_no_move_until_its_bots_have_chosen(new_page):
    """Dschunke's bids are sealed all at once, and the guide's line has its bots bid first: until
    they have, the page offers the player no bid and does not call it their turn (the panel says
    the bots are playing), then the step asks for the bid."""
    page = new_page(375, 812, locale="en-US", pace="1200")  # the bots' bids shown one by one, as by default
    sign_up(page, "gd-ds-wait")
    page.get_by_test_id("guided-dschunke").click()
    page.wait_for_selector("#guide:not([hidden])")
    page.evaluate(WATCH_WAITS)
    steps = page.evaluate("window.sampanTable.state.guide.script.steps")
    first_bid = next(number for number, step in enumerate(steps, 1) if (step["action"] or {}).get("type") == "bid")
    follow_steps(page, first_bid - 1, "en", wrong=[0])  # no wrong click tried
    settle(page)
    assert step_number(page) == first_bid
    assert page.locator("#turn-banner").inner_text() == "Your turn"
    assert page.locator("#prompt .guide-target").count() > 0  # the bid is ringed in the prompt
    waits = page.evaluate("window.guideWaits")
    assert waits["seen"] > 0 and waits["offered"] == [], waits


def test_a_visitor_who_asks_for_the_guided_game_plays_it_once_signed_up(new_page):
    """The home page's "Guided game" sends a visitor to sign up; signed up, the guided table opens
    (it came back to the how-to-play page, where the button had to be found and pressed again)."""
    page = new_page(375, 812, locale="fr-FR")
    page.goto("/")
    page.get_by_test_id("guided-dschunke_tiles").click()
    fill_sign_up_form(page, "invitee")
    page.wait_for_url("**/tables/*/")
    page.wait_for_selector("#guide:not([hidden])")
    assert page.evaluate("window.sampanTable.state.table.game") == "dschunke_tiles"
    page.go_back()  # the how-to-play page in between does not start another on the way back
    page.wait_for_url("**/games/dschunke_tiles/learn/")
    page.wait_for_timeout(500)
    assert "/learn/" in page.url
