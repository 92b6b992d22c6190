"""Dragon Market in a real browser: a four-player game against three bots, placed and played by
clicking boats, their outlines and the heir's squares, to the final scores and the seed check
(the column and row numbers drawn beside the harbour name each sailor's square as the log does);
and a team game of two people in two browsers, each seeing their own side's secret objective
and not the other side's."""
import random
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.helpers import screenshot, sign_up, unfold_prompt, walk_by_api

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots")  # a copy of the screenshots to look at
OVER = "Boolean(window.sampanTable.state.live && window.sampanTable.state.live.outcome)"
MINE = "(() => { const s = window.sampanTable.state; return Boolean(s.live && !s.busy && s.live.legal_actions.length); })()"
PHASE = "window.sampanTable.state.live.view.phase"
# The id of a boat I may turn now, or null.
TURNING_BOAT = """(() => { const turn = window.sampanTable.state.live.legal_actions
  .find((action) => ["rotate", "half_turn", "turn_far"].includes(action.type)); return turn ? turn.boat : null; })()"""
# The box of the mark on the square picked for a new boat's sailor, once it is drawn.
CHOSEN_SPOT_BOX = """() => { const mark = document.querySelector('[data-testid=dm-chosen-spot]');
  if (!mark) return null; const { x, y, width, height } = mark.getBoundingClientRect(); return { x, y, width, height }; }"""


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(screenshot(page, f"dragon_market-{name}"), SHOTS / f"dragon_market_{name}.png")


def create(page, players: int, seats: dict[int, dict], options: dict) -> int:
    page.goto("/tables/new/?game=dragon_market")
    page.select_option("#players", str(players))
    for index, seat in seats.items():
        page.select_option(f"select[name=seat-{index}-kind]", seat["kind"])
        if seat["kind"] == "ai":
            page.select_option(f"select[name=seat-{index}-strength]", seat["strength"])
        if seat["kind"] == "invite":
            page.fill(f"input[name=seat-{index}-username]", seat["username"])
    for name, value in options.items():
        field = page.locator(f"[name=option-{name}]")
        if field.get_attribute("type") == "checkbox":
            field.check()
        elif field.evaluate("(node) => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*/")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def my_move(page, rng: random.Random, moves_this_turn: list) -> None:
    """One click-made move: in set-up a boat kind, its sailor's square and its facing; in play a
    few boat moves and heir steps, then the end of the turn."""
    prompt_buttons = page.locator("#prompt button:not(.secondary)")
    if page.evaluate(PHASE) != "play":
        spots = page.locator("#board .dm-spot").all()
        if spots:
            spot = rng.choice(spots)
            picked = spot.bounding_box()
            spot.click()
            # While the prompt asks which way the boat lies, the board marks the square picked.
            chosen = page.wait_for_function(CHOSEN_SPOT_BOX).json_value()  # read at once: the board may be redrawn
            assert abs(chosen["x"] + chosen["width"] / 2 - picked["x"] - picked["width"] / 2) < 2, (chosen, picked)
            assert abs(chosen["y"] + chosen["height"] / 2 - picked["y"] - picked["height"] / 2) < 2, (chosen, picked)
        else:
            rng.choice(prompt_buttons.all()).click()
        return
    steps = page.locator("#board .dm-step").all()
    boats = page.locator("#board .dm-boat.clickable").all()
    if len(moves_this_turn) >= 3 or not (steps or boats):
        page.get_by_role("button", name="End turn").click()
        moves_this_turn.clear()
        return
    if steps and (not boats or rng.random() < 0.6):
        rng.choice(steps).click()
    else:
        choose_a_boat(page, rng, boats)
        ghosts = page.locator("#board .dm-ghost").all()
        # a boat's moves in place (a turn, or a power's swap of its goods stacks) are in the prompt
        turns = page.locator("#prompt button:not(.secondary)", has_text=re.compile("^(Turn boat|Swap the goods stacks)")).all()
        rng.choice(ghosts + turns).click()
    moves_this_turn.append(1)


def choose_a_boat(page, rng: random.Random, boats: list) -> None:
    """Presses a boat that may move and waits for the prompt of the boat chosen; once chosen it stays
    chosen through a late frame of the last move, but a redraw just before the press may have
    replaced the boat pressed (on a loaded machine): then another of the boats is pressed."""
    chosen = page.locator("#prompt button.secondary", has_text="Choose another boat")
    for _ in range(3):
        rng.choice(boats).press("Enter")  # from the keyboard: a heir's step marker may lie on a boat's middle
        try:
            chosen.wait_for(timeout=10000)
            return
        except PlaywrightError:
            boats = page.locator("#board .dm-boat.clickable").all() or boats
    chosen.wait_for()


