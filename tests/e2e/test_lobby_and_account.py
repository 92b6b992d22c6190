"""The lobby, the create-table form and the account page in a real browser."""
import psycopg
import pytest

from tests.e2e.helpers import DATABASE, PASSWORD, choose_language, create_table, screenshot, sign_up, start_if_waiting

pytestmark = pytest.mark.e2e

BOT = {"kind": "ai", "strength": "random"}


def test_the_lobby_lists_my_tables_and_open_seats(new_page):
    host, visitor = new_page(), new_page(375, 812)
    sign_up(host, "fay")
    table_id = create_table(host, "dschunke", [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "strength": "random"}])
    host.goto("/")
    host.locator(f"#list-mine li[data-table='{table_id}']").wait_for()
    screenshot(host, "home-1280")
    # Not logged in, the visitor is shown the way to the free seat, and comes back to it.
    visitor.goto(f"/tables/{table_id}/")
    visitor.get_by_test_id("log-in-to-join").wait_for()
    screenshot(visitor, "lobby-visitor-375")
    visitor.get_by_test_id("log-in-to-join").get_by_role("link", name="Sign up").click()
    visitor.fill("input[name=username]", "gus")
    visitor.fill("input[name=email]", "gus@example.com")
    visitor.fill("input[name=password1]", PASSWORD)
    visitor.fill("input[name=password2]", PASSWORD)
    visitor.click("main button[type=submit]")
    visitor.wait_for_url(f"**/tables/{table_id}/")
    visitor.get_by_test_id("join-1").wait_for()
    assert visitor.get_by_test_id("log-in-to-join").count() == 0
    visitor.goto("/")
    # How long a move may take, before sitting down: in the list and on the table's page.
    listed = visitor.locator(f"#list-open li[data-table='{table_id}']")
    assert listed.get_by_test_id("time-control").inner_text() == "Live: 5 minutes a move"
    listed.locator("a").click()
    assert visitor.locator("#table-lobby").get_by_test_id("time-control").inner_text() == "Live: 5 minutes a move"
    visitor.get_by_test_id("join-1").click()
    visitor.locator("#table-lobby").filter(has_text="gus").wait_for()
    host.goto(f"/tables/{table_id}/")
    host.locator("#table-lobby").filter(has_text="gus").wait_for()
    screenshot(visitor, "lobby-375")
    # nobody but its host may start a table: the host's leaving closes it, for the guest too
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_test_id("leave").click()
    host.get_by_test_id("abandoned-why").filter(has_text="You closed this table before the game began.").wait_for()
    visitor.get_by_test_id("abandoned-why").filter(has_text="fay, who opened the table, closed it before the game began.").wait_for()
    screenshot(visitor, "lobby-closed-375")
    visitor.get_by_test_id("another-table").click()  # to the create form, on the same game
    visitor.wait_for_url("**/tables/new/?game=dschunke")
    visitor.wait_for_function("(document.getElementById('game') || {}).value === 'dschunke'")
    visitor.goto("/")
    assert visitor.locator(f"#list-open li[data-table='{table_id}']").count() == 0
    # A host who seated only others closes the table the same way
    for_others = create_table(host, "dschunke", [{"kind": "open"}, BOT, BOT])
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_test_id("leave").filter(has_text="Close the table").click()
    host.get_by_test_id("abandoned-why").wait_for()
    visitor.goto("/")
    assert visitor.locator(f"#list-open li[data-table='{for_others}']").count() == 0


def test_the_create_form_renders_variants_and_refuses_bad_input(new_page):
    page = new_page()
    sign_up(page, "hal")
    page.goto("/tables/new/?game=dschunke")
    # The engine's options schema becomes form fields.
    assert page.locator("[data-option=public_money]").get_attribute("type") == "checkbox"
    assert page.locator("[data-option=setup_variant]").count() == 1
    # What an option does stands under it, for a phone as well (no tooltip there).
    assert page.locator(".option-help").filter(has_text="Everybody's money is shown at all times").is_visible()
    page.select_option("select[name=seat-1-kind]", "invite")
    page.click("#new-table button[type=submit]")
    page.locator("#form-error").filter(has_text="whom do you invite").wait_for()
    page.fill("input[name=seat-1-username]", "nobody-by-this-name")
    page.click("#new-table button[type=submit]")
    page.locator("#form-error").filter(has_text="nobody-by-this-name").wait_for()
    assert "/tables/new/" in page.url
    screenshot(page, "create-table-1280")


