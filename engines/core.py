"""The engine protocol every game implements, and the helpers built on it.

An engine is a "decider" over plain JSON-able dicts:

    setup(players, options, rng)     -> list[event]   deals and shuffles happen here, as events
    evolve(state | None, event)      -> state         pure fold: no validation, no randomness
    decide(state, seat, action, rng) -> list[event]   validates; raises IllegalAction
    decide_listed(...)               -> list[event]   the same, for an action legal_actions lists
    to_act(state)                    -> frozenset[seat]
    legal_actions(state, seat)       -> list[action]  the complete list (big choices split in steps)
    view(state, viewer)              -> dict          what `viewer` (None: spectator) may see
    redact(event, viewer)            -> event | None  what `viewer` may see of one event
    outcome(state)                   -> None | dict   {"scores", "winners", "ranking", "places", ...}
    options()                        -> JSON Schema   table options with defaults
    sample(view, seat, rng)          -> state         a full state consistent with `view`

plus `dump(state)` / `load(data)` for JSON snapshots, `evaluate(state, seat)` (a heuristic
for bots) and `describe(event)` (a log line in words).

Events record resolved outcomes (the card drawn, not "draw a card"), so a replay is a fold.
Engines never read a clock, never do I/O and never draw chance outside `setup` and `decide`.
"""
from __future__ import annotations

import functools
import hashlib
import random
import sys
from abc import ABC, abstractmethod
from typing import Any, Iterable

from engines.i18n import catalog, shared, shared_ngettext

_, ngettext = shared, shared_ngettext  # the shared catalog's lookups, by the names xgettext finds

Seat = int
Event = dict
Action = dict

# Keys no viewer may ever receive while a game is running (deck order, the table seed).
SECRET_KEYS = frozenset({"deck", "deck_order", "seed", "stacks_order"})

# Events the service writes into a game's log about who plays a seat, not about the play (a
# player resigns): a fold passes them by, and they hide nothing.
TABLE_EVENTS = frozenset({"resigned"})


def is_table_event(event: Event) -> bool:
    return event.get("type") in TABLE_EVENTS


class IllegalAction(ValueError):
    """An action a player may not take now. `code` is stable; `message` is for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class Engine(ABC):
    """Base class of every game engine. Subclasses are stateless singletons."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4

    @abstractmethod
    def setup(self, players: int, options: dict, rng: random.Random) -> list[Event]: ...

    @abstractmethod
    def evolve(self, state: Any, event: Event) -> Any: ...

    @abstractmethod
    def decide(self, state: Any, seat: Seat, action: Action, rng: random.Random) -> list[Event]: ...

    def decide_listed(self, state: Any, seat: Seat, action: Action, rng: random.Random) -> list[Event]:
        """`decide` for an action that `legal_actions(state, seat)` lists (the bots' path): an
        engine may skip the checks such an action always passes. The conformance suite holds
        its events equal to `decide`'s for every listed action."""
        return self.decide(state, seat, action, rng)

    @abstractmethod
    def to_act(self, state: Any) -> frozenset[Seat]: ...

    @abstractmethod
    def legal_actions(self, state: Any, seat: Seat) -> list[Action]: ...

    @abstractmethod
    def view(self, state: Any, viewer: Seat | None) -> dict: ...

    def views(self, state: Any, viewers: list[Seat | None]) -> dict[Seat | None, dict]:
        """`view` for each of `viewers` (a new head's frames need them all). An engine may share
        the parts every viewer sees between the views: callers only read them."""
        return {viewer: self.view(state, viewer) for viewer in viewers}

    @abstractmethod
    def redact(self, event: Event, viewer: Seat | None) -> Event | None: ...

    @abstractmethod
    def outcome(self, state: Any) -> dict | None: ...

    @abstractmethod
    def options(self) -> dict:
        """The table options as a JSON Schema object. Beside the standard words, an option's
        "enumNames" name its values for the form, its "x-players" lists the only player counts
        at which it may differ from its default, and its "x-requires" ({other option: value})
        the values of other options without which it has no effect and keeps its default."""

    @abstractmethod
    def sample(self, view: dict, seat: Seat, rng: random.Random) -> Any: ...

    @abstractmethod
    def dump(self, state: Any) -> dict:
        """The state as JSON-able data (snapshots); `load(dump(s))` must equal `s`."""

    @abstractmethod
    def load(self, data: dict) -> Any: ...

    def evaluate(self, state: Any, seat: Seat) -> float:
        """A heuristic value of `state` for `seat` (higher is better). Used by bots."""
        result = self.outcome(state)
        return float(result["scores"][seat]) if result else 0.0

    # How many random moves the tree search (bots/ismcts.py) plays past a new position before
    # judging it with `evaluate`; 0 where random moves only blur a good heuristic.
    search_rollout_steps: int = 8
    # True where a turn is many small moves by one seat, whose worth shows only with the moves
    # that follow: the expert then plans whole turns (bots/planner.py) instead of growing a tree.
    plans_turns: bool = False

    def unblocking_moves(self, state: Any, seat: Seat) -> list[Action]:
        """For an engine that `plans_turns`: moves the seat must make before `evaluate` can tell
        its turns apart (a piece boxed in), which the planner plays before it plans. None by default."""
        return []

    # Options the service sets on a table where no person is seated, unless the table set them
    # (a true value): a safety net for games that bots might not bring to an end.
    bots_only_options: dict = {}

    # Action types that only take back a choice of the running turn ("back"): a bot never needs
    # them, as they lead to a position it has already weighed (bots/playout.py `bot_actions`).
    undo_actions: frozenset[str] = frozenset()

    def usage(self, event: Event) -> str | None:
        """The special card, character or power `event` shows its seat using, by name, for the
        balance lab (None: the event uses none)."""
        return None

    # Event types the log leaves out (`describe` words them ""): they tell a player nothing the
    # page does not show already, such as whose turn it is now or one step of a move that the
    # move's own line names whole.
    silent_events: frozenset[str] = frozenset()

    def describe(self, event: Event) -> str:
        """One log line in words; seats appear as "{seat0}", "{seat1}" … for the caller to name
        ("" for the `silent_events`)."""
        return event["type"].replace("_", " ")

    def private_keys(self, state: Any) -> frozenset[str]:
        """The keys under which this game's views and events carry a seat's private items (a hand,
        secret money): such a key may hold a value only inside an object whose "seat" is the
        viewer (see find_leaks). None by default: each game names its own."""
        return frozenset()

    def glossary(self) -> dict:
        """Names and numbers the board page shows for things a view carries only by id (JSON)."""
        return {}

    def players(self, state: Any) -> int:
        """How many seats the game in `state` has."""
        return len(self.view(state, None)["players"])


