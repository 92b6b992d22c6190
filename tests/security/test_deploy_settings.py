"""Settings that decide what is exposed: the embedded profile once reachable from other machines
(HOST), and the production profile (`manage.py check --deploy`, secrets, proxies, HTTPS).
Each case imports the settings in a fresh `python` with the environment under test."""
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRINT = """
import json
from django.conf import settings
print(json.dumps({name: getattr(settings, name, None) for name in %r}, default=str))
"""
PRODUCTION = {
    "SAMPAN_PROFILE": "production",
    "SECRET_KEY": "k7Qv2mZp9xR4tL8wN3sB6yH1cF5jD0gA-eU_iO7qT2rW9zX4vM",
    "DATABASE_URL": "postgres://sampan:pw@127.0.0.1:5432/sampan",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "ALLOWED_HOSTS": "sampan.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://sampan.example.org",
    "SITE_URL": "https://sampan.example.org",
    "SAMPAN_TRUSTED_PROXIES": "1",
}


def run(args: list[str], tmp_path: Path, **env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("SAMPAN_", "DATABASE_URL", "REDIS_URL", "SECRET_KEY", "ALLOWED_HOSTS",
                                  "SECURE_", "DJANGO_", "HOST", "PORT"))}
    env = {"DJANGO_SETTINGS_MODULE": "config.settings", "SAMPAN_SECRET_KEY_FILE": str(tmp_path / "secret_key"),
           "SAMPAN_SQLITE_PATH": str(tmp_path / "db.sqlite3"), **env}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env={**clean, **env}, capture_output=True,
                          text=True, timeout=120)


def settings_of(tmp_path: Path, *names: str, **env) -> dict:
    done = run(["-c", PRINT % (names,)], tmp_path, **env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


# ----------------------------------------------------------------------------- embedded


def test_embedded_on_every_interface_shows_no_debug_and_allows_only_its_hosts(tmp_path):
    got = settings_of(tmp_path, "DEBUG", "ALLOWED_HOSTS", "SECRET_KEY", "SERVING_LOOPBACK",
                      SAMPAN_PROFILE="embedded", HOST="0.0.0.0", SAMPAN_PUBLIC_HOSTS="sampan.lan,192.168.1.20")
    assert got["DEBUG"] is False and got["SERVING_LOOPBACK"] is False
    assert "*" not in got["ALLOWED_HOSTS"]
    assert {"127.0.0.1", "localhost", "sampan.lan", "192.168.1.20"} <= set(got["ALLOWED_HOSTS"])
    assert got["SECRET_KEY"] == (tmp_path / "secret_key").read_text().strip()


def test_embedded_on_one_address_allows_that_address(tmp_path):
    got = settings_of(tmp_path, "ALLOWED_HOSTS", "DEBUG", SAMPAN_PROFILE="embedded", HOST="192.168.1.20")
    assert set(got["ALLOWED_HOSTS"]) == {"127.0.0.1", "localhost", "[::1]", "192.168.1.20"}
    assert got["DEBUG"] is False


def test_debug_only_when_asked_for_and_never_in_production(tmp_path):
    assert settings_of(tmp_path, "DEBUG", SAMPAN_PROFILE="embedded", SAMPAN_DEBUG="1")["DEBUG"] is True
    assert settings_of(tmp_path, "DEBUG", SAMPAN_PROFILE="embedded")["DEBUG"] is False
    assert settings_of(tmp_path, "DEBUG", **PRODUCTION, SAMPAN_DEBUG="1")["DEBUG"] is False


def test_the_embedded_secret_key_is_generated_once_private_and_reused(tmp_path):
    first = settings_of(tmp_path, "SECRET_KEY", SAMPAN_PROFILE="embedded")["SECRET_KEY"]
    key_file = tmp_path / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(first) >= 50 and first == key_file.read_text().strip()
    assert settings_of(tmp_path, "SECRET_KEY", SAMPAN_PROFILE="embedded")["SECRET_KEY"] == first
    other = tmp_path / "other"
    assert settings_of(other, "SECRET_KEY", SAMPAN_PROFILE="embedded")["SECRET_KEY"] != first


def test_the_demo_account_exists_only_while_serving_on_loopback(tmp_path):
    embedded = {"SAMPAN_PROFILE": "embedded"}
    assert run(["manage.py", "migrate", "--noinput", "-v0"], tmp_path, **embedded).returncode == 0
    usable = ["manage.py", "shell", "-c", "from django.contrib.auth import authenticate;"
              "print(authenticate(username='demo', password='demo') is not None)"]
    outside = run(["manage.py", "demo_account"], tmp_path, **embedded, HOST="0.0.0.0")
    assert outside.returncode == 0 and "no demo account" in outside.stdout
    assert run(usable, tmp_path, **embedded).stdout.split()[-1] == "False"
    assert run(["manage.py", "demo_account"], tmp_path, **embedded, HOST="127.0.0.1").returncode == 0
    assert run(usable, tmp_path, **embedded).stdout.split()[-1] == "True"
    # served to the network later: the account made on loopback no longer logs in
    assert run(["manage.py", "demo_account"], tmp_path, **embedded, HOST="0.0.0.0").returncode == 0
    assert run(usable, tmp_path, **embedded).stdout.split()[-1] == "False"


# ----------------------------------------------------------------------------- production


def test_check_deploy_is_clean_in_production(tmp_path):
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], tmp_path, **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout
    assert "WARNING" not in done.stdout + done.stderr


