"""Once a game is over its secrets are shown: a finished table draws what the final view reveals
face up, and calls none of it hidden. A short game against random bots is played to its end
(the player's moves through the API, the bots' on the server), then the end screen is read at
1280 and 375 px."""
import pytest

from tests.e2e.helpers import (
    create_table, overlapping_words, play_on_by_api, screenshot, sign_up, start_if_waiting,
)
from tests.e2e.test_dragon_boats import create_short_game

pytestmark = pytest.mark.e2e

BOT = {"kind": "ai", "strength": "random"}
SIZES = ((1280, 900), (375, 812))

# The end table's numbers end where their headings end, and a rating with its change keeps to one line.
NUMBERS_UNDER_THEIR_HEADINGS = """() => {
  const textBox = (node) => { const range = document.createRange(); range.selectNodeContents(node); return range; };
  const table = document.querySelector('[data-testid=scores]');
  const headings = [...table.querySelectorAll('thead th')];
  const cells = [...table.querySelector('tbody tr').children];
  const aligned = cells.every((cell, column) => !cell.classList.contains('num') || cell.textContent === ''
    || Math.abs(textBox(cell).getBoundingClientRect().right - textBox(headings[column]).getBoundingClientRect().right) < 3);
  const ratings = [...table.querySelectorAll('[data-testid=rating-change]')];
  const oneLine = ratings.every((cell) => new Set([...textBox(cell).getClientRects()].map((box) => Math.round(box.bottom))).size === 1);
  return aligned && oneLine;
}"""
# Each seat's hand as the board draws it: the count on each goods card, and the special cards.
DSCHUNKE_HANDS = """() => [...document.querySelectorAll('#board .hand')].map((hand) => ({
  seat: Number(hand.dataset.seat),
  goods: Object.fromEntries([...hand.querySelectorAll('.goods-card')].map((card) => [card.dataset.kind, card.querySelector('text').textContent])),
  specials: [...hand.querySelectorAll('.special-card')].map((card) => Number(card.dataset.card)),
}))"""
PANEL_WORDS = """(seat) => [...document.querySelectorAll(`#board .panel[data-seat="${seat}"] text`)].map((node) => node.textContent)"""


def finish_against_bots(page, table_id: int) -> None:
    start_if_waiting(page)
    play_on_by_api(page, table_id)
    page.reload()
    page.get_by_test_id("scores").wait_for()


def test_a_finished_dschunke_table_shows_every_seats_hand_special_cards_and_money(new_page):
    """engines/dschunke/RULES.md, hidden information: "When the game is over everything shows";
    the final view gives every seat's goods hand, special cards and money to every viewer, and
    the board draws them face up (they had stayed hidden: the bots' hands and special cards)."""
    page = new_page(1280, 900)
    sign_up(page, "junkend")
    table_id = create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    finish_against_bots(page, table_id)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.get_by_test_id("scores").wait_for()
        page.wait_for_selector("#board .panel")
        players = page.evaluate("window.sampanTable.state.live.view.players")
        hands = page.evaluate(DSCHUNKE_HANDS)
        assert [hand["seat"] for hand in hands] == list(range(len(players)))
        for hand, player in zip(hands, players):
            assert hand["goods"] == {kind: f"×{count}" for kind, count in player["hand"].items()}, hand
            assert hand["specials"] == player["specials"], hand
            assert f"{player['money']} Yuan" in page.evaluate(PANEL_WORDS, hand["seat"])
        assert not overlapping_words(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 1280:  # a number under its heading's end, a rating on one line
            assert page.evaluate(NUMBERS_UNDER_THEIR_HEADINGS), page.evaluate("document.querySelector('[data-testid=scores]').outerHTML")
        else:  # a player a block: each part, its label before it, reads from the left as a line of text
            assert page.evaluate("""[...document.querySelectorAll('[data-testid=scores] td.num')]
                .every((cell) => getComputedStyle(cell).textAlign === 'left')""")
        # the board, taller with every hand shown, is not shrunk to the window's height to be read
        assert page.evaluate("""() => { const board = document.getElementById('board');
            return board.querySelector('svg').getBoundingClientRect().width >= board.clientWidth - 24; }""")
        screenshot(page, f"end-reveal-dschunke-{width}")


# The final view drawn with a blind bonus card in a bot's hand, as the final view reveals it
# (a random bot seldom draws one): the words of that card on the bot's board, read at once.
BOATS_REVEALED = """([seat, letter]) => {
    const table = window.sampanTable;
    const live = table.state.live;
    const glossaries = JSON.parse(document.getElementById("page-data").textContent).glossaries;
    const players = live.view.players.map((player) => (player.seat === seat
      ? { ...player, hand: [...player.hand, letter], cards_hidden: player.cards_hidden + 1 } : player));
    table.state.renderer.render(document.getElementById("board"), { ...live, view: { ...live.view, players } },
        { act: () => {}, prompt: document.getElementById("prompt"), glossary: glossaries.dragon_boats, lastMove: null });
    const card = document.querySelector(`#board .db-player[data-seat="${seat}"] .db-mini[data-card="${letter}"]`);
    return { text: card.textContent, title: card.title };
}"""
# Every bonus card on the players' boards: its words.
BOATS_CARDS = "() => [...document.querySelectorAll('#board .db-player .db-mini')].map((card) => `${card.textContent} | ${card.title}`)"


def test_a_finished_dragon_boats_table_calls_no_revealed_bonus_card_hidden(new_page):
    """engines/dragon_boats/hidden.py: the final view gives every seat's blind bonus cards to every
    viewer. The end screen draws them face up and must not label them hidden (as "Y Soy end ·
    hidden"), nor call the scores provisional."""
    page = new_page(1280, 900)
    sign_up(page, "boatend")
    table_id = create_short_game(page)
    finish_against_bots(page, table_id)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.get_by_test_id("scores").wait_for()
        page.wait_for_selector("#board .db-player")
        assert page.evaluate("window.sampanTable.state.live.view.outcome")
        assert not [words for words in page.evaluate(BOATS_CARDS) if "hidden" in words]
        seat = (page.evaluate("window.sampanTable.state.live.seat") + 1) % 4  # a bot
        card = page.evaluate(BOATS_REVEALED, [seat, "Y"])
        assert card["text"] == "Y Soy end", card
        assert "hidden" not in card["title"], card
        assert set(page.locator("#board .db-score").evaluate_all("(nodes) => nodes.map((node) => node.title)")) == {"Final score"}
        screenshot(page, f"end-reveal-dragon-boats-{width}")
