"""The table as a player meets it, in a real browser: three languages on every page with no
sideways scrolling at 375 px, other players' moves shown one at a time with the last one
named, a replay that plays itself, and a prompt that folds away on a phone."""
import shutil
from pathlib import Path

import pytest

from tests.e2e.helpers import (
    PASSWORD, SCREENSHOTS, choose_language, click_a_move, create_table, head_seq, overlapping_words, play_on_by_api,
    screenshot, sign_up, start_if_waiting,
)
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots")  # a copy of the screenshots to look at
BOTS = [{"kind": "ai", "strength": "random"}] * 3

# What each language shows where (the browser's language picks it; the switch can change it).
WORDS = {
    "en": {"login": "Log in", "turn": "Your turn", "create": "Create a table", "bot": "AI 2 (Beginner)"},
    "fr": {"login": "Se connecter", "turn": "À vous de jouer", "create": "Créer une table", "bot": "IA 2 (Débutant)"},
    "de": {"login": "Anmelden", "turn": "Sie sind am Zug", "create": "Tisch eröffnen", "bot": "KI 2 (Anfänger)"},
}


def no_sideways_scroll(page) -> bool:
    wider = page.evaluate("""[...document.querySelectorAll('body *')]
        .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((node) => `${node.tagName}#${node.id}.${node.className}`)""")
    fits = page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert fits, f"wider than the screen: {wider[:8]}"
    return fits


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(screenshot(page, name), SHOTS / f"{name}.png")


