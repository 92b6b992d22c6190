"""Dragon Boats of the Four Seas in a real browser: a short 4-player game against three bots,
played by clicking the board and the prompt, to the final scores, at 1280 and 375 px (the sea
enlarged); and the prompt of a seat asked at a card window with no card to play, in en, fr and de."""
import random
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.helpers import click_a_move, create_table, play_until, play_until_over, screenshot, sign_up, start_if_waiting
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e

BOT = {"kind": "ai", "strength": "random"}
SHOTS = Path("/tmp/shots")  # a copy of the screenshots to look at


def shoot(page, name: str) -> None:
    path = screenshot(page, f"dragon_boats-{name}")
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / f"dragon_boats_{name}.png")


def create_short_game(page) -> int:
    """The create form with the short game (4 rounds, 4 players only): me and three bots."""
    page.goto("/tables/new/?game=dragon_boats")
    page.select_option("#players", "4")
    for index in range(1, 4):
        page.select_option(f"select[name=seat-{index}-kind]", "ai")
        page.select_option(f"select[name=seat-{index}-strength]", BOT["strength"])
    page.check("input[name=option-short_game]")
    page.fill("#tc-seconds", "300")
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*/")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def wait_for_my_turn_against_a_bot(page, username: str) -> None:
    """A new player's two-seat game against a bot, once only their seat waits, no bot's move is
    still to come and none is still being shown (either would draw the page again)."""
    sign_up(page, username)
    create_table(page, "dragon_boats", [{"kind": "me"}, BOT])
    start_if_waiting(page)
    page.wait_for_function("(() => { const table = window.sampanTable; const live = table.state.live;"
                           " return live && live.legal_actions.length > 0 && !table.state.busy"
                           " && !document.querySelector('#board.stepping')"
                           " && (live.to_act || []).every((seat) => seat === live.seat); })()", timeout=30000)


def shoot_view(page, name: str, selector: str) -> None:
    """What a phone shows with `selector` at the top (the full-page shot is very long)."""
    page.locator(selector).first.evaluate("(node) => node.scrollIntoView({block: 'start'})")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dragon_boats_{name}.png"))


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# A whole game by clicking is played by default for Dragon Market alone (test_dragon_market.py);
# the other games' with the slow tests, as the other cases of a check.
@pytest.mark.slow
def test_a_short_game_of_dragon_boats_against_three_bots_by_clicking(new_page):
    page = new_page(1280, 900)
    sign_up(page, "mei")
    create_short_game(page)
    start_if_waiting(page)
    page.wait_for_selector("#board .db-boat")
    assert page.locator("#board .db-boat").count() == 4
    assert page.locator("#board .db-stall").count() == 5
    assert page.locator("#board .db-player").count() == 4
    assert page.locator("#board .db-round").count() == 4  # the short game's round cards
    assert page.locator("#board .db-node").count() == 20 + 4 * 20  # the mountain and four islands

    rng = random.Random(11)
    seen = set()
    # Mid-game: a disc of ours resolving in round 2 (or any decision of ours from round 3 on).
    mid_game = ("(() => { const live = window.sampanTable.state.live; const view = live.view;"
                " return view.round >= 2 && (view.step === 'resolve' || view.round >= 3)"
                " && live.legal_actions.length > 0 && !window.sampanTable.state.busy; })()")
    play_until(page, mid_game, rng, timeout=120, seen=seen)
    # The board and the prompt offer every legal action (the page opens its list of actions
    # in words only for actions a renderer left out), and the prompt says what is decided.
    assert page.locator("#board .clickable, #prompt button").count() > 0  # some decisions are buttons only
    assert page.locator("#prompt h3").inner_text()
    assert not page.evaluate("document.getElementById('actions-box').open")
    assert no_sideways_scroll(page)
    shoot(page, "1280")

    page.set_viewport_size({"width": 375, "height": 812})
    page.reload()
    page.wait_for_selector("#board .db-boat")
    width = page.evaluate("document.querySelector('#board .db-map').getBoundingClientRect().width")
    assert 300 < width <= 375
    assert no_sideways_scroll(page)
    shoot(page, "375")
    shoot_view(page, "375_sea", "#board .db-status")
    shoot_view(page, "375_market", "#board .db-market")
    shoot_view(page, "375_players", "#board .db-players")

    # A phone may enlarge the sea, whose words are a few pixels high: twice as wide, scrolled
    # sideways within its frame (never the page), opened on its middle; the choice holds over
    # redraws and visits.
    word = "document.querySelector('#board .db-map .db-node text').getBoundingClientRect().height"
    frame = "(() => { const f = document.querySelector('#board .db-sea-frame'); return [f.scrollWidth, f.clientWidth, f.scrollLeft]; })()"
    small = page.evaluate(word)
    page.get_by_test_id("enlarge-sea").click()
    wide, shown, left = page.evaluate(frame)
    assert wide >= 1.9 * shown and 0 < left < wide - shown
    assert page.evaluate(word) >= 1.9 * small >= 9
    assert no_sideways_scroll(page)
    page.reload()
    page.wait_for_selector("#board .db-boat")
    assert page.get_by_test_id("enlarge-sea").get_attribute("aria-pressed") == "true"
    assert page.evaluate(frame)[0] >= 1.9 * shown
    shoot_view(page, "375_sea_enlarged", "#board .db-status")

    # The rest of the game is played at 375 px, on the enlarged sea.
    clicks = play_until_over(page, rng, seen)
    assert clicks > 10
    assert {"start_disc", "bid", "resolve"} <= seen, seen
    assert not page.evaluate("document.getElementById('actions-box').open")

    scores = page.get_by_test_id("scores")
    scores.wait_for()
    assert scores.locator("tbody tr").count() == 4
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()
    assert page.locator("#turn-banner").inner_text() == "Game over"
    assert no_sideways_scroll(page)
    shoot(page, "finished-375")
    shoot_view(page, "375_finished", "#finished")


