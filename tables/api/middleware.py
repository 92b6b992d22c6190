"""Request bodies over DATA_UPLOAD_MAX_MEMORY_SIZE get a 413 JSON error.

`BodyLimit` (ASGI, wrapped around Django in config/asgi.py) refuses them before anything is
read: Django's ASGI handler reads the whole body into a file before any Django middleware
runs, so a 200 MB body would be taken in first. A declared Content-Length over the limit is
refused at once; a body without one (chunked) is read up to the limit and refused as soon as
it goes over. `BodyTooLargeMiddleware` (Django) gives the same answer where no ASGI server is
in front (the test client).
"""
import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse

TOO_LARGE = {"code": "too_large", "detail": "The request body is too large."}
WITH_BODY = {"POST", "PUT", "PATCH", "DELETE"}


class BodyLimit:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if scope["type"] != "http" or limit is None:
            return await self.app(scope, receive, send)
        length = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                length = value
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                return await self.refuse(send, 400, {"code": "bad_request", "detail": "Invalid Content-Length."})
            if declared > limit:
                return await self.refuse(send, 413, TOO_LARGE)
            return await self.app(scope, receive, send)
        if scope["method"] not in WITH_BODY:
            return await self.app(scope, receive, send)
        # No declared length: read what comes, up to the limit, then hand it on as one message.
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > limit:
                return await self.refuse(send, 413, TOO_LARGE)
            chunks.append(body)
            if not message.get("more_body"):
                break
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)

    @staticmethod
    async def refuse(send, status: int, payload: dict) -> None:
        body = json.dumps(payload).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close")]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class BodyTooLargeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("POST", "PUT", "PATCH"):
            try:
                request.body  # reads the body once, enforcing the size limit
            except RequestDataTooBig:
                return JsonResponse(TOO_LARGE, status=413)
        return self.get_response(request)
