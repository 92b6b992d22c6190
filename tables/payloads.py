"""JSON from clients, parsed with bounds: a payload nested thousands deep would exhaust the
parser's (or a later reader's) recursion, and NaN cannot be stored in PostgreSQL's jsonb."""
from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32  # no action, option or profile needs more than a few levels
MAX_INT = 2**63 - 1  # the largest id or seq a database column holds


def parse(text: str | bytes) -> Any:
    """The JSON value of `text`; ValueError, with a reason for people, if it is not one we accept."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise ValueError(f"JSON may nest at most {MAX_DEPTH} levels.") from None
    if depth(value) > MAX_DEPTH:
        raise ValueError(f"JSON may nest at most {MAX_DEPTH} levels.")
    return value


def depth(value: Any) -> int:
    """How many arrays and objects deep `value` nests (0 for a scalar)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            deepest = max(deepest, level)
            continue
        deepest = max(deepest, level + 1)
        stack.extend((child, level + 1) for child in item)
    return deepest


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number.")
