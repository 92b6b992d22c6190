"""Dschunke in a real browser against a real server: a whole game against three bots, and
two people at one table who see each other's moves live."""
import json
import random
import re

import pytest

from tests.e2e.helpers import (
    click_a_move, create_table, head_seq, is_my_turn, log_seqs, overlapping_words, play_until, play_until_over,
    screenshot, sign_up, start_if_waiting, walk_by_api,
)

pytestmark = pytest.mark.e2e

BOT = {"kind": "ai", "strength": "random"}
# The index of a load merchant's hire among our legal actions now (-1: none).
LOAD_INDEX = """(() => { const table = window.sampanTable, live = table.state.live;
  return live && !table.state.busy ? live.legal_actions.findIndex((a) => a.type === 'use' && a.worker === 'load_merchant') : -1; })()"""


def hire_a_load_merchant(page, rng: random.Random, seen: set) -> None:
    """Clicks at random until a load merchant may be hired, then hires one by clicking it on the
    board: its goods are then placed on a junk, a step random clicks alone may never reach."""
    play_until(page, f"{LOAD_INDEX} >= 0", rng, seen=seen)
    seen.add("actions")
    page.locator(f'#board [data-action-index="{page.evaluate(LOAD_INDEX)}"]').first.click()


def assert_log_complete(page) -> None:
    """The page shows exactly the log lines the server has for this viewer: none twice, none missing."""
    head = head_seq(page)
    expected = page.evaluate(
        """async (head) => {
            const answer = await fetch(`/api/tables/${window.sampanTable.state.table.id}/events/?after=0`);
            const events = (await answer.json()).events;
            return events.filter((event) => event.text && event.seq <= head).map((event) => event.seq);
        }""",
        head,
    )
    assert [seq for seq in log_seqs(page) if seq <= head] == expected


def assert_sold_values_stay_readable(page) -> None:
    """Issue 15, item 4: a sold kind's market value is covered by a band that leaves it readable.
    A click on the log line of the first sale shows the table as it was then."""
    sold_at = page.evaluate("""async () => {
        const answer = await fetch(`/api/tables/${window.sampanTable.state.table.id}/events/?after=0`);
        const events = (await answer.json()).events;
        const sale = events.find((event) => event.type === 'bids_revealed' && event.event.results.length);
        return events.find((event) => event.seq >= sale.seq && event.text).seq;
    }""")
    page.locator(f"#log li[data-seq='{sold_at}']").click()
    page.wait_for_function(f"document.querySelector('#replay-pos').dataset.seq === '{sold_at}'")
    sold = page.locator("#board .market-kind.sold").first
    sold.wait_for()
    words = sold.locator("text").evaluate_all("(nodes) => nodes.map((node) => node.textContent)")
    assert words[-1] == "sold" and (words[0] == "S" or words[0].isdigit()), words
    value = sold.locator("text").first
    assert float(value.evaluate("(node) => getComputedStyle(node).opacity")) >= 0.5
    assert "(sold)" in sold.locator("title").text_content()
    assert not overlapping_words(page)  # the round and its phase keep clear of the market
    screenshot(page, "dschunke-sold-1280")
    page.locator("[data-step=live]").click()


