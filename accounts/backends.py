"""The first authentication backend: django-axes' lockout check before ModelBackend."""
from axes.backends import AxesBackend


class LockoutBackend(AxesBackend):
    """Refuses a locked-out username or address before any password is checked (then
    ModelBackend, next in AUTHENTICATION_BACKENDS, authenticates). A call without a request
    (code that checks a password itself, e.g. the test client's `login`) comes from no client
    that could be locked out: it is passed on unchecked rather than refused."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
