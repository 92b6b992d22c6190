"""Bots that play any engine through the protocol, seeing only their seat's view.

A bot is a function `(engine, view, seat, legal_actions, rng) -> action`. Bots that look
ahead imagine the hidden parts of the game with `engine.sample(view, seat, rng)`, so they
never read what their seat may not see.
"""
from __future__ import annotations

import random

from engines.bots.expert import Advice, advise_expert, choose_expert
from engines.bots.greedy import choose_greedy
from engines.bots.playout import without_undo
from engines.bots.random_bot import choose_random
from engines.bots.search import choose_search
from engines.core import Action, Engine, Seat
from engines.i18n import N_, shared, shared_ngettext

_, ngettext = shared, shared_ngettext  # the shared catalog's lookups, by the names xgettext finds

BOTS = {
    "random": choose_random,
    "greedy": choose_greedy,
    "search": choose_search,
    "expert": choose_expert,
}
STRENGTHS = tuple(BOTS)
# The bots that think for a time budget (about a second a move) rather than at once.
SEARCHING = frozenset({"search", "expert"})
# What players are shown of each bot: a name, and how it plays.
LABELS = {
    "random": (N_("Beginner"), N_("Plays any legal move at random.")),
    "greedy": (N_("Casual"), N_("Takes the move that looks best right away, judged over a few imagined deals of the "
                                "hidden cards.")),
    "search": (N_("Strong"), N_("Plays out many imagined games from each move, over guesses of the cards it cannot "
                                "see, about a second a move.")),
    "expert": (N_("Expert"), N_("Looks several moves ahead over many guesses of the cards it cannot see, weighing "
                                "each player's best replies, or plans its whole turn where a turn is many small moves, "
                                "about a second a move.")),
}


def label(strength: str) -> tuple[str, str]:
    """A strength's name for players and how it plays, in the reader's language; a person's seat
    (no strength) has none (translating "" would give the catalogue's header)."""
    if not strength:
        return "", ""
    name, how = LABELS.get(strength, (strength, ""))
    return shared(name), shared(how) if how else ""


def choose(engine: Engine, strength: str, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Action:
    """The action the bot of `strength` picks for `seat` among `legal_actions` (never an undo)."""
    legal_actions = weighed(engine, seat, legal_actions)
    if len(legal_actions) == 1:
        return legal_actions[0]
    try:
        bot = BOTS[strength]
    except KeyError:
        raise ValueError(f"unknown bot strength {strength!r}; choose one of {', '.join(STRENGTHS)}") from None
    return bot(engine, view, seat, legal_actions, rng)


def advise(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random) -> Advice:
    """The move the strongest bot would make for `seat` now, as the expert seated there would
    choose it (from the seat's view alone), with what its search thinks of it."""
    legal_actions = weighed(engine, seat, legal_actions)
    if len(legal_actions) == 1:
        return Advice(legal_actions[0])
    return advise_expert(engine, view, seat, legal_actions, rng)


def weighed(engine: Engine, seat: Seat, legal_actions: list[Action]) -> list[Action]:
    """The actions a bot chooses among: the legal ones but the undo actions."""
    if not legal_actions:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    return without_undo(engine, legal_actions)


def explain(advice: Advice) -> str:
    """Why the expert plays `advice`'s move, in the reader's language."""
    if advice.chance is not None:
        return ngettext(
            "The expert's estimate of your chances after this move: about {percent}% (over {games} imagined game).",
            "The expert's estimate of your chances after this move: about {percent}% (over {games} imagined games).",
            advice.games).format(percent=round(100 * advice.chance), games=advice.games)
    if advice.planned:
        return _("The first move of the whole turn the expert plans from here.")
    return _("There is no other move to weigh here.")
