"""Resigning from a running game: the button, its confirmation, what the other player's log
and both end screens say, at 1280 and 375 px, in English and in German; and a table of bots
its player has left, abandoned with its reason."""
import re
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from psycopg.types.json import Jsonb

from tests.e2e.conftest import server_environment
from tests.e2e.helpers import DATABASE, create_table, play_on_by_api, screenshot, sign_up, start_if_waiting

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def two_players(host, guest, names: tuple[str, str], on_idle: str, bots: int = 0) -> int:
    """A running Dunhuang table of `host` (seat 0), `guest` (seat 1) and `bots` random bots."""
    sign_up(host, names[0])
    seats = [{"kind": "me"}, {"kind": "open"}] + [{"kind": "ai", "strength": "random"}] * bots
    table_id = create_table(host, "dunhuang", seats, on_idle=on_idle)
    sign_up(guest, names[1])
    guest.goto(f"/tables/{table_id}/")
    guest.get_by_test_id("join-1").click()
    host.locator("#table-lobby").filter(has_text=names[1]).wait_for()
    start_if_waiting(host)
    guest.wait_for_selector("#board svg")
    return table_id


def test_a_player_resigns_after_confirming_and_a_bot_plays_the_seat_to_the_end(new_page):
    anna, bert = new_page(1280, 900), new_page(375, 812)
    table_id = two_players(anna, bert, ("anna", "bert"), on_idle="bot", bots=1)
    dialog = anna.get_by_test_id("resign-dialog")
    anna.get_by_test_id("resign").click()
    assert dialog.is_visible() and "A bot plays your seat to the end" in dialog.inner_text()
    screenshot(anna, "resign-confirm-1280")
    anna.get_by_test_id("resign-cancel").click()  # thought better of it: nothing happens
    assert dialog.is_hidden() and anna.get_by_test_id("resign").is_visible()
    assert anna.get_by_test_id("resigned").is_hidden()

    anna.get_by_test_id("resign").click()
    anna.get_by_test_id("resign-confirm").click()
    notice = anna.get_by_test_id("resigned")
    notice.wait_for()
    assert notice.inner_text() == "You resigned: a bot plays your seat to the end."
    assert anna.get_by_test_id("resign").is_hidden()
    # Her board is a spectator's now: the hand the bot plays on is not hers to see; the notice
    # above says how the seat is played.
    anna.wait_for_function("window.sampanTable.state.live.seat === null")
    assert "anna (you)" not in anna.locator("#board").inner_text()
    assert "(resigned)" not in anna.locator("#board").inner_text()
    assert anna.get_by_test_id("resigned").is_visible()
    line = bert.locator("#log li").filter(has_text="anna resigned; a bot plays the seat to the end.")
    line.wait_for()
    assert fits(bert)
    screenshot(bert, "resign-log-375")

    play_on_by_api(bert, table_id)  # the bot answers for anna (clicking a whole game: test_dunhuang.py)
    for page in (anna, bert):
        note = page.get_by_test_id("resigned-note")
        note.wait_for()
        assert note.inner_text() == "anna resigned and places last; a bot played the seat to the end."
        rows = page.get_by_test_id("scores").locator("tbody tr")
        assert "anna (resigned)" in rows.last.inner_text()  # whatever her score, last: she gave up
        assert "winner" in rows.first.inner_text()
    # Only anna's own moves say that her bot made them, not what followed of itself (a refill).
    made_for = bert.locator("#log li.made-for").all_inner_texts()
    assert made_for and all("anna" in line for line in made_for), made_for
    assert fits(bert)
    screenshot(anna, "resign-end-1280")
    screenshot(bert, "resign-end-375")

    # Had anna's bot won, with bert and the bot placed equal behind it (the ranking lists one of
    # them first only to list them), both would move up: as the ratings rank them.
    tie = {"scores": [9, 5, 5], "winners": [0], "ranking": [0, 1, 2], "places": [1, 2, 2]}
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DATABASE}", autocommit=True) as connection:
        connection.execute("UPDATE tables_table SET outcome = outcome || %s WHERE id = %s", (Jsonb(tie), table_id))
    anna.reload()
    rows = anna.get_by_test_id("scores").locator("tbody tr")
    rows.first.wait_for()
    assert "anna (resigned)" in rows.nth(2).inner_text() and "winner" not in rows.nth(2).inner_text()
    assert "winner" in rows.nth(0).inner_text() and "winner" in rows.nth(1).inner_text()
    screenshot(anna, "resign-end-shared-1280")


def test_where_idle_seats_forfeit_resigning_forfeits_in_german(new_page):
    dora, emil = new_page(375, 812, locale="de-DE"), new_page(1280, 900, locale="de-DE")
    table_id = two_players(dora, emil, ("dora", "emil"), on_idle="forfeit")
    dora.get_by_test_id("resign").click()
    dialog = dora.get_by_test_id("resign-dialog")
    assert dialog.get_by_role("heading").inner_text() == "Diese Partie aufgeben?"
    assert "Ihr Platz verliert die Partie kampflos" in dialog.inner_text()
    assert fits(dora)
    screenshot(dora, "resign-confirm-de-375")
    dora.get_by_test_id("resign-confirm").click()
    dora.get_by_test_id("resigned").filter(has_text="Sie haben aufgegeben: Ihr Platz verliert die Partie kampflos").wait_for()
    emil.locator("#log li").filter(has_text="dora gibt auf und verliert die Partie kampflos.").wait_for()

    play_on_by_api(emil, table_id)
    for page in (dora, emil):
        note = page.get_by_test_id("resigned-note")
        note.wait_for()
        assert note.inner_text() == "dora hat aufgegeben und die Partie kampflos verloren."
    assert fits(dora)
    screenshot(dora, "resign-end-de-375")
    screenshot(emil, "resign-end-de-1280")


def test_a_table_of_bots_its_player_has_left_is_abandoned_and_the_page_says_why(new_page):
    page = new_page(375, 812, locale="fr-FR")
    sign_up(page, "flo")
    table_id = create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    # The player's idle time runs out at once; the deadline ticker runs as a process of its own.
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DATABASE}", autocommit=True) as connection:
        connection.execute("UPDATE tables_deadline SET due_at = now() - interval '1 second' "
                           "WHERE table_id = %s AND kind = 'idle'", (table_id,))
    done = subprocess.run([sys.executable, "manage.py", "run_deadlines", "--once"], cwd=ROOT,
                          env=server_environment(), capture_output=True, text=True, timeout=60)
    # Other tests' tables may have deadlines due too: the tick claims this one among them.
    assert done.returncode == 0 and re.fullmatch(r"claimed [1-9]\d*\n", done.stdout), (done.stdout, done.stderr)
    page.reload()  # a push from a process that exits at once may not leave it
    why = page.get_by_test_id("abandoned-why")
    why.wait_for()
    assert why.inner_text() == ("Vous avez quitté cette table de bots\u00a0: personne n’a joué pendant le délai "
                                "d’inactivité de la table.")
    assert page.get_by_test_id("another-table").is_visible()
    assert page.get_by_test_id("resign").is_hidden()
    visitor = new_page(1280, 900, locale="fr-FR")  # anyone else reads who left
    visitor.goto(f"/tables/{table_id}/")
    assert visitor.get_by_test_id("abandoned-why").inner_text() == (
        "flo a quitté une table de bots\u00a0: personne n’a joué pendant le délai d’inactivité de la table.")
    assert visitor.get_by_test_id("another-table").count() == 0  # a visitor opens no table
    assert fits(page)
    screenshot(page, "abandoned-left-fr-375")
