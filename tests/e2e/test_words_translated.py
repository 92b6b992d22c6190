"""Every word a board and an end screen show is French or German in those languages: a game of
each against bots, looked at mid-game and once finished, in English, French and German at the
same step. A word of the English page that comes back in the French or German one is a word
left untranslated, unless the two languages share it (the lists below: names, units, words
spelt alike). Screenshots of each board at 1280 and 375 px in fr and de are kept to look at."""
import json
import random
import re

import pytest

from tests.e2e.helpers import (
    MY_STEP, OVER, choose_language, click_a_move, create_table, is_my_turn, log_in, place_a_tile_step, play_until,
    screenshot, sign_up, start_if_waiting,
)
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
BOT = {"kind": "ai", "strength": "random"}
GAMES = [("dunhuang", 2), ("dragon_boats", 2), ("dragon_market", 2), ("dschunke", 3), ("dschunke_tiles", 2)]
# Dragon Market played by random clicks would run to its 40th round: it ends after the 4th.
OPTIONS = {"dragon_market": {"turn_limit": "4", "boat_setup": '"random"'}}
MOVES_BEFORE_LOOK = 6
# Names, Roman numerals, and words both languages spell like English, or marks that come out alike
# (Dragon Market's goods carry two letters each language chooses from the goods' names: BD, BO,
# PA in French and English, FR, JF, PL, RI, SS in German and English; Dragon Boats' docks their
# corner's compass initials: NE in English and French, and NO, north-west in French and north-east
# in German, alike the English word "no").
SHARED = {"sampan", "dschunke", "das", "legespiel", "dunhuang", "dragon", "market", "yuan", "english", "français",
          "deutsch", "sha", "ii", "iii", "iv", "min", "no",
          "bd", "bo", "fr", "jf", "pa", "pl", "ri", "ss"}
SPELT_ALIKE = {
    "fr": {"action", "actions", "analyse", "analyses", "aubergine", "aubergines", "bluff", "bonus", "bot", "bots", "condition", "confirmation", "direction", "expert", "face",
           "figurine", "final", "grain", "jade", "menu", "ne", "normal", "notification", "occupants", "on", "or", "orange", "permanent",
           "place", "places", "point", "points", "port", "ports", "prestige", "rat", "rats", "routes", "sage", "score", "scores", "se", "secret", "site", "so",
           "statue", "stock", "stocks", "table", "total", "type", "vase", "visible"},
    "de": {"also", "an", "analyse", "aubergine", "bank", "blind", "bluff", "bonsai", "bonus", "bot", "bots", "buddhist", "chat", "diplomat", "emblem",
           "extra", "general", "gold", "hand", "hash", "in", "jade", "ki", "land", "live", "name", "neutral", "normal", "nw",
           "orange",
           "prestige", "rest", "ring", "sack", "so", "start", "sw", "symbol", "was"},
}

# The words the reader sees: visible text (the board's SVG <text> too), tooltips (SVG <title>,
# title attributes), labels for screen readers and the options of visible menus.
WORDS_SHOWN = """() => {
  const shown = (node) => node && node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentElement;
    if (!parent || parent.closest('script, style, title, option') || !shown(parent)) continue;
    texts.push(text.textContent);
  }
  for (const title of document.querySelectorAll('svg title')) texts.push(title.textContent);
  for (const node of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (!shown(node) && !(node instanceof SVGElement)) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) texts.push(node.getAttribute(name) || '');
  }
  for (const select of document.querySelectorAll('select')) {
    if (shown(select)) texts.push(...[...select.options].map((option) => option.textContent));
  }
  return texts;
}"""


# French sets a space before a colon: a word right against one is English typography left in.
COLON_AGAINST_A_WORD = re.compile(r"[^\W\d_]:(\s|$)")


def colons_against_words(texts: list[str]) -> list[str]:
    return [text.strip()[:120] for text in texts if COLON_AGAINST_A_WORD.search(text)]


