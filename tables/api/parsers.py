"""The API's JSON parser: DRF's, with the bounds of tables.payloads."""
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from tables import payloads


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", "utf-8")
        try:
            return payloads.parse(stream.read().decode(encoding))
        except (ValueError, UnicodeDecodeError) as error:
            raise ParseError(f"JSON parse error - {error}") from None
