"""Addresses holding a NUL name nothing: PostgreSQL cannot store the character in text and
refuses any query that carries it, so a path parameter or a query parameter with one would be
a server error in whichever view passed it to the database. They are answered here, before any
view, as an address no route serves (the URL configuration's 404: JSON under /api/, else the
page)."""
from urllib.parse import unquote_plus

from django.urls import Resolver404, get_resolver


def holds_nul(request) -> bool:
    return "\x00" in request.path_info or "\x00" in unquote_plus(request.META.get("QUERY_STRING", ""))


class NulInAddressMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if holds_nul(request):
            return get_resolver().resolve_error_handler(404)(request, Resolver404())
        return self.get_response(request)