# A whole game by clicking is played by default for Dragon Market alone (test_dragon_market.py);
# the other games' with the slow tests, as the other cases of a check.
@pytest.mark.slow
def test_a_whole_game_against_three_bots_by_clicking(new_page):
    page = new_page(1280, 900)
    sign_up(page, "ana")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_selector("#board .junk")
    assert page.locator("#board .junk").count() == 5
    screenshot(page, "dschunke-1280")

    page.set_viewport_size({"width": 375, "height": 812})
    page.reload()
    page.wait_for_selector("#board .junk")
    assert 300 < page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width") <= 375
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "dschunke-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.reload()
    page.wait_for_selector("#board .junk")

    rng = random.Random(7)
    my_bid = (
        "(() => { const live = window.sampanTable.state.live;"
        " return live.view.phase === 'bartering' && live.legal_actions.length > 0; })()"
    )
    play_until(page, my_bid, rng)
    page.locator("#prompt").filter(has_text="sealed bid").wait_for()
    screenshot(page, "dschunke-bidding-1280")
    seen = set()
    hire_a_load_merchant(page, rng, seen)
    clicks = play_until_over(page, rng, seen)
    assert clicks > 10
    # Every game passes the actions, loading, goods, bidding and the S event's stack choice.
    assert {"actions", "place", "take", "bartering", "search", "pick"} <= seen, seen

    scores = page.get_by_test_id("scores")
    scores.wait_for()
    assert scores.locator("tbody tr").count() == 4
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()
    assert page.locator("#turn-banner").inner_text() == "Game over"
    assert_log_complete(page)
    screenshot(page, "dschunke-finished-1280")
    assert_sold_values_stay_readable(page)
    page.set_viewport_size({"width": 375, "height": 812})
    page.reload()
    page.get_by_test_id("scores").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "dschunke-finished-375")


def test_an_illegal_move_is_refused_and_the_action_list_offers_every_legal_move(new_page):
    page = new_page()
    sign_up(page, "dan")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
    before = head_seq(page)
    page.evaluate("window.sampanTable.submit({type: 'take', kind: 'brown'})")
    page.locator("#message").filter(has_text="cannot").wait_for()
    assert head_seq(page) == before
    assert is_my_turn(page)

    # Every legal action is also offered in words, and a move can be made from that list.
    legal = page.evaluate("window.sampanTable.state.live.legal_actions.length")
    assert page.locator("#action-list button").count() == legal
    page.click("#actions-box summary")
    page.locator("#action-list button").first.click()
    page.wait_for_function("(seq) => window.sampanTable.connection.seq > seq", arg=before)
    assert page.locator("#message").inner_text() == ""


def test_two_players_see_each_others_moves_live_and_catch_up_after_a_drop(new_page):
    host, guest = new_page(1280, 900), new_page(375, 812)
    sign_up(host, "bo")
    sign_up(guest, "cy")
    table_id = create_table(host, "dschunke", [{"kind": "me"}, {"kind": "invite", "username": "cy"}, BOT])
    guest.goto(f"/tables/{table_id}/")
    guest.get_by_test_id("join-1").click()
    host.get_by_test_id("start").click()
    for page in (host, guest):
        page.wait_for_selector("#board .junk")

    moves_seen = 0
    for _ in range(100):
        if moves_seen >= 4:
            break
        mover = next((page for page in (host, guest) if is_my_turn(page)), None)
        if mover is None:
            host.wait_for_timeout(100)
            continue
        watcher = guest if mover is host else host
        dropped = moves_seen == 2
        if dropped:
            # The watcher's connection drops and stays down while the move is made.
            watcher.evaluate("window.sampanTable.connection.stopped = true; window.sampanTable.connection.socket.close()")
            watcher.locator("#conn-status").filter(has_text="reconnecting").wait_for()
        before = head_seq(mover)
        watcher_before = head_seq(watcher)
        click_a_move(mover)
        mover.wait_for_function("(seq) => window.sampanTable.connection.seq > seq", arg=before)
        target = head_seq(mover)
        if dropped:
            watcher.wait_for_timeout(300)
            assert head_seq(watcher) == watcher_before, "a closed socket still delivered events"
            watcher.evaluate("window.sampanTable.connection.stopped = false; window.sampanTable.connection.connect()")
        # No reload: the watcher's page receives the move over its socket (or catches up after the drop).
        watcher.wait_for_function("(seq) => window.sampanTable.connection.seq >= seq", arg=target)
        moves_seen += 1
    assert moves_seen >= 4
    # A person is waited for, so a clock runs: a phone's one-line heading shows its time whole.
    clock = guest.get_by_test_id("clock")
    guest.wait_for_function("document.querySelector('[data-testid=clock]').title.endsWith('left')")
    assert re.fullmatch(r"\d+:\d\d", clock.inner_text()), clock.inner_text()
    assert clock.evaluate("(node) => node.scrollWidth <= node.clientWidth")
    assert guest.evaluate("document.documentElement.scrollWidth <= 375")
    for page in (host, guest):
        assert_log_complete(page)
    host.wait_for_function("document.querySelector('#conn-status').textContent === 'connected'")
    guest.wait_for_function("document.querySelector('#conn-status').textContent === 'connected'")
    screenshot(guest, "dschunke-guest-375")


