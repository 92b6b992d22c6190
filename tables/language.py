"""Which language a reader gets, and the engines speaking it.

Pages follow Django's choice (LocaleMiddleware: the language cookie set by the switch, else the
browser's Accept-Language). `ReaderLanguageMiddleware` makes the engines' words (log lines,
refusals, glossaries) follow it for the request; a websocket, which no middleware sees, reads
the same cookie and header from its scope with `scope_language`.
"""
from __future__ import annotations

import contextlib

from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

from engines import i18n


def supported(code: str | None) -> str | None:
    """The site language `code` stands for ("de-AT" → "de"), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def scope_language(scope: dict) -> str:
    """A websocket's language: its language cookie, else its Accept-Language, else English."""
    chosen = supported(scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in trans_real.parse_accept_lang_header(accept):
        if code == "*":
            break
        found = supported(code)
        if found:
            return found
    return settings.LANGUAGE_CODE


@contextlib.contextmanager
def speaking(code: str):
    """Within the block both the pages' words and the engines' are in `code`."""
    with translation.override(code), i18n.language(code):
        yield


class ReaderLanguageMiddleware:
    """After LocaleMiddleware: the engines word the request's answers in its language, and a
    browser gets the account's language once it signs in (over a language chosen there before,
    by another reader of a shared browser, say: the account's is the player's own choice)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with i18n.language(translation.get_language()):
            response = self.get_response(request)
        chosen = getattr(request, "account_language", "")
        if chosen and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != chosen:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, chosen, max_age=settings.LANGUAGE_COOKIE_AGE,
                                samesite=settings.LANGUAGE_COOKIE_SAMESITE, secure=settings.LANGUAGE_COOKIE_SECURE)
        return response


def remember_on_login(sender, request, user, **kwargs):
    """At sign-in: the account's language for this browser (by the middleware), or, for an account
    without one yet (a new one, say), the language its pages are read in, which its notices and
    emails then speak; and the address the player came by, which their notices link to (a host
    Django has checked)."""
    from tables.models import Profile

    if request is None:
        return
    profile = Profile.of(user)
    reading = supported(getattr(request, "LANGUAGE_CODE", None))
    if not profile.language and reading:
        Profile.objects.filter(pk=profile.pk).update(language=reading)
    request.account_language = profile.language
    if not (request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME")):
        return  # a sign-in made in code (the test client's login), not by a browser
    address = f"{request.scheme}://{request.get_host()}"
    if profile.site_url != address:
        Profile.objects.filter(pk=profile.pk).update(site_url=address)