# A card window's prompt for a seat asked with nothing to play (B-X15): it holds a hidden card,
# so it is asked all the same, and must be told that it can only pass, and why it is asked.
NOTHING_TO_PLAY = {
    "en": ("The explore phase begins: no card to play now", "Pass", "You hold a hidden bonus card: every holder is asked"),
    "fr": ("La phase d’exploration commence\u00a0: aucune carte à jouer maintenant", "Passer",
           "Vous détenez une carte bonus cachée\u00a0: chaque détenteur est interrogé"),
    "de": ("Die Erkundungsphase beginnt: Sie können jetzt keine Karte spielen", "Passen",
           "Sie halten eine verdeckte Bonuskarte: Wer eine hält, wird"),
}
ONLY_PASS_AT_W1 = """() => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const window_ = { point: "before_mountain", passed: [], then: "climb_next" };
    const view = { ...live.view, step: "window", window: window_, actor: live.seat, to_act: [live.seat] };
    table.state.renderer.render(document.getElementById("board"),
        { ...live, view, to_act: [live.seat], legal_actions: [{ type: "pass" }] },
        { act: () => {}, prompt: document.getElementById("prompt"), glossary: glossaries.dragon_boats,
          lastMove: null });
    // Read at once: a late push (a bot's clock, the hint panel) may redraw the real prompt.
    const prompt = document.getElementById("prompt");
    const why = prompt.querySelector("[data-testid=db-why-asked]");
    return { heading: prompt.querySelector("h3").innerText, why: why ? why.innerText : "",
             buttons: [...prompt.querySelectorAll("button")].map((button) => button.innerText) };
}"""


@pytest.mark.parametrize("language", once_by_default(["en", "fr", "de"], "fr"))
def test_a_seat_asked_with_no_card_to_play_is_told_so_with_a_pass_button(new_page, language):
    """The page draws such a frame (the server's view with the window open and Pass the only
    legal action; a random game cannot be steered to it) in each language."""
    page = new_page(375, 812, locale=language)
    # The frame is drawn once no bot has a move still to come, which would redraw the real prompt.
    wait_for_my_turn_against_a_bot(page, f"onlypass{language}")
    drawn = page.evaluate(ONLY_PASS_AT_W1)
    heading, button, why = NOTHING_TO_PLAY[language]
    assert drawn["why"].startswith(why), drawn
    assert (drawn["heading"], drawn["buttons"]) == (heading, [button])
    assert no_sideways_scroll(page)
    shoot_view(page, f"375_only_pass_{language}", "#prompt")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(400)  # the page redraws the real prompt 150 ms after a resize
    assert page.evaluate(ONLY_PASS_AT_W1) == drawn
    shoot_view(page, f"1280_only_pass_{language}", "#prompt")


