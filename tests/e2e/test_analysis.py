"""The analysis of an ended game in the browser: a short game of each engine played to its end,
its player's seat analysed by the server's Celery worker from the end screen, the chart of each
seat's chance drawn, a point of it clicked to see the table there, the costliest moves worded."""
import re

import pytest

from tests.e2e.helpers import SCREENSHOTS, create_table, log_seqs, play_on_by_api, screenshot, sign_up, start_if_waiting
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
BOT = {"kind": "ai", "strength": "random"}
# Each game once, with a language and a width, so that the five plays cover all three and both.
PLAYS = {
    "dschunke": ("en-US", 1280, {}, "Analysis"),
    "dunhuang": ("de-DE", 375, {}, "Analyse"),
    "dragon_boats": ("fr-FR", 1280, {"interactive_cards": "false"}, "Analyse"),
    "dschunke_tiles": ("en-US", 375, {}, "Analysis"),
    "dragon_market": ("fr-FR", 375, {"turn_limit": "6"}, "Analyse"),
}
# A move's label is quoted in the sentence about it, so that it reads as a name in every language.
OPENING_QUOTE = {"en-US": "“", "de-DE": "„", "fr-FR": "«"}
# The log scrolled to its end, its heading in sight: what is drawn at the top of the heading is
# the heading, not an entry scrolled under it.
LOG_HEADING_ON_TOP = """() => {
  const card = document.querySelector('.log-card'), heading = card.querySelector('h2');
  card.scrollTop = card.scrollHeight;
  heading.scrollIntoView({block: 'center'});
  const box = heading.getBoundingClientRect();
  return heading.contains(document.elementFromPoint(box.left + box.width / 2, box.top + 3));
}"""


@pytest.mark.parametrize("game", once_by_default(sorted(PLAYS), "dunhuang"))
def test_a_players_seat_is_analysed_from_the_end_screen(new_page, game):
    locale, width, options, heading = PLAYS[game]
    page = new_page(width=width, height=900, locale=locale)
    name = f"an-{game[:6]}-{width}"
    sign_up(page, name)
    bots = 2 if game == "dschunke" else 1  # Dschunke is for three or more
    table_id = create_table(page, game, [{"kind": "me"}] + [BOT] * bots, options=options)
    start_if_waiting(page)
    play_on_by_api(page, table_id)
    page.reload()
    panel = page.get_by_test_id("analysis")
    panel.get_by_role("heading", name=heading, exact=True).wait_for()
    assert panel.get_by_test_id("analysis-seat").input_value() == "0"  # the reader's own seat
    panel.get_by_test_id("analysis-ask").click()
    panel.get_by_test_id("analysis-chart").locator("canvas").wait_for(timeout=90000)
    analysis = page.request.get(f"/api/tables/{table_id}/analysis/?seat=0").json()[0]
    decisions = analysis["decisions"]
    assert analysis["status"] == "done" and decisions
    turn_starts = [d["seq"] for before, d in zip([None, *decisions], decisions) if before is None or d["turn"] != before["turn"]]
    # A point a turn, then the result: the winners at 100%, the others at 0.
    xs, last = page.evaluate("""() => { const data = window.sampanTable.state.analysis.chart.data;
        return [data[0], data.slice(1, -1).map((seat) => seat.at(-1))]; }""")
    winners = page.request.get(f"/api/tables/{table_id}/").json()["outcome"]["winners"]
    assert xs == list(range(1, len(turn_starts) + 2))  # along the seat's turns
    assert last == [100 if seat in winners else 0 for seat in range(bots + 1)], (last, winners)
    costliest = panel.get_by_test_id("analysis-costliest")
    page.wait_for_function("!document.querySelector('[data-testid=analysis-costliest]').textContent.includes('…')")
    entries = log_seqs(page)  # the log's line number n is entries[n - 1]
    assert not re.search(r"[{}]|\"type\"", costliest.inner_text())  # moves in words, never as JSON
    for item in costliest.locator("li").all():
        assert item.inner_text().count(OPENING_QUOTE[locale]) == 2, item.inner_text()
        assert f" {name} " in item.inner_text()  # who played the move
        # named by the log's line of the move: the first line after a position it was chosen in
        named = entries[int(re.search(r"\d+", item.inner_text()).group()) - 1]
        assert any(d["seq"] < named and not any(d["seq"] < entry < named for entry in entries) for d in decisions)
    # With no costly move, a chart that fell says where the fall came from; a level one does not.
    fell, level = page.evaluate("""() => {
        const panel = window.sampanTable.state.analysis;
        const at = (chance) => ({ chances: [chance, chance, chance, chance] });
        return [panel.costliestList([], [at(0.6), at(0.1)]).textContent, panel.costliestList([], [at(0.4), at(0.4)]).textContent];
    }""")
    assert fell.startswith(level[:-1]) and len(fell) > len(level), (fell, level)

    over = panel.locator(".analysis-chart .u-over")
    box = over.bounding_box()
    over.click(position={"x": box["width"] * 0.4, "y": box["height"] / 2})  # a turn's point, not the result's
    page.wait_for_function("document.getElementById('replay-pos').textContent.includes('/')")
    shown = int(page.locator("#replay-pos").get_attribute("data-seq"))
    assert shown in turn_starts  # a point a turn: the table as the seat's turn began
    # the line above the board, saying where the replay is and leading back, comes into sight
    page.wait_for_timeout(1200)  # the smooth scroll's end
    assert page.evaluate("""() => { const box = document.querySelector('[data-testid=replay-leave]').getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight; }""")
    assert page.evaluate(LOG_HEADING_ON_TOP)  # the entries after the one shown fade under the log's heading
    screenshot(page, f"analysis-{game}-{locale}-{width}")
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(SCREENSHOTS / f"analysis-panel-{game}-{locale}-{width}.png"))
    assert panel.bounding_box()["width"] <= width  # the chart fits the screen
    # A phone turned or a window resized: the chart takes its box's new width.
    page.set_viewport_size({"width": 1280 if width == 375 else 375, "height": 900})
    page.wait_for_function("""() => { const chart = window.sampanTable.state.analysis.chart;
        return Math.abs(chart.width - document.querySelector('[data-testid=analysis-chart]').clientWidth) <= 1; }""")
    page.set_viewport_size({"width": width, "height": 900})
    for button in costliest.locator("li button").all()[:1]:  # a costly move opens the replay where it was chosen
        named = entries[int(re.search(r"\d+", button.inner_text()).group()) - 1]
        chosen_at = {d["seq"] for d in decisions if d["seq"] < named and not any(d["seq"] < entry < named for entry in entries)}
        button.click()
        page.wait_for_function(f"{sorted(chosen_at)}.includes(Number(document.getElementById('replay-pos').dataset.seq))")
    # the end screen offers the game's file, the analysis in it
    exported = page.request.get(page.get_by_test_id("export").get_attribute("href"))
    assert exported.status == 200 and '"analysis"' in exported.text()


