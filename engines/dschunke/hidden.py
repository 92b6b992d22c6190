"""What each seat may see: view and redact."""
from __future__ import annotations

from engines.core import strip_private
from engines.dschunke import actions, data, flow, rules
from engines.dschunke.data import COLOURS, JUNKS, KINDS, SPECIALS, WORKERS
from engines.dschunke.state import BID, EXCHANGE, OVER, PHASE_NAMES, State, top_cells

ENGINE_PRIVATE_KEYS = frozenset({"hand", "money", "specials", "bid", "offer"})
STEP_FIELDS = {
    "place": ("remaining", "junk", "owner", "excluded", "from_reserve"),
    "take": ("remaining", "kind", "one_by_one"),
    "lift": (),
    "search": (),
    "pick": ("stack",),
    "choose": (),
}
JUNK_FIELDS = {"junk", "excluded"}


def private_keys(state: State) -> frozenset:
    return ENGINE_PRIVATE_KEYS - {"money"} if state.public_money else ENGINE_PRIVATE_KEYS


def named(value: int, names: tuple):
    return names[value] if value >= 0 else None


def step_view(step: tuple | None) -> dict | None:
    if step is None:
        return None
    shown = {"step": step[0]}
    for field, value in zip(STEP_FIELDS[step[0]], step[1:]):
        if field in JUNK_FIELDS:
            value = named(value, JUNKS)
        elif field == "kind":
            value = named(value, KINDS)
        shown[field] = value
    return shown


def step_from_view(shown: dict | None) -> tuple | None:
    if shown is None:
        return None
    values = []
    for field in STEP_FIELDS[shown["step"]]:
        value = shown[field]
        if field in JUNK_FIELDS:
            value = data.JUNK_INDEX[value] if value is not None else -1
        elif field == "kind":
            value = data.KIND_INDEX[value] if value is not None else -1
        values.append(value)
    return (shown["step"], *values)


def hand_dict(hand: tuple) -> dict:
    return {kind: hand[k] for k, kind in enumerate(KINDS)}


def player_view(state: State, seat: int, viewer, over: bool) -> dict:
    shown = state.shown[seat]
    panel = {
        "seat": seat,
        "colour": COLOURS[seat],
        "hand_size": sum(state.hands[seat]),
        "supply_cards": data.SUPPLY_CARDS + sum(1 for c in shown if SPECIALS[c][0] == "extra_supply"),
        "specials_count": len(state.specials[seat]),
        "shown_specials": list(shown),
        "strips_left": state.strips[seat],
    }
    mine = viewer == seat or over
    if mine or state.public_money:
        panel["money"] = state.money[seat]
    if mine:
        panel["hand"] = hand_dict(state.hands[seat])
        panel["specials"] = list(state.specials[seat])
    if state.phase == BID:
        panel["has_bid"] = state.bids[seat] is not None
        if mine and state.bids[seat] is not None:
            panel["bid"] = hand_dict(state.bids[seat])
    return panel


def junk_view(state: State, j: int) -> dict:
    junk = state.junks[j]
    kind = data.JUNK_KIND[j]
    cells = top_cells(junk)
    return {
        "name": JUNKS[j],
        "goods": KINDS[kind] if kind >= 0 else None,
        "stock_empty": (state.stocks[kind] == 0) if kind >= 0 else None,
        "layers": [[owner if owner >= 0 else None for owner in layer] for layer in junk],
        "hold": [
            [None if cells[3 * x + y] is None
             else {"owner": cells[3 * x + y][0], "colour": COLOURS[cells[3 * x + y][0]], "layer": cells[3 * x + y][1]}
             for y in range(3)]
            for x in range(3)
        ],
        "visible": list(state.vis[j]),
        # Set-up variant: a merchant lies here face down (which one is secret until all are turned).
        "face_down_merchant": bool(state.facedown) and j in state.merchants,
    }


def worker_view(state: State, worker: int) -> dict:
    action = flow.worker_action(state, worker) if state.round else None
    if worker < 3:
        junks = [] if state.facedown or state.merchants[worker] < 0 else [state.merchants[worker]]
    else:
        junks = list(flow.free_junks(state))
    return {
        "name": WORKERS[worker],
        "title": data.WORKER_TITLES[worker],
        "action": data.ACTION_KEYS[action] if action is not None else None,
        "junks": [JUNKS[j] for j in junks],
        "used": bool(state.used >> worker & 1),
    }


def market_view(state: State) -> dict:
    return {
        "card": state.market if state.market >= 0 else None,
        "values": rules.market_values(state.market) if state.market >= 0 else None,
        "covered": [KINDS[k] for k in range(4) if state.covered >> k & 1],
        "left": len(state.deck),
        "revealed": list(state.revealed),
    }


def view(state: State, viewer) -> dict:
    return views(state, [viewer])[viewer]


def views(state: State, viewers: list) -> dict:
    """Each viewer's view: the public part is built once and shared (callers only read it)."""
    public = public_view(state)
    over = state.phase == OVER
    return {viewer: {**public, "players": [player_view(state, seat, viewer, over) for seat in range(state.n)],
                     "swaps_left": swaps_view(state, viewer), **search_view(state, viewer)}
            for viewer in viewers}


def swaps_view(state: State, viewer):
    """Phase 1: the swaps left to the seat asked. Others learn them (and that it holds Exchange
    goods) only from its first swap; until then they see None."""
    if state.phase != EXCHANGE:
        return state.swaps
    asked = state.queue[0]
    return state.swaps if viewer == asked or state.exchanged >> asked & 1 else None


def public_view(state: State) -> dict:
    """What every viewer sees alike: all but the players' panels and a search's offer."""
    return {
        "game": "dschunke",
        "options": {"public_money": state.public_money, "setup_variant": state.variant},
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "start_player": state.start,
        "to_act": sorted(actions.to_act(state)),
        "queue": list(state.queue),
        "step": step_view(state.step),
        "main_action_done": state.main_done,
        "exchanged": [seat for seat in range(state.n) if state.exchanged >> seat & 1],
        "junks": [junk_view(state, j) for j in range(5)],
        "workers": [worker_view(state, w) for w in range(flow.workers_in_play(state))],
        "market": market_view(state),
        "stacks": [{"stack": i, "size": len(stack), "taken": bool(state.taken >> i & 1)} for i, stack in enumerate(state.stacks)],
        "discarded": list(state.discarded),
        "declared": list(state.declared) if state.declared is not None else None,
        "last_bids": None if state.last_reveal is None else [
            {"seat": seat, "cards": {KINDS[k]: c for k, c in enumerate(cards) if c}, "void": void}
            for seat, (cards, void) in enumerate(state.last_reveal)
        ],
    }


def search_view(state: State, viewer) -> dict:
    """The stack on offer, for the seat searching it alone."""
    if viewer is not None and state.step is not None and state.step[0] == "pick" and state.queue[0] == viewer:
        return {"search": {"seat": viewer, "stack": state.step[1], "offer": list(state.stacks[state.step[1]])}}
    return {}


# ----------------------------------------------------------------------------- redact


def redact(event: dict, viewer) -> dict:
    """A game over reveals everything; before that, secrets go and private items stay with their owner."""
    if event["type"] == "game_ended":
        return event
    return strip_private(event, viewer, ENGINE_PRIVATE_KEYS)