def test_replay_steps_through_the_events_and_returns_to_the_live_game(new_page):
    page = new_page()
    sign_up(page, "eve")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
    lines = log_seqs(page)
    page.click("#replay [data-step=first]")
    # Positions go by the log's numbers: its lines are numbered 1, 2, 3 though events it leaves out lie between.
    page.locator("#replay-pos").filter(has_text=f"1 / {len(lines)}").wait_for()
    # at the first event only the steps forward lead somewhere
    assert [page.locator(f"#replay [data-step={step}]").is_disabled() for step in ("first", "prev", "next", "live")] \
        == [True, True, False, False]
    page.click("#replay [data-step=next]")
    page.locator("#replay-pos").filter(has_text=f"2 / {len(lines)}").wait_for()
    assert page.locator("#log li.current").get_attribute("data-seq") == str(lines[1])
    assert page.locator("#replay-pos").get_attribute("data-seq") == str(lines[1])
    assert page.locator("#replay [data-step=prev]").is_enabled()
    assert page.locator("#board .clickable").count() == 0
    # Said above the board, with the way back (a phone's replay controls lie far below it).
    assert page.get_by_test_id("last-move").inner_text().startswith(f"Replay, at log entry 2 of {len(lines)}:")
    page.get_by_test_id("replay-leave").click()
    page.locator("#replay-pos").filter(has_text="now").wait_for()
    assert page.locator("#board .clickable").count() > 0
    assert page.locator("#log li.future").count() == 0


def test_a_replay_of_an_event_the_log_leaves_out_marks_the_line_before_it_in_view(new_page):
    """A turn's end has no log line: the replay there (as a click on the analysis chart leads)
    marks the latest line up to it, scrolled into the log's view, and leaves the page still."""
    page = new_page()
    sign_up(page, "gil")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    gaps: list[int] = []
    for _ in range(40):
        # The player's turn: the bots have played and the log holds every line up to now.
        page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
        seqs = log_seqs(page)
        gaps = sorted(set(range(1, max(seqs))) - set(seqs))
        if len(seqs) > 30 and gaps:  # more lines than the log's box shows at once
            break
        click_a_move(page)
    gap = gaps[0]
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("(seq) => window.sampanTable.replay.go(seq)", gap)
    page.wait_for_function(f"document.getElementById('replay-pos').dataset.seq === '{gap}'")
    current = page.locator("#log li.current")
    before = [seq for seq in log_seqs(page) if seq < gap]
    assert current.get_attribute("data-seq") == str(before[-1])
    assert page.locator("#replay-pos").inner_text().startswith(f"{len(before)} / ")  # the number of that line
    line, box = current.bounding_box(), page.locator(".log-card").bounding_box()
    assert box["y"] <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"], (line, box)
    assert page.evaluate("window.scrollY") == 0


# The action turn's prompt drawn for a given choice (the renderer's own drawing, read at once).
TURN_PROMPT = """([legal, done]) => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const view = { ...live.view, phase: "actions", step: null, main_action_done: done };
    const prompt = document.getElementById("prompt");
    const seats = table.state.table.seats.map((seat) => ({ ...seat, name: `seat ${seat.seat}` }));
    table.state.renderer.render(document.getElementById("board"), { ...live, view, seats, legal_actions: legal },
        { act: () => {}, prompt, glossary: glossaries.dschunke, lastMove: null });
    const why = prompt.querySelector("p.muted");
    return { heading: prompt.querySelector("h3").innerText, why: why ? why.innerText : "",
             buttons: [...prompt.querySelectorAll("button")].map((button) => button.innerText) };
}"""