def test_production_refuses_a_short_secret_key(tmp_path):
    done = run(["-c", PRINT % (("DEBUG",),)], tmp_path, **{**PRODUCTION, "SECRET_KEY": "too-short-" * 4})
    assert done.returncode != 0 and "at least 50 characters" in done.stderr


def test_https_settings_come_from_the_environment(tmp_path):
    names = ("SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_SSL_REDIRECT",
             "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_PROXY_SSL_HEADER")
    defaults = settings_of(tmp_path, *names, **PRODUCTION)
    assert defaults == {"SECURE_HSTS_SECONDS": 31536000, "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
                        "SECURE_HSTS_PRELOAD": False, "SECURE_SSL_REDIRECT": True, "SESSION_COOKIE_SECURE": True,
                        "CSRF_COOKIE_SECURE": True, "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"]}
    chosen = settings_of(tmp_path, *names, **PRODUCTION, SECURE_HSTS_SECONDS="600", SECURE_HSTS_PRELOAD="1",
                         SECURE_SSL_REDIRECT="0")
    assert (chosen["SECURE_HSTS_SECONDS"], chosen["SECURE_HSTS_PRELOAD"], chosen["SECURE_SSL_REDIRECT"]) == (600, True, False)


@pytest.mark.parametrize("profile", [PRODUCTION, {"SAMPAN_PROFILE": "embedded"}])
def test_x_forwarded_proto_is_trusted_only_with_proxies_configured(tmp_path, profile):
    env = {**profile}
    env.pop("SAMPAN_TRUSTED_PROXIES", None)
    assert settings_of(tmp_path, "SECURE_PROXY_SSL_HEADER", **env)["SECURE_PROXY_SSL_HEADER"] is None
    trusted = settings_of(tmp_path, "SECURE_PROXY_SSL_HEADER", **env, SAMPAN_TRUSTED_PROXIES="1")
    assert trusted["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


PROBE = """
import django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="sampan.example.org")
print(client.get("/healthz", HTTP_ACCEPT="application/json").status_code, client.get("/accounts/login/").status_code)
"""


def test_a_plain_http_health_probe_is_answered_where_every_page_redirects_to_https(tmp_path):
    done = run(["-c", PROBE], tmp_path, **PRODUCTION)
    assert done.returncode == 0, done.stderr
    health, page = map(int, done.stdout.split()[-2:])
    assert page == 301
    assert health in (200, 503)  # answered: whether this machine has PRODUCTION's database is not the point
