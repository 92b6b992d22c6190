"""Steps the browser tests share: accounts, creating a table, playing by clicking."""
from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

PASSWORD = "tide-lantern-4821"
DATABASE = f"sampan_e2e_{os.getpid()}"  # the server's own PostgreSQL database: one per run, dropped after it
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"  # git-ignored
# What a script writes where a value was missing: never a word for a player.
DEVELOPER_WORDS = re.compile(r"\b(null|undefined|NaN|None)\b")


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def sign_up(page, username: str) -> None:
    page.goto("/accounts/signup/")
    fill_sign_up_form(page, username)
    page.wait_for_url("**/")
    assert page.get_by_test_id("account-link").inner_text() == username
    pace = getattr(page, "sampan_pace", None)
    if pace is not None:  # the account keeps the pace; the test's page asked for its own
        save_settings(page, {"pace": int(pace)})


def log_in(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main button[type=submit]").click()
    # attached, not visible: on a phone the account link waits in the folded menu
    page.get_by_test_id("account-link").filter(has_text=username).wait_for(state="attached")


def open_site_menu(page) -> None:
    """Unfold the site's menu where the bar folds it (a phone's width); a no-op elsewhere."""
    if page.get_by_test_id("menu-toggle").is_visible() and not page.locator("#site-menu").is_visible():
        page.get_by_test_id("menu-toggle").click()
        page.locator("#site-menu").wait_for()


def choose_language(page, language: str) -> None:
    """Switch the site's language with the bar's switch, as a player does."""
    open_site_menu(page)
    page.get_by_test_id("language").select_option(language)
    page.wait_for_function(f"document.documentElement.lang === '{language}'")
    page.wait_for_load_state("load")  # the new page's scripts are running, not only its first tag parsed


def save_settings(page, settings: dict) -> None:
    answer = page.evaluate("""async (settings) => {
        const token = document.querySelector('meta[name="csrf-token"]').content;
        const response = await fetch('/api/me/', {method: 'PATCH', body: JSON.stringify(settings),
            headers: {'Content-Type': 'application/json', 'X-CSRFToken': token}});
        return response.status;
    }""", settings)
    assert answer == 200, answer


def create_table(page, game: str, seats: list[dict], seconds: int = 300, on_idle: str | None = None,
                 options: dict | None = None) -> int:
    """Fills the create-table form; `seats` like {"kind": "ai", "strength": "random"}; `on_idle`:
    what becomes of an idle player's seat ("bot" or "forfeit"; the form's default if None);
    `options` the game's fields by name, as typed, as the value of a menu's choice, or "true"/"false"
    for a box to tick. Returns the id."""
    submit_create_form(page, game, seats, seconds, on_idle, options)
    page.wait_for_url("**/tables/*/")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def submit_create_form(page, game: str, seats: list[dict], seconds: int = 300, on_idle: str | None = None,
                       options: dict | None = None) -> None:
    page.goto(f"/tables/new/?game={game}")
    page.select_option("#players", str(len(seats)))
    for index, seat in enumerate(seats):
        page.select_option(f"select[name=seat-{index}-kind]", seat["kind"])
        if seat["kind"] == "ai":
            page.select_option(f"select[name=seat-{index}-strength]", seat["strength"])
        if seat["kind"] == "invite":
            page.fill(f"input[name=seat-{index}-username]", seat["username"])
    for name, value in (options or {}).items():
        field = page.locator(f"[name=option-{name}]")
        if field.evaluate("(node) => node.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(value == "true")
        else:
            field.fill(value)
    page.fill("#tc-seconds", str(seconds))
    if on_idle is not None:
        page.check(f"input[name=on-idle][value={on_idle}]")
    page.click("#new-table button[type=submit]")


def start_if_waiting(page) -> None:
    """Start the table when it still waits in its lobby, then wait for the board."""
    page.wait_for_selector("#board svg, [data-testid=start]")
    start = page.get_by_test_id("start")
    if start.is_visible():
        waiting = page.locator("#table-lobby").inner_text()
        assert not DEVELOPER_WORDS.search(waiting), waiting
        start.click()
    page.wait_for_selector("#board svg")


def head_seq(page) -> int:
    return page.evaluate("window.sampanTable.connection.seq")


def log_seqs(page) -> list[int]:
    return page.evaluate("[...document.querySelectorAll('#log li')].map((li) => Number(li.dataset.seq))")


def is_my_turn(page) -> bool:
    return page.evaluate(
        "(() => { const s = window.sampanTable.state.live;"
        " return Boolean(s && s.legal_actions && s.legal_actions.length && !window.sampanTable.state.busy); })()"
    )


LIVE_SEQ = "window.sampanTable.state.live ? window.sampanTable.state.live.seq : null"


class PageMovedOn(AssertionError):
    """The table moved on between looking at the page and clicking: the caller looks again."""


def click_a_move(page, rng: random.Random | None = None) -> bool:
    """Make one move while it is this page's turn, looking again whenever the table moves on
    under the click (another seat's move at a step all seats play at once). False when the turn
    passed before a click landed. A caller that plays towards a goal uses
    click_a_move_in_this_state, so that no click lands once the goal holds."""
    rng = rng or random.Random(0)
    for _attempt in range(10):
        try:
            click_a_move_in_this_state(page, rng)
            return True
        except PageMovedOn:
            if not is_my_turn(page):
                return False
    raise AssertionError("the table moved on under every one of ten clicks")


def click_a_move_in_this_state(page, rng: random.Random, looks: int = 4) -> None:
    """Make one move by clicking something the page offers: on the board or in the prompt,
    else in the "choose an action" list. Picks at random among them (seeded by the caller).
    The click goes to the element seen, never to whatever a redraw put in its place; when a redraw
    took it away, the page is looked at again only while it still shows the same state, and
    PageMovedOn is raised once it shows another."""
    shown = page.evaluate(LIVE_SEQ)
    for look in range(looks):
        if look:
            page.wait_for_timeout(250)  # the redraw finishes
        unfold_prompt(page)
        target = clickable_target(page, rng)
        if target is not None:
            try:
                target.click(timeout=5000)
                return
            except PlaywrightError:  # detached or hidden by a redraw
                pass
        if page.evaluate(LIVE_SEQ) != shown or not is_my_turn(page):
            raise PageMovedOn(f"the table moved on from seq {shown}")
    raise AssertionError("it is my turn but nothing on the page can be clicked")


def clickable_target(page, rng: random.Random):
    """One of the elements a player could click now, as an element handle (fixed to that element)."""
    for selector in ("#board .clickable, #prompt button:not([disabled])", "#action-list button"):
        targets = [target for target in page.locator(selector).element_handles()
                   if target.is_visible() and reachable(target)]
        if targets:
            return rng.choice(targets)
    return None


def unfold_prompt(page) -> None:
    """A phone shows a new prompt folded to one line: a tap unfolds it."""
    toggle = page.locator("#prompt-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        toggle.click()


def reachable(target) -> bool:
    """A click at the middle of `target` lands on it (nothing drawn over it there)."""
    return target.evaluate("""(node) => {
        node.scrollIntoView({ block: 'center' });
        const box = node.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return Boolean(hit && (node === hit || node.contains(hit)));
    }""")


SITUATION = "(() => { const view = window.sampanTable.state.live.view; return view.step ? view.step.step || view.step : view.phase || ''; })()"


def play_until(page, condition: str, rng: random.Random, timeout: float = 240, seen: set | None = None) -> int:
    """Clicks moves whenever it is this page's turn until the JS `condition` holds; returns the
    clicks. `seen` collects the steps (or phases) the clicks were made in."""
    clicks = 0
    until = time.monotonic() + timeout
    while not page.evaluate(condition):
        assert time.monotonic() < until, f"{condition} did not come true in {timeout} s ({clicks} clicks)"
        if is_my_turn(page):
            if seen is not None:
                seen.add(page.evaluate(SITUATION))
            try:
                click_a_move_in_this_state(page, rng)
            except PageMovedOn:
                continue
            clicks += 1
        page.wait_for_timeout(60)
    return clicks


def play_until_over(page, rng: random.Random | None = None, seen: set | None = None) -> int:
    condition = "Boolean(window.sampanTable.state.live && window.sampanTable.state.live.outcome)"
    return play_until(page, condition, rng or random.Random(7), seen=seen)


# Pairs of the board's words drawn over each other: two visible text elements whose boxes share
# more than a sliver (a fifth of the smaller), named by their words. A layer of choices drawn
# over the board on purpose ([data-layer=choices]) is left out.
OVERLAPS = """() => {
  const texts = [...document.querySelectorAll('#board svg text')]
    .filter((node) => !node.closest('[data-layer=choices]'))
    .map((node) => ({ node, box: node.getBoundingClientRect(), words: node.textContent.trim() }))
    .filter(({ box, words, node }) => words && box.width > 0 && box.height > 0
      && getComputedStyle(node).visibility !== 'hidden' && Number(getComputedStyle(node).opacity) > 0.05);
  const found = [];
  for (let i = 0; i < texts.length; i += 1) {
    for (let j = i + 1; j < texts.length; j += 1) {
      const a = texts[i].box, b = texts[j].box;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w <= 0 || h <= 0) continue;
      const smaller = Math.min(a.width * a.height, b.width * b.height);
      if (w * h > smaller / 5) found.push(`${texts[i].words} / ${texts[j].words}`);
    }
  }
  return found;
}"""


def overlapping_words(page) -> list[str]:
    return page.evaluate(OVERLAPS)


OVER = "Boolean(window.sampanTable.state.live && window.sampanTable.state.live.outcome)"
# The step the engine asks of this page's seat (the Legespiel's select, anchor, orient), or null.
MY_STEP = ("(() => { const s = window.sampanTable.state; return s.live && !s.busy && s.live.legal_actions.length"
           " ? s.live.view.step : null; })()")


def click_one_of(page, selector: str, rng: random.Random) -> None:
    """Click one of the board's `selector` at random; a board drawn again under the click (a late
    frame on a loaded machine) is read again and the same choice clicked anew."""
    pick = None
    for _ in range(3):
        found = page.locator(selector).all()
        pick = rng.randrange(len(found)) if pick is None or pick >= len(found) else pick
        try:
            found[pick].click(timeout=10000)
            return
        except PlaywrightError:
            continue
    page.locator(selector).nth(pick).click()


def place_a_tile_step(page, rng: random.Random, seen: set | None = None) -> None:
    """One step of a placement, by clicking what the board offers for the step the engine asks."""
    step = page.evaluate(MY_STEP)
    if step is None:
        return
    if seen is not None:
        seen.add(step)
    if step == "select":
        click_one_of(page, "#board .tl-waiting-tile.clickable", rng)
    elif step == "anchor":
        click_one_of(page, "#board .tl-anchor", rng)
    elif step == "orient":
        click_one_of(page, "#board .tl-arrow", rng)
        page.locator("#board .tl-preview").wait_for()  # the tile shows where it would lie
        unfold_prompt(page)
        page.get_by_test_id("confirm").click()
    page.wait_for_function(f"{MY_STEP} !== {step!r} || {OVER}", timeout=15000)


def play_on_by_api(page, table_id: int) -> None:
    """The player's own moves through the REST API until the game ends: random ones, ending a turn
    (where a turn has an end) seven times in ten."""
    token = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrftoken")
    rng = random.Random(7)
    for _ in range(3000):
        view = page.request.get(f"/api/tables/{table_id}/view/").json()
        if view["outcome"]:
            return
        legal = [action for action in view["legal_actions"] if action["type"] != "back"]
        if not legal:  # the bots answer inside the move's request: nothing should wait here
            page.wait_for_timeout(50)
            continue
        ending = [action for action in legal if action["type"] == "end_turn"]
        action = ending[0] if ending and rng.random() < 0.7 else rng.choice(legal)
        answer = page.request.post(f"/api/tables/{table_id}/actions/", headers={"X-CSRFToken": token}, data={
            "action": action, "expected_seq": view["seq"], "command_id": f"on-{view['seq']}"})
        if answer.status == 429:  # quicker than a player's 30 actions a second
            page.wait_for_timeout(1000)
    raise AssertionError("the game did not end")


def walk_by_api(page, table_id: int, arrived, choose, steps: int = 1500) -> dict:
    """The player's own moves through the REST API, `choose(view)` picking each of the view's legal
    actions, until `arrived(legal)` holds; returns the view there (a position a game reaches,
    quicker than clicked)."""
    token = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrftoken")
    for _ in range(steps):
        view = page.request.get(f"/api/tables/{table_id}/view/").json()
        assert not view["outcome"], "the game ended before the position was reached"
        legal = view["legal_actions"]
        if arrived(legal):
            return view
        if not legal:
            page.wait_for_timeout(50)
            continue
        answer = page.request.post(f"/api/tables/{table_id}/actions/", headers={"X-CSRFToken": token}, data={
            "action": choose(view), "expected_seq": view["seq"], "command_id": f"walk-{view['seq']}"})
        if answer.status == 429:  # quicker than a player's 30 actions a second
            page.wait_for_timeout(1000)
    raise AssertionError("the position was never reached")


def fill_sign_up_form(page, username: str) -> None:
    """Signs up on the sign-up page open now (reached by a link that says where to go next)."""
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("button[type=submit]")


# Cells of a table whose column headings the page hides (the end screen on a phone) that hold a
# bare value, a number or a box with no word of its own nor their heading (data-label): a
# value nobody can tell the meaning of.
UNLABELLED_CELLS = r"""() => [...document.querySelectorAll('table')].flatMap((table) => {
  const head = table.querySelector('thead');
  if (head && head.getBoundingClientRect().height > 1) return [];
  return [...table.querySelectorAll('tbody td:not(:first-child):not([data-label])')]
    .filter((cell) => !/\p{L}/u.test(cell.textContent) && (cell.textContent.trim() || cell.querySelector('input, select')))
    .map((cell) => `${table.dataset.testid || table.className}: ${cell.textContent.trim() || cell.innerHTML}`);
})"""


def unlabelled_cells(page) -> list[str]:
    return page.evaluate(UNLABELLED_CELLS)
