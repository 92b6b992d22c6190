"""Scoring on the top view (L-C1 … L-C13): groups of one kind and colour, rats, the outcome.

Scores are kept per colour (index 0 red, 1 green). `delta` gives the change a placement makes by
looking only at the groups next to it, so the state carries live scores without rescanning.
"""
from __future__ import annotations

from engines.core import places
from engines.dschunke_tiles import data
from engines.dschunke_tiles.geometry import NEIGHBOURS, xy

KINDS = len(data.KINDS)
RAT = data.RAT
BLANK = data.BLANK


def points(size: int) -> int:
    """L-C7, L-C8: a group of n >= 2 scores n(n+1)/2 (3, 6, 10 … 66, then on); a single scores 0."""
    return size * (size + 1) // 2 if size >= 2 else 0


def _scores(code: int) -> bool:
    """Goods symbols form groups; rats and the blank emblem never do (L-C9, L-C10)."""
    return code != BLANK and code % KINDS != RAT


def groups(top: dict) -> list[dict]:
    """Every group of 2 or more cells (L-C3 … L-C6), in a stable order."""
    seen = set()
    found = []
    for cell in sorted(top):
        if cell in seen:
            continue
        symbol = top[cell][2]
        if not _scores(symbol):
            continue
        members = _flood(top, cell, symbol, None)
        seen.update(members)
        if len(members) >= 2:
            found.append({
                "colour": data.COLOURS[symbol // KINDS],
                "kind": data.KINDS[symbol % KINDS],
                "size": len(members),
                "points": points(len(members)),
                "cells": [xy(member) for member in sorted(members)],
            })
    return found


def rat_cells(top: dict, colour: int) -> list[list[int]]:
    rat = colour * KINDS + RAT
    return [xy(cell) for cell in sorted(top) if top[cell][2] == rat]


def colour_scores(top: dict) -> list[int]:
    """Live totals per colour: group points minus visible rats (L-C2, L-C9, L-C11)."""
    totals = [0, 0]
    for group in groups(top):
        totals[data.COLOURS.index(group["colour"])] += group["points"]
    for cell, (_, _, symbol) in top.items():
        if symbol != BLANK and symbol % KINDS == RAT:
            totals[symbol // KINDS] -= 1
    return totals


def _flood(top: dict, cell: int, symbol: int, over: dict | None) -> set[int]:
    """The cells joined to `cell` through edges, all showing `symbol` (with `over` laid on top)."""
    members = {cell}
    stack = [cell]
    while stack:
        here = stack.pop()
        for offset in NEIGHBOURS:
            there = here + offset
            if there in members:
                continue
            if over is not None and there in over:
                shown = over[there]
            else:
                entry = top.get(there)
                if entry is None:
                    continue
                shown = entry[2]
            if shown == symbol:
                members.add(there)
                stack.append(there)
    return members


def _local(top: dict, seeds, over: dict | None) -> list[int]:
    """Group points per colour of the groups that contain one of `seeds`."""
    seen = set()
    value = [0, 0]
    for cell in seeds:
        if cell in seen:
            continue
        if over is not None and cell in over:
            symbol = over[cell]
        else:
            entry = top.get(cell)
            if entry is None:
                continue
            symbol = entry[2]
        if not _scores(symbol):
            continue
        members = _flood(top, cell, symbol, over)
        seen |= members
        if len(members) >= 2:
            value[symbol // KINDS] += points(len(members))
    return value


def delta(top: dict, cells: list[int], symbols) -> list[int]:
    """How the colours' scores change when `symbols` come to lie on top of `cells`.

    Only groups that hold a changed cell or touch one can change, so the groups through the
    cells and their neighbours are scored before and after.
    """
    seeds = list(cells)
    for cell in cells:
        seeds += [cell + offset for offset in NEIGHBOURS]
    over = dict(zip(cells, symbols))
    before = _local(top, seeds, None)
    after = _local(top, seeds, over)
    change = [after[0] - before[0], after[1] - before[1]]
    for cell, symbol in zip(cells, symbols):
        entry = top.get(cell)
        if entry is not None and entry[2] != BLANK and entry[2] % KINDS == RAT:
            change[entry[2] // KINDS] += 1  # L-C9: a covered rat no longer costs anything
        if symbol != BLANK and symbol % KINDS == RAT:
            change[symbol // KINDS] -= 1
    return change


def group_index(top: dict) -> tuple[dict, list[int]]:
    """cell -> group number for every goods cell (singles too), and each group's size."""
    index: dict = {}
    sizes: list[int] = []
    for cell, entry in top.items():
        if cell in index or not _scores(entry[2]):
            continue
        members = _flood(top, cell, entry[2], None)
        for member in members:
            index[member] = len(sizes)
        sizes.append(len(members))
    return index, sizes


def delta_on_table(top: dict, index: dict, sizes: list[int], cells: list[int], symbols) -> list[int]:
    """`delta` for a tile on free cells, from a `group_index` of `top`: the new crates join the
    groups next to them (nothing is covered, so no group can split). The crates lie in a line, so
    new crates join each other only in runs of equal neighbours."""
    change = [0, 0]
    runs = []  # [symbol, old groups joined, new crates]
    run = None
    for cell, symbol in zip(cells, symbols):
        if symbol == BLANK or symbol % KINDS == RAT:
            if symbol != BLANK:
                change[symbol // KINDS] -= 1
            run = None
            continue
        joined = set()
        for offset in NEIGHBOURS:
            there = cell + offset
            group = index.get(there)
            if group is not None and top[there][2] == symbol:
                joined.add(group)
        if run is not None and run[0] == symbol:
            run[1] |= joined
            run[2] += 1
        else:
            run = [symbol, joined, 1]
            runs.append(run)
    if len(runs) > 1:  # two runs of one symbol may meet through an old group
        merged = []
        for run in runs:
            for other in merged:
                if other[0] == run[0] and other[1] & run[1]:
                    other[1] |= run[1]
                    other[2] += run[2]
                    break
            else:
                merged.append(run)
        runs = merged
    for symbol, joined, count in runs:
        size = count + sum(sizes[group] for group in joined)
        change[symbol // KINDS] += points(size) - sum(points(sizes[group]) for group in joined)
    return change


def seat_colour(state: dict, seat: int) -> int:
    return 0 if seat == state["red"] else 1


def breakdown(state: dict) -> list[dict]:
    """Per seat: colour, groups (kind, size, points, cells), visible rats and total (L-C13)."""
    top = state["top"]
    all_groups = groups(top)
    rows = []
    for seat in range(data.PLAYERS):
        colour = seat_colour(state, seat)
        mine = [group for group in all_groups if group["colour"] == data.COLOURS[colour]]
        rats = rat_cells(top, colour)
        group_points = sum(group["points"] for group in mine)
        rows.append({
            "seat": seat,
            "colour": data.COLOURS[colour],
            "groups": mine,
            "group_points": group_points,
            "rats": len(rats),
            "rat_points": -len(rats),  # what the rats cost, signed as the end table shows it
            "rat_cells": rats,
            "total": group_points - len(rats),
        })
    return rows


def outcome(state: dict) -> dict | None:
    """None while tiles remain (L-E1); then scores per seat, winners (ties share, L-C12)."""
    if not state["over"]:
        return None
    rows = breakdown(state)
    scores = [row["total"] for row in rows]
    best = max(scores)
    keys = [-score for score in scores]
    ranking = sorted(range(data.PLAYERS), key=lambda seat: (keys[seat], seat))
    return {
        "scores": scores,
        "winners": [seat for seat in range(data.PLAYERS) if scores[seat] == best],
        "ranking": ranking,
        "places": places(keys),
        "draw": scores.count(best) > 1,
        "breakdown": rows,
        "reason": "tiles_placed",
    }
