"""Three languages: pages, refusals, notices and the pushed game log follow the reader's choice
(the switch's cookie, else the browser's Accept-Language), and every catalog is complete."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from engines import registry
from tables import lifecycle, notices
from tables.language import speaking
from tables.models import Event, Profile, Table
from tables.reading import log_line, seat_names

from .helpers import new_table, started_dschunke_table
from .wsclients import communicator, frames_until_sync, session_cookie

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
@pytest.mark.parametrize("accept, heading", [("fr-FR,fr;q=0.9", "Se connecter"), ("de-AT", "Anmelden"),
                                             ("ja, en;q=0.5", "Log in"), ("", "Log in")])
def test_a_page_speaks_the_browsers_language(client, accept, heading):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f"<h1>{heading}</h1>" in page


@pytest.mark.django_db
@pytest.mark.parametrize("accept, label", [("fr", "E-mail"), ("de", "E-Mail"), ("en", "Email")])
def test_every_field_of_the_sign_up_form_is_labelled_in_the_readers_language(client, accept, label):
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert re.search(rf'<label for="id_email">{label}\s?:?</label>', page), re.findall(r"<label[^>]*>[^<]*</label>", page)


@pytest.mark.django_db
@pytest.mark.parametrize("accept, hint", [
    ("fr", "Saisissez le même mot de passe une seconde fois, pour le vérifier."),
    ("de", "Geben Sie zur Prüfung dasselbe Passwort noch einmal ein."),
    ("en", "Type the same password again, to check it."),
])
def test_the_sign_up_forms_hints_are_the_sites_own_words(client, accept, hint):
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert hint in page and "das selbe" not in page


@pytest.mark.django_db
def test_the_switch_wins_over_the_browser_and_is_remembered_on_the_account(client, make_user):
    user = make_user()
    client.force_login(user)
    answer = client.post("/language/", {"language": "de", "next": "/tables/new/"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 302 and answer["Location"] == "/tables/new/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert Profile.of(user).language == "de"
    page = client.get("/tables/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Tisch eröffnen" in page and 'lang="de"' in page


@pytest.mark.django_db
def test_the_switch_refuses_what_it_does_not_offer_and_a_foreign_next(client, make_user):
    user = make_user()
    client.force_login(user)
    answer = client.post("/language/", {"language": "xx", "next": "https://elsewhere.example/"})
    assert answer.status_code == 302 and answer["Location"] == "/"  # Django's own: back home, nothing set
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies
    assert Profile.of(user).language == ""
    assert client.get("/language/").status_code == 405


def account_speaking(make_user, language: str):
    """A user who signs in with the password "tide-lantern-4821" and whose account speaks `language`."""
    user = make_user()
    user.set_password("tide-lantern-4821")
    user.save()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    return user


@pytest.mark.django_db
def test_signing_in_on_a_new_browser_brings_the_accounts_language(client, make_user):
    user = account_speaking(make_user, "fr")
    answer = client.post("/accounts/login/", {"username": user.username, "password": "tide-lantern-4821"},
                         HTTP_HOST="play.example.org" if "play.example.org" in settings.ALLOWED_HOSTS else "testserver")
    assert answer.status_code == 302
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert "Nouvelle table" in client.get("/").content.decode()
    assert Profile.of(user).site_url == "http://testserver"


@pytest.mark.django_db
def test_signing_in_where_another_language_was_chosen_brings_the_accounts_language(client, make_user):
    user = account_speaking(make_user, "de")
    client.post("/language/", {"language": "fr", "next": "/"})  # chosen on this browser before signing in
    assert 'lang="fr"' in client.get("/").content.decode()
    client.post("/accounts/login/", {"username": user.username, "password": "tide-lantern-4821"})
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert "Neuer Tisch" in client.get("/").content.decode()
    assert Profile.of(user).language == "de"


@pytest.mark.django_db
def test_refusals_and_titles_come_in_the_readers_language(client_for, make_user):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    refused = client_for(bob).post(f"/api/tables/{table['id']}/start/", {}, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "Nur wer den Tisch eröffnet hat, kann ihn starten."
    left = client_for(bob).post(f"/api/tables/{table['id']}/leave/", {}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert left.json()["detail"] == "Vous n’avez pas de place à cette table."
    export = client_for(alice).get(f"/api/tables/{table['id']}/export/", HTTP_ACCEPT_LANGUAGE="fr")
    assert (export.status_code, export.json()["detail"]) == (409, "Seule une partie terminée peut être exportée.")
    at = client_for(alice).get(f"/api/tables/{table['id']}/view/?at=9", HTTP_ACCEPT_LANGUAGE="fr")
    assert (at.status_code, at.json()["detail"]) == (400, "at doit être compris entre 0 et 0.")
    inviting_a_ghost = {"game": "tiny", "players": 2, "options": {}, "time_control": {"kind": "live", "seconds": 60},
                        "seats": [{"kind": "me"}, {"kind": "invite", "username": "ghost"}]}
    ghost = client_for(alice).post("/api/tables/", inviting_a_ghost, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert (ghost.status_code, ghost.json()["detail"]) == (400, "Il n’y a pas de joueur nommé «\u00a0ghost\u00a0».")
    games = client_for(bob).get("/api/games/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert {game["name"] for game in games} >= {"dschunke", "dunhuang"}


@pytest.mark.django_db
def test_a_notice_is_written_in_the_players_language_and_links_to_the_address_they_use(make_user):
    players = [make_user(email="mei@example.org"), make_user()]
    Profile.objects.update_or_create(user=players[0], defaults={"language": "de",
                                                                 "site_url": "https://play.example.org"})
    seats = [{"kind": "me"}, {"kind": "invite", "username": players[1].username}]
    table = lifecycle.create_table(players[0], {"game": "tiny", "players": 2, "options": {},
                                                "time_control": {"kind": "correspondence", "days": 3},
                                                "seats": seats})
    Table.objects.filter(pk=table.pk).update(time_kind=Table.TimeKind.CORRESPONDENCE)
    lifecycle.join(table.pk, players[1])
    mail.outbox.clear()
    notices.notify_seat(table.pk, 0, "turn")
    (message,) = mail.outbox
    assert message.subject.startswith("[Sampan] Ihr Zug")
    assert f"Hallo {players[0].username}," in message.body
    assert f"https://play.example.org/tables/{table.pk}/" in message.body
    assert "Diese E-Mails abschalten: https://play.example.org/accounts/profile/" in message.body


def sign_up_in_german_for_ended_games(client) -> Profile:
    form = {"username": "lena", "email": "lena@example.org", "password1": "tide-lantern-4821",
            "password2": "tide-lantern-4821"}
    assert client.post("/accounts/signup/", form, HTTP_ACCEPT_LANGUAGE="de").status_code == 302
    lena = Profile.objects.select_related("user").get(user__username="lena")
    notices.choose(lena, {"site": ["ended"], "email": ["ended"]})
    return lena


def end_a_game_in_english(lena: Profile) -> Table:
    table = lifecycle.create_table(lena.user, {"game": "dunhuang", "players": 2, "options": {},
                                               "time_control": {"kind": "live", "seconds": 600},
                                               "seats": [{"kind": "me"}, {"kind": "ai", "strength": "random"}]})
    with speaking("en"):  # the context of whoever's move ended the game
        notices.notify(lena.user, "ended", table)
    return table


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_a_new_account_speaks_the_language_it_signed_up_in_and_its_notices_name_the_game_in_it(client):
    """Signed up in German (the browser's language, no switch used): its notices are German
    whoever's move ended the game, the game's title included, and so is its email's subject."""
    lena = await sync_to_async(sign_up_in_german_for_ended_games)(client)
    assert lena.language == "de"
    cookie = await sync_to_async(session_cookie)(lena.user)
    socket = WebsocketCommunicator(application, "/ws/me/", headers=[
        (b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)])
    assert (await socket.connect())[0]
    table = await sync_to_async(end_a_game_in_english)(lena)
    frame = await socket.receive_json_from(timeout=5)
    assert (frame["text"], frame["game"]) == ("Eine Partie ist beendet", "Die Händler von Dunhuang")
    await socket.disconnect()
    (message,) = mail.outbox
    assert message.subject == f"[Sampan] Eine Partie ist beendet (Die Händler von Dunhuang #{table.pk})"


@pytest.fixture
def table_against_a_bot(make_user, client_for):
    """A running tiny table of a player against a bot, and the player's session cookie."""
    alice = make_user()
    table = new_table(client_for(alice), seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    lifecycle.start_table(table["id"], alice)
    return table["id"], session_cookie(alice)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_a_pushed_log_line_is_worded_for_each_readers_language(table_against_a_bot):
    """The writer builds a move's frames once, in English; a French reader's consumer words
    them again, seat names included (here a bot's: "IA 2 (Débutant)")."""
    table_id, cookie = table_against_a_bot
    english = communicator(table_id, cookie)
    french = communicator(table_id, cookie + f"; {settings.LANGUAGE_COOKIE_NAME}=fr".encode())
    for client in (english, french):
        assert (await client.connect())[0]
        hello = await client.receive_json_from(timeout=5)
    await english.send_json_to({"type": "action", "action": hello["legal_actions"][0], "expected_seq": hello["seq"],
                                "command_id": "lang-1"})
    lines = {}
    for name, client in (("en", english), ("fr", french)):
        frames = []
        while not any(f["type"] == "event" and f["seat"] == 1 for f in frames):
            frames.append(await client.receive_json_from(timeout=10))
        lines[name] = [f["text"] for f in frames if f["type"] == "event" and f["seat"] == 1]
    assert lines["en"] and all(line.startswith("AI 2 (Beginner)") for line in lines["en"])
    assert lines["fr"] and all(line.startswith("IA 2 (Débutant)") for line in lines["fr"])
    for client in (english, french):
        await client.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_consumer_connections")
async def test_a_move_heard_in_the_process_that_made_it_is_worded_in_each_readers_language(make_user):
    """A move made on a socket reaches the table's other sockets of that process at once: each
    in its own reader's language, not the mover's."""
    users = [await sync_to_async(make_user)() for _ in range(4)]
    table_id = await sync_to_async(started_dschunke_table)(users)
    cookies = [await sync_to_async(session_cookie)(user) for user in users]
    clients = [communicator(table_id, cookie) for cookie in cookies]
    french = communicator(table_id, cookies[1] + f"; {settings.LANGUAGE_COOKIE_NAME}=fr".encode())
    hellos = []
    for client in (*clients, french):
        assert (await client.connect())[0]
        hellos.append(await client.receive_json_from(timeout=5))
    mover = next(index for index, hello in enumerate(hellos[:4]) if hello["legal_actions"])
    await clients[mover].send_json_to({"type": "action", "action": hellos[mover]["legal_actions"][0],
                                       "expected_seq": hellos[mover]["seq"], "command_id": "heard-here"})
    lines = {}
    for name, client in (("en", clients[(mover + 1) % 4]), ("fr", french)):
        frames = await frames_until_sync(client)
        lines[name] = [frame["text"] for frame in frames if frame["type"] == "event"]
    assert lines["en"] and len(lines["fr"]) == len(lines["en"])
    with speaking("fr"):
        engine = registry.get("dschunke")
        payloads = await sync_to_async(lambda: [e.payload for e in Event.objects.filter(
            table_id=table_id, command_id__endswith="heard-here").order_by("seq")])()
        names = await sync_to_async(seat_names)(await sync_to_async(Table.objects.get)(pk=table_id))
        assert lines["fr"] == [log_line(engine, payload, names) for payload in payloads] != lines["en"]
    for client in (*clients, french):
        await client.disconnect()


def test_a_french_log_line_elides_de_before_a_name_that_begins_with_a_vowel():
    """« Tour d’IA 2 », « Tour d’élodie », but « Tour de Bruno »: French drops the e of "de"
    before a vowel, whatever name the seat has; English and German lines are left as worded."""
    engine = registry.get("dragon_market")
    turn = {"type": "dice_rolled", "seat": 1, "mp": 3}
    names = ["Bruno", "IA 2 (Amateur)", "élodie"]
    with speaking("fr"):
        assert log_line(engine, turn, names) == "Tour d’IA 2 (Amateur)\u00a0: 3 points de mouvement."
        assert log_line(engine, {**turn, "seat": 0}, names) == "Tour de Bruno\u00a0: 3 points de mouvement."
        assert log_line(engine, {**turn, "seat": 2}, names).startswith("Tour d’élodie")
    with speaking("de"):
        assert log_line(engine, turn, ["Bruno", "KI 2 (Amateur)"]).startswith("KI 2 (Amateur) ist am Zug")


def test_every_catalog_is_complete_and_compiled():
    """No string of the pages or the engines is left untranslated in French or German, and
    every .mo is the compiled form of its .po (scripts/translations.py check)."""
    found = subprocess.run([sys.executable, "scripts/translations.py", "check"], cwd=ROOT, capture_output=True,
                           text=True, timeout=300)
    assert found.returncode == 0, found.stdout + found.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("language, heading", [("fr", "précisions de règles"), ("de", "Regelentscheidungen"), ("en", "rulings")])
def test_a_rulings_page_comes_in_the_language_the_browser_asks_for(client, language, heading):
    page = client.get("/games/dschunke_tiles/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert heading in re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)