def play_to_the_end(page, rng: random.Random, clicks: int = 0) -> int:
    moves: list = []
    while not page.evaluate(OVER):
        page.wait_for_function(f"{MINE} || {OVER}", timeout=60000)
        if page.evaluate(OVER):
            break
        seq = page.evaluate("window.sampanTable.state.live.seq")
        my_move(page, rng, moves)
        clicks += 1
        page.wait_for_function(f"window.sampanTable.state.live.seq > {seq} || {OVER}", timeout=30000)
    return clicks


def rulers_at_sailor(page, boat_id: str) -> tuple[str, str]:
    """The numbers of the column and the row drawn nearest the sailor of boat `boat_id`: the names
    of its square in the log and the choices, "(column, row)"."""
    return tuple(page.evaluate("""(id) => {
        const sailor = [...document.querySelectorAll("#board .dm-sailor")]
          .find((g) => g.textContent.trim() === id).querySelector("circle").getBoundingClientRect();
        const centre = { x: sailor.x + sailor.width / 2, y: sailor.y + sailor.height / 2 };
        const nearest = (selector, axis) => [...document.querySelectorAll(selector)].map((text) => {
          const box = text.getBoundingClientRect();
          return { text: text.textContent, off: Math.abs(box[axis] + (axis === "x" ? box.width : box.height) / 2 - centre[axis]) };
        }).reduce((a, b) => (a.off <= b.off ? a : b)).text;
        return [nearest("#board .dm-columns text", "x"), nearest("#board .dm-rows text", "y")];
    }""", boat_id))


def test_a_four_player_game_against_three_bots_by_clicking(new_page):
    page = new_page(1280, 900)
    sign_up(page, "hana")
    bot = {"kind": "ai", "strength": "random"}
    create(page, 4, {1: bot, 2: bot, 3: bot}, {"turn_limit": "3"})
    page.get_by_test_id("start").click()
    page.wait_for_selector("#board .dm-sea")
    rng = random.Random(4)
    clicks = 0
    while page.evaluate(PHASE) != "play" or page.locator("#board .dm-boat").count() < 10:
        page.wait_for_function(f"{MINE} || ({PHASE} === 'play')", timeout=60000)
        if page.evaluate(MINE) and page.evaluate(PHASE) != "play":
            seq = page.evaluate("window.sampanTable.state.live.seq")
            my_move(page, rng, [])
            clicks += 1
            page.wait_for_function(f"window.sampanTable.state.live.seq > {seq}")
    assert page.locator("#board .dm-boat").count() == 10
    assert page.locator("#board .dm-heir").count() == 4
    page.wait_for_function(MINE, timeout=60000)
    # A turn in which a boat may turn, for the phone's prompt below (a crossing or a coin owed may come first).
    moves: list = []
    while page.evaluate(TURNING_BOAT) is None:
        seq = page.evaluate("window.sampanTable.state.live.seq")
        my_move(page, rng, moves)
        clicks += 1
        page.wait_for_function(f"window.sampanTable.state.live.seq > {seq}")
        page.wait_for_function(MINE, timeout=60000)
    for boat in page.evaluate("window.sampanTable.state.live.view.boats"):  # nothing moves on my turn
        assert rulers_at_sailor(page, boat["id"]) == tuple(str(number) for number in boat["s"])
    page.get_by_test_id("objective-0").wait_for()  # my objective, face up in the basic game
    assert "movement point" in page.get_by_test_id("dm-turn").inner_text()
    shoot(page, "mid-1280")
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    shoot(page, "mid-375")
    # On a phone the prompt comes folded; choosing a boat that may turn opens it on the turns.
    turning = page.evaluate(TURNING_BOAT)
    turns = page.locator("#prompt-dock:not(.folded) #prompt button", has_text=re.compile("^Turn boat")).first
    for _ in range(3):  # a redraw after the resize, late on a loaded machine, may replace the boat pressed
        page.locator(f'#board .dm-boat[data-boat="{turning}"]').press("Enter")
        try:
            turns.wait_for(timeout=10000)
            break
        except PlaywrightError:
            continue
    turns.wait_for()
    shoot(page, "boat-chosen-375")
    page.locator("#prompt button.secondary", has_text="Choose another boat").click()
    page.set_viewport_size({"width": 1280, "height": 900})
    clicks = play_to_the_end(page, rng, clicks)
    assert clicks > 10
    page.get_by_test_id("scores").wait_for()
    page.get_by_test_id("seed-check").filter(has_text="matches").wait_for()
    shoot(page, "finished-1280")


