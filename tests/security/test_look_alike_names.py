"""Sign-up refuses a name that passes for an existing one (Unicode TR39 confusables, case)."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.names import username_keys

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-passphrase-9"


def signup(username: str):
    form = {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return Client(REMOTE_ADDR="192.0.2.50").post("/accounts/signup/", form)


@pytest.mark.parametrize("look_alike", [
    "\u0430lice",         # Cyrillic а
    "\u0410LICE",         # Cyrillic А, upper case
    "ALICE",              # case (Django's own check)
    "AL\u0406CE",         # upper case with a Cyrillic І
    "a1ice",              # digit one for l
    "\uff41\uff4c\uff49\uff43\uff45",  # fullwidth
])
def test_a_look_alike_of_an_existing_name_is_refused(look_alike):
    get_user_model().objects.create_user("alice", password=PASSWORD)
    page = signup(look_alike)
    assert page.status_code == 200
    html = page.content.decode()
    # Django itself refuses a name equal but for case (after NFKC); the look-alike check the rest
    assert "looks too much like an existing player" in html or "A user with that username already exists" in html
    assert get_user_model().objects.count() == 1


def test_distinct_names_are_accepted_and_remembered():
    get_user_model().objects.create_user("alice", password=PASSWORD)
    for name in ("alicia", "mei", "mel", "zoë"):
        assert signup(name).status_code == 302, name
    user = get_user_model().objects.get(username="zoë")
    assert (user.username_skeleton.skeleton, user.username_skeleton.folded) == username_keys("zoë")
    assert signup("zoe").status_code == 302  # a different letter, not a look-alike


def test_look_alikes_of_a_name_made_another_way_are_refused_too():
    get_user_model().objects.create_superuser("rnodern", "admin@example.com", PASSWORD)  # not by sign-up
    assert "looks too much like" in signup("modern").content.decode()


def test_the_migration_gives_existing_users_their_keys():
    import importlib

    from django.apps import apps

    from accounts.models import UsernameSkeleton

    migration = importlib.import_module("accounts.migrations.0001_initial")
    get_user_model().objects.create_user("alice", password=PASSWORD)
    UsernameSkeleton.objects.all().delete()  # as before the migration
    migration.remember_existing_usernames(apps, None)
    assert "looks too much like" in signup("\u0430lice").content.decode()


@pytest.mark.parametrize("name", ["AI", "ki_2", "IA-3", "Bot99", "\u0391DMIN", "Sampan", "support."])
def test_a_name_the_site_keeps_for_its_bots_and_staff_is_refused(name):
    page = signup(name)
    assert page.status_code == 200
    assert "kept for the site" in page.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("name", ["Al", "Aiko", "kim", "robot_fan", "sampan_fan", "R2D2"])
def test_names_that_only_contain_a_kept_word_are_accepted(name):
    assert signup(name).status_code == 302, name
