"""How-to-play pages: each game explained to a newcomer, in the project's own words.

The prose is one Markdown file per game and language in `learn/` beside this module (long text
reads and translates better as a whole page than as gettext fragments). A line or a phrase
`[[name]]` marks a picture: a position the engine plays out here from a fixed seed and the
example game's recorded moves (`example_games.json`), drawn in the page by the game's own board renderer, or one component
drawn by the renderer's `drawPiece`. So a picture never differs from the game.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import markdown

from engines import bots, core, i18n, registry
from engines.dragon_boats import data as boats_data
from engines.dragon_market import data as market_data
from engines.dschunke import data as dschunke_data
from engines.dschunke_tiles import data as tiles_data
from engines.dunhuang import data as dunhuang_data

GUIDES_DIR = Path(__file__).resolve().parent / "learn"

# Every guide has these sections, each a heading with its id ("## The goal {#goal}").
SECTIONS = ("goal", "components", "turn", "end", "example", "specials")

# The names of the example positions' players (names, so never translated).
PLAYER_NAMES = ("Mei", "Lin", "Bao", "Jun")

FIGURE_MARK = re.compile(r"\[\[([a-z0-9-]+)\]\]")


@dataclass(frozen=True)
class Position:
    """The position after the casual bot has made `moves` moves from a fixed seed, as the seat to
    act sees it (`seat` names another); with `choices`, the board outlines what that seat could do
    next (inert on this page)."""
    players: int
    seed: str
    moves: int
    options: tuple = ()
    seat: int | None = None
    choices: bool = False


@dataclass(frozen=True)
class Piece:
    """One component, drawn alone by the renderer's `drawPiece(piece, glossary)`."""
    piece: dict = field(hash=False)


TILES_OPTIONS = (("colours", "seat0_red"),)  # red is seat 0, so the first pictures are red's turn
TILE_SYMBOLS = [{"colour": colour, "kind": kind} for kind in tiles_data.KINDS for colour in tiles_data.COLOURS]


def tile_piece(tile: int) -> Piece:
    """A tile of the Legespiel as its box holds it: its name and its three symbols."""
    return Piece({"tile": {"name": tiles_data.tile_name(tile),
                           "symbols": [tiles_data.symbol_names(code) for code in tiles_data.SYMBOLS[tile]]}})


DSCHUNKE_SEAT = 1  # Lin starts the example game: the pictures are seen from his seat
# One special card of each kind (a kind for each junk by its first card).
DSCHUNKE_SPECIALS = {kind: next(card for card, spec in enumerate(dschunke_data.SPECIALS) if spec[0] == kind)
                     for kind in dschunke_data.SPECIAL_TITLES}


MARKET_OPTIONS = (("boat_setup", "random"), ("long_game", "off"))  # two objectives win: a shorter example
MARKET_SEAT = 0  # Mei: Lin starts the example game, the pictures are seen from her seat


def market_boat(kind: str, goods: tuple) -> Piece:
    """A boat of Dragon Market alone, with two goods on each of its squares."""
    return Piece({"boat": {"id": market_data.BOAT_IDS[kind][0], "kind": kind, "goods": [[good, 2] for good in goods]}})


FIGURES = {
    "dschunke_tiles": {
        "first-tile": Position(2, "learn-4", 0, TILES_OPTIONS, choices=True),
        "direction": Position(2, "learn-4", 1, TILES_OPTIONS, choices=True),
        "two-tiles": Position(2, "learn-4", 2, TILES_OPTIONS, seat=0),
        "example": Position(2, "learn-4", 20, TILES_OPTIONS),
        **{f"symbol-{symbol['colour']}-{symbol['kind']}": Piece({"symbol": symbol}) for symbol in TILE_SYMBOLS},
        "symbol-emblem": Piece({"symbol": tiles_data.symbol_names(tiles_data.BLANK)}),
        "start-tile": tile_piece(tiles_data.START_TILE),
        "goods-tile": tile_piece(27),
    },
    "dschunke": {
        "first-action": Position(3, "learn", 0, seat=DSCHUNKE_SEAT, choices=True),
        "loading": Position(3, "learn", 1, seat=DSCHUNKE_SEAT, choices=True),
        "bartering": Position(3, "learn", 11, seat=DSCHUNKE_SEAT),
        "example": Position(3, "learn", 267, seat=DSCHUNKE_SEAT),
        **{f"strip-{colour}": Piece({"strip": colour}) for colour in dschunke_data.COLOURS[:3]},
        **{f"goods-{kind}": Piece({"goods": kind}) for kind in dschunke_data.KINDS},
        **{f"special-{kind.replace('_', '-')}": Piece({"special": card}) for kind, card in DSCHUNKE_SPECIALS.items()},
    },
    "dunhuang": {
        "market": Position(3, "learn", 4, choices=True),
        "after-turn": Position(3, "learn", 8, seat=0),
        "example": Position(2, "learn-1", 78),
        **{f"face-{face}": Piece({"face": face}) for face in dunhuang_data.FACES},
        **{f"goods-{good}": Piece({"good": good}) for good in range(1, dunhuang_data.MAX_GOOD + 1)},
    },
    "dragon_boats": {
        "bidding": Position(2, "learn", 8, seat=0),
        "boarded": Position(2, "learn", 18, seat=0),
        "example": Position(2, "learn", 109),
        **{f"offering-{kind}": Piece({"offering": kind}) for kind in boats_data.KINDS},
        **{f"card-{letter.lower()}": Piece({"card": letter}) for letter in boats_data.LETTERS},
    },
    "dragon_market": {
        "first-turn": Position(2, "learn", 8, MARKET_OPTIONS, seat=MARKET_SEAT, choices=True),
        "take": Position(2, "learn", 15, MARKET_OPTIONS, seat=MARKET_SEAT, choices=True),
        "example": Position(2, "learn", 171, MARKET_OPTIONS, seat=MARKET_SEAT),
        "boat-centre": market_boat("centre", (market_data.KIND["kite"], market_data.KIND["teapot"])),
        "boat-end": market_boat("end", (market_data.KIND["frog"], market_data.KIND["bonsai"])),
        "card-b01": Piece({"card": "B01"}),
        **{f"card-{card.lower()}": Piece({"card": card}) for card in market_data.RED},
    },
}


