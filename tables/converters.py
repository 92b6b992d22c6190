"""The `<id:...>` path converter: a row id fits a 64-bit column, so longer digit strings are a
404 at the router rather than an overflow in the database."""
from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


def register() -> None:
    register_converter(IdConverter, "id")
