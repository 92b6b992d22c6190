"""The compact game state and the geometry of the junks' holds."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from engines.core import IllegalAction
from engines.dschunke.data import LAYER_CELLS
from engines.i18n import catalog

_, _ngettext = catalog(__file__)

# Phases. The automatic ones (BETWEEN, DECLARE, ROUND_END) never wait for a player.
SETUP, PLACE, BETWEEN, EXCHANGE, EVENT_S, DECLARE, ACTIONS, SUPPLY, BID, REWARD, ROUND_END, OVER = range(12)
MERCHANT_CHOICE = 12  # set-up variant, before PLACE (numbered last: snapshots keep their numbers)
PHASE_NAMES = (
    "setup", "placement", "round start", "exchange", "special event", "money declaration",
    "actions", "resupply", "bartering", "special reward", "round end", "over", "merchant choice",
)

FIELDS = (
    "n", "public_money", "variant", "round", "phase", "start", "queue", "step", "main_done",
    "used", "merchants", "deck", "market", "revealed", "covered", "hands", "stocks", "money",
    "declared", "strips", "junks", "vis", "specials", "shown", "discarded", "stacks", "taken",
    "swaps", "bids", "last_reveal", "exchanged", "facedown",
)
# Fields added after the first snapshots were stored, with their value in an older snapshot.
LATE_FIELDS = {"exchanged": 0, "facedown": ()}


class State:
    """One game. Fields hold ints, bools, None and tuples only, so a shallow copy is safe.

    queue: seats still to act in the current sequential phase (the first one acts now).
    step: the pending sub-step of the acting seat, a tuple (see evolve.py), or None.
    junks: per junk a tuple of layers, each a tuple of 3 owner seats (-1: empty slot).
    vis: per junk the visible crates of each seat (kept in step with junks).
    bids: per seat the pending bid (4 counts) or None; last_reveal: the last bids_revealed event.
    swaps: swaps left to the seat asked in phase 1; exchanged: bit mask of the seats that swapped
    in this round's phase 1 (public).
    facedown: set-up variant, until the merchants are turned face up: the shuffled face-down
    merchants (worker indices, secret); the i-th junk chosen gets facedown[i]. () otherwise.

    `folded` is not part of the game: it is a memo, (event, state after it), left by `decide`
    for the caller's evolve of that very event (see evolve.evolve). Equality and snapshots
    ignore it.
    """

    __slots__ = FIELDS + ("folded",)

    @classmethod
    def blank(cls) -> "State":
        """A state with no fields set yet (the caller fills them in)."""
        state = cls.__new__(cls)
        state.folded = None
        return state

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    def __repr__(self) -> str:
        return f"<Dschunke round {self.round} phase {PHASE_NAMES[self.phase]}>"

    @property
    def cur(self) -> int:
        return self.queue[0] if self.queue else -1

    def order(self) -> tuple:
        """Every seat in playing order from the start player."""
        return SEAT_ORDERS[self.n][self.start]


# Per player count (Dschunke seats 3 or 4) and start player, every seat in playing order.
SEAT_ORDERS = {n: tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in (3, 4)}


def _compile_copy():
    """State.copy as straight-line attribute copies: the hottest function of a playout. The
    class has no __init__, so calling it makes the blank object for less than object.__new__."""
    lines = ["def copy(self):", "    new = State()"]
    lines += [f"    new.{name} = self.{name}" for name in FIELDS]
    lines += ["    new.folded = None", "    return new"]
    namespace = {"State": State}
    exec("\n".join(lines), namespace)
    return namespace["copy"]


State.copy = _compile_copy()


def to_json(value):
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    return value


def from_json(value):
    if isinstance(value, list):
        return tuple(from_json(item) for item in value)
    if isinstance(value, dict):
        return {key: from_json(item) for key, item in value.items()}
    return value


def dump(state: State) -> dict:
    return {name: to_json(getattr(state, name)) for name in FIELDS}


def load(data: dict) -> State:
    if not isinstance(data, dict) or not set(FIELDS) - set(LATE_FIELDS) <= set(data) <= set(FIELDS):
        raise IllegalAction("bad_snapshot", _("This is not a Dschunke game state."))
    state = State.blank()
    for name in FIELDS:
        setattr(state, name, from_json(data[name]) if name in data else LATE_FIELDS[name])
    return state


# ----------------------------------------------------------------------------- holds

EMPTY_LAYER = (-1, -1, -1)


def open_layer(junk: tuple) -> int:
    """The layer the next strip goes into: the top one until it holds three strips."""
    if junk and -1 in junk[-1]:
        return len(junk) - 1
    return len(junk)


def open_slots(layer: tuple) -> tuple:
    """Slots a new strip may take in `layer`: any if it is empty, else next to one of its strips."""
    if layer == EMPTY_LAYER:
        return (0, 1, 2)
    return tuple(
        slot for slot in range(3)
        if layer[slot] == -1 and ((slot > 0 and layer[slot - 1] >= 0) or (slot < 2 and layer[slot + 1] >= 0))
    )


# open_slots of every layer (3 slots, each empty or a seat's strip), read at every placement.
OPEN_SLOTS = {layer: open_slots(layer) for layer in product(range(-1, 4), repeat=3)}


def free_slots(junk: tuple, first_layer_only: bool = False) -> tuple:
    """Slots a new strip may take in the layer it goes into."""
    index = open_layer(junk)
    if first_layer_only and index > 0:
        return ()
    return OPEN_SLOTS[junk[index]] if index < len(junk) else (0, 1, 2)


def place(junk: tuple, slot: int, owner: int) -> tuple:
    index = open_layer(junk)
    layer = list(junk[index]) if index < len(junk) else [-1, -1, -1]
    layer[slot] = owner
    return junk[:index] + (tuple(layer),) + junk[index + 1:]


def lift(junk: tuple, slot: int) -> tuple:
    """The junk without the strip in `slot` of its top layer (an emptied layer disappears)."""
    layer = list(junk[-1])
    layer[slot] = -1
    if layer == [-1, -1, -1]:
        return junk[:-1]
    return junk[:-1] + (tuple(layer),)


def top_cells(junk: tuple) -> list:
    """Per cell (3 * x + y) the (owner, layer) of the crate seen from above, or None."""
    cells = [None] * 9
    missing = 9
    for depth in range(len(junk) - 1, -1, -1):
        for slot, owner in enumerate(junk[depth]):
            if owner < 0:
                continue
            for cell in LAYER_CELLS[depth & 1][slot]:
                if cells[cell] is None:
                    cells[cell] = (owner, depth)
                    missing -= 1
        if not missing:
            break
    return cells


# Per layer parity and slot, the cells of LAYER_CELLS as a bit mask (bit `cell`).
LAYER_MASKS = tuple(tuple(sum(1 << cell for cell in cells) for cells in layer) for layer in LAYER_CELLS)
ALL_CELLS = (1 << 9) - 1


@lru_cache(maxsize=4096)
def visible_counts(junk: tuple, players: int) -> tuple:
    """Per seat the crates seen from above: what top_cells gives, counted with cell masks
    (this runs after every strip placed or lifted; the holds of a game repeat in its replays
    and searches, and the first layers in every game)."""
    counts = [0] * players
    covered = 0
    for depth in range(len(junk) - 1, -1, -1):
        masks = LAYER_MASKS[depth & 1]
        for slot, owner in enumerate(junk[depth]):
            if owner >= 0:
                counts[owner] += (masks[slot] & ~covered).bit_count()
                covered |= masks[slot]
        if covered == ALL_CELLS:
            break
    return tuple(counts)
