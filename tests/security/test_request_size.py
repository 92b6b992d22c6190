"""A request body over the limit is refused before it is read: on the declared Content-Length,
or as soon as a body without one goes over. REST and form posts alike (ASGI, as served)."""
import asyncio
import json

import pytest
from asgiref.testing import ApplicationCommunicator
from django.conf import settings

from config.asgi import application

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
HUGE = 200 * 1024 * 1024


def scope(path: str, headers: list[tuple[bytes, bytes]]) -> dict:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
            "root_path": "", "headers": [(b"host", b"testserver"), *headers],
            "client": ("192.0.2.1", 4000), "server": ("testserver", 80)}


@pytest.mark.parametrize("path, kind", [("/api/tables/", b"application/json"),
                                        ("/accounts/signup/", b"application/x-www-form-urlencoded")])
async def test_a_declared_huge_body_is_refused_before_any_of_it_is_read(path, kind):
    app = ApplicationCommunicator(application, scope(path, [(b"content-type", kind),
                                                           (b"content-length", str(HUGE).encode())]))
    # Not one byte of the body is sent: the answer must come without it.
    start = await app.receive_output(timeout=5)
    assert start["type"] == "http.response.start" and start["status"] == 413
    body = await app.receive_output(timeout=5)
    assert json.loads(body["body"])["code"] == "too_large"
    await app.wait(timeout=5)


async def test_a_body_without_a_length_is_refused_as_soon_as_it_goes_over():
    app = ApplicationCommunicator(application, scope("/api/tables/", [(b"content-type", b"application/json"),
                                                                      (b"transfer-encoding", b"chunked")]))
    chunk = b" " * 16384
    sent = 0
    while sent <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        await app.send_input({"type": "http.request", "body": chunk, "more_body": True})
        sent += len(chunk)
    start = await app.receive_output(timeout=5)  # the rest (up to 200 MB) is never sent
    assert start["status"] == 413
    await app.receive_output(timeout=5)
    await app.wait(timeout=5)


async def test_a_body_within_the_limit_reaches_the_view():
    body = json.dumps({"game": "dschunke"}).encode()
    app = ApplicationCommunicator(application, scope("/api/tables/", [(b"content-type", b"application/json"),
                                                                      (b"content-length", str(len(body)).encode())]))
    await app.send_input({"type": "http.request", "body": body, "more_body": False})
    start = await app.receive_output(timeout=10)
    assert start["status"] == 403  # not signed in: the API itself answered
    await app.receive_output(timeout=5)
    await asyncio.sleep(0)
