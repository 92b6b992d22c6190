"""Password guessing is limited (django-axes): by account and by client address, with a 429
that says why and for how long, on the login page and on the admin's."""
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.db.models import F
from django.test import Client, override_settings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("few_failures")]
PASSWORD = "tide-lantern-4821"
LIMIT = 3


@pytest.fixture
def few_failures(settings):
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.AXES_COOLOFF_TIME = timedelta(minutes=15)


@pytest.fixture
def users():
    make = get_user_model().objects.create_user
    return make("mei", "mei@example.com", PASSWORD), make("lin", "lin@example.com", PASSWORD)


def login(address: str, username: str, password: str, path: str = "/accounts/login/", **headers):
    return Client(REMOTE_ADDR=address).post(path, {"username": username, "password": password}, **headers)


def signed_in(response) -> bool:
    return response.status_code == 302 and "sessionid" in response.cookies


def test_wrong_passwords_lock_the_account_out_even_with_the_right_password(users):
    answers = [login("203.0.113.7", "mei", "wrong").status_code for _ in range(LIMIT)]
    assert answers == [200] * (LIMIT - 1) + [429]  # the form's error, then the lockout
    refused = login("203.0.113.7", "mei", PASSWORD)
    assert refused.status_code == 429 and not signed_in(refused)
    assert "Too many failed logins" in refused.content.decode()
    assert int(refused["Retry-After"]) == 15 * 60
    # the account from any address, and any account from that address
    assert login("198.51.100.20", "mei", PASSWORD).status_code == 429
    assert login("203.0.113.7", "lin", PASSWORD).status_code == 429
    # another account from another address still works
    assert signed_in(login("198.51.100.21", "lin", PASSWORD))


def test_guesses_over_many_accounts_from_one_address_lock_the_address(users):
    for number in range(LIMIT):
        login("203.0.113.8", f"nobody{number}", "wrong")
    assert login("203.0.113.8", "mei", PASSWORD).status_code == 429
    assert signed_in(login("198.51.100.22", "mei", PASSWORD))


def test_the_admin_login_is_limited_too(users):
    get_user_model().objects.create_superuser("root", "root@example.com", PASSWORD)
    answers = [login("203.0.113.9", "root", "wrong", path="/admin/login/").status_code for _ in range(LIMIT)]
    assert answers == [200] * (LIMIT - 1) + [429]
    refused = login("203.0.113.9", "root", PASSWORD, path="/admin/login/")
    assert refused.status_code == 429 and not signed_in(refused)
    assert "Too many failed logins" in refused.content.decode() and refused["Retry-After"]
    assert signed_in(login("198.51.100.23", "lin", PASSWORD))


def test_a_client_asking_for_json_gets_a_json_429(users):
    for _ in range(LIMIT):
        login("203.0.113.10", "mei", "wrong")
    refused = login("203.0.113.10", "mei", PASSWORD, HTTP_ACCEPT="application/json")
    assert refused.status_code == 429
    assert refused.json()["code"] == "locked_out" and refused.json()["retry_after"] == 15 * 60


def test_the_lockout_ends_after_the_cool_off(users, settings):
    for _ in range(LIMIT):
        login("203.0.113.11", "mei", "wrong")
    assert login("203.0.113.11", "mei", PASSWORD).status_code == 429
    # The cool-off passes: the failures are dated back past it, not waited for (a login's own
    # time on a busy machine would count against a short wait).
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))
    assert signed_in(login("203.0.113.11", "mei", PASSWORD))


def test_a_forged_forwarded_for_locks_out_no_one_else(users):
    """With no proxy trusted, X-Forwarded-For is the client's say: the lockout falls on the
    sender's own address, not on the address it names."""
    for number in range(LIMIT):
        login("203.0.113.12", f"nobody{number}", "wrong", HTTP_X_FORWARDED_FOR="198.51.100.24")
    assert login("203.0.113.12", "lin", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99").status_code == 429
    assert signed_in(login("198.51.100.24", "mei", PASSWORD))


@override_settings(TRUSTED_PROXIES=1)
def test_behind_a_trusted_proxy_the_lockout_falls_on_the_forwarded_address(users):
    proxy = "10.0.0.2"
    for number in range(LIMIT):
        login(proxy, f"nobody{number}", "wrong", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.13")
    assert login(proxy, "mei", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.13").status_code == 429
    # another client behind the same proxy is not locked out
    assert signed_in(login(proxy, "mei", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.14"))


def test_wrong_passwords_given_to_close_an_account_count_as_failed_logins(users):
    """Closing an account asks for its password again: a stolen session cannot guess it freely."""
    browser = Client(REMOTE_ADDR="203.0.113.15")
    browser.force_login(users[0])
    answers = [browser.post("/accounts/close/", {"password": "wrong"}).status_code for _ in range(LIMIT)]
    assert answers == [400] * (LIMIT - 1) + [429]
    refused = browser.post("/accounts/close/", {"password": PASSWORD})
    assert refused.status_code == 429 and "Too many failed logins" in refused.content.decode()
    assert get_user_model().objects.get(username="mei").is_active
    assert login("198.51.100.25", "mei", PASSWORD).status_code == 429  # the account is locked out