# Moves whose words once spoke to the player who makes them ("your heir", "your shop").
ONCE_IN_SECOND_PERSON = {
    "dragon_market": [{"type": "step", "to": [3, 4]}, {"type": "end_turn"}],
    "dunhuang": [{"type": "take", "to": "hand"}, {"type": "take", "to": "shop"}],
}


@pytest.mark.parametrize("locale", once_by_default(["en-US", "fr-FR", "de-DE"], "de-DE"))
def test_a_move_is_worded_alike_whoever_played_it(new_page, locale):
    """The analysis quotes another seat's moves in the words of the moves themselves: they never
    speak to the reader as if the reader had played them."""
    page = new_page(width=1280, height=900, locale=locale)
    sign_up(page, f"words-{locale[:2]}")
    create_table(page, "dragon_market", [{"kind": "me"}, BOT])
    start_if_waiting(page)
    worded = page.evaluate("""async (moves) => {
        const renderers = JSON.parse(document.getElementById('page-data').textContent).renderers;
        const snapshot = window.sampanTable.state.live;
        const words = [];
        for (const [game, actions] of Object.entries(moves)) {
            const { describeAction } = await import(renderers[game]);
            for (const action of actions) words.push(describeAction(action, snapshot, {}));
        }
        return words;
    }""", ONCE_IN_SECOND_PERSON)
    second_person = re.compile(r"\b(your|you|votre|vos|vous|Ihr|Ihre|Ihren|Ihrem|Sie)\b")
    assert len(worded) == 4 and all(words and not second_person.search(words) for words in worded), worded


# A seat's decisions: its chance at each and what the move played lost by the expert's estimate.
def decisions(chances: list[float], losses: list[float]) -> list[dict]:
    return [{"seq": seq, "chances": [chance, 1 - chance], "loss": loss, "played": {}, "best": {}}
            for seq, (chance, loss) in enumerate(zip(chances, losses))]


VERDICT = """async (decisions) => {
    const { AnalysisPanel } = await import('/static/frontend/js/analysis.js');
    return AnalysisPanel.prototype.costliestList.call({ seat: 0 }, [], decisions).textContent;
}"""


def test_with_no_costly_move_the_verdict_adds_up_the_seats_own_small_losses(new_page):
    """A seat that lost a point at each of many turns has no costly move, yet its own moves made
    its fall: the verdict said the others' moves and luck did (the review saw it after a game of
    turns ended at once)."""
    page = new_page()
    page.goto("/")
    own = page.evaluate(VERDICT, decisions([0.25 - 0.01 * turn for turn in range(20)], [0.01] * 20))
    assert own.startswith("No single move of this seat cost much") and "about 20 percentage points" in own, own
    luck = page.evaluate(VERDICT, decisions([0.25 - 0.01 * turn for turn in range(20)], [0.001] * 20))
    assert "the luck of the game, not with its own" in luck, luck
    steady = page.evaluate(VERDICT, decisions([0.25] * 20, [0.01] * 20))
    assert steady == "No move of this seat cost much by the expert's estimate.", steady
