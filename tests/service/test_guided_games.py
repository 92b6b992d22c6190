"""Guided first games (tables/guides.py, the scripts in tables/guide_scripts.py): a table of the
player and bots at the guide's fixed deal, resumed by the next request, unrated and outside the
table quotas; every script played through the service, each step's move legal where the step
shows and the table on the guide's line there, to the game's end and its scores in words (the
table's, as at every table), in English, French and German."""
import random
import re
import time

import pytest
from django.test import override_settings

from engines import registry
from engines.core import resolve_options
from tables import guides, lifecycle
from tables.result_words import signed
from tables.models import Seat, Table
from tests.selection import once_by_default

pytestmark = pytest.mark.django_db(transaction=True)
GAMES = sorted(guides.guides())
LANGUAGES = ("fr", "de")


def learn(client, game: str):
    return client.post(f"/api/games/{game}/learn/", format="json")


def guide_of(client, table_id: int, language: str = "en") -> dict:
    response = client.get(f"/api/tables/{table_id}/guide/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.json()
    return response.json()


def result_words(client, table_id: int, language: str = "en") -> list[str]:
    """The table's result in words (every finished table has them; the guided game's end shows them too)."""
    return client.get(f"/api/tables/{table_id}/", HTTP_ACCEPT_LANGUAGE=language).json()["result_words"]


def test_learn_starts_a_guided_table_and_the_next_request_resumes_it(make_user, client_for):
    user = make_user()
    client = client_for(user)
    first = learn(client, "dunhuang")
    assert first.status_code == 201, first.json()
    table = first.json()
    spec = guides.guide("dunhuang")
    assert (table["game"], table["status"], table["guided"], table["rated"], table["my_seat"]) == (
        "dunhuang", "running", True, False, 0)
    assert table["options"] == resolve_options(registry.get("dunhuang"), spec.options)
    assert [(seat["kind"], seat["strength"]) for seat in table["seats"][1:]] == [("ai", guides.BOTS)] * (spec.players - 1)
    stored = Table.objects.get(pk=table["id"])
    assert stored.seed == spec.seed and stored.time_kind == Table.TimeKind.CORRESPONDENCE  # no clock, no quick idle end
    again = learn(client, "dunhuang")
    assert again.status_code == 200 and again.json()["id"] == table["id"]  # resumed, not a second table
    other = learn(client, "dschunke")
    assert other.status_code == 201 and other.json()["id"] != table["id"]  # one per game
    lifecycle.abandon(table["id"], user)
    fresh = learn(client, "dunhuang")
    assert fresh.status_code == 201 and fresh.json()["id"] not in (table["id"], other.json()["id"])


def test_an_unknown_game_a_visitor_a_bot_account_or_an_unguided_table_is_refused(make_user, client_for):
    from rest_framework.test import APIClient

    owner = make_user()
    client = client_for(owner)
    assert learn(client, "chess").status_code == 404
    assert learn(APIClient(), "dunhuang").status_code == 403
    bot = client.post("/api/me/bots/", {"username": "guidebot"}, format="json").json()
    program = APIClient()
    program.credentials(HTTP_AUTHORIZATION=f"Token {bot['token']}")
    refused = learn(program, "dunhuang")
    assert refused.status_code == 403 and "bot account" in refused.json()["detail"]
    played = client.post("/api/games/dunhuang/play/", format="json").json()
    answer = client.get(f"/api/tables/{played['id']}/guide/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_guided"
    assert played["guided"] is False


@override_settings(MAX_RUNNING_TABLES=1)
def test_guided_tables_are_left_out_of_the_running_tables_quota(make_user, client_for):
    client = client_for(make_user())
    assert learn(client, "dunhuang").status_code == 201
    assert learn(client, "dschunke_tiles").status_code == 201
    assert client.post("/api/games/tiny/play/", format="json").status_code == 201  # the guided ones do not count
    assert client.post("/api/games/tiny/play/", format="json").status_code == 429
    assert learn(client, "dragon_market").status_code == 201  # nor do they need room under it


def test_every_step_and_the_free_play_are_worded_in_each_language(make_user, client_for):
    client = client_for(make_user())
    for game in GAMES:
        table_id = learn(client, game).json()["id"]
        english = guide_of(client, table_id)
        assert english["steps"] and english["free"]
        for language in LANGUAGES:
            words = guide_of(client, table_id, language)
            assert [step["seq"] for step in words["steps"]] == [step["seq"] for step in english["steps"]]
            untranslated = [step["say"] for step, theirs in zip(english["steps"], words["steps"]) if step["say"] == theirs["say"]]
            assert not untranslated, (game, language, untranslated)
            assert words["free"] != english["free"], (game, language)


def play_on(client, table_id: int, rng: random.Random, limit: int = 3000) -> dict:
    """Moves of the player's own (seeded at random, never a take-back) until the game ends."""
    for _ in range(limit):
        view = client.get(f"/api/tables/{table_id}/view/").json()
        if view["outcome"]:
            return view
        legal = [action for action in view["legal_actions"] if action["type"] != "back"]
        assert legal, view["to_act"]  # the bots have answered inside the request
        ending = [action for action in legal if action["type"] == "end_turn"]
        action = ending[0] if ending and rng.random() < 0.6 else rng.choice(legal)
        answer = client.post(f"/api/tables/{table_id}/actions/", {"action": action, "expected_seq": view["seq"],
                                                                  "command_id": f"free-{view['seq']}"}, format="json")
        if answer.status_code == 429:  # quicker than a player's 30 actions a second: the same move again
            time.sleep(float(answer.headers.get("Retry-After", 1)))
            continue
        assert answer.status_code == 200, answer.json()
    raise AssertionError(f"no end in {limit} moves")


# Dunhuang by default (14 s); the other games' guides (up to 47 s each) among the slow tests.
@pytest.mark.parametrize("game", once_by_default(GAMES, "dunhuang"))
def test_a_guide_plays_through_the_service_to_the_end_and_its_scores_in_words(make_user, client_for, bot_choices, game):
    user = make_user()
    client = client_for(user)
    table_id = learn(client, game).json()["id"]
    line = guides.line(game)
    script = guide_of(client, table_id)
    moves = [step for step in script["steps"] if step["action"]]
    assert result_words(client, table_id) == []  # the scores are told once the game has ended
    for number, step in enumerate(moves, 1):
        view = client.get(f"/api/tables/{table_id}/view/").json()
        assert view["seq"] == step["seq"], (number, step)  # the bots have played the line's moves up to here
        assert step["action"] in view["legal_actions"], (number, step)
        assert Table.objects.get(pk=table_id).snapshot == line.snapshots[step["seq"]]  # on the line
        answer = client.post(f"/api/tables/{table_id}/actions/", {"action": step["action"], "expected_seq": step["seq"],
                                                                  "command_id": f"step-{number}"}, format="json")
        assert answer.status_code == 200, answer.json()
    assert client.get(f"/api/tables/{table_id}/view/").json()["seq"] == script["end_seq"]
    assert not bot_choices  # every bot move so far was the guide's recorded one
    end = play_on(client, table_id, random.Random(game))
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.FINISHED and not table.rated and not table.rating_changes.exists()
    refused = client.post(f"/api/tables/{table_id}/rematch/", format="json")  # its end offers a game of one's own
    assert refused.status_code == 409 and refused.json()["code"] == "guided", refused.json()
    english = result_words(client, table_id)
    assert len(english) >= 2 and signed(end["outcome"]["scores"][0]) in " ".join(english)  # "−5" as the board writes it
    assert user.username in " ".join(english)
    for language in LANGUAGES:
        theirs = result_words(client, table_id, language)
        assert len(theirs) == len(english) and theirs[0] != english[0], (language, theirs)


def test_off_the_line_the_bots_choose_for_themselves(make_user, client_for, bot_choices):
    """A move the script did not ask for (through the API) leaves the line: the bots then choose
    as at any table, and nothing waits for a recorded move that no longer fits."""
    client = client_for(make_user())
    table_id = learn(client, "dunhuang").json()["id"]
    view = client.get(f"/api/tables/{table_id}/view/").json()
    scripted = next(step["action"] for step in guide_of(client, table_id)["steps"] if step["action"])
    other = next(action for action in view["legal_actions"] if action != scripted)
    client.post(f"/api/tables/{table_id}/actions/", {"action": other, "expected_seq": view["seq"],
                                                     "command_id": "off"}, format="json")
    after = client.get(f"/api/tables/{table_id}/view/").json()
    assert after["to_act"] == [0] and after["legal_actions"]  # the bot has moved
    assert bot_choices and {seat for seat, _, _ in bot_choices} == {1}
    assert Seat.objects.filter(table_id=table_id, kind=Seat.Kind.AI).count() == 1


def test_the_legespiel_guide_counts_the_cells_it_names():
    """The step that starts a tile so many cells right of the raised red aubergine starts it there."""
    engine = registry.get("dschunke_tiles")
    line = guides.line("dschunke_tiles")
    seq, step = next((seq, step) for seq, step in line.steps if "raised red aubergine" in str(step.say))
    said = {"two": 2, "three": 3, "four": 4}[re.search(r"Start it (\w+) cells right", str(step.say)).group(1)]
    view = engine.view(engine.load(line.snapshots[seq]), guides.PLAYER)
    raised = [cell["cell"] for cell in view["cells"]
              if (cell["colour"], cell["kind"]) == ("red", "aubergine") and cell["level"] > 0]
    assert len(raised) == 1
    (x, y), (start_x, start_y) = raised[0], step.do["cell"]
    assert (start_x - x, start_y - y) == (said, 0)
