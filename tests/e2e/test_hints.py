"""Hints at practice tables in a real browser, at 1280 and 375 px: on the player's turn at an
unrated table of them and bots, the Hint button outlines the expert's move where the board drew
it, names it in words beside the prompt, and a click on the outlined thing plays it; a rated
table, or one with another person, shows no button."""
import random
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import LIVE_SEQ, is_my_turn, play_until, reachable, screenshot, sign_up, unfold_prompt
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e

GAMES = {"dschunke": 3, "dschunke_tiles": 2, "dunhuang": 2, "dragon_market": 2, "dragon_boats": 2}
SIZES = ((1280, 900), (375, 812))


def call(page, method: str, path: str, body: dict | None = None) -> dict:
    """An API call from the page, as the page's user: {status, data}."""
    return page.evaluate("""async ([method, path, body]) => {
        const token = document.querySelector('meta[name="csrf-token"]').content;
        const response = await fetch(path, {method, body: body ? JSON.stringify(body) : undefined,
            headers: {'Content-Type': 'application/json', 'X-CSRFToken': token}});
        return {status: response.status, data: await response.json()};
    }""", [method, path, body])


def new_table(page, game: str, seats: list[dict], rated: bool) -> int:
    answer = call(page, "POST", "/api/tables/", {
        "game": game, "players": len(seats), "options": {}, "rated": rated, "seats": seats,
        "time_control": {"kind": "live", "seconds": 600}})
    assert answer["status"] == 201, answer
    return answer["data"]["id"]


def practice_table(page, game: str) -> int:
    """A started table of the page's user and Beginner bots, unrated."""
    seats = [{"kind": "me"}] + [{"kind": "ai", "strength": "random"}] * (GAMES[game] - 1)
    table_id = new_table(page, game, seats, rated=False)
    assert call(page, "POST", f"/api/tables/{table_id}/start/")["status"] == 200
    return table_id


def wait_for_my_turn(page) -> None:
    page.wait_for_function("""() => { const t = window.sampanTable;
        return Boolean(t && t.state.live && (t.state.live.legal_actions || []).length && !t.state.busy); }""",
                           timeout=60000)


def wait_for_a_choice(page, table_id: int) -> None:
    """The player's turn with two moves or more to weigh (a lone move, which the expert answers
    at once, is played through the API)."""
    for _ in range(30):
        wait_for_my_turn(page)
        view = call(page, "GET", f"/api/tables/{table_id}/view/")["data"]
        if len(view["legal_actions"]) > 1:
            return
        answer = call(page, "POST", f"/api/tables/{table_id}/actions/", {
            "action": view["legal_actions"][0], "expected_seq": view["seq"], "command_id": f"lone-{view['seq']}"})
        assert answer["status"] == 200, answer
        page.wait_for_function(f"({LIVE_SEQ}) > {view['seq']}")
    raise AssertionError("thirty turns in a row offered one move")


def hinted_target(page, prompt_first: bool = False):
    """The outlined thing to click: the move drawn on the board (or first in the prompt, where a
    preview on the board is confirmed), else the way to it (a boat to choose first), else the move
    in the list of actions. Looked for again for a few seconds: a board redraws itself as the page
    settles (after a full-page screenshot, say)."""
    moves = ["#board [data-action-index].hinted", "#prompt [data-action-index].hinted"]
    if prompt_first:
        moves.reverse()
        unfold_prompt(page)  # on a phone, as a player opens it to confirm what the board previews
    for _look in range(20):
        for selector in (*moves, "#board .hinted, #prompt .hinted", "#action-list .hinted"):
            for target in page.locator(selector).all():
                if target.is_visible() and reachable(target):
                    return target
        page.wait_for_timeout(250)
    raise AssertionError("the hint is outlined nowhere a player can click")


def leads_to(target) -> list[int]:
    """The indices of the legal actions that clicking `target` makes or leads to."""
    index = target.get_attribute("data-action-index")
    return [int(index)] if index is not None else [int(i) for i in target.get_attribute("data-leads-to").split()]


