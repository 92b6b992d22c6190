"""One place decides the client's address (accounts.network.client_ip): X-Forwarded-For only as
far as the configured proxies, and the sign-up quota counts only the accounts created."""
import itertools

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory, override_settings

from accounts.network import client_ip

PASSWORD = "a-long-passphrase-9"
_names = itertools.count(1)
_addresses = itertools.count(1)


def fresh_address() -> str:
    """An address no other test (nor an earlier run, within the counters' hour) has used."""
    import os

    number = (os.getpid() * 1000 + next(_addresses)) % (254 * 254 * 254)
    return f"10.{number // 64516 % 254 + 1}.{number // 254 % 254 + 1}.{number % 254 + 1}"


def address_of(remote: str, forwarded: str | None = None, proxies: int = 0) -> str | None:
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    with override_settings(TRUSTED_PROXIES=proxies):
        return client_ip(RequestFactory().get("/", **headers))


def test_the_forwarded_header_is_ignored_unless_proxies_are_configured():
    assert address_of("203.0.113.1", "1.2.3.4") == "203.0.113.1"
    assert address_of("203.0.113.1") == "203.0.113.1"


def test_with_n_proxies_the_nth_address_from_the_right_is_the_clients():
    assert address_of("10.0.0.2", "6.6.6.6, 203.0.113.5", proxies=1) == "203.0.113.5"
    assert address_of("10.0.0.2", "6.6.6.6, 203.0.113.5, 10.0.0.1", proxies=2) == "203.0.113.5"
    assert address_of("10.0.0.2", "203.0.113.5", proxies=2) == "203.0.113.5"  # fewer hops: the leftmost
    assert address_of("10.0.0.2", None, proxies=1) == "10.0.0.2"  # no header: the peer
    assert address_of("10.0.0.2", "not-an-address", proxies=1) == "10.0.0.2"
    assert address_of("10.0.0.2", "2001:DB8::1", proxies=1) == "2001:db8::1"


@pytest.mark.parametrize("forwarded", ["unknown", "198.51.100.1, not-an-address", "198.51.100.1:443", "", " , ",
                                       "1.2.3.4.5", "::ffff:zz", "\x00"])
@pytest.mark.parametrize("proxies", [0, 1])
def test_a_forwarded_entry_that_is_not_an_address_leaves_the_peer(forwarded, proxies):
    assert address_of("203.0.113.1", forwarded, proxies=proxies) == "203.0.113.1"


def signup(address: str, forwarded: str | None = None, valid: bool = True):
    name = f"newcomer{next(_names)}"
    form = {"username": name, "email": f"{name}@example.com", "password1": PASSWORD,
            "password2": PASSWORD if valid else PASSWORD + "x"}
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", form, **headers), name


@pytest.mark.django_db
@override_settings(RATE_LIMITS={"actions": "30/s", "signup": "2/h"})
def test_a_spoofed_forwarded_for_gets_no_fresh_quota_and_429_carries_retry_after():
    address = fresh_address()
    for _ in range(2):
        assert signup(address)[0].status_code == 302
    for forged in ("198.51.100.1", "198.51.100.2, 198.51.100.3"):
        refused, name = signup(address, forwarded=forged)
        assert refused.status_code == 429
        assert 0 < int(refused["Retry-After"]) <= 3600
        assert "Too many new accounts" in refused.content.decode()
        assert not get_user_model().objects.filter(username=name).exists()


@pytest.mark.django_db
@override_settings(RATE_LIMITS={"actions": "30/s", "signup": "2/h"})
def test_a_spoofed_forwarded_for_cannot_use_up_anothers_quota():
    attacker, victim = fresh_address(), fresh_address()
    for _ in range(3):
        signup(attacker, forwarded=victim)
    assert signup(victim)[0].status_code == 302


@pytest.mark.django_db
@override_settings(RATE_LIMITS={"actions": "30/s", "signup": "2/h"})
def test_failed_signups_do_not_use_up_the_quota():
    address = fresh_address()
    for _ in range(5):
        failed, name = signup(address, valid=False)
        assert failed.status_code == 200 and not get_user_model().objects.filter(username=name).exists()
    for _ in range(2):
        assert signup(address)[0].status_code == 302
    assert signup(address)[0].status_code == 429
    assert signup(address)[0].status_code == 429  # refusals do not count either: still exactly full


@pytest.mark.django_db
@override_settings(RATE_LIMITS={"actions": "30/s", "signup": "2/h"}, TRUSTED_PROXIES=1)
def test_behind_a_trusted_proxy_each_client_has_its_own_quota():
    proxy, first, second = fresh_address(), fresh_address(), fresh_address()
    for _ in range(2):
        assert signup(proxy, forwarded=first)[0].status_code == 302
    # what the client put left of the proxy's entry changes nothing
    assert signup(proxy, forwarded=f"{second}, {first}")[0].status_code == 429
    assert signup(proxy, forwarded=second)[0].status_code == 302
