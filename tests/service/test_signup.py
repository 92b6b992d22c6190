"""Signing up and logging in: the visitor lands where they came from, on this site only."""
import pytest
from django.test import Client

from .helpers import clear_own_cache


@pytest.mark.django_db
def test_a_new_account_goes_back_to_the_page_that_sent_it_but_never_to_another_site():
    clear_own_cache()
    for name, sent_from, lands in (("nexta", "/tables/7/", "/tables/7/"), ("nextb", "https://evil.example/", "/"),
                                   ("nextc", "//evil.example/x", "/"), ("nextd", "", "/")):
        browser = Client()
        form = {"username": name, "email": f"{name}@example.com", "password1": "a-long-passphrase-9",
                "password2": "a-long-passphrase-9", "next": sent_from}
        answer = browser.post("/accounts/signup/", form)
        assert (answer.status_code, answer["Location"]) == (302, lands), sent_from


@pytest.mark.django_db
def test_a_page_that_asks_to_log_in_says_so_and_its_sign_up_comes_back_too():
    browser = Client()
    sent = browser.get("/tables/new/")
    assert sent.status_code == 302 and sent["Location"] == "/accounts/login/?next=/tables/new/"
    page = browser.get(sent["Location"]).content.decode()
    assert 'data-testid="login-next"' in page and 'href="/accounts/signup/?next=/tables/new/"' in page
    assert 'data-testid="login-next"' not in browser.get("/accounts/login/").content.decode()


@pytest.mark.django_db
def test_a_visitors_guided_game_button_signs_up_and_comes_back_to_start_it():
    """Signed up, the visitor is back on the how-to-play page asked to start the guided game
    (?play=guided: learn.js presses its button), not left to find the button again."""
    clear_own_cache()
    browser = Client()
    page = browser.get("/games/dunhuang/learn/").content.decode()
    link = '<a class="button" href="/accounts/signup/?next=/games/dunhuang/learn/%3Fplay%3Dguided" data-testid="guided-dunhuang">'
    assert link in page and 'id="guided"' in page
    signup = browser.get("/accounts/signup/?next=/games/dunhuang/learn/%3Fplay%3Dguided").content.decode()
    assert 'value="/games/dunhuang/learn/?play=guided"' in signup
    form = {"username": "learner", "email": "learner@example.com", "password1": "a-long-passphrase-9",
            "password2": "a-long-passphrase-9", "next": "/games/dunhuang/learn/?play=guided"}
    answer = browser.post("/accounts/signup/", form)
    assert (answer.status_code, answer["Location"]) == (302, "/games/dunhuang/learn/?play=guided")
    assert 'data-guided="dunhuang"' in browser.get(answer["Location"]).content.decode()  # the button that starts it
