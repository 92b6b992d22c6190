"""Around the tables (issue 20): the rating change on the end screen, a rematch from it, the
player's public page and the leaderboard, at 1280 and 375 px."""
import json
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.e2e.conftest import server_environment
from tests.e2e.helpers import (DATABASE, click_a_move, create_table, play_until_over, screenshot, sign_up,
                               start_if_waiting, submit_create_form)

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_the_end_screen_shows_the_rating_change_and_offers_a_rematch(new_page):
    page = new_page(1280, 900)
    sign_up(page, "suki")
    table_id = create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    start_if_waiting(page)
    play_until_over(page)
    changes = page.get_by_test_id("rating-change")
    changes.first.wait_for()
    assert changes.count() == 2
    assert all(text.split()[0].isdigit() and "(" in text for text in changes.all_inner_texts())
    screenshot(page, "community-end-1280")
    ratings_come_after_the_end_screen(page, table_id)

    page.get_by_test_id("rematch").click()
    page.wait_for_url(lambda url: f"/tables/{table_id}/" not in url)
    page.wait_for_selector("#board svg")  # against a bot the rematch starts at once
    rematch_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.goto(f"/tables/{table_id}/")
    page.get_by_test_id("rematch-link").wait_for()
    assert page.get_by_test_id("rematch-link").get_attribute("href") == f"/tables/{rematch_id}/"

    page.goto("/accounts/profile/")
    page.get_by_test_id("public-page").click()
    assert page.get_by_test_id("player-name").inner_text() == "suki"
    lines = page.get_by_test_id("table-lines")
    assert f"#{rematch_id}" in lines.first.inner_text()  # current tables: the rematch
    assert f"#{table_id}" in lines.last.inner_text()  # recent games: the first one, with its change
    assert "Merchants of Dunhuang" in page.get_by_test_id("player-games").inner_text()
    screenshot(page, "community-player-1280")
    page.set_viewport_size({"width": 375, "height": 812})
    page.reload()
    assert fits(page)
    screenshot(page, "community-player-375")
    page.goto("/games/dunhuang/leaderboard/")
    page.get_by_role("heading", name="Merchants of Dunhuang: leaderboard").wait_for()
    assert fits(page)
    screenshot(page, "community-leaderboard-375")


def ratings_come_after_the_end_screen(page, table_id: int) -> None:
    """A page that read the ended table before its ratings were written shows them when they are
    (the table's push), with no reload: as if the finisher's rating came late, here by the sweep's
    own function run in a process of its own."""
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DATABASE}", autocommit=True) as connection:
        connection.execute("DELETE FROM tables_ratingchange WHERE table_id = %s", (table_id,))
        connection.execute("UPDATE tables_table SET rated_at = NULL WHERE id = %s", (table_id,))
    page.reload()
    page.get_by_text("Ratings are being updated…").wait_for()
    assert page.get_by_test_id("rating-change").count() == 0
    rate = ("from tables import publish, ratings;"
            f"assert ratings.rate_table({table_id}); publish.sent_from_sync()")
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", rate], cwd=ROOT, env=server_environment(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    page.get_by_test_id("rating-change").first.wait_for(timeout=15000)
    assert page.get_by_test_id("rating-change").count() == 2
    assert page.get_by_text("Ratings are being updated…").count() == 0