def test_a_team_game_shows_each_side_its_own_secret_objective(new_page):
    first, second = new_page(1280, 900), new_page(1280, 900)
    sign_up(second, "kenji")
    sign_up(first, "yoko")
    bot = {"kind": "ai", "strength": "random"}
    create(first, 4, {1: bot, 2: {"kind": "invite", "username": "kenji"}, 3: bot},
           {"teams": True, "variant": '"advanced"', "boat_setup": '"random"', "turn_limit": "2"})
    table_url = first.url
    second.goto(table_url)
    second.get_by_test_id("join-2").click()
    first.get_by_test_id("start").click()
    for page in (first, second):
        page.wait_for_selector("#board .dm-sea")
    rng = random.Random(8)
    # Until both partners have kept their team's objective, each keeps one when asked.
    while not all(page.locator("[data-testid=objective-0]").count() for page in (first, second)):
        for page in (first, second):
            if page.evaluate(MINE) and page.evaluate(PHASE) != "play":
                seq = page.evaluate("window.sampanTable.state.live.seq")
                said_what_it_keeps(page)
                rng.choice(page.locator("#prompt button").all()).click()
                page.wait_for_function(f"window.sampanTable.state.live.seq > {seq}")
        first.wait_for_timeout(200)
    # Seats 0 and 2 are partners: both read the team's secret card, on both their rows.
    for page in (first, second):
        for seat in (0, 2):
            assert "Secret objective" in page.get_by_test_id(f"objective-{seat}").inner_text()
        for seat in (1, 3):  # the other team's secret stays hidden
            assert page.get_by_test_id(f"objective-{seat}").count() == 0
    assert first.get_by_test_id("objective-0").inner_text() == second.get_by_test_id("objective-2").inner_text()
    secrets = first.evaluate("JSON.stringify(window.sampanTable.state.live.view.units.map((unit) => unit.secret_copies || null))")
    assert '"seat":1' not in secrets and '"seat":3' not in secrets
    shoot(first, "team-1280")


def said_what_it_keeps(page) -> None:
    """Each objective card offered shows its goods and its power beside its button (a red card's
    power was nowhere on the table, its goods only in a hover title a phone never shows)."""
    glossary = page.evaluate("JSON.parse(document.getElementById('page-data').textContent).glossaries.dragon_market")
    choices = page.locator("#prompt [data-testid^=keep-]").all()
    assert choices
    for choice in choices:
        card = choice.get_attribute("data-testid").removeprefix("keep-")
        goods = [glossary["goods"][kind] for kind in glossary["cards"][card]]
        assert choice.locator(".dm-chip").all_inner_texts() == goods
        assert choice.get_by_test_id("objective-power").inner_text() == glossary["powers"][glossary["card_powers"][card]]


def test_placing_a_boat_says_each_step_and_outlines_each_way_it_can_lie(new_page):
    """M-S5 / M-S6: a boat is placed in three steps, each said in the prompt; at the last, each way
    the boat may lie is outlined beside its sailor, and a click on an outline places it so."""
    page = new_page(1280, 900)
    sign_up(page, "setsail")
    create(page, 2, {1: {"kind": "ai", "strength": "random"}}, {})
    page.get_by_test_id("start").click()
    page.wait_for_selector("#board .dm-sea")
    step = page.get_by_test_id("dm-place-step")
    page.wait_for_function(f"{MINE} && {PHASE} === 'place' && !window.sampanTable.state.live.view.placing.kind",
                           timeout=60000)
    assert step.inner_text().startswith("Step 1 of 3")
    page.locator("#prompt button", has_text="sailor at one end").click()
    page.wait_for_function("Boolean(document.querySelector('#board .dm-spot'))")
    assert step.inner_text().startswith("Step 2 of 3")
    page.locator("#board .dm-spot").first.click()
    page.wait_for_function("Boolean(document.querySelector('#board .dm-facing'))")
    assert step.inner_text().startswith("Step 3 of 3")
    live = page.evaluate("window.sampanTable.state.live")
    ways = sorted(action["dir"] for action in live["legal_actions"] if action["type"] == "facing")
    outlines = page.locator("#board .dm-facing")
    assert sorted(outlines.evaluate_all("(nodes) => nodes.map((node) => node.dataset.dir)")) == ways
    shoot(page, "facing-1280")
    boats = len(live["view"]["boats"])
    way = ways[0]
    page.locator(f'#board .dm-facing[data-dir="{way}"]').click()
    page.wait_for_function(f"window.sampanTable.state.live.view.boats.length > {boats}")
    placed = page.evaluate(f"window.sampanTable.state.live.view.boats[{boats}]")
    assert placed["s"] == live["view"]["placing"]["cell"]
    assert placed["d"] == {"N": [0, 1], "E": [1, 0], "S": [0, -1], "W": [-1, 0]}[way]
    # A boat with its sailor in the middle lies either side of it: each of its two ways is shown by
    # two outlines, and its buttons name the two ends (four outlines beside "face north" and "face
    # east" alone read as four ways with two buttons).
    page.wait_for_function(f"{MINE} && {PHASE} === 'place' && !window.sampanTable.state.live.view.placing.kind",
                           timeout=60000)
    page.locator("#prompt button", has_text="sailor in the middle").click()
    page.wait_for_function("Boolean(document.querySelector('#board .dm-spot'))")
    page.locator("#board .dm-spot").first.click()
    page.wait_for_function("Boolean(document.querySelector('#board .dm-facing'))")
    assert "north–south or east–west" in step.inner_text()
    ways = page.locator("#prompt button").all_inner_texts()
    assert any(way.startswith("Lay the boat") for way in ways), ways
    assert set(ways) <= {"Lay the boat north–south", "Lay the boat east–west", "Take the choice back"}, ways
    assert all(outline.locator("rect").count() == 2 for outline in page.locator("#board .dm-facing").all())