def test_the_account_page_saves_notices_and_makes_a_token(new_page):
    page = new_page()
    sign_up(page, "ida")
    page.goto("/accounts/profile/")
    page.wait_for_function("document.querySelector('#email').value === 'ida@example.com'")
    page.check("#email-notices")
    page.uncheck("input[data-channel=site][data-kind=ended]")
    page.click("#notices-form button[type=submit]")
    page.locator("#notices-status").filter(has_text="Saved").wait_for()
    page.reload()
    page.wait_for_function("document.querySelector('#email-notices').checked")
    assert not page.is_checked("input[data-channel=site][data-kind=ended]")
    page.click("#token-button")
    token = page.get_by_test_id("token")
    page.wait_for_function("document.querySelector('[data-testid=token]').textContent.length >= 20")
    first = token.inner_text()
    page.click("#token-button")
    page.wait_for_function("(old) => document.querySelector('[data-testid=token]').textContent !== old", arg=first)
    page.click("text=Log out")
    page.wait_for_url("**/")
    assert page.locator(".topbar a", has_text="Log in").count() == 1


def test_a_player_replaced_by_a_bot_takes_the_seat_back(new_page):
    page = new_page()
    sign_up(page, "kim")
    table_id = create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    assert page.locator("#standin").is_hidden()
    # Missed moves hand a seat to a stand-in bot; the deadline ticker is not part of this test.
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DATABASE}", autocommit=True) as connection:
        connection.execute("UPDATE tables_seat SET standin = true WHERE table_id = %s AND index = 0", (table_id,))
    page.reload()
    page.get_by_role("button", name="Take my seat back").click()
    page.locator("#standin").wait_for(state="hidden")
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DATABASE}") as connection:
        standin = connection.execute(
            "SELECT standin FROM tables_seat WHERE table_id = %s AND index = 0", (table_id,)
        ).fetchone()[0]
    assert standin is False


def test_a_player_closes_their_account_with_its_password(new_page):
    page = new_page(375, 812)
    sign_up(page, "jan")
    table_id = create_table(page, "dschunke", [{"kind": "me"}, BOT, BOT])
    start_if_waiting(page)
    choose_language(page, "de")
    page.goto("/accounts/profile/")
    page.get_by_test_id("close-account").get_by_role("heading", name="Konto schließen").wait_for()
    page.get_by_label("Ihr Passwort").fill("not-" + PASSWORD)
    page.get_by_test_id("close-account-button").click()
    page.get_by_test_id("close-account").filter(has_text="Das ist nicht Ihr Passwort.").wait_for()
    assert page.evaluate("document.activeElement.name") == "password"  # the refused field, in sight
    screenshot(page, "close-account-refused-de-375")
    page.get_by_label("Ihr Passwort").fill(PASSWORD)
    page.get_by_test_id("close-account-button").click()
    page.wait_for_url("**/accounts/closed/")
    page.get_by_test_id("account-closed").get_by_role("heading", name="Ihr Konto ist geschlossen").wait_for()
    assert page.locator(".topbar a", has_text="Anmelden").count() == 1  # signed out
    screenshot(page, "account-closed-de-375")
    page.goto(f"/tables/{table_id}/")  # the table of bots it left is abandoned
    page.get_by_test_id("abandoned-why").filter(has_text="jan").wait_for()
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "jan")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.locator("main .errorlist, main .error").first.wait_for()
    assert "/accounts/login/" in page.url


def test_the_longest_name_sign_up_allows_wraps_on_a_phone(new_page):
    """A username of 150 letters (the most sign-up takes) on the pages that show it at 375 px:
    it wraps instead of widening the page."""
    page = new_page(375, 812)
    name = "w" * 150
    sign_up(page, name)
    table = create_table(page, "dunhuang", [{"kind": "me"}, {"kind": "open"}])
    for url in ("/", f"/players/{name}/", f"/tables/{table}/"):
        page.goto(url)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), url
