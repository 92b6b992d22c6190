"""Issue 15, item 3: every game has a rules page in the project's own words (its RULES.md)."""
import pytest

from engines import registry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_a_rules_page(client, game):
    response = client.get(f"/games/{game}/rules/")
    assert response.status_code == 200
    page = response.content.decode()
    assert registry.get(game).title in page and ("<h1>" in page or "<h2>" in page)
    assert "<table>" in page or "<ul>" in page  # rendered from Markdown, not shown as source


@pytest.mark.parametrize("name", ["nothing", "tiny", "dschunke_x"])
def test_an_unknown_game_has_no_rules_page(client, name):
    assert client.get(f"/games/{name}/rules/").status_code == 404


def test_the_table_and_create_pages_link_to_the_rules(client, django_user_model):
    assert b'id="rules-link"' in client.get("/tables/1/").content
    client.force_login(django_user_model.objects.create_user("reader", "reader@example.com", "pw-reader-4821"))
    assert b'id="game-rules"' in client.get("/tables/new/").content
