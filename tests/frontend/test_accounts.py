"""Account pages: sign up, log in, log out, password change and reset by email."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

pytestmark = pytest.mark.django_db

PASSWORD = "tide-lantern-4821"


@pytest.fixture
def user():
    return get_user_model().objects.create_user("mei", "mei@example.com", PASSWORD)


def signed_in_username(client) -> str | None:
    page = client.get("/")
    return page.context["user"].username if page.context["user"].is_authenticated else None


def test_signup_creates_the_account_and_signs_in(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "lin", "email": "lin@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert get_user_model().objects.get(username="lin").email == "lin@example.com"
    assert signed_in_username(client) == "lin"


def test_signup_with_mismatched_passwords_shows_the_error_and_creates_nothing(client):
    response = client.post(
        "/accounts/signup/", {"username": "lin", "password1": PASSWORD, "password2": PASSWORD + "x"}
    )
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not get_user_model().objects.filter(username="lin").exists()


def test_login_and_logout(client, user):
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "mei", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    assert signed_in_username(client) == "mei"
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert signed_in_username(client) is None


def test_login_with_a_wrong_password_is_refused(client, user):
    response = client.post("/accounts/login/", {"username": "mei", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert signed_in_username(client) is None


def test_login_follows_next(client, user):
    response = client.post("/accounts/login/?next=/tables/new/", {"username": "mei", "password": PASSWORD, "next": "/tables/new/"})
    assert response["Location"] == "/tables/new/"


def test_password_change(client, user):
    client.force_login(user)
    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": "harbour-kite-9034", "new_password2": "harbour-kite-9034"},
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/password_change/done/"
    user.refresh_from_db()
    assert user.check_password("harbour-kite-9034")


def test_password_reset_by_email(client, user):
    response = client.post("/accounts/password_reset/", {"email": "mei@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.context["validlink"]
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "junk-river-5521", "new_password2": "junk-river-5521"},
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/reset/done/"
    user.refresh_from_db()
    assert user.check_password("junk-river-5521")


def test_password_reset_for_an_unknown_email_sends_nothing(client, user):
    client.post("/accounts/password_reset/", {"email": "nobody@example.com"})
    assert mail.outbox == []


def test_pages_that_need_an_account_redirect_to_login(client):
    for path in ("/accounts/profile/", "/tables/new/"):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


def test_signed_in_pages_render(client, user, table_id):
    client.force_login(user)
    for path in ("/", "/accounts/profile/", "/tables/new/", f"/tables/{table_id}/", "/accounts/password_change/"):
        assert client.get(path).status_code == 200, path
