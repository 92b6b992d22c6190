"""Run one function of the project inside Django, with the environment's settings.

    python -m tests.bench.django_call tests.bench.seeding:make_players '{"count": 4}'

Prints the function's result as one JSON line (the harness uses it to seed a service
from a process that must not load Django itself, such as the test runner).
"""
import importlib
import json
import sys

import django


def main() -> None:
    target, kwargs = sys.argv[1], json.loads(sys.argv[2])
    django.setup()
    module_name, function_name = target.split(":")
    result = getattr(importlib.import_module(module_name), function_name)(**kwargs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
