"""Issue 15, items 1 and 6: the create form offers the idle settings, says limits in words, and a
double click creates one table."""
import pytest

from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


def test_the_create_form_sends_the_idle_settings_and_creates_one_table_on_a_double_click(new_page):
    page = new_page(1280, 900)
    sign_up(page, "ines")
    page.goto("/tables/new/?game=dunhuang")
    page.select_option("#players", "2")
    page.fill("#tc-max-timeouts", "50")
    page.click("#new-table button[type=submit]")
    assert "from 1 to 20" in page.locator("#form-error").inner_text()

    page.fill("#tc-max-timeouts", "2")
    page.select_option("#tc-on-idle", "forfeit")
    page.dblclick("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*/")
    mine = page.evaluate("fetch('/api/tables/?list=mine').then((r) => r.json())")
    tables = mine["results"] if isinstance(mine, dict) else mine
    assert len(tables) == 1
    detail = page.evaluate(f"fetch('/api/tables/{tables[0]['id']}/').then((r) => r.json())")
    assert detail["time_control"]["max_timeouts"] == 2 and detail["time_control"]["on_idle"] == "forfeit"
