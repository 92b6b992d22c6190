"""What a locked-out login gets: 429 with a message and Retry-After (django-axes'
AXES_LOCKOUT_CALLABLE), a page for the login forms and JSON for the API."""
import math

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.shortcuts import render

from axes.helpers import get_cool_off


def message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return _("Too many failed logins for this account or from your address. "
             "Logging in is refused for %(minutes)d min; try again after that.") % {"minutes": minutes}


def locked_out(request, original_response=None, credentials=None):
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else 3600
    text = message(seconds)
    wants_json = request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", "")
    if wants_json:
        response = JsonResponse({"code": "locked_out", "detail": text, "retry_after": seconds}, status=429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": text}, status=429)
    response["Retry-After"] = str(seconds)
    return response
