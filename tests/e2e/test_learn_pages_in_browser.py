"""The how-to-play pages in a real browser: every picture drawn by the game's own renderer, in each
language (by default each game in one of them, in turn), at 1280 and 375 px, with no script error
and nothing wider than the screen."""
import pytest

from frontend import learn
from tests.e2e.helpers import screenshot
from tests.selection import each_once_by_default

pytestmark = pytest.mark.e2e

LOCALES = {"en-US": "en", "fr-FR": "fr", "de-DE": "de"}
# What the game's renderer draws: on a board picture, and on a single component's.
DRAWN = {
    "dschunke_tiles": ("svg.tl-grid .tl-tile", "svg .tl-symbol"),
    "dunhuang": ("svg g.tile", "svg"),
    "dschunke": ("svg g.junk", "svg"),
    "dragon_boats": ("svg .db-dock", ".db-card, .db-chip"),
    "dragon_market": ("svg .dm-boat", ".dm-chip, .dm-boat"),
}


@pytest.mark.parametrize(("game", "locale"), each_once_by_default(list(DRAWN), list(LOCALES)))
def test_a_guide_draws_every_picture_with_the_games_renderer(new_page, game, locale):
    board_mark, piece_mark = DRAWN[game]
    for width, height in ((1280, 900), (375, 812)):
        page = new_page(width, height, locale=locale)
        page.goto(f"/games/{game}/learn/")
        figures = page.locator("[data-figure]")
        page.wait_for_function("[...document.querySelectorAll('[data-figure]')].every((box) => box.firstElementChild)")
        names = figures.evaluate_all("(boxes) => boxes.map((box) => box.dataset.figure)")
        assert set(names) <= set(learn.FIGURES[game]) and len(names) > 10, names
        for name in names:
            box = page.locator(f'[data-figure="{name}"]').first
            drawn = board_mark if box.evaluate("(box) => box.classList.contains('learn-figure')") else piece_mark
            assert box.locator(drawn).count() > 0, (name, drawn)
            size = box.locator(":scope > *").first.bounding_box()  # the picture the renderer drew
            assert size["width"] >= 20 and size["height"] >= 20, (name, size)
            assert size["width"] <= width, (name, size)
        assert words_keep_beside_or_below_their_pieces(page), (game, width)
        text = page.locator("article").inner_text()
        assert "undefined" not in text and "NaN" not in text
        assert page.get_by_test_id("rulings-link").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
        screenshot(page, f"learn-{game}-{LOCALES[locale]}-{width}")


def words_keep_beside_or_below_their_pieces(page) -> bool:
    """Each list item that opens with pieces (a card, a character, a symbol) keeps its words in a
    box of their own, at least 10rem wide (no word cut in two), beside the pieces or, on a phone,
    below a wide card: no line of them runs under a piece."""
    return page.evaluate("""() => [...document.querySelectorAll('.learn li')]
      .filter((item) => item.firstElementChild?.classList.contains('learn-piece'))
      .every((item) => {
        const words = item.querySelector(':scope > .learn-words');
        if (!words) return false;
        const box = words.getBoundingClientRect();
        if (box.width < 159) return false;
        return [...item.querySelectorAll(':scope > .learn-piece')].every((piece) => {
          const drawn = piece.getBoundingClientRect();
          return box.left >= drawn.right - 1 || box.top >= drawn.bottom - 1;
        });
      })""")
