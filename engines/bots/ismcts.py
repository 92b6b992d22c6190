"""The expert bot: information-set Monte Carlo tree search (single-observer IS-MCTS).

One tree of the bot's seat's information set, grown over many imagined games: each iteration
draws a full state consistent with the seat's view (`engine.sample`), walks down the tree
choosing among the actions legal in that state by UCB (counting how often each was available,
so that actions legal only in some worlds are judged fairly), adds one new node, plays a short
random continuation and scores it with the engine's heuristic, then backs the scores up, each
node judged from the side of the seat that chose its action. It stops when its time is up
(anytime: the best action found so far is played) and plays the most visited action. A long
list of actions at the root is opened progressively, best first by greedy's judgement.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012);
OpenSpiel's `ismcts.py` is a reference implementation of the same idea.
"""
from __future__ import annotations

import json
import math
import random
import time

from engines.bots.greedy import action_values
from engines.bots.playout import advance, bot_actions, random_step
from engines.core import Action, Engine, Seat

EXPLORATION = 0.7  # UCB's constant, for rewards in [0, 1]
MARGIN_SCALE = 0.15  # a lead of this share of the leader's score is worth about 0.73 of a win
MAX_ITERATIONS = 100_000
# Progressive widening at the root, for long action lists: the actions are ranked once by their
# value a move ahead (greedy's judgement over RANK_SAMPLES imagined states) and the tree may
# try the best WIDEN_BASE + WIDEN_RATE * iterations ** WIDEN_POWER of them, so a short budget
# is spent on the moves worth a look rather than spread thin over all of them.
WIDEN_FROM = 12  # shorter lists are searched whole
RANK_SAMPLES = 2
WIDEN_BASE, WIDEN_RATE, WIDEN_POWER = 4, 1.0, 0.5


KEYS_KEPT = 4096
_keys: dict[int, tuple[Action, str]] = {}  # id(action) -> (action, key); engines that list shared actions hit


def action_key(action: Action) -> str:
    """The action as a canonical string, equal for equal actions (a listed action is never changed,
    and the entry holds it, so its id is not reused while remembered)."""
    known = _keys.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    if len(_keys) >= KEYS_KEPT:
        _keys.clear()
    key = json.dumps(action, sort_keys=True, separators=(",", ":"))
    _keys[id(action)] = (action, key)
    return key


class Node:
    __slots__ = ("seat", "action", "children", "visits", "available", "reward")

    def __init__(self, seat: Seat | None = None, action: Action | None = None):
        self.seat = seat  # who chose `action` to reach this node
        self.action = action
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0  # iterations in which this node's action could have been chosen
        self.reward = 0.0  # summed from `seat`'s side

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def choose_ismcts(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random,
                  budget_s: float, iterations: int | None = None, rollout_steps: int | None = None) -> Action:
    """`budget_s` seconds and `iterations` (MAX_ITERATIONS unless given) bound the thinking,
    whichever ends first; `rollout_steps`: random moves before judging a new position (the
    engine's own unless given)."""
    chosen = search(engine, view, seat, legal_actions, rng, budget_s, iterations, rollout_steps)
    return rng.choice(legal_actions) if chosen is None else chosen.action


def search(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random,
           budget_s: float, iterations: int | None = None, rollout_steps: int | None = None) -> Node | None:
    """The root's child the search picks (its `reward / visits` is the seat's expected reward
    after it), or None when no legal action was visited."""
    return grow(engine, view, seat, legal_actions, rng, budget_s, iterations, rollout_steps).best()


class Tree:
    """A grown search tree: its root, and for each root action (by `action_key`) every seat's
    rewards summed over the iterations that began with it (what each seat may expect after it)."""

    def __init__(self, legal_actions: list[Action]):
        self.root = Node()
        self.legal = {action_key(action) for action in legal_actions}
        self.seat_rewards: dict[str, list[float]] = {}

    def best(self) -> Node | None:
        """The most visited legal root action (None when none was visited)."""
        visited = [child for key, child in self.root.children.items() if key in self.legal]
        return max(visited, key=lambda child: (child.visits, child.reward)) if visited else None

    def child(self, action: Action) -> Node | None:
        return self.root.children.get(action_key(action))