# A disc's turn at stall I (B-P4, B-P11): the heading names boarding and the mountain paths only
# where the legal actions hold them (a seat with no member at home or no offering has neither).
STALL_TURN = """(actions) => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const stalls = live.view.stalls.map((stall, index) => (index === 0 ? { ...stall, offerings: ["gold"], price: 2 } : stall));
    const view = { ...live.view, step: "resolve", resolving: { stall: 0 }, stalls, to_act: [live.seat] };
    table.state.renderer.render(document.getElementById("board"),
        { ...live, view, to_act: [live.seat], legal_actions: actions },
        { act: () => {}, prompt: document.getElementById("prompt"), glossary: glossaries.dragon_boats, lastMove: null });
    return document.getElementById("prompt").querySelector("h3").innerText;
}"""
STALL_CHOICES = [{"type": "buy", "kind": "gold"}, {"type": "take_money"}]
BOARD = {"type": "board", "boat": 0, "place": 0, "omit": None}
PATH = {"type": "path", "path": "A"}
STALL_HEADINGS = [
    ([], "Your disc at stall I: buy an offering for 2 or take 1 money"),
    ([BOARD], "Your disc at stall I: buy an offering for 2 or take 1 money; you may also board a boat"),
    ([PATH], "Your disc at stall I: buy an offering for 2 or take 1 money; you may also take a mountain path"),
    ([BOARD, PATH], "Your disc at stall I: buy an offering for 2 or take 1 money; you may also board a boat or take a"
                    " mountain path"),
]


def test_a_stall_turn_offers_boarding_and_paths_only_where_the_actions_hold_them(new_page):
    page = new_page(1280, 800, locale="en")
    wait_for_my_turn_against_a_bot(page, "stallturn")
    for extra, heading in STALL_HEADINGS:
        assert page.evaluate(STALL_TURN, STALL_CHOICES + extra) == heading
    # B-P11: the final boarding is a choice, worded as the stall's "you may still" (a newcomer
    # read "take a mountain path" as an order and paid three offerings for it).
    final = page.evaluate(CHANGED_STEP, [{"step": "final"}, [PATH, {"type": "done"}]])
    assert final == "Final boarding: you may still take a mountain path, then click Done"
    # B-G1 / B-G2 / B-E8: storage says what an offering kept is worth, beside what a sale brings.
    storage = page.evaluate(CHANGED_STEP, [{"step": "storage"}, [{"type": "sell", "kind": "gold"}, {"type": "done"}]])
    assert "each kept scores 1 point at the end, each sold brings 1 money (a treasure 2)" in storage, storage


# The prompt's heading drawn with the view's fields changed and the given legal actions.
CHANGED_STEP = """([fields, actions]) => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    table.state.renderer.render(document.getElementById("board"),
        { ...live, view: { ...live.view, ...fields, to_act: [live.seat] }, to_act: [live.seat], legal_actions: actions },
        { act: () => {}, prompt: document.getElementById("prompt"), glossary: glossaries.dragon_boats, lastMove: null });
    return document.getElementById("prompt").querySelector("h3").innerText;
}"""


# Another seat's bonus cards drawn blind are hidden from the others: the page shows how many,
# each as a card's back whose words are readable.
BLIND_CARDS = """() => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const players = live.view.players.map((player) => (player.seat === live.seat ? player
        : { ...player, cards_known: [], cards_hidden: 2 }));
    table.state.renderer.render(document.getElementById("board"), { ...live, view: { ...live.view, players } },
        { act: () => {}, prompt: document.getElementById("prompt"), glossary: glossaries.dragon_boats, lastMove: null });
    return [...document.querySelectorAll("#board .db-mini.db-card-back")].map((node) => {
        const style = getComputedStyle(node);
        return [node.innerText, style.color, style.backgroundColor];
    });
}"""


def test_another_seats_blind_cards_show_as_readable_backs(new_page):
    page = new_page(1280, 800, locale="en")
    wait_for_my_turn_against_a_bot(page, "blindbacks")
    backs = page.evaluate(BLIND_CARDS)
    assert backs == [["hidden card", "rgb(255, 255, 255)", "rgb(138, 31, 17)"]] * 2  # 8.9:1
    shoot_view(page, "1280_blind_backs", "#board .db-card-back.db-mini")


# What a move touched blinks for a moment; words in the market's panels blink by their outline
# and keep their full contrast (a fade halved it). The chip is one of the board's own, marked as
# touched, on a board of its own (the table's redraws would replace a chip of the table's).
TOUCHED_OPACITIES = """async () => {
    const board = document.createElement("div");
    board.className = "board db";
    board.innerHTML = '<span class="db-chip db-kind-jade touched">jade</span>';
    document.body.append(board);
    const chip = board.firstElementChild;
    const seen = [];
    for (let step = 0; step < 8; step += 1) {
        seen.push(getComputedStyle(chip).opacity);
        await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const animation = getComputedStyle(chip).animationName;
    const outline = getComputedStyle(chip).outlineStyle;
    board.innerHTML = '<svg><g class="touched"><rect width="10" height="10"></rect></g><g class="clickable"><rect class="hit" width="10" height="10"></rect></g></svg>';
    const [touched, clickable] = [...board.querySelectorAll("rect")].map((rect) => getComputedStyle(rect).strokeDasharray);
    board.remove();
    return { seen: [...new Set(seen)], animation, outline, touched, clickable };
}"""


