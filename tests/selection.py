"""Which cases of a check, run for every game (or width, or language), the default suite makes
(`make test`): one case of each check, the others only among the slow tests (`make test-slow`,
which CI runs after the default suite). The default suite then makes each check once; the slow
tests repeat it for every case."""
import pytest


def case_id(values: tuple) -> str:
    return "-".join(map(str, values[:2]))


def once_by_default(cases, default) -> list:
    """`cases` (game names or widths, or tuples that begin with one) as parametrize values: the case
    of `default` as it is, every other marked slow."""
    chosen = []
    for case in cases:
        values = case if isinstance(case, tuple) else (case,)
        marks = () if values[0] == default else (pytest.mark.slow,)
        chosen.append(pytest.param(*values, marks=marks, id=case_id(values)))
    return chosen


def each_once_by_default(cases, variants) -> list:
    """Every case (a game, or a tuple that begins with one) with every variant (a language, say),
    as parametrize values (case values, then the variant): by default each case in one variant,
    the variants taken in turn so that each is seen; the other pairs marked slow."""
    chosen = []
    for number, case in enumerate(cases):
        values = case if isinstance(case, tuple) else (case,)
        for index, variant in enumerate(variants):
            marks = () if index == number % len(variants) else (pytest.mark.slow,)
            chosen.append(pytest.param(*values, variant, marks=marks, id=case_id(values) + f"-{variant}"))
    return chosen
