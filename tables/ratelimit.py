"""Rate limits: action submission per user (REST and websocket) and sign-up per address.

Built on DRF's throttles, whose request history lives in Django's cache (Redis when the
service has one, so every ASGI process counts together). Rates come from
settings.RATE_LIMITS, read on use so that a deployment or a test can change them.
"""
from types import SimpleNamespace

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle


class SettingsRateThrottle(SimpleRateThrottle):
    def get_rate(self):
        return settings.RATE_LIMITS[self.scope]


class ActionRateThrottle(SettingsRateThrottle):
    """Actions a signed-in user may submit, over every table and both transports."""

    scope = "actions"

    def get_cache_key(self, request, view):
        if not request.user.is_authenticated:
            return None  # refused before this by the permission check
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class SignupRateThrottle(SettingsRateThrottle):
    """Accounts one client address may create."""

    scope = "signup"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def action_wait(user) -> float | None:
    """None if `user` may submit an action now, else the seconds to wait (for the websocket)."""
    throttle = ActionRateThrottle()
    if throttle.allow_request(SimpleNamespace(user=user), None):
        return None
    return throttle.wait() or 1.0
