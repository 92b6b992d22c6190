"""The one error a command or query raises when it refuses: a stable code, words, an HTTP status."""


class Refused(Exception):
    def __init__(self, code: str, detail: str, status: int = 400, **extra):
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        self.extra = extra

    def as_dict(self) -> dict:
        return {"code": self.code, "detail": self.detail, **self.extra}


def not_found(what: str = "table") -> Refused:
    return Refused("not_found", f"There is no such {what}.", 404)


def forbidden(detail: str) -> Refused:
    return Refused("forbidden", detail, 403)