def grow(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng: random.Random,
         budget_s: float, iterations: int | None = None, rollout_steps: int | None = None,
         always_open: tuple[Action, ...] = ()) -> Tree:
    """The tree of `search`; the `always_open` root actions are tried however long the list."""
    tree = Tree(legal_actions)
    if iterations is None:
        iterations = MAX_ITERATIONS
    if rollout_steps is None:
        rollout_steps = engine.search_rollout_steps
    stop_at = time.monotonic() + budget_s
    ranked = _ranked_keys(engine, view, seat, legal_actions, rng)
    kept = frozenset(action_key(action) for action in always_open)
    opened, width = None, 0
    for done in range(iterations):
        if done and time.monotonic() > stop_at:
            break
        if ranked and width < len(ranked):
            wider = WIDEN_BASE + int(WIDEN_RATE * done ** WIDEN_POWER)
            if wider > width:
                opened, width = frozenset(ranked[:wider]) | kept, wider
        first, rewards = _iterate(engine, tree.root, engine.sample(view, seat, rng), rng, rollout_steps, opened)
        if first is not None:
            totals = tree.seat_rewards.setdefault(first, [0.0] * len(rewards))
            for index, reward in enumerate(rewards):
                totals[index] += reward
    return tree


def _ranked_keys(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action],
                 rng: random.Random) -> list[str] | None:
    """The root's actions, best first by their value a move ahead; None for a short list."""
    if len(legal_actions) < WIDEN_FROM:
        return None
    values = action_values(engine, view, seat, legal_actions, rng, RANK_SAMPLES)
    order = sorted(range(len(legal_actions)), key=values.__getitem__, reverse=True)
    return [action_key(legal_actions[index]) for index in order]


def _iterate(engine: Engine, root: Node, state, rng: random.Random, rollout_steps: int,
             opened: frozenset[str] | None) -> tuple[str | None, list[float]]:
    """One iteration; at the root only the `opened` actions may be tried (None: all). Returns the
    key of the root action it began with (None at the game's end) and each seat's reward."""
    path = [root]
    node = root
    first = None
    while engine.outcome(state) is None:
        actor = min(engine.to_act(state))
        legal = bot_actions(engine, state, actor)
        keys = [action_key(action) for action in legal]
        if node is root and opened:
            kept = [index for index, key in enumerate(keys) if key in opened]
            if kept:
                legal, keys = [legal[index] for index in kept], [keys[index] for index in kept]
        for key in keys:
            child = node.children.get(key)
            if child is not None:
                child.available += 1
        untried = [index for index, key in enumerate(keys) if key not in node.children]
        if untried:
            index = rng.choice(untried)
            child = node.children[keys[index]] = Node(actor, legal[index])
            child.available = 1
            if node is root:
                first = keys[index]
            state = advance(engine, state, actor, legal[index], rng)
            path.append(child)
            break
        key = max(keys, key=lambda key: node.children[key].ucb())
        if node is root:
            first = key
        node = node.children[key]
        state = advance(engine, state, actor, node.action, rng)
        path.append(node)
    rewards = _rewards(engine, _rollout(engine, state, rng, rollout_steps))
    for visited in path:
        visited.visits += 1
        if visited.seat is not None:
            visited.reward += rewards[visited.seat]
    return first, rewards


def _rollout(engine: Engine, state, rng: random.Random, steps: int):
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        state = random_step(engine, state, rng)
    return state


def _rewards(engine: Engine, state) -> list[float]:
    """Each seat's reward in [0, 1]: a share of the win at the end; before it, the estimated
    lead over the best other seat, squashed by a logistic curve."""
    result = engine.outcome(state)
    if result is not None:
        winners = result["winners"]
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(len(result["scores"]))]
    scores = [engine.evaluate(state, seat) for seat in range(engine.players(state))]
    scale = MARGIN_SCALE * max(1.0, max(abs(score) for score in scores))
    rewards = []
    for seat, score in enumerate(scores):
        margin = score - max(other for index, other in enumerate(scores) if index != seat)
        rewards.append(1 / (1 + math.exp(-margin / scale)))
    return rewards