def test_a_turn_with_nothing_left_to_choose_says_why_it_waits_instead_of_asking_for_a_card(new_page):
    """A holder of a special card the others have not seen ends the turn, or passes, by hand (so
    the wait tells them nothing); the prompt says that, and asks for a card only when one can be
    played."""
    page = new_page()
    sign_up(page, "wen")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
    done = page.evaluate(TURN_PROMPT, [[{"type": "end_turn"}], True])
    assert done["heading"] == "Your action is done: end your turn" and done["buttons"] == ["End turn"]
    assert "your turn ends when you say so" in done["why"]
    stuck = page.evaluate(TURN_PROMPT, [[{"type": "pass"}], False])
    assert stuck["heading"] == "No merchant or trainee is left for you: pass" and stuck["buttons"] == ["Pass"]
    assert "your turn ends when you say so" in stuck["why"]
    card = page.evaluate(TURN_PROMPT, [[{"type": "play_special", "card": 0}, {"type": "end_turn"}], True])
    assert card["heading"] == "Play a special card or end your turn" and card["why"] == ""
    assert card["buttons"][-1] == "End turn" and len(card["buttons"]) == 2


# The S reward's card choice drawn for stack 2 holding the given special cards.
PICK_PROMPT = """(cards) => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const view = { ...live.view, phase: "event S", step: { step: "pick", stack: 1 } };
    const prompt = document.getElementById("prompt");
    const legal = cards.map((card) => ({ type: "pick", card }));
    const seats = table.state.table.seats.map((seat) => ({ ...seat, name: `seat ${seat.seat}` }));
    table.state.renderer.render(document.getElementById("board"), { ...live, view, seats, legal_actions: legal },
        { act: () => {}, prompt, glossary: glossaries.dschunke, lastMove: null });
    return [...prompt.querySelectorAll("li")].map((item) => ({
        button: item.querySelector("button").innerText,
        effect: (item.querySelector("[data-testid=card-effect]") || {}).innerText || "" }));
}"""


def test_each_special_card_to_keep_says_what_it_does_where_a_phone_can_read_it(new_page):
    """A player keeping one card of a searched stack reads each card's effect beside it: a phone
    shows no hover title, and the names alone ("Bargain") do not say what a card does."""
    page = new_page(375, 812)
    sign_up(page, "keeper")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
    specials = json.loads(page.evaluate("document.getElementById('page-data').textContent"))["glossaries"]["dschunke"]["specials"]
    choices = page.evaluate(PICK_PROMPT, [0, 5, 12])
    assert all(choice["button"].startswith(specials[card]["title"]) for choice, card in zip(choices, (0, 5, 12))), choices
    assert [choice["effect"] for choice in choices] == [specials[card]["text"] for card in (0, 5, 12)]
    assert len(choices) == 3 and all(choice["effect"] for choice in choices)


# A prompt of this table drawn with the view changed by `fields` and the given legal actions:
# its heading, its buttons (with whether each is a quiet one) and its other lines.
CHANGED_PROMPT = """([fields, legal]) => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const prompt = document.getElementById("prompt");
    const seats = table.state.table.seats.map((seat) => ({ ...seat, name: `seat ${seat.seat}` }));
    table.state.renderer.render(document.getElementById("board"), { ...live, view: { ...live.view, ...fields }, seats,
        legal_actions: legal }, { act: () => {}, prompt, glossary: glossaries.dschunke, lastMove: null });
    return { heading: prompt.querySelector("h3").innerText,
             buttons: [...prompt.querySelectorAll("button")].map((b) => [b.innerText, b.classList.contains("secondary")]),
             lines: [...prompt.querySelectorAll("p, [data-testid=card-too-late]")].map((node) => node.innerText) };
}"""