def test_two_players_chat_at_their_table_and_one_mutes_the_other(new_page):
    host, guest = new_page(), new_page(375, 812)
    sign_up(host, "lin")
    table_id = create_table(host, "dunhuang", [{"kind": "me"}, {"kind": "open"}])
    sign_up(guest, "ott")
    guest.goto(f"/tables/{table_id}/")
    guest.get_by_test_id("join-1").click()
    host.locator("#table-lobby").filter(has_text="ott").wait_for()
    # Before the start, those waiting talk under the lobby; the lines stay once the game begins.
    # The lobby polls every 2 s and leaves the writer in the input.
    guest.get_by_test_id("chat-input").focus()
    guest.wait_for_timeout(4500)
    assert guest.evaluate("document.activeElement.id") == "chat-input"
    guest.get_by_test_id("chat-input").fill("ready when you are")
    guest.get_by_test_id("chat-input").press("Enter")
    host.get_by_test_id("chat-line").filter(has_text="ready when you are").wait_for()
    assert host.locator("#table-lobby + #chat-card").is_visible()
    assert guest.get_by_test_id("chat-line").filter(has_text="ready when you are").count() == 1  # shown once
    screenshot(guest, "community-lobby-chat-375")
    start_if_waiting(host)
    guest.wait_for_selector("#board svg")
    assert host.locator(".side-col #chat-card").get_by_test_id("chat-line").filter(has_text="ready when you are").is_visible()

    host.get_by_test_id("chat-input").fill("good luck <b>ott</b>")
    host.get_by_test_id("chat-input").press("Enter")
    line = guest.get_by_test_id("chat-line").filter(has_text="good luck")
    line.wait_for()
    assert line.locator(".chat-text").inner_text() == "good luck <b>ott</b>"  # text, not markup
    assert guest.locator("#chat b").count() == 0
    guest.get_by_test_id("chat-input").fill("thanks, you too")
    guest.locator("#chat-form button").click()
    host.get_by_test_id("chat-line").filter(has_text="thanks, you too").wait_for()
    # A line written while the guest's connection is down shows once it is back, in its place.
    guest.evaluate("window.sampanTable.connection.stopped = true; window.sampanTable.connection.socket.close()")
    guest.locator("#conn-status").filter(has_text="reconnecting").wait_for()
    host.get_by_test_id("chat-input").fill("still there?")
    host.get_by_test_id("chat-input").press("Enter")
    host.get_by_test_id("chat-line").filter(has_text="still there?").wait_for()
    guest.evaluate("window.sampanTable.connection.stopped = false; window.sampanTable.connection.connect()")
    guest.get_by_test_id("chat-line").filter(has_text="still there?").wait_for()
    assert guest.get_by_test_id("chat-line").all_inner_texts()[-1].startswith("lin still there?")
    assert guest.get_by_test_id("chat-line").filter(has_text="thanks, you too").count() == 1
    assert guest.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    screenshot(guest, "community-chat-375")

    asked = []
    guest.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    guest.get_by_test_id("chat-line").filter(has_text="good luck").get_by_test_id("chat-mute").click()
    guest.wait_for_timeout(300)
    assert asked and "lin" in asked[0]  # a mute is asked for again, and refusing changes nothing
    assert guest.get_by_test_id("chat-line").filter(has_text="good luck").count() == 1
    guest.once("dialog", lambda dialog: dialog.accept())
    guest.get_by_test_id("chat-line").filter(has_text="good luck").get_by_test_id("chat-mute").click()
    guest.locator("#chat-status").filter(has_text="lin is muted").wait_for()
    assert guest.get_by_test_id("chat-line").filter(has_text="good luck").count() == 0
    guest.reload()
    guest.wait_for_selector("#board svg")
    guest.get_by_test_id("chat-line").filter(has_text="thanks").wait_for()
    assert guest.get_by_test_id("chat-line").filter(has_text="good luck").count() == 0

    # nor can lin invite ott any more: the create form says why and makes no table
    submit_create_form(host, "dunhuang", [{"kind": "me"}, {"kind": "invite", "username": "ott"}])
    host.locator("#form-error").filter(has_text="ott does not take invitations from you.").wait_for()
    assert "/tables/new/" in host.url
    screenshot(host, "community-muted-invite-1280")
    host.set_viewport_size({"width": 375, "height": 812})
    assert host.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    screenshot(host, "community-muted-invite-375")

    # lin's player page lets ott hear lin again; then the invitation goes through
    guest.goto("/players/lin/")
    guest.get_by_test_id("muted-note").filter(has_text="You muted lin").wait_for()
    screenshot(guest, "community-muted-player-375")
    guest.get_by_test_id("unmute").click()
    guest.get_by_test_id("muted-note").filter(has_text="lin is heard again").wait_for()
    host.set_viewport_size({"width": 1280, "height": 900})
    assert create_table(host, "dunhuang", [{"kind": "me"}, {"kind": "invite", "username": "ott"}]) > table_id


def test_an_invitation_rings_the_bell_live_and_reading_it_clears_the_count(new_page):
    guest, host = new_page(375, 812), new_page()
    sign_up(guest, "pia")
    guest.goto("/")
    guest.get_by_test_id("bell").wait_for()
    assert guest.get_by_test_id("bell-count").is_hidden()
    sign_up(host, "quin")
    table_id = create_table(host, "dschunke", [{"kind": "me"}, {"kind": "invite", "username": "pia"},
                                               {"kind": "ai", "strength": "random"}])
    count = guest.get_by_test_id("bell-count")
    count.filter(has_text="1").wait_for()  # pushed on the player's own socket, no reload
    # the home page lists the invitation with what waits for pia, and the bell says who sent it
    waiting = guest.locator(f"#list-my_turn li[data-table='{table_id}']")
    waiting.get_by_test_id("table-status").filter(has_text="invitation: accept or decline").wait_for()
    guest.get_by_test_id("bell").click()
    notice = guest.get_by_test_id("notice").first
    assert notice.get_attribute("data-kind") == "invite"
    assert f"#{table_id}" in notice.inner_text() and "quin invites you to a table" in notice.inner_text()
    guest.wait_for_function("document.querySelector('[data-testid=bell-count]').hidden")
    assert guest.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    screenshot(guest, "community-bell-375")
    guest.keyboard.press("Escape")  # the list closes, as the menu does
    notice.wait_for(state="hidden")
    assert guest.get_by_test_id("bell").get_attribute("aria-expanded") == "false"
    guest.get_by_test_id("bell").click()
    notice.locator("a").click()
    guest.wait_for_url(f"**/tables/{table_id}/")
    guest.get_by_test_id("join-1").wait_for()

    # pia declines: the seat is open again, for anyone, and the host sees it without a reload
    screenshot(guest, "community-invited-375")
    guest.get_by_test_id("decline-1").click()
    guest.get_by_test_id("join-1").filter(has_text="Take this seat").wait_for()
    assert guest.get_by_test_id("decline-1").count() == 0
    host.locator("#table-lobby li").nth(1).filter(has_text="open").wait_for()