@pytest.mark.parametrize("language", once_by_default(["en", "fr", "de"], "de"))  # German's words are the longest
def test_every_page_in_each_language_fits_a_phone(new_page, language):
    words = WORDS[language]
    page = new_page(375, 812, locale=language)
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/accounts/password_reset/",
                 "/games/dunhuang/rules/", "/games/dragon_market/rules/"):
        page.goto(path)
        assert page.evaluate("document.documentElement.lang") == language, path
        assert no_sideways_scroll(page), path
    page.goto("/accounts/login/")
    assert page.locator("h1").inner_text() == words["login"]
    sign_up(page, f"phone{language}")
    for path in ("/tables/new/", "/accounts/profile/", "/"):
        page.goto(path)
        assert no_sideways_scroll(page), path
    page.get_by_role("link", name=words["create"], exact=True).wait_for()
    create_table(page, "dunhuang", [{"kind": "me"}, *BOTS])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length")
    for _move in range(3):  # mid-game: a few moves of mine, the bots' in between
        page.wait_for_function("window.sampanTable.state.live.legal_actions.length > 0 && !window.sampanTable.state.busy")
        click_a_move(page)
        page.wait_for_timeout(300)
    page.wait_for_function("window.sampanTable.state.live.legal_actions.length > 0")
    assert page.locator("#turn-banner").inner_text() == words["turn"]
    # The heading's two lines: the game's name (cut at most at its end), then the turn.
    title, banner = page.locator("#table-title").bounding_box(), page.locator("#turn-banner").bounding_box()
    assert title["width"] > 200 and banner["y"] >= title["y"] + title["height"] - 2, (title, banner)
    # Only bots wait: the phone's heading leaves out that no clock runs.
    assert page.get_by_test_id("clock").is_hidden()
    page.locator("#log li", has_text=words["bot"]).first.wait_for()
    assert no_sideways_scroll(page)
    assert not overlapping_words(page)
    shoot(page, f"table-{language}-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(200)
    assert page.get_by_test_id("clock").is_visible()
    shoot(page, f"table-{language}-1280")


def test_the_switch_changes_the_language_and_the_account_keeps_it(new_page, browser, sampan_server):
    page = new_page(1280, 900, locale="en-US")
    sign_up(page, "switcher")
    choose_language(page, "de")
    page.get_by_role("link", name="Neuer Tisch").wait_for()
    # Another browser, English by its own choice, signs in to the same account: German again.
    other = new_page(1280, 900, locale="en-US")
    other.goto("/accounts/login/")
    other.fill("input[name=username]", "switcher")
    other.fill("input[name=password]", PASSWORD)
    other.locator("main button[type=submit]").click()
    other.get_by_role("link", name="Neuer Tisch").wait_for()


def test_other_players_moves_come_one_at_a_time_and_the_replay_plays_itself(new_page):
    page = new_page(1280, 900, pace="600")
    sign_up(page, "watcher")
    create_table(page, "dunhuang", [{"kind": "me"}, *BOTS])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length")
    my_turn_on_show = ("window.sampanTable.state.live.legal_actions.length > 0 && !window.sampanTable.state.busy"
                       " && !document.querySelector('#board').classList.contains('stepping')")
    # The log tells no move before the board shows it: while a step is on show no line lies after
    # it, and between steps none lies after the table drawn.
    log_ahead = """(() => {
        const seqs = [...document.querySelectorAll('#log li')].map((line) => Number(line.dataset.seq));
        if (document.querySelector('#board').classList.contains('stepping')) return document.querySelectorAll('#log li.future').length > 0;
        return Math.max(0, ...seqs) > window.sampanTable.state.frame.seq;
    })()"""
    shown = []
    touched = 0
    trails = 0
    ahead = 0
    for _move in range(4):
        page.wait_for_function(my_turn_on_show)
        click_a_move(page)
        # Three bots answer at once; the page shows their moves one after another, each named,
        # until it is the player's turn again (however long a loaded machine makes them take).
        for step in range(300):
            if step >= 10 and page.evaluate(my_turn_on_show):
                break
            line = page.get_by_test_id("last-move").inner_text()
            if not shown or shown[-1] != line:
                shown.append(line)
            if page.locator("#board.stepping").count():  # an earlier move on show: nothing to click
                assert page.locator("#board .clickable").count() == 0
            touched += page.locator("#board .touched").count()  # what the move changed, marked on the board
            trails += page.locator("#board [data-testid=trail] line").count()  # the camel's way, from where to where
            ahead += page.evaluate(log_ahead)
            page.wait_for_timeout(100)
    bots_moves = [line for line in shown if "AI " in line]
    assert len(set(bots_moves)) >= 6, shown  # the bots' moves, each seen in turn
    assert all(line.startswith("Last move:") for line in shown)
    assert touched > 0 and trails > 0
    assert ahead == 0
    page.get_by_test_id("replay-play").click()
    page.wait_for_function("document.querySelector('#replay-pos').textContent.includes('/')")
    first = page.locator("#replay-pos").inner_text()
    page.wait_for_function(f"document.querySelector('#replay-pos').textContent !== {first!r}")
    page.get_by_test_id("replay-play").click()  # pause
    page.locator("[data-step=live]").click()
    # Back at the game as it is: "next" and "now" lead nowhere, so they cannot be pressed.
    page.wait_for_function("[...document.querySelectorAll('#replay [data-step=live], #replay [data-step=next]')]"
                           ".every((button) => button.disabled)")


def test_the_prompt_comes_folded_to_its_heading_on_a_phone_and_unfolds_with_a_tap(new_page):
    page = new_page(375, 812)
    sign_up(page, "folder")
    create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length")
    prompt, toggle = page.locator("#prompt"), page.locator("#prompt-toggle")
    toggle.wait_for()
    assert not prompt.is_visible()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert prompt.locator("h3").inner_text() in toggle.inner_text()  # the folded line says what is asked
    toggle.click()
    assert prompt.is_visible()

    # It scrolls within a quarter of the screen; a new question opens at its top, the same one
    # stays where the player scrolled it.
    ask = """(heading) => {
        const prompt = document.getElementById("prompt");
        const buttons = Array.from({ length: 30 }, (_, n) => Object.assign(document.createElement("button"), { textContent: `Choice ${n}` }));
        prompt.replaceChildren(Object.assign(document.createElement("h3"), { textContent: heading }), ...buttons);
    }"""
    scrolled = "new Promise((done) => { const prompt = document.getElementById('prompt'); prompt.scrollTop = 80;" \
               " setTimeout(() => done(prompt.scrollTop), 50); })"
    settled = "new Promise((done) => setTimeout(() => done(document.getElementById('prompt').scrollTop), 50))"
    page.evaluate(ask, "First question")
    assert page.evaluate(scrolled) == 80
    # The heading stays at the top, the choices scrolling under it, nothing showing above it.
    heading_on_top = """() => { const prompt = document.getElementById("prompt"), heading = prompt.querySelector("h3");
        const box = heading.getBoundingClientRect(), top = prompt.getBoundingClientRect().top + prompt.clientTop;
        const seen = document.elementFromPoint(box.left + 5, box.top + box.height / 2);
        return Math.abs(box.top - top) < 1 && heading.contains(seen); }"""
    assert page.evaluate(heading_on_top)
    # The screen, not the whole page: a whole-page shot resizes the view, which redraws the table.
    page.screenshot(path=str(SCREENSHOTS / "prompt-scrolled-heading-375.png"))
    page.evaluate(ask, "First question")
    assert page.evaluate(settled) == 80
    page.evaluate(ask, "Second question")
    assert page.evaluate(settled) == 0
    toggle.click()
    assert not prompt.is_visible()

    # Folded, a heading too long for one line reads whole on two.
    page.evaluate(ask, "Your action: click a merchant or a trainee on a junk to use it")
    toggle.click()
    toggle.click()
    assert "a trainee on a junk to use it" in toggle.inner_text()
    clipped = "(node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight"
    assert not toggle.evaluate(clipped)
    lines = """(node) => { const style = getComputedStyle(node);
        const height = node.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return Math.round(height / parseFloat(style.lineHeight)); }"""
    assert toggle.evaluate(lines) == 2


def test_on_a_phone_an_opened_prompt_stays_open_while_another_seat_answers_the_same_question(new_page):
    """Dunhuang's first question, the card to keep, is asked of every seat at once (as a sealed bid
    is elsewhere): another seat's answer coming in moves the game on but asks the player nothing
    new, so the prompt the player opened stays open."""
    host, guest = new_page(375, 812), new_page()
    sign_up(host, "tam")
    sign_up(guest, "uli")
    create_table(host, "dunhuang", [{"kind": "me"}, {"kind": "invite", "username": "uli"},
                                    {"kind": "ai", "strength": "random"}])
    guest.goto(host.url)
    guest.get_by_test_id("join-1").click()
    guest.get_by_test_id("waiting-for-host").wait_for()
    start_if_waiting(host)
    asked = "window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0"
    for page in (host, guest):
        page.wait_for_function(asked)
    host.wait_for_function("window.sampanTable.state.live.to_act.length === 2")  # the bot has answered
    question = host.evaluate("JSON.stringify(window.sampanTable.state.live.legal_actions)")
    seq = head_seq(host)
    host.locator("#prompt-toggle").click()
    assert host.locator("#prompt").is_visible()
    guest.evaluate("window.sampanTable.submit(window.sampanTable.state.live.legal_actions[0])")
    host.wait_for_function(f"window.sampanTable.state.live.seq > {seq}")
    assert host.evaluate("JSON.stringify(window.sampanTable.state.live.legal_actions)") == question
    host.wait_for_timeout(300)  # the frame's drawing is done
    assert host.locator("#prompt").is_visible()
    assert host.locator("#prompt-toggle").get_attribute("aria-expanded") == "true"


def test_a_first_table_shows_a_guide_and_a_useless_click_says_why(new_page):
    page = new_page(1280, 900)
    sign_up(page, "newcomer")
    create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    hint = page.get_by_test_id("first-hint")
    hint.wait_for()
    with page.expect_response("**/api/me/"):  # the account keeps it dismissed
        hint.get_by_role("button").click()
    assert not hint.is_visible()
    page.reload()
    start_if_waiting(page)
    assert not hint.is_visible()  # shown once
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length")
    # A character card that cannot be used now: its effect, and why nothing happened.
    page.locator("#board .tile:not(.clickable)").first.click()
    message = page.locator("#message")
    message.filter(has_text="cannot be played now").wait_for()
    page.evaluate("window.dispatchEvent(new Event('resize'))")  # the board is drawn again, still playable
    page.wait_for_timeout(300)
    assert page.locator("#board .clickable, #prompt button").count() > 0


def test_on_a_phone_a_first_table_shows_the_board_before_the_tips(new_page):
    """The tips to a first table come under the board on a phone: the first screen shows the game."""
    page = new_page(375, 812)
    sign_up(page, "phone_newcomer")
    create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    hint = page.get_by_test_id("first-hint")
    hint.wait_for()
    page.wait_for_selector("#board svg")
    page.evaluate("window.scrollTo(0, 0)")
    board, tips = page.locator("#board").bounding_box(), hint.bounding_box()
    assert board["y"] < 812 / 2, board
    assert tips["y"] >= board["y"] + board["height"], (board, tips)
    screenshot(page, "first-table-tips-375")


def test_on_a_phone_what_a_tap_says_shows_on_screen_wherever_the_tap_was_and_closes(new_page):
    page = new_page(375, 812)
    sign_up(page, "phone_tapper")
    table_id = create_table(page, "dschunke", [{"kind": "me"}, *BOTS[:2]])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length")
    card = page.locator("#board .market-kind").first  # at the board's top, the board's foot far below
    card.evaluate("(node) => node.scrollIntoView({block: 'center'})")
    card.click()
    message = page.locator("#message")
    message.filter(has_text="cannot be played now").wait_for()
    # What the tap touched reads as information, why nothing happened as a warning.
    about = message.locator(".message-about")
    assert about.inner_text().startswith(card.locator("title").text_content())
    assert about.evaluate("(node) => getComputedStyle(node).color") != message.evaluate("(node) => getComputedStyle(node).color")
    box, screen = message.bounding_box(), page.viewport_size
    assert 0 <= box["y"] and box["y"] + box["height"] <= screen["height"], box
    page.get_by_role("button", name="Close this message").click()
    assert not message.is_visible()
    # With no prompt (the game is over) the message rides alone, without the prompt's fold bar.
    play_on_by_api(page, table_id)
    page.get_by_test_id("scores").wait_for()
    card.evaluate("(node) => node.scrollIntoView({block: 'center'})")
    card.click()
    message.filter(has_text=card.locator("title").text_content()).wait_for()
    assert not page.locator("#prompt-toggle").is_visible()


def test_the_guide_to_taking_turns_leaves_an_ended_table_and_waits_for_the_next(new_page):
    page = new_page(1280, 900)
    sign_up(page, "ended_newcomer")
    table_id = create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    hint, offer = page.get_by_test_id("first-hint"), page.get_by_test_id("newcomer")
    hint.wait_for()
    offer.wait_for()  # a first table of the game offers to learn it
    play_on_by_api(page, table_id)
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()  # the end screen is drawn
    assert not hint.is_visible()
    assert not offer.is_visible()  # nothing is left to learn at a game that is over
    create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    hint.wait_for()  # not dismissed: the next table shows it again


def test_a_click_on_a_board_not_yet_redrawn_is_refused_not_played_on_the_newer_position(new_page):
    """A move is sent with the seq of the position the player chose on: events that came in
    before the board was redrawn (a new round of bids, say) must not turn an old button into a
    move of the new position (a tap became a void bid of eight cards)."""
    page = new_page(1280, 900)
    sign_up(page, "stale_click")
    create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length")
    head = page.evaluate("window.sampanTable.connection.seq")
    # The board as it was before this turn began (what a slow redraw leaves on screen): seq 0.
    page.evaluate("window.sampanTable.state.live = { ...window.sampanTable.state.live, seq: 0 }")
    with page.expect_response(lambda response: response.url.endswith("/actions/")) as answer:
        page.evaluate("window.sampanTable.submit(window.sampanTable.state.live.legal_actions[0])")
    assert answer.value.status == 409 and answer.value.json()["code"] == "stale_seq"
    page.wait_for_function("document.getElementById('message').textContent.includes('moved on')")
    assert page.evaluate("window.sampanTable.connection.seq") == head  # nothing was played


def test_a_position_from_before_the_players_own_move_offers_nothing(new_page):
    """Others' moves are shown one at a time after the player's own: a position from before that
    move, still on show, must not offer the turn again (a second bid there was refused, or
    looked like the first one lost)."""
    page = new_page(1280, 900)
    sign_up(page, "answered_turn")
    create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    my_turn = "window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length"
    page.wait_for_function(my_turn)
    before = page.evaluate("window.sampanTable.state.live")
    with page.expect_response(lambda response: response.url.endswith("/actions/")) as answer:
        page.evaluate("window.sampanTable.submit(window.sampanTable.state.live.legal_actions[0])")
    assert answer.value.ok
    # The table waits on this player again (the bot has answered): no other sync is coming.
    page.wait_for_function(f"({my_turn}) && window.sampanTable.state.live.seq > {before['seq']}")
    latest = page.evaluate("window.sampanTable.state.live")
    clickable = "#board .clickable, #prompt button"

    page.evaluate("(frame) => window.sampanTable.connection.handlers.onSync(frame)", before)
    page.wait_for_function(f"window.sampanTable.state.live.seq === {before['seq']}")
    page.wait_for_timeout(200)
    assert page.locator(clickable).count() == 0
    assert page.locator("#turn-banner").inner_text() == "Your move is on its way…"

    page.evaluate("(frame) => window.sampanTable.connection.handlers.onSync(frame)", latest)
    page.wait_for_function(f"window.sampanTable.state.live.seq === {latest['seq']}")
    page.locator(clickable).first.wait_for()
    assert page.locator("#turn-banner").inner_text() == "Your turn"


def test_a_page_behind_a_quick_game_catches_up_and_shows_the_scores_with_the_final_board(new_page):
    """Moves made elsewhere (another tab, here the API) come one push each; at the slowest pace
    the page does not hold every one apart, and the scores wait for the board to reach the end."""
    page = new_page(1280, 900, pace="2500")
    sign_up(page, "behind")
    table_id = create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    page.evaluate("""() => { window.endedEarly = false;
        new MutationObserver(() => {
            const shown = !document.getElementById('finished').hidden;
            if (shown && !(window.sampanTable.state.frame && window.sampanTable.state.frame.outcome)) window.endedEarly = true;
        }).observe(document.getElementById('finished'), { attributes: true, childList: true }); }""")
    play_on_by_api(page, table_id)
    page.locator("#finished").filter(has_text="Final scores").wait_for(timeout=20000)
    assert page.evaluate("Boolean(window.sampanTable.state.frame.outcome)")
    assert page.evaluate("window.endedEarly") is False


def test_the_fingerprint_of_the_seed_is_folded_under_words_and_gives_way_to_the_end_check(new_page):
    """A running table says in words that its chance is sealed; the fingerprint itself waits
    under that line, and the end screen's check takes the line's place."""
    page = new_page(1280, 900)
    sign_up(page, "sealed")
    table_id = create_table(page, "dschunke_tiles", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    fair = page.get_by_test_id("seed-hash")
    fingerprint = page.request.get(f"/api/tables/{table_id}/").json()["seed_hash"]
    assert fair.locator("summary").inner_text() == "Fair chance: sealed before the first move"
    assert not fair.locator("code").is_visible()
    fair.locator("summary").click()
    assert fair.locator("code").inner_text() == fingerprint
    play_on_by_api(page, table_id)
    page.locator("#finished").filter(has_text="Fair chance").wait_for(timeout=20000)
    assert fair.is_hidden()