def test_the_s_prompts_say_why_a_stack_is_searched_and_what_a_card_is_worth_at_the_end(new_page):
    """The S reward (B-rules of the bartering in engines/dschunke/RULES.md): a stack is searched
    for an S won at the market or for the round's S event, and the prompt says which. In the
    last round's bartering the game ends straight after: the choice of 3 Yuan or a card says
    that only an end-of-game bonus still pays, and each other card offered says it is of no use
    (the review took Extra money there, worth nothing, and lost the game by it)."""
    page = new_page(1280, 900)
    sign_up(page, "shopper")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
    search = [{"type": "search", "stack": stack} for stack in range(4)]
    won = page.evaluate(CHANGED_PROMPT, [{"phase": "special reward", "step": {"step": "search"}}, search])
    assert won["heading"] == "You won an S at the market: choose a stack of special cards to search"
    event = page.evaluate(CHANGED_PROMPT, [{"phase": "special event", "step": {"step": "search"}}, search])
    assert event["heading"] == "This round's S event: choose a stack of special cards to search"
    last = {"phase": "special reward", "round": 10}
    choice = page.evaluate(CHANGED_PROMPT, [{**last, "step": {"step": "choose"}},
                                            [{"type": "reward", "choice": "yuan"}, {"type": "reward", "choice": "card"}]])
    assert choice["heading"] == "You won an S in the last round's bartering"
    assert [label for label, _ in choice["buttons"]] == ["Take 3 Yuan", "Take a special card"]
    assert "pays only if its bonus is counted at the end of the game" in choice["lines"][0]
    specials = json.loads(page.evaluate("document.getElementById('page-data').textContent"))["glossaries"]["dschunke"]["specials"]
    offered = [next(card for card, info in enumerate(specials) if info["timing"] == timing)
               for timing in ("permanent", "once", "end")]
    late = offered[:2]
    picked = page.evaluate(CHANGED_PROMPT, [{**last, "step": {"step": "pick", "stack": 1}},
                                            [{"type": "pick", "card": card} for card in offered]])
    assert picked["lines"].count("No use now: the game ends after this bartering.") == len(late)
    earlier = page.evaluate(CHANGED_PROMPT, [{**last, "round": 9, "step": {"step": "pick", "stack": 1}},
                                             [{"type": "pick", "card": card} for card in offered]])
    assert "No use now: the game ends after this bartering." not in earlier["lines"]


def test_a_bluff_is_a_quiet_button_that_names_the_cards_it_shows(new_page):
    """A bid of two kinds is void and keeps its cards: its button is a quiet one, not the look of
    a real bid, and says only what it shows."""
    page = new_page(1280, 900)
    sign_up(page, "bluffer")
    create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0")
    bids = [{"type": "bid", "cards": {}}, {"type": "bid", "cards": {"brown": 1}},
            {"type": "bid", "cards": {"brown": 1, "white": 1}}]
    prompt = page.evaluate(CHANGED_PROMPT, [{"phase": "bartering", "step": None}, bids])
    assert prompt["buttons"][-1] == ["Bluff: show 1 × fish (brown) + 1 × rice (white)", True], prompt["buttons"]
    assert ["Bid nothing", False] in prompt["buttons"] and ["1", False] in prompt["buttons"]


def test_the_last_move_tells_the_bids_revealed_after_the_last_sealed_bid(new_page):
    """The reveal follows the last sealed bid by itself: the line above the board names it after
    the bid (it said "… bids in secret." alone, the result only far down the log). Our own bid
    is shown in turn with the bots' next moves when it brought the reveal."""
    page = new_page(1280, 900, pace="600")
    sign_up(page, "revealer")
    table_id = create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    rng = random.Random(3)
    walk_by_api(page, table_id, lambda legal: any(action["type"] == "bid" for action in legal),
                lambda view: rng.choice(view["legal_actions"]), steps=400)
    page.reload()
    page.locator("#prompt button", has_text="Bid nothing").click()
    page.wait_for_function("document.getElementById('last-move').innerText.includes('Bids revealed')")
    said = page.get_by_test_id("last-move").inner_text()
    # The last of the three bids brings the reveal: ours, or a bot's if it bid after us.
    assert re.match(r"Last move: (revealer bids nothing|AI \d \(\w+\) bids in secret)\. Bids revealed: .*revealer nothing", said), said
