"""The embedded profile end to end: SQLite, uvicorn with the in-server ticker, in-process push."""
import asyncio
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
import websockets
from websockets.exceptions import InvalidStatus

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def embedded_server(tmp_path_factory):
    """One uvicorn server of the embedded profile on a fresh SQLite file, and the API headers of
    the demo account and of a second player, "rival"."""
    tmp_path = tmp_path_factory.mktemp("embedded")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("SAMPAN_", "SECRET_KEY", "ALLOWED_HOSTS"))},
           "SAMPAN_PROFILE": "embedded", "SAMPAN_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
           "SAMPAN_SECRET_KEY_FILE": str(tmp_path / "secret_key"), "HOST": "127.0.0.1"}
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput"], ["demo_account"]):
        subprocess.run(manage + command, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    subprocess.run(manage + ["shell", "-c", "from django.contrib.auth.models import User; "
                             "User.objects.create_user('rival', 'rival@example.com', 'rival-pass-4821')"],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=60)
    token, rival = (subprocess.run(manage + ["drf_create_token", name], cwd=ROOT, env=env, check=True,
                                   capture_output=True, text=True, timeout=60).stdout.split()[2]
                    for name in ("demo", "rival"))
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    server = subprocess.Popen(
        [str(ROOT / "scripts" / "serve.sh"), "uvicorn", "127.0.0.1", str(port)],  # as `make run` starts it
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            requests.get(f"{base}/api/games/", timeout=1)
            break
        except requests.RequestException:
            time.sleep(0.2)
    yield base, {"Authorization": f"Token {token}"}, tmp_path / "db.sqlite3", {"Authorization": f"Token {rival}"}
    server.terminate()
    server.wait(timeout=20)
    log.close()


async def frames_until(url: str, done, timeout: float) -> list[dict]:
    frames = []
    async with websockets.connect(url, origin="http://127.0.0.1") as socket_:
        async with asyncio.timeout(timeout):
            while not done(frames):
                message = json.loads(await socket_.recv())
                frames.extend(message if isinstance(message, list) else [message])  # a move's frames come as one
    return frames


def test_ai_seats_and_an_idle_player_are_played_and_pushed(embedded_server):
    base, auth, _, rival = embedded_server
    body = {"game": "dschunke", "players": 3, "time_control": {"kind": "live", "seconds": 5},
            "seats": [{"kind": "me"}, {"kind": "invite", "username": "rival"}, {"kind": "ai", "strength": "random"}]}
    table = requests.post(f"{base}/api/tables/", json=body, headers=auth, timeout=30).json()
    assert requests.post(f"{base}/api/tables/{table['id']}/join/", json={}, headers=rival, timeout=30).ok
    started = requests.post(f"{base}/api/tables/{table['id']}/start/", headers=auth, timeout=60).json()
    assert started["status"] == "running" and set(started["to_act"]) <= {0, 1}  # the AI has answered inline
    ws_url = base.replace("http", "ws") + f"/ws/tables/{table['id']}/"
    # Nobody moves for the people: the ticker's bot does after 5 s (a person waits), and the AI answers; all pushed.
    frames = asyncio.run(frames_until(ws_url, lambda f: any(x["type"] == "event" for x in f), timeout=30))
    assert frames[0]["type"] == "sync" and frames[0]["seq"] == started["head_seq"]
    assert frames[1]["type"] == "event" and frames[1]["seq"] == started["head_seq"] + 1
    events = requests.get(f"{base}/api/tables/{table['id']}/events/?after={started['head_seq']}",
                          headers=auth, timeout=30).json()["events"]
    assert events[0]["seat"] in started["to_act"] and events[0]["by"] == "timeout"


def test_sqlite_triggers_keep_the_event_log_append_only(embedded_server):
    base, auth, database, _ = embedded_server
    body = {"game": "dschunke", "players": 3, "time_control": {"kind": "live", "seconds": 60},
            "seats": [{"kind": "me"}, {"kind": "ai", "strength": "random"}, {"kind": "ai", "strength": "random"}]}
    table = requests.post(f"{base}/api/tables/", json=body, headers=auth, timeout=30).json()
    requests.post(f"{base}/api/tables/{table['id']}/start/", headers=auth, timeout=60)
    with sqlite3.connect(database) as db:
        count = db.execute("SELECT COUNT(*) FROM tables_event").fetchone()[0]
        assert count > 0
        for sql in ("UPDATE tables_event SET type = 'x'", "DELETE FROM tables_event"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                db.execute(sql)
        assert db.execute("SELECT COUNT(*) FROM tables_event WHERE type != 'x'").fetchone()[0] == count
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_websocket_from_another_sites_page_is_refused(embedded_server):
    base, auth, _, _ = embedded_server
    ws_url = base.replace("http", "ws") + "/ws/tables/1/"

    async def handshake(origin: str):
        async with websockets.connect(ws_url, origin=origin, open_timeout=10):
            return True

    with pytest.raises(InvalidStatus) as refused:
        asyncio.run(handshake("http://evil.example"))
    assert refused.value.response.status_code == 403
    assert asyncio.run(handshake(base))


def test_no_debug_pages_and_static_files_still_served(embedded_server):
    base, _, _, _ = embedded_server
    missing = requests.get(f"{base}/no-such-page/", timeout=10)
    assert missing.status_code == 404
    assert "URLconf" not in missing.text and "Traceback" not in missing.text
    foreign = requests.get(f"{base}/", headers={"Host": "evil.example"}, timeout=10)
    assert foreign.status_code == 400 and "ALLOWED_HOSTS" not in foreign.text
    css = requests.get(f"{base}/static/frontend/css/site.css", timeout=10)
    assert css.status_code == 200 and "text/css" in css.headers["Content-Type"]