def test_a_touched_panel_blinks_without_fading_its_words(new_page):
    page = new_page(1280, 800, locale="en")
    wait_for_my_turn_against_a_bot(page, "touchblink")
    blink = page.evaluate(TOUCHED_OPACITIES)
    # ... and dotted, unlike the solid outline of a part to click (the review tried to click a
    # stall the last move had changed)
    assert blink == {"seen": ["1"], "animation": "touched-outline", "outline": "dotted", "touched": "1px, 6px",
                     "clickable": "none"}, blink


# A middle place that may be boarded leaving out either of two offerings (B-P11): pressed on the
# sea, it asks which offering to leave out, each named in the reader's words.
LEAVE_OUT = """() => {
    const table = window.sampanTable;
    const live = table.state.live;
    const boards = ["jade", "tea"].map((omit) => ({ type: "board", boat: 0, place: 1, omit }));
    table.state.live = { ...live, to_act: [live.seat], legal_actions: boards };
    window.dispatchEvent(new Event("resize"));  // the page draws the table again
    return JSON.parse(document.getElementById("page-data").textContent).glossaries.dragon_boats.kinds;
}"""


def test_the_offering_left_out_of_a_middle_place_is_asked_in_the_readers_words(new_page):
    """On a phone the prompt, folded at each new turn, opens to ask it."""
    page = new_page(375, 800, locale="de-DE")
    wait_for_my_turn_against_a_bot(page, "leaveout")
    place = page.locator('#board .db-place[data-boat="0"][data-place="1"]')
    for _ in range(5):  # a frame that comes late draws the table as it is: ours is drawn once more
        kinds = page.evaluate(LEAVE_OUT)
        try:
            place.locator(".hit").wait_for(state="attached", timeout=5000)  # pressable once drawn again
            break
        except PlaywrightError:
            continue
    else:
        raise AssertionError("the middle place was never drawn pressable")
    place.dispatch_event("click")
    chooser = page.locator("#prompt .db-omit")
    assert page.locator("#prompt-dock:not(.folded)").count() == 1
    chooser.locator("button").first.wait_for(state="visible")
    assert chooser.locator(".db-label").inner_text().endswith(", mittlerer Platz: weglassen")
    assert chooser.locator("button").all_inner_texts() == [kinds["jade"], kinds["tea"]]
    assert kinds["tea"] != "tea"
    shoot_view(page, "375_leave_out_de", "#prompt")


# The first prompt button whose move the board draws too, by its action's index, or null.
TWIN_INDEX = """() => {
    const onBoard = new Set([...document.querySelectorAll("#board [data-action-index]")].map((node) => node.dataset.actionIndex));
    const button = [...document.querySelectorAll("#prompt button[data-action-index]")].find((node) => onBoard.has(node.dataset.actionIndex));
    return button ? button.dataset.actionIndex : null;
}"""


def test_pointing_at_a_prompt_button_outlines_its_place_on_the_board(new_page):
    """A space a button names in words (a road, a stall) is shown on the sea when the button is
    pointed at or focused, and no longer once the pointer leaves."""
    page = new_page(1280, 800, locale="en")
    sign_up(page, "twins")
    create_table(page, "dragon_boats", [{"kind": "me"}, BOT])
    start_if_waiting(page)
    rng = random.Random(4)
    for _ in range(60):
        if page.evaluate("!window.sampanTable.state.busy") and page.evaluate(TWIN_INDEX) is not None:
            break
        click_a_move(page, rng)
        page.wait_for_timeout(200)
    index = page.evaluate(TWIN_INDEX)
    assert index is not None
    twin = page.locator(f'#board [data-action-index="{index}"]')
    page.locator(f'#prompt button[data-action-index="{index}"]').hover()
    assert "twin" in twin.first.get_attribute("class")
    page.mouse.move(5, 5)
    assert "twin" not in (twin.first.get_attribute("class") or "")
    page.locator(f'#prompt button[data-action-index="{index}"]').focus()
    assert "twin" in twin.first.get_attribute("class")


