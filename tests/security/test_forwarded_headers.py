"""The client's address and scheme are decided in one place (accounts.network.client_ip and
SAMPAN_TRUSTED_PROXIES), not by the ASGI server in front of Django.

uvicorn, left to itself, takes X-Forwarded-For and X-Forwarded-Proto from any request of
127.0.0.1. Each server here is started as `make run` and the README start them
(scripts/serve.sh, production profile, SAMPAN_TRUSTED_PROXIES=0) and is sent those headers from
loopback: the login lockout by address still applies, and the scheme stays plain HTTP.
"""
import re

import pytest
import requests

from tests.bench.harness import Service

LIMIT = 3
SPOOFED = ["198.51.100.7", "not-an-address", "2001:db8::7", "198.51.100.8, 198.51.100.9"]


@pytest.fixture(scope="module", params=["uvicorn", "daphne"])
def server(request) -> str:
    env = {"SAMPAN_TRUSTED_PROXIES": "0", "SAMPAN_LOGIN_FAILURE_LIMIT": str(LIMIT), "SECURE_HSTS_SECONDS": "3600"}
    with Service(asgi_servers=1, worker=False, beat=False, server=request.param, env=env) as service:
        yield service.http_urls[0]


def failed_login(base: str, username: str, forwarded: str) -> int:
    session = requests.Session()
    page = session.get(f"{base}/accounts/login/", timeout=30)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    form = {"csrfmiddlewaretoken": token, "username": username, "password": "wrong"}
    return session.post(f"{base}/accounts/login/", data=form, headers={"X-Forwarded-For": forwarded},
                        allow_redirects=False, timeout=30).status_code


def test_a_forged_forwarded_for_does_not_escape_the_lockout_by_address(server):
    # a new account name each time: only the address can lock these guesses out
    answers = [failed_login(server, f"nobody{number}", forwarded) for number, forwarded in enumerate(SPOOFED)]
    assert answers == [200] * (LIMIT - 1) + [429] * (len(SPOOFED) - LIMIT + 1)


def test_a_forged_forwarded_proto_does_not_make_the_request_secure(server):
    # Django sends HSTS only on a request it believes came over HTTPS
    answer = requests.get(f"{server}/api/games/", headers={"X-Forwarded-Proto": "https"}, timeout=30)
    assert answer.status_code == 200
    assert "Strict-Transport-Security" not in answer.headers
