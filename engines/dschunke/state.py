"""The compact game state and the geometry of the junks' holds."""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, Final

from engines.core import IllegalAction
from engines.dschunke.data import LAYER_CELLS
from engines.i18n import catalog

_, _ngettext = catalog(__file__)

# Phases. The automatic ones (BETWEEN, DECLARE, ROUND_END) never wait for a player.
SETUP: Final = 0
PLACE: Final = 1
BETWEEN: Final = 2
EXCHANGE: Final = 3
EVENT_S: Final = 4
DECLARE: Final = 5
ACTIONS: Final = 6
SUPPLY: Final = 7
BID: Final = 8
REWARD: Final = 9
ROUND_END: Final = 10
OVER: Final = 11
MERCHANT_CHOICE: Final = 12  # set-up variant, before PLACE (numbered last: snapshots keep their numbers)
PHASE_NAMES: Final = (
    "setup", "placement", "round start", "exchange", "special event", "money declaration",
    "actions", "resupply", "bartering", "special reward", "round end", "over", "merchant choice",
)

FIELDS: Final = (
    "n", "public_money", "variant", "round", "phase", "start", "queue", "step", "main_done",
    "used", "merchants", "deck", "market", "revealed", "covered", "hands", "stocks", "money",
    "declared", "strips", "junks", "vis", "specials", "shown", "discarded", "stacks", "taken",
    "swaps", "bids", "last_reveal", "exchanged", "facedown",
)
# Fields added after the first snapshots were stored, with their value in an older snapshot.
LATE_FIELDS: Final = {"exchanged": 0, "facedown": ()}


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
    n: int
    public_money: bool
    variant: bool
    round: int
    phase: int
    start: int
    queue: tuple
    step: Any  # a tuple, or None
    main_done: bool
    used: int
    merchants: tuple
    deck: tuple
    market: int
    revealed: tuple
    covered: int
    hands: tuple
    stocks: tuple
    money: tuple
    declared: tuple | None
    strips: tuple
    junks: tuple
    vis: tuple
    specials: tuple
    shown: tuple
    discarded: tuple
    stacks: tuple
    taken: int
    swaps: int
    bids: tuple
    last_reveal: tuple | None
    exchanged: int
    facedown: tuple
    folded: tuple | None

    def copy(self) -> "State":
        """A shallow copy (fields are immutable), the hottest call of a playout: straight-line."""
        new = State()
        new.n = self.n
        new.public_money = self.public_money
        new.variant = self.variant
        new.round = self.round
        new.phase = self.phase
        new.start = self.start
        new.queue = self.queue
        new.step = self.step
        new.main_done = self.main_done
        new.used = self.used
        new.merchants = self.merchants
        new.deck = self.deck
        new.market = self.market
        new.revealed = self.revealed
        new.covered = self.covered
        new.hands = self.hands
        new.stocks = self.stocks
        new.money = self.money
        new.declared = self.declared
        new.strips = self.strips
        new.junks = self.junks
        new.vis = self.vis
        new.specials = self.specials
        new.shown = self.shown
        new.discarded = self.discarded
        new.stacks = self.stacks
        new.taken = self.taken
        new.swaps = self.swaps
        new.bids = self.bids
        new.last_reveal = self.last_reveal
        new.exchanged = self.exchanged
        new.facedown = self.facedown
        new.folded = None
        return new

    @classmethod
    def blank(cls) -> "State":
        """A state with no fields set yet (the caller fills them in)."""
        state = cls()
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
SEAT_ORDERS: Final = {n: tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in (3, 4)}


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


def load(data: Any) -> State:
    if not isinstance(data, dict) or not set(FIELDS) - set(LATE_FIELDS) <= set(data) <= set(FIELDS):
        raise IllegalAction("bad_snapshot", _("This is not a Dschunke game state."))
    state = State.blank()
    for name in FIELDS:
        setattr(state, name, from_json(data[name]) if name in data else LATE_FIELDS[name])
    return state


# ----------------------------------------------------------------------------- holds

EMPTY_LAYER: Final = (-1, -1, -1)


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
OPEN_SLOTS: Final = {layer: open_slots(layer) for layer in product(range(-1, 4), repeat=3)}


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
    cells: list = [None] * 9
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
LAYER_MASKS: Final = tuple(tuple(sum(1 << cell for cell in cells) for cells in layer) for layer in LAYER_CELLS)
ALL_CELLS: Final = (1 << 9) - 1


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
