"""Every API error is a 4xx with {"code": ..., "detail": "..."}."""
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from engines.core import IllegalAction
from tables.errors import Refused


def _words(detail) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_words(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_words(item) for item in detail)
    return str(detail)


def handle_exception(exc, context):
    if isinstance(exc, Refused):
        response = Response(exc.as_dict(), status=exc.status)
        if "retry_after" in exc.extra:  # a rate's refusal says when to come back, as DRF's throttles do
            response["Retry-After"] = str(exc.extra["retry_after"])
        return response
    if isinstance(exc, IllegalAction):
        return Response({"code": exc.code, "detail": exc.message}, status=400)
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        code = "invalid"
    elif isinstance(exc, exceptions.APIException):
        code = exc.default_code
    else:  # Http404, PermissionDenied from Django
        code = "not_found" if response.status_code == 404 else "forbidden"
    response.data = {"code": code, "detail": _words(getattr(exc, "detail", response.data))}
    return response
