"""A waiting move finds its player wherever they look (issue 15, items 2, 3 and 7): the lobby
follows the service without a reload, the tab's title and icon show a waiting move, a chime
and a browser notification come when asked for; the pace of others' moves and the dismissed
guide belong to the account, on every device."""
import pytest

from tests.e2e.helpers import click_a_move, create_table, log_in, sign_up, start_if_waiting

pytestmark = pytest.mark.e2e
BOT = {"kind": "ai", "strength": "random"}

# The browser's notifications and sound, recorded: a headless browser shows and plays nothing.
RECORDER = """
window.sampanShown = [];
window.sampanTones = 0;
window.Notification = class {
  constructor(title, options) { window.sampanShown.push({ title, body: options.body }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
  close() {}
};
const RealAudio = window.AudioContext;
window.AudioContext = class extends RealAudio {
  createOscillator() { window.sampanTones += 1; return super.createOscillator(); }
};
window.sampanLooksAway = false;
Object.defineProperty(document, "visibilityState", { get: () => (window.sampanLooksAway ? "hidden" : "visible") });
"""
WAITING = "window.sampanTable.state.live && window.sampanTable.state.live.legal_actions.length > 0 && !window.sampanTable.state.busy"


def favicon(page) -> str:
    return page.locator("#favicon").get_attribute("href").rsplit("/", 1)[1]


def test_a_chime_and_a_notification_come_when_asked_and_the_tab_shows_the_waiting_move(new_page):
    page = new_page(1280, 900)
    page.context.add_init_script(RECORDER)
    sign_up(page, "listener")
    create_table(page, "dunhuang", [{"kind": "me"}, BOT])
    start_if_waiting(page)
    page.wait_for_function(WAITING)
    assert page.title().startswith("● Your turn") and favicon(page) == "icon-turn.svg"
    assert page.evaluate("window.sampanTones") == 0 and page.evaluate("window.sampanShown") == []  # nothing asked yet
    page.get_by_test_id("sound").check()
    page.get_by_test_id("notify").check()
    page.evaluate("window.sampanLooksAway = true")  # the player turns to another tab
    for _move in range(6):  # until the bot has had a turn and the move is mine again
        page.wait_for_function(WAITING)
        click_a_move(page)
        page.wait_for_timeout(200)
        if page.evaluate("window.sampanShown.length"):
            break
    page.wait_for_function("window.sampanShown.length > 0")
    assert page.evaluate("window.sampanShown[0].title") == "Your turn"
    assert "Merchants of Dunhuang" in page.evaluate("window.sampanShown[0].body")
    assert page.evaluate("window.sampanTones") >= 2  # the two notes of the chime
    # Looking at the table, the player gets the chime but no notification.
    shown = page.evaluate("window.sampanShown.length")
    page.evaluate("window.sampanLooksAway = false")
    tones = page.evaluate("window.sampanTones")
    for _move in range(6):
        page.wait_for_function(WAITING)
        click_a_move(page)
        page.wait_for_timeout(200)
        if page.evaluate("window.sampanTones") > tones:
            break
    page.wait_for_function(f"window.sampanTones > {tones}")
    assert page.evaluate("window.sampanShown.length") == shown


def test_the_lobby_follows_the_service_and_shows_a_waiting_move_in_the_tab(new_page):
    lobby = new_page(1280, 900)
    sign_up(lobby, "lobbyist")
    lobby.goto("/")
    lobby.locator("#list-mine li.muted").wait_for()  # no table yet
    assert favicon(lobby) == "icon.svg" and not lobby.title().startswith("(")
    # Someone else opens a table with a free seat: it shows among the open tables, no reload.
    other = new_page(1280, 900)
    sign_up(other, "opener")
    opened = create_table(other, "dunhuang", [{"kind": "me"}, {"kind": "open"}])
    lobby.locator(f"#list-open li[data-table='{opened}']").wait_for(timeout=12000)
    # The same player, on another device, starts a game against a bot: it shows in "my tables"
    # and, once the move is theirs, in "your turn", in the tab's title and in its icon.
    device = new_page(375, 812)
    log_in(device, "lobbyist")
    mine = create_table(device, "dunhuang", [{"kind": "me"}, BOT])
    start_if_waiting(device)
    device.wait_for_function(WAITING)
    lobby.locator(f"#list-my_turn li[data-table='{mine}']").wait_for(timeout=12000)
    lobby.locator(f"#list-mine li[data-table='{mine}']").wait_for(timeout=12000)  # each list is fetched on its own
    assert lobby.locator(f"#list-mine li[data-table='{mine}']").count() == 1
    assert lobby.title().startswith("(1) ") and favicon(lobby) == "icon-turn.svg"


def test_the_pace_and_the_dismissed_guide_follow_the_account_to_another_device(new_page):
    desk = new_page(1280, 900, pace=None)
    sign_up(desk, "traveller")
    table = create_table(desk, "dunhuang", [{"kind": "me"}, BOT])
    start_if_waiting(desk)
    assert desk.get_by_test_id("pace").input_value() == "1200"  # the account's default
    with desk.expect_response("**/api/me/"):
        desk.get_by_test_id("pace").select_option("2500")
    with desk.expect_response("**/api/me/"):
        desk.get_by_test_id("first-hint").get_by_role("button").click()
    phone = new_page(375, 812, pace=None)
    log_in(phone, "traveller")
    phone.goto(f"/tables/{table}/")
    phone.wait_for_selector("#board svg")
    assert phone.get_by_test_id("pace").input_value() == "2500"
    assert not phone.get_by_test_id("first-hint").is_visible()
    # The account page shows the pace too, and a change there reaches the tables.
    phone.goto("/accounts/profile/")
    phone.wait_for_function("document.querySelector('#pace').value === '2500'")
    phone.get_by_test_id("pace").select_option("600")
    phone.locator("#notices-form button[type=submit]").click()
    phone.locator("#notices-status").filter(has_text="Saved.").wait_for()
    desk.reload()
    desk.wait_for_selector("#board svg")
    assert desk.get_by_test_id("pace").input_value() == "600"


def test_the_table_page_tells_the_server_whether_it_is_in_sight(new_page):
    """So that a correspondence move is not emailed to a player looking at it (tables.presence)."""
    page = new_page(1280, 900)
    page.context.add_init_script(RECORDER)
    said = []
    page.on("websocket", lambda socket: socket.on(
        "framesent", lambda payload: said.append(payload) if '"presence"' in payload else None))
    sign_up(page, "present")
    create_table(page, "dunhuang", [{"kind": "me"}, BOT])
    start_if_waiting(page)
    page.wait_for_function(WAITING)
    page.wait_for_timeout(200)
    assert said[-1] == '{"type":"presence","in_sight":true}', said
    page.evaluate("window.sampanLooksAway = true; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(200)
    assert said[-1] == '{"type":"presence","in_sight":false}', said
