"""Which cases of a check, run for every game, the default suite makes (`make test`): one game's,
the others' only among the slow tests (`make test-slow`, which CI runs after the default suite).
The default suite then makes each check once; the slow tests repeat it for every game."""
import pytest


def once_by_default(cases, default: str) -> list:
    """`cases` (game names, or tuples that begin with one) as parametrize values: the case of the
    game `default` as it is, every other marked slow and named by its game."""
    chosen = []
    for case in cases:
        values = case if isinstance(case, tuple) else (case,)
        marks = () if values[0] == default else (pytest.mark.slow,)
        chosen.append(pytest.param(*values, marks=marks, id="-".join(map(str, values[:2]))))
    return chosen