# ----------------------------------------------------------------------------- helpers


def places(keys: list) -> list[int]:
    """Each seat's finishing place (1 is first) from its key in the game's order of finish, the
    smaller the better: one more than the seats strictly ahead, so seats the rules cannot tell
    apart share a place (the winners share place 1), whatever order `ranking` lists them in."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def resolve_options(engine: Engine, options: dict | None, players: int | None = None) -> dict:
    """Validate `options` against the engine's schema and fill in the defaults. An option whose
    schema names its player counts ("x-players") may differ from its default only at those
    counts (checked where `players` is given), and one that names the options it needs
    ("x-requires") only with their values."""
    schema = engine.options()
    given = dict(options or {})
    unknown = set(given) - set(schema.get("properties", {}))
    if unknown:
        names = ", ".join(sorted(map(str, unknown)))  # the names the client sent (no form offers them)
        raise IllegalAction("unknown_option", ngettext("This game has no option called {names}.",
                                                       "This game has no options called {names}.",
                                                       len(unknown)).format(names=names))
    error = next(iter(_options_validator(engine).iter_errors(given)), None)
    if error is not None:  # error.message, in English, names the value and the schema's words
        field = error.absolute_path[0] if error.absolute_path else None
        spec = schema.get("properties", {}).get(field)
        if spec is None:
            raise IllegalAction("bad_option", _("These options are not valid."))
        raise IllegalAction("bad_option", _('The option "{name}" cannot take that value.').format(
            name=spec.get("title") or field))
    resolved = {key: spec.get("default") for key, spec in schema.get("properties", {}).items()}
    resolved.update(given)
    if players is not None:
        check_player_counts(schema, resolved, players)
    check_requirements(schema, resolved)
    return resolved


def check_player_counts(schema: dict, options: dict, players: int) -> None:
    for name, spec in schema.get("properties", {}).items():
        counts = spec.get("x-players")
        if counts and players not in counts and options[name] != spec.get("default"):
            raise IllegalAction("bad_option", _('The option "{name}" is for {counts} players only.').format(
                name=spec.get("title") or name, counts=" / ".join(map(str, counts))))


def check_requirements(schema: dict, options: dict) -> None:
    """An option that changes nothing with the other options chosen is refused, not ignored: the
    table would promise a rule it does not play."""
    properties = schema.get("properties", {})
    for name, spec in properties.items():
        needs = spec.get("x-requires", {})
        if options[name] != spec.get("default") and any(options[other] != value for other, value in needs.items()):
            others = ", ".join(properties[other].get("title") or other for other in needs)
            raise IllegalAction("bad_option", _('The option "{name}" has no effect with the values chosen for'
                                                ' {others}: leave it at its default.').format(
                name=spec.get("title") or name, others=others))


@functools.lru_cache(maxsize=None)
def _options_validator(engine: Engine):
    """A compiled validator per engine (its schema never changes): building one costs milliseconds."""
    import jsonschema

    schema = engine.options()
    return jsonschema.validators.validator_for(schema)(schema)


def start(engine: Engine, players: int, options: dict | None, rng: random.Random) -> tuple[Any, list[Event]]:
    """Set up a game: returns the initial state and the setup events."""
    if not engine.min_players <= players <= engine.max_players:
        raise IllegalAction("bad_player_count", _("{game} is for {low} to {high} players.").format(
            game=_title(engine), low=engine.min_players, high=engine.max_players))
    events = engine.setup(players, resolve_options(engine, options, players), rng)
    return fold(engine, events), events


def _title(engine: Engine) -> str:
    """The game's title in the language in use, from the catalog of the game's own package."""
    module = sys.modules.get(type(engine).__module__)
    if not engine.title or getattr(module, "__file__", None) is None:
        return engine.title or engine.name
    gettext, _ngettext = catalog(module.__file__)
    return gettext(engine.title)


def fold(engine: Engine, events: Iterable[Event], state: Any = None) -> Any:
    """The state after `events`, starting from `state` (None: before setup)."""
    for event in events:
        if not is_table_event(event):
            state = engine.evolve(state, event)
    return state


def play(engine: Engine, state: Any, seat: Seat, action: Action, rng: random.Random) -> tuple[Any, list[Event]]:
    """Decide and apply one action: returns the new state and the events it produced."""
    events = engine.decide(state, seat, action, rng)
    return fold(engine, events, state), events


def command_rng(seed: str, seq: int) -> random.Random:
    """The random generator of the command that follows event `seq` of a table.

    Derived from the table's secret seed and the head seq, so that anyone holding the revealed
    seed can re-run every shuffle and roll of a finished game.
    """
    digest = hashlib.sha256(f"{seed}:{seq}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def bot_rng(seed: str, seat: Seat, seq: int) -> random.Random:
    """The random generator of a bot choosing `seat`'s move at head `seq`: derived from the table's
    secret seed (apart from the command's own), so that no one can re-run a bot's choices from
    public values while the game runs."""
    digest = hashlib.sha256(f"{seed}:bot:{seat}:{seq}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def seed_hash(seed: str) -> str:
    """The public commitment to a table's seed, shown when the table starts."""
    return hashlib.sha256(seed.encode()).hexdigest()


def refuse_fields(action: dict, fields: Iterable[str]) -> None:
    """Raise why the fields of `action` besides "type" are not `fields`: the first one missing,
    else the first one too many (only a hand-written client sends such an action, so the words
    name its JSON fields)."""
    missing = [field for field in fields if field not in action]
    if missing:
        raise IllegalAction("malformed", _('This action is missing its "{field}".').format(field=missing[0]))
    extra = sorted(str(key) for key in action.keys() - {"type", *fields})
    raise IllegalAction("malformed", _('This action takes no "{field}".').format(field=extra[0]))


def check_seat(engine: Engine, state: Any, seat: Any) -> Seat:
    """Raise IllegalAction unless `seat` is a seat of this game that may act now."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < engine.players(state):
        raise IllegalAction("bad_seat", _("There is no seat {seat} at this table.").format(seat=seat))
    if engine.outcome(state) is not None:
        raise IllegalAction("game_over", _("The game is over."))
    if seat not in engine.to_act(state):
        raise IllegalAction("not_your_turn", _("It is not your turn."))
    return seat


def strip_private(payload: Any, viewer: Seat | None, private_keys: frozenset[str], owner: Seat | None = None,
                  secret_keys: frozenset[str] = SECRET_KEYS) -> Any:
    """`payload` as `viewer` may see it: without `secret_keys` (SECRET_KEYS and any a game adds),
    and without items under `private_keys` inside an object whose "seat" is another seat (None:
    a spectator sees none)."""
    if isinstance(payload, dict):
        seat = payload.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool):
            owner = seat
        return {
            key: strip_private(value, viewer, private_keys, owner, secret_keys)
            for key, value in payload.items()
            if key not in secret_keys and (key not in private_keys or (viewer is not None and owner == viewer))
        }
    if isinstance(payload, list):
        return [strip_private(item, viewer, private_keys, owner, secret_keys) for item in payload]
    return payload


def find_leaks(
    payload: Any,
    viewer: Seat | None,
    private_keys: frozenset[str],
    path: str = "$",
    owner: Seat | None = None,
) -> list[str]:
    """Paths in `payload` where `viewer` would see private items of another seat.

    Private items live under `private_keys` (an engine's `private_keys(state)`), inside an object whose "seat" names their owner;
    SECRET_KEYS never appear. A game over reveals everything, so callers scan only running games.
    """
    leaks: list[str] = []
    _scan_for_leaks(payload, viewer, private_keys, path, owner, leaks)
    return leaks


def _scan_for_leaks(payload: Any, viewer: Seat | None, private_keys: frozenset[str], path: str, owner: Seat | None,
                    leaks: list[str]) -> None:
    # The property and security tests scan every view and event of thousands of games: a path is
    # only written out for a container or a leak, and scalars are not descended into.
    if isinstance(payload, dict):
        seat = payload.get("seat")
        if isinstance(seat, int):
            owner = seat
        for key, value in payload.items():
            if value is None:
                continue
            if key in SECRET_KEYS or (key in private_keys and (viewer is None or owner != viewer)):
                leaks.append(f"{path}.{key}")
            elif isinstance(value, (dict, list)):
                _scan_for_leaks(value, viewer, private_keys, f"{path}.{key}", owner, leaks)
    elif isinstance(payload, list):
        for index, item in enumerate(payload):
            if isinstance(item, (dict, list)):
                _scan_for_leaks(item, viewer, private_keys, f"{path}[{index}]", owner, leaks)