# The marks drawn on the sea (a road's reward, a boat's place) and the words the legend under the
# sea gives each, with the legend's type size on the screen.
SEA_MARKS = """() => {
    const drawn = [...document.querySelectorAll("#board .db-node text, #board .db-place text")]
        .map((node) => node.textContent.trim()).filter((text) => text && !/^W\\d+$/.test(text) && [...text].length <= 2);
    const legend = document.querySelector("#board [data-testid=sea-legend]");
    const explained = legend ? [...legend.querySelectorAll("b")].map((node) => node.textContent) : [];
    return { drawn: [...new Set(drawn)].sort(), explained,
             size: legend ? parseFloat(getComputedStyle(legend).fontSize) : 0,
             places: [...document.querySelectorAll("#board .db-place text")].slice(0, 3).map((node) => node.textContent) };
}"""


@pytest.mark.parametrize("language", once_by_default(["en", "fr", "de"], "en"))
def test_every_mark_on_the_sea_is_explained_in_words_a_phone_can_read(new_page, language):
    """A newcomer reads what each mark of the sea stands for under it, the boats' places (front,
    middle, rear) included, in the page's own type rather than shrunk with the sea."""
    page = new_page(375, 812, locale=language)
    wait_for_my_turn_against_a_bot(page, f"legend{language}")
    page.get_by_test_id("sea-legend").wait_for()  # drawn again as the last frame arrives
    marks = page.evaluate(SEA_MARKS)
    assert len(marks["places"]) == 3 and len(set(marks["places"])) == 3, marks
    assert set(marks["drawn"]) >= set(marks["places"]), marks
    assert set(marks["drawn"]) <= set(marks["explained"]), marks
    assert marks["size"] >= 12, marks
    legend = page.get_by_test_id("sea-legend")
    assert legend.is_visible()
    words = {"en": "front", "fr": "avant", "de": "vorn"}[language]
    assert words in legend.inner_text()
    # the word under a boat's beats and the star of the round's first player are explained too
    beats = {"en": "beats", "fr": "battements", "de": "Schläge"}[language]
    assert beats in page.evaluate("[...document.querySelectorAll('#board .db-boat text')].map((node) => node.textContent)")
    assert {beats, "★"} <= set(marks["explained"]), marks
    # in one step: the legend is drawn again with each frame, and may be replaced under a locator
    page.evaluate("document.querySelector('[data-testid=sea-legend]').scrollIntoView({ block: 'nearest' })")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dragon_boats_legend_375_{language}.png"))


def test_a_tap_on_a_boats_topper_says_in_words_what_boarding_costs(new_page):
    """B-P12: the topper's cost dots differ by colour alone; a tap on one (a phone has no pointer
    to hover with) names the offerings in the message box."""
    page = new_page(375, 812)
    wait_for_my_turn_against_a_bot(page, "topper")
    boat = page.evaluate("window.sampanTable.state.live.view.boats.find((boat) => boat.topper)")
    page.locator(f'#board .db-boat[data-boat="{boat["boat"]}"] .db-topper rect').click(force=True)
    said = page.locator("#message").inner_text()
    assert "boarding costs " + ", ".join(boat["topper"]["cost"]) in said, (said, boat["topper"])


def test_the_star_of_the_first_player_says_what_it_means(new_page):
    """B-S3 / B-R2: the round's first player is starred; the star explains itself (a tap on a
    phone reads its tooltip in the message box)."""
    page = new_page(375, 812)
    wait_for_my_turn_against_a_bot(page, "starred")
    first = page.evaluate("window.sampanTable.state.live.view.first")
    star = page.locator(f'#board .db-player[data-seat="{first}"] [data-testid=first-player]')
    assert star.get_attribute("title") == "Plays first this round"
    assert page.get_by_test_id("first-player").count() == 1
    star.click()
    assert "Plays first this round" in page.locator("#message").inner_text()


@pytest.mark.parametrize("locale, expected", once_by_default([("de", "Leder verkaufen"), ("fr", "Vendre cuir"),
                                                               ("en", "Sell leather")], "de"))
def test_a_move_in_words_puts_the_verb_where_the_language_wants_it(new_page, locale, expected):
    """The action list and the analysis name a move with a whole phrase per language."""
    page = new_page(1280, 900, locale=locale)
    wait_for_my_turn_against_a_bot(page, f"phrase{locale}")
    words = page.evaluate("""() => {
        const table = window.sampanTable, game = table.state.table.game;
        const glossary = JSON.parse(document.getElementById('page-data').textContent).glossaries[game];
        return table.state.renderer.describeAction({ type: 'sell', kind: 'leather' }, table.state.live, glossary); }""")
    assert words == expected