# Every hinted thing of the board is drawn in the hint's colour, not in that of whatever else it
# is (clickable, selected): an HTML one outlined, an SVG one stroked (itself or its shapes).
BOARD_HINTS_DRAWN = """() => [...document.querySelectorAll('#board .hinted')].every((node) => {
    const colour = 'rgb(123, 44, 191)';
    if (!(node instanceof SVGElement)) return getComputedStyle(node).outlineColor === colour;
    return [node, ...node.querySelectorAll('*')].some((part) => getComputedStyle(part).stroke === colour);
})"""


LIST_OPEN = "document.getElementById('actions-box').open"


def ask_and_play_a_hint(page, name: str) -> None:
    wait_for_my_turn(page)
    assert page.get_by_test_id("hint-button").is_visible()
    list_was_open = page.evaluate(LIST_OPEN)
    with page.expect_response(lambda response: response.url.endswith("/hint/")) as answer:
        page.get_by_test_id("hint-button").click()
    hint = answer.value.json()
    assert answer.value.status == 200, hint
    page.wait_for_selector(".hinted", state="attached")
    page.wait_for_function(BOARD_HINTS_DRAWN, timeout=5000)
    screenshot(page, name)
    if page.locator("#board .hinted, #prompt .hinted").count():
        # Where the board or the prompt shows the move, the list of every move stays as it was.
        assert page.evaluate(LIST_OPEN) == list_was_open
    words = page.get_by_test_id("hint-text").inner_text()
    assert words.startswith("Hint: ") and hint["reason"] in words
    assert page.get_by_test_id("hint-text").is_visible()  # the reason is read, not only the outline
    before = page.evaluate("window.sampanTable.connection.seq")
    legal = page.evaluate("window.sampanTable.state.live.legal_actions")
    for attempt in range(4):  # a move the board takes in steps (a boat, a preview, its confirmation) is outlined at each
        target = hinted_target(page, prompt_first=attempt > 0)
        assert hint["action"] in [legal[index] for index in leads_to(target)]
        target.click()
        if page.evaluate("(seq) => window.sampanTable.connection.seq > seq || window.sampanTable.state.busy", before):
            break
    page.wait_for_function("(seq) => window.sampanTable.connection.seq > seq", arg=before)
    assert page.get_by_test_id("hint-text").inner_text() == ""  # the next position has no hint yet


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_outlined_worded_and_played_by_a_click_at_both_widths(new_page, game):
    page = new_page(*SIZES[0])
    sign_up(page, f"hint_{game}"[:30])
    page.goto(f"/tables/{practice_table(page, game)}/")
    page.wait_for_selector("#board svg, #board .board-html, #board > *")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        ask_and_play_a_hint(page, f"hint-{game}-{width}")


# Dragon Market: the player's turn offers a boat a slide, a move the board draws once the boat is chosen.
SLIDE_OFFERED = """(() => { const s = window.sampanTable.state;
    return Boolean(s.live && !s.busy && (s.live.legal_actions || []).some((action) => action.type === 'slide')); })()"""


def test_a_hint_at_a_move_made_in_steps_outlines_the_way_to_it(new_page):
    """The expert's answer is set here to a boat's slide (the route stands in for the expert's
    choice; the page's showing of it is tested): the hint outlines the boat to choose, without
    unfolding the list of every move, then the slide once the boat is chosen; a click on it plays it."""
    page = new_page(*SIZES[1])
    sign_up(page, "hint_steps")
    page.goto(f"/tables/{practice_table(page, 'dragon_market')}/")
    page.wait_for_selector("#board svg")
    play_until(page, SLIDE_OFFERED, random.Random(5))
    seq = page.evaluate(LIVE_SEQ)
    slide = next(action for action in page.evaluate("window.sampanTable.state.live.legal_actions")
                 if action["type"] == "slide")
    page.route("**/hint/", lambda route: route.fulfill(
        json={"seq": seq, "action": slide, "reason": "The slide the test chose."}))
    list_was_open = page.evaluate(LIST_OPEN)
    page.get_by_test_id("hint-button").click()
    boat = page.locator(f'#board .dm-boat[data-boat="{slide["boat"]}"]')
    expect(boat).to_have_class(re.compile(r"\bhinted\b"))
    page.wait_for_function(BOARD_HINTS_DRAWN, timeout=5000)
    assert page.locator("#board [data-action-index].hinted").count() == 0  # not drawn before the boat is chosen
    assert page.evaluate(LIST_OPEN) == list_was_open
    screenshot(page, "hint-way-dragon_market-375")
    boat.click()
    move = page.locator("#board [data-action-index].hinted")
    expect(move).to_have_count(1)  # outlined in the board the choice redrew
    page.mouse.move(0, 0)  # the boat under the pointer is drawn as hovered
    page.wait_for_function(BOARD_HINTS_DRAWN, timeout=5000)
    legal = page.evaluate("window.sampanTable.state.live.legal_actions")
    assert legal[int(move.get_attribute("data-action-index"))] == slide
    move.click()
    page.wait_for_function("(seq) => window.sampanTable.connection.seq > seq", arg=seq)