def test_a_player_who_sits_down_and_a_waiting_move_ring_the_bell_and_the_move_made_reads_it(new_page):
    host, guest = new_page(), new_page(375, 812)
    sign_up(host, "rio")
    sign_up(guest, "sol")
    host.goto("/tables/new/?game=dschunke")
    host.select_option("#players", "3")
    host.select_option("select[name=seat-1-kind]", "invite")
    host.fill("input[name=seat-1-username]", "sol")
    host.select_option("select[name=seat-2-kind]", "ai")
    host.select_option("select[name=seat-2-strength]", "random")
    host.check("input[name=tc][value=correspondence]")
    host.click("#new-table button[type=submit]")
    host.wait_for_url("**/tables/*/")
    guest.goto(host.url)
    guest.get_by_test_id("join-1").click()
    # The guest is told who starts the game; the host hears that the guest sat down.
    guest.get_by_test_id("waiting-for-host").filter(has_text="rio").wait_for()
    host.get_by_test_id("bell-count").filter(has_text="1").wait_for()
    assert host.request.get("/api/me/notices/").json()["notices"][0]["kind"] == "joined"
    host.get_by_test_id("start").click()
    pages = (host, guest)
    for page in pages:
        page.wait_for_function("window.sampanTable.state.live && window.sampanTable.state.live.to_act.length")
    mover = next(page for page in pages if page.evaluate("window.sampanTable.state.live.legal_actions.length > 0"))
    turn = mover.request.get("/api/me/notices/").json()["notices"][0]
    assert turn["kind"] == "turn" and not turn["read"]  # the move waits
    shows = ("(count) => { const badge = document.querySelector('[data-testid=bell-count]');"
             " return Number(badge.textContent) === count && badge.hidden === (count === 0); }")
    before = mover.request.get("/api/me/notices/").json()["unread"]
    mover.wait_for_function(shows, arg=before)  # pushed live
    table = host.url.rstrip("/").rsplit("/", 1)[1]
    seat = mover.evaluate("window.sampanTable.state.table.my_seat")
    while seat in mover.request.get(f"/api/tables/{table}/").json()["to_act"]:  # the whole turn
        mover.wait_for_function("window.sampanTable.state.live.legal_actions.length > 0 && !window.sampanTable.state.busy")
        click_a_move(mover)
        mover.wait_for_function("!window.sampanTable.state.busy")
    # The turn is over: its notice is read, on the bell without a reload.
    mover.wait_for_function(shows, arg=before - 1)
    assert mover.request.get("/api/me/notices/").json()["unread"] == before - 1


def test_the_example_client_plays_a_whole_game_as_a_bot_account(new_page, sampan_server):
    page = new_page()
    sign_up(page, "rae")
    page.goto("/accounts/profile/")
    page.fill("#bot-name", "raebot")
    page.locator("#bot-form button").click()
    page.get_by_test_id("bot-list").filter(has_text="raebot").wait_for()
    token = page.get_by_test_id("bot-token").inner_text()
    assert len(token) >= 20
    screenshot(page, "community-account-1280")
    played = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "bot_client.py"), "--server", sampan_server, "--token", token,
         "--game", "dunhuang", "--against", "random", "--seed", "3"],
        capture_output=True, text=True, timeout=240)
    assert played.returncode == 0, played.stderr[-2000:]
    result = json.loads(played.stdout.strip().splitlines()[-1])
    assert result["outcome"]["winners"]
    page.goto(f"/tables/{result['table']}/")
    page.get_by_test_id("scores").filter(has_text="raebot (bot)").wait_for()
    page.goto("/players/raebot/")
    page.get_by_test_id("bot-owner").filter(has_text="rae").wait_for()
