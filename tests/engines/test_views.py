"""Every engine's `views` (all viewers at once, sharing the public part) agrees with `view`."""
import random

import pytest

from engines import registry
from engines.core import play, start


@pytest.mark.parametrize("name", registry.names())
def test_views_of_all_viewers_equal_each_viewers_own_view(name):
    engine, rng = registry.get(name), random.Random(11)
    for players in range(engine.min_players, engine.max_players + 1):
        state, _ = start(engine, players, engine.bots_only_options, rng)
        viewers = [*range(players), None]
        for _ in range(300):
            assert engine.views(state, viewers) == {viewer: engine.view(state, viewer) for viewer in viewers}
            to_act = sorted(engine.to_act(state))
            if engine.outcome(state) is not None or not to_act:
                break
            seat = rng.choice(to_act)
            state, _ = play(engine, state, seat, rng.choice(engine.legal_actions(state, seat)), rng)
