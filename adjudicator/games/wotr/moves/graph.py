"""Paths over the board's passable borders (board.json ``adjacent``; black lines never decide).

Searches take two predicates: ``can_enter(region)`` (may the piece step into it) and
``can_continue(region)`` (may it move on after stepping in, e.g. not out of a Shadow stronghold).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from types import MappingProxyType

from adjudicator.games.wotr.board import BOARD

Predicate = Callable[[str], bool]


def always(_: str) -> bool:
    """The predicate of a search with no limit."""
    return True


def neighbours(region: str) -> frozenset[str]:
    """Regions across a passable border."""
    return BOARD.regions[region].neighbours


def distances(
    start: str,
    max_steps: int,
    can_enter: Predicate = always,
    can_continue: Predicate = always,
) -> Mapping[str, int]:
    """Shortest number of steps to every region reachable within ``max_steps`` (start: 0)."""
    if can_enter is always and can_continue is always:
        return _open_within(start, max_steps)
    return _search(start, max_steps, can_enter, can_continue)


@cache
def _open_within(start: str, max_steps: int) -> Mapping[str, int]:
    """:func:`open_distances` within ``max_steps``: the board never changes, so each (start,
    reach) is filtered once per process (a destinations question asks it for every region)."""
    return MappingProxyType({r: d for r, d in open_distances(start).items() if d <= max_steps})


@cache
def open_distances(start: str) -> Mapping[str, int]:
    """Steps from ``start`` to every region over passable borders with no other limit: the
    board never changes, so each start is searched once per process."""
    return MappingProxyType(_search(start, len(BOARD.regions), always, always))


def _search(
    start: str, max_steps: int, can_enter: Predicate, can_continue: Predicate
) -> dict[str, int]:
    """Breadth-first search: the step at which each region is first entered."""
    found = {start: 0}
    frontier = [start]
    for step in range(1, max_steps + 1):
        following = []
        for region in frontier:
            if region != start and not can_continue(region):
                continue
            for nxt in neighbours(region):
                if nxt not in found and can_enter(nxt):
                    found[nxt] = step
                    following.append(nxt)
        frontier = following
        if not frontier:
            break
    return found


def walk_ends(start: str, steps: int, can_enter: Predicate = always) -> frozenset[str]:
    """Regions where a walk of exactly ``steps`` moves can end (regions may repeat on the way)."""
    current = {start}
    for _ in range(steps):
        current = {nxt for region in current for nxt in neighbours(region) if can_enter(nxt)}
    return frozenset(current)


def broken_step(path: Iterable[str]) -> tuple[str, str] | None:
    """The first pair of consecutive regions in ``path`` with no passable border, if any."""
    regions = list(path)
    for here, there in itertools.pairwise(regions):
        if there not in neighbours(here):
            return here, there
    return None


def black_line(origin: str, to: str) -> bool:
    """The (unverified) data draws a black line between the two regions: explanation only."""
    return to in BOARD.regions[origin].impassable
