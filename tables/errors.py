"""The one error a command or query raises when it refuses: a stable code, words (in the
reader's language where a player may read them), an HTTP status."""
from django.utils.translation import gettext as _


class Refused(Exception):
    def __init__(self, code: str, detail: str, status: int = 400, **extra):
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        self.extra = extra

    def as_dict(self) -> dict:
        return {"code": self.code, "detail": self.detail, **self.extra}


def not_found() -> Refused:
    return Refused("not_found", _("There is no such table."), 404)


def forbidden(detail: str) -> Refused:
    return Refused("forbidden", detail, 403)
