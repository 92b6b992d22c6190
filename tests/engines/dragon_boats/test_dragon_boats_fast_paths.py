"""The engine's quick computations give what the plain rule gives."""
import itertools

from engines.dragon_boats import data, rules


def pays(have, cost) -> bool:
    return all(have[data.KIND_INDEX[kind]] >= cost.count(kind) for kind in cost)


def test_B_P12_B_P13_affordable_seats_match_paying_the_cost():
    """B-P12 a side seat costs the topper's offerings; B-P13 the middle seat leaves one printed kind out."""
    for topper, have in itertools.product(data.TOPPERS, itertools.product(range(4), repeat=len(data.KINDS))):
        cost = data.TOPPERS[topper]["cost"]
        middle = tuple(kind for kind in sorted(set(cost))
                       if pays(have, [other for index, other in enumerate(cost) if index != cost.index(kind)]))
        assert rules._affordable(topper, list(have)) == (pays(have, cost), middle), (topper, have)
