"""A real server for the browser tests: uvicorn on a free loopback port, a PostgreSQL
database of its own, Redis for the channel layer, AI turns dispatched inline after commit, a
Celery worker of its own for the post-game analyses; and Debian's chromium driven by Playwright."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psycopg
import pytest
from playwright.sync_api import sync_playwright

from tests.e2e.helpers import DATABASE, SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def recreate_database(create: bool = True) -> None:
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        if create:
            connection.execute(f"CREATE DATABASE {DATABASE}")


def server_environment() -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SAMPAN_PROFILE="test",
        SAMPAN_AI_DISPATCH="inline",
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
        REDIS_URL="redis://127.0.0.1:6379/0",
        SAMPAN_REDIS_PREFIX=f"sampan-e2e-{os.getpid()}",
        SAMPAN_ANALYSIS_DISPATCH="celery",
        SAMPAN_ANALYSIS_QUEUE=f"analysis-e2e-{os.getpid()}",
        SAMPAN_ANALYSIS_ITERATIONS="20",  # the pages are tested, not the expert's depth
    )
    return env


def analysis_worker(env: dict, log) -> subprocess.Popen:
    """A Celery worker of the server's analyses' queue, as the service runs one."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", env["SAMPAN_ANALYSIS_QUEUE"],
         "--pool=prefork", "--concurrency=1", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "-n", f"e2e-{os.getpid()}@%h", "--loglevel=WARNING"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )


def wait_until_up(url: str, process: subprocess.Popen, timeout: float = 30) -> None:
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer at {url}")


@pytest.fixture(scope="session")
def sampan_server():
    recreate_database()
    env = server_environment()
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    SCREENSHOTS.mkdir(exist_ok=True)  # git-ignored: the server's log goes there too
    with open(SCREENSHOTS / "server.log", "w") as log:
        server = subprocess.Popen(
            [str(ROOT / "scripts" / "serve.sh"), "uvicorn", "127.0.0.1", str(port)],  # as the service is started
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        worker = analysis_worker(env, log)
        try:
            wait_until_up(f"{url}/accounts/login/", server)
            yield url
        finally:
            for process in (server, worker):
                process.terminate()
            for process in (server, worker):
                process.wait(timeout=20)
            recreate_database(create=False)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, sampan_server):
    """Pages in fresh browser contexts (each its own cookies, so its own user)."""
    contexts = []
    script_errors = []

    def open_page(width: int = 1280, height: int = 900, locale: str = "en-US", pace: str | None = "0"):
        """`locale`: the browser's language (its Accept-Language); `pace`: how long other seats'
        moves are shown each (ms; "0" at once, so that tests wait for no animation; None: the
        page's default), kept in the browser and given to the account `sign_up` makes."""
        context = browser.new_context(viewport={"width": width, "height": height}, base_url=sampan_server,
                                      locale=locale)
        if pace is not None:
            context.add_init_script(f"localStorage.setItem('sampan.pace', '{pace}')")
        context.set_default_timeout(30000)  # a loaded two-core machine can take that long
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: script_errors.append(error))
        page.sampan_pace = pace
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not script_errors, f"script errors in the page: {script_errors}"