def games() -> list[str]:
    """The games that have a how-to-play page, in the order players see them."""
    return [game for game in registry.names() if (GUIDES_DIR / f"{game}.en.md").exists()]


# The example games' moves, as the casual bot chose them when the guides were written: each
# move is the index of the chosen action in the engine's legal actions. Kept as data, so that a
# better bot never changes a position a guide tells of, and a page draws without thinking.
# `python scripts/learn_examples.py` records them anew (then read the guides again).
EXAMPLE_GAMES = GUIDES_DIR / "example_games.json"


def example_key(game: str, position: Position) -> str:
    return f"{game} {position.players} {position.seed} {json.dumps(dict(position.options), sort_keys=True)}"


@functools.cache
def example_moves() -> dict[str, list[int]]:
    return json.loads(EXAMPLE_GAMES.read_text(encoding="utf-8"))


@functools.cache
def played(game: str, position: Position):
    """The engine's state at `position`: set up with the seed, then the example game's moves,
    each drawing its chance from the seed as a table does."""
    engine = registry.get(game)
    state, events = core.start(engine, position.players, dict(position.options), core.command_rng(position.seed, 0))
    seq = len(events)
    for index in example_moves()[example_key(game, position)][:position.moves]:
        seat = min(engine.to_act(state))
        state, new = core.play(engine, state, seat, engine.legal_actions(state, seat)[index],
                               core.command_rng(position.seed, seq))
        seq += len(new)
    return state, seq


def bot_moves(game: str, position: Position) -> list[int]:
    """The casual bot's choices from the start of `position`'s game up to it, as indexes."""
    engine = registry.get(game)
    state, events = core.start(engine, position.players, dict(position.options), core.command_rng(position.seed, 0))
    seq, chosen = len(events), []
    for _ in range(position.moves):
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        action = bots.choose(engine, "greedy", engine.view(state, seat), seat, legal,
                             core.bot_rng(position.seed, seat, seq))
        chosen.append(legal.index(action))
        state, new = core.play(engine, state, seat, action, core.command_rng(position.seed, seq))
        seq += len(new)
    return chosen


def snapshot(game: str, position: Position) -> dict:
    """A sync frame of `position` as the table page receives it, for the renderer."""
    engine = registry.get(game)
    state, seq = played(game, position)
    to_act = engine.to_act(state)
    seat = position.seat if position.seat is not None else min(to_act, default=0)
    return {
        "game": game, "seq": seq, "seat": seat, "view": engine.view(state, seat),
        "legal_actions": engine.legal_actions(state, seat) if position.choices and seat in to_act else [],
        "to_act": sorted(to_act), "outcome": engine.outcome(state),
        "seats": [{"seat": index, "name": PLAYER_NAMES[index]} for index in range(position.players)],
    }


@functools.cache
def figures(game: str) -> dict:
    """Every picture of `game`'s page, by name: a snapshot for the board, or a piece."""
    drawn = {}
    for name, figure in FIGURES[game].items():
        drawn[name] = ({"board": snapshot(game, figure)} if isinstance(figure, Position) else {"piece": figure.piece})
    return drawn


def _figure_html(match: re.Match, game: str, block: bool) -> str:
    name = match.group(1)
    if name not in FIGURES[game]:
        raise KeyError(f"{game}: no figure {name!r}")
    tag = "div" if block else "span"
    classes = "learn-figure board" if isinstance(FIGURES[game][name], Position) else "learn-piece"
    return f'<{tag} class="{classes}" data-figure="{name}"></{tag}>'


@functools.cache
def guide_html(game: str, language: str = "en") -> str:
    """The how-to-play page of `game` as HTML, in `language` where it is written in it, else in
    English (FileNotFoundError for a game without one)."""
    path = GUIDES_DIR / f"{game}.{language.split('-')[0]}.md"
    text = (path if path.exists() else GUIDES_DIR / f"{game}.en.md").read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        whole = FIGURE_MARK.fullmatch(line.strip())
        if whole:  # a picture on a line of its own stands as a block between paragraphs
            lines.extend(["", _figure_html(whole, game, block=True), ""])
        else:
            lines.append(FIGURE_MARK.sub(lambda match: _figure_html(match, game, block=False), line))
    return markdown.markdown("\n".join(lines), extensions=["tables", "sane_lists", "attr_list"], output_format="html")


def options(game: str, language: str) -> list[dict]:
    """The create form's options of `game` (the engine's schema), named and described in `language`."""
    with i18n.language(language):
        schema = registry.get(game).options()
    return [{"name": name, "title": spec.get("title", name), "description": spec.get("description", "")}
            for name, spec in schema.get("properties", {}).items()]