def test_no_hint_button_at_a_rated_table_or_with_another_person(new_page):
    page = new_page(*SIZES[1])
    sign_up(page, "hint_rated")
    rated = new_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}], rated=True)
    call(page, "POST", f"/api/tables/{rated}/start/")
    page.goto(f"/tables/{rated}/")
    wait_for_my_turn(page)
    assert page.get_by_test_id("hint-box").is_hidden()
    assert call(page, "POST", f"/api/tables/{rated}/hint/")["data"]["code"] == "rated_table"

    friend = new_page(*SIZES[0])
    sign_up(friend, "hint_friend")
    shared = new_table(page, "dunhuang", [{"kind": "me"}, {"kind": "invite", "username": "hint_friend"}], rated=False)
    assert call(friend, "POST", f"/api/tables/{shared}/join/")["status"] == 200
    call(page, "POST", f"/api/tables/{shared}/start/")
    for player in (page, friend):
        player.goto(f"/tables/{shared}/")
        player.wait_for_selector("#board svg")
    mover = page if is_my_turn(page) else friend
    wait_for_my_turn(mover)
    assert page.get_by_test_id("hint-box").is_hidden() and friend.get_by_test_id("hint-box").is_hidden()
    screenshot(page, "hint-none-two-people-375")


@pytest.mark.parametrize(("locale", "button", "prefix", "estimate"), once_by_default([
    ("fr-FR", "Indice", "Indice\u00a0: ", "Estimation de vos chances"),
    ("de-DE", "Tipp", "Tipp: ", "Die Einschätzung des Experten"),
], "de-DE"))
def test_the_hint_reads_in_the_readers_language(new_page, locale, button, prefix, estimate):
    page = new_page(*SIZES[1], locale=locale)
    sign_up(page, f"hint_{locale[:2]}")
    page.goto(f"/tables/{practice_table(page, 'dschunke')}/")
    wait_for_my_turn(page)
    assert page.get_by_test_id("hint-button").inner_text() == button
    page.get_by_test_id("hint-button").click()
    page.wait_for_selector(".hinted", state="attached")
    words = page.get_by_test_id("hint-text").inner_text()
    assert words.startswith(prefix) and estimate in words, words
    assert page.get_by_test_id("hint-text").is_visible()
    screenshot(page, f"hint-dschunke-{locale[:2]}-375")


def test_the_server_answers_other_requests_while_a_hint_is_worked_out(new_page):
    """The expert thinks in the request's thread, not on the server's event loop: a request sent
    after the hint's comes back before it."""
    page = new_page(*SIZES[0])
    sign_up(page, "hint_busy")
    table_id = practice_table(page, "dunhuang")
    page.goto(f"/tables/{table_id}/")
    wait_for_a_choice(page, table_id)
    timings = page.evaluate("""async (tableId) => {
        const token = document.querySelector('meta[name="csrf-token"]').content;
        const began = performance.now();
        const hint = fetch(`/api/tables/${tableId}/hint/`, {method: 'POST', headers: {'X-CSRFToken': token}})
            .then(async (answer) => ({ms: performance.now() - began, status: answer.status, body: await answer.text()}));
        await new Promise((resolve) => setTimeout(resolve, 100));
        const other = await fetch(`/api/tables/${tableId}/`).then(() => performance.now() - began);
        return {other, hint: await hint};
    }""", table_id)
    assert timings["hint"]["status"] == 200, timings
    assert timings["other"] < timings["hint"]["ms"], timings