def words(texts: list[str]) -> dict[str, str]:
    """The words of the texts, in lower case, each with a text it is in: runs of letters of a
    chunk with no digit in it (seats' numbers, hashes and counts are no words)."""
    found = {}
    for text in texts:
        for chunk in text.split():
            if any(char.isdigit() for char in chunk):
                continue
            for word in "".join(char if char.isalpha() else " " for char in chunk).split():
                if len(word) > 1:
                    found.setdefault(word.lower(), text.strip()[:120])
    return found


def settled(page, seq: int, finished: bool) -> None:
    page.wait_for_selector("#board svg")
    page.wait_for_function("(seq) => window.sampanTable.state.live && window.sampanTable.state.live.seq >= seq",
                           arg=seq)
    if finished:
        page.get_by_test_id("scores").wait_for()
        page.locator("[data-testid=seed-check].ok").wait_for()
    page.wait_for_timeout(300)


def look(new_page, username: str, table: int, seq: int, finished: bool, name: str) -> dict[str, dict[str, str]]:
    """The words of the table's page in each language, read by the same player at head `seq`;
    screenshots in French and German at 1280 and 375 px."""
    found = {}
    for language in ("en", "fr", "de"):
        page = new_page(1280, 900, locale=language)
        log_in(page, username)  # a sign-in brings the account's language: the player switches
        choose_language(page, language)
        page.goto(f"/tables/{table}/")
        settled(page, seq, finished)
        texts = page.evaluate(WORDS_SHOWN)
        found[language] = words(texts)
        if language != "en":
            screenshot(page, f"words-{name}-{language}-1280")
            page.set_viewport_size({"width": 375, "height": 812})
            page.wait_for_timeout(400)  # the board redraws on resize
            texts += page.evaluate(WORDS_SHOWN)
            found[language] = {**words(texts), **found[language]}
        if language == "fr":
            assert not colons_against_words(texts), colons_against_words(texts)
            screenshot(page, f"words-{name}-{language}-375")
        page.context.close()
    assert len(found["en"]) > 50, found["en"]  # the English page was read whole
    return found


def untranslated(found: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Per language, each English word it shows, with a text it is in there."""
    return {language: {word: text for word, text in sorted(found[language].items())
                       if word in found["en"] and word not in SHARED | SPELT_ALIKE[language]}
            for language in ("fr", "de")}


@pytest.mark.parametrize(("game", "players"), once_by_default(GAMES, "dunhuang"))  # a whole game in three languages
def test_every_word_of_the_board_and_the_end_screen_is_translated(new_page, game, players):
    username = f"w{game.replace('_', '')[:12]}7"
    page = new_page(1280, 900)
    sign_up(page, username)
    table = create_table(page, game, [{"kind": "me"}, *[BOT] * (players - 1)], options=OPTIONS.get(game))
    start_if_waiting(page)
    rng = random.Random(3)
    moves = 0
    while moves < MOVES_BEFORE_LOOK or not is_my_turn(page):
        page.wait_for_timeout(100)
        if is_my_turn(page):
            click_a_move(page, rng)
            moves += 1
            page.wait_for_timeout(200)
    seq = page.evaluate("window.sampanTable.state.live.seq")
    left = {"in play": untranslated(look(new_page, username, table, seq, False, f"{game}-play"))}
    if game == "dschunke_tiles":  # a tile, a cell and a direction: random clicks would undo picks for minutes
        while not page.evaluate(OVER):
            page.wait_for_function(f"{MY_STEP} !== null || {OVER}", timeout=60000)
            place_a_tile_step(page, rng)
    else:
        play_until(page, OVER, rng, timeout=600)
    seq = page.evaluate("window.sampanTable.state.live.seq")
    left["finished"] = untranslated(look(new_page, username, table, seq, True, f"{game}-end"))
    assert left == {"in play": {"fr": {}, "de": {}}, "finished": {"fr": {}, "de": {}}}, json.dumps(left, indent=1)
