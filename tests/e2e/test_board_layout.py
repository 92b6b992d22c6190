"""Every board keeps its words apart (issue 15, item 5): a game of each against bots, looked at
every few moves at 1280 and at 375 px, shows no label drawn over another and no sideways
scrolling."""
import random

import pytest

from tests.e2e.helpers import click_a_move, create_table, overlapping_words, sign_up, start_if_waiting
from tests.selection import once_by_default

pytestmark = pytest.mark.e2e
BOT = {"kind": "ai", "strength": "random"}
READY = ("window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0"
         " && !window.sampanTable.state.busy")
GAMES = [("dunhuang", 4), ("dragon_boats", 4), ("dragon_market", 3), ("dschunke", 4), ("dschunke_tiles", 2)]
LOOKS = 4  # how many times the board is looked at during the game
MOVES_BETWEEN_LOOKS = 8


def overlaps_at_both_widths(page) -> dict[str, int]:
    found = {}
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(400)  # the board redraws on resize
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
        found.update({pair: width for pair in overlapping_words(page)})
    page.set_viewport_size({"width": 1280, "height": 900})
    return found


@pytest.mark.parametrize(("game", "players"), once_by_default(GAMES, "dschunke"))
def test_no_label_of_the_board_covers_another(new_page, game, players):
    page = new_page(1280, 900)
    sign_up(page, f"layout-{game}")
    create_table(page, game, [{"kind": "me"}, *[BOT] * (players - 1)])
    start_if_waiting(page)
    rng = random.Random(5)
    found = {}
    for _look in range(LOOKS):
        for _move in range(MOVES_BETWEEN_LOOKS):
            page.wait_for_function(f"({READY}) || window.sampanTable.state.live.outcome")
            if page.evaluate("Boolean(window.sampanTable.state.live.outcome)"):
                break
            click_a_move(page, rng)
            page.wait_for_timeout(150)
        found.update(overlaps_at_both_widths(page))
    assert not found, f"labels over each other (pair: width): {found}"
