"""The production profile sends the pages' scripts and styles compressed: collectstatic (as the
README's production commands run it) writes a Brotli and a gzip copy of each file, and the
service answers each browser with the smallest copy it accepts, and the file itself to a browser
that accepts neither. A phone opening its first table fetches about a quarter of the bytes."""
import gzip
from pathlib import Path

import brotli
import pytest
import requests

from tests.bench.harness import Service

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "frontend" / "static"
# The table page's own script and stylesheet, and a board's script that a game's page imports.
FILES = ["frontend/js/table.js", "frontend/css/site.css", "frontend/games/dragon_boats/map.js"]


@pytest.fixture(scope="module")
def server() -> str:
    with Service(asgi_servers=1, worker=False, beat=False, collect_static=True) as service:
        yield service.http_urls[0]


def fetch(server: str, path: str, accepts: str) -> tuple[requests.Response, bytes]:
    """The answer to a browser that accepts `accepts`, and its body as sent (not decoded)."""
    answer = requests.get(f"{server}/static/{path}", headers={"Accept-Encoding": accepts}, stream=True, timeout=30)
    return answer, answer.raw.read(decode_content=False)


def test_a_browser_gets_the_smallest_copy_it_accepts_and_the_same_file_after_decoding(server):
    # one test for every file: the two test workers would each run the 25 s collectstatic
    for path in FILES:
        check_the_copies_of(server, path)


def check_the_copies_of(server: str, path: str) -> None:
    original = (STATIC / path).read_bytes()
    both, both_body = fetch(server, path, "gzip, deflate, br")
    assert both.status_code == 200
    assert both.headers["Content-Encoding"] == "br"
    assert brotli.decompress(both_body) == original
    assert len(both_body) < len(original) / 3
    gzip_only, gzip_body = fetch(server, path, "gzip")
    assert gzip_only.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(gzip_body) == original
    assert len(both_body) < len(gzip_body) < len(original) / 2.5
    plain, plain_body = fetch(server, path, "identity")
    assert "Content-Encoding" not in plain.headers
    assert plain_body == original
    # a shared cache keeps the copies apart
    assert all("Accept-Encoding" in answer.headers["Vary"] for answer in (both, gzip_only, plain))