def wanted_squares(view: dict, kinds: set) -> list:
    """The boats' squares holding goods of `kinds` (a boat's first square is its sailor's)."""
    return [square for boat in view["boats"] for slot, square in enumerate(boat["cells"][1:])
            if boat["goods"][slot][1] and boat["goods"][slot][0] in kinds]


@pytest.mark.slow  # a game played on until the heir stands on goods it needs: half a minute to three
def test_on_a_phone_the_turns_buttons_come_before_the_take_hint(new_page):
    """M-T16 as ruled in engines/dragon_market/RULES.md (taking is a choice): on goods the objective
    needs, the prompt offers to take them or to go on. A phone's prompt holds a quarter of the
    screen: its buttons come first and the hint follows, so "Finir le tour" shows without
    scrolling (the review found it under the prompt's lower edge)."""
    page = new_page(375, 740, locale="fr-FR")
    sign_up(page, "dmtelephone")
    table_id = create(page, 2, {1: {"kind": "ai", "strength": "random"}}, {})
    page.get_by_test_id("start").click()
    rng = random.Random(5)

    def heir_walks(view: dict) -> dict:
        """Boats placed as offered; the heir steps towards the nearest goods its objective needs;
        nothing taken."""
        legal = view["legal_actions"]
        steps = [action for action in legal if action["type"] == "step"]
        if not steps:
            return next((action for action in legal if action["type"] not in ("end_turn", "back")), legal[-1])
        unit = view["view"]["units"][view["view"]["players"][view["seat"]]["unit"]]
        wanted = wanted_squares(view["view"], set(unit.get("objective_goods") or []) - set(unit["held"]))
        return min(steps, key=lambda step: (min((abs(step["to"][0] - x) + abs(step["to"][1] - y) for x, y in wanted),
                                                default=0), rng.random()))

    walk_by_api(page, table_id, lambda legal: any(action["type"] == "take" for action in legal), heir_walks)
    page.reload()
    page.locator("#prompt [data-testid=dm-take-hint]").wait_for(state="attached")
    page.locator("#first-hint-done").click()  # the first visit's tips, read
    unfold_prompt(page)
    labels = page.locator("#prompt button").all_inner_texts()
    assert labels[0].startswith("Prendre\u00a0: ") and labels[-1] == "Finir le tour", labels
    # the buttons before the hint, and the two choices the hint names in sight without scrolling
    # (a third, "Acheter 1 PM pour une pièce" when the points are spent, may need a scroll)
    assert page.evaluate("""() => { const prompt = document.getElementById("prompt");
        return prompt.querySelector("button").compareDocumentPosition(prompt.querySelector("[data-testid=dm-take-hint]"))
            === Node.DOCUMENT_POSITION_FOLLOWING; }""")
    prompt = page.locator("#prompt").bounding_box()
    for button in (page.locator("#prompt button").first, page.locator("#prompt button").last):
        box = button.bounding_box()
        assert prompt["y"] <= box["y"] and box["y"] + box["height"] <= prompt["y"] + prompt["height"], (labels, box, prompt)
    shoot(page, "take-375-fr")
