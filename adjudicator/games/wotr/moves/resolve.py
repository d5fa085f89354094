"""Matching a move's figures against the position: which nation, are they really there.

Asking to move figures that are not in the region is malformed input (the API answers 400),
not an illegal move.
"""

from __future__ import annotations

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import BOARD, UNIT_KINDS
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.moves.context import Situation
from adjudicator.games.wotr.moves.model import UnitGroup
from adjudicator.games.wotr.position import Units

Force = tuple[tuple[str, Units], ...]
"""Figures per nation taking part in a move."""


def _nation_of(situation: Situation, region: str, group: UnitGroup, where: str) -> str:
    if group.nation is not None:
        return group.nation
    present = sorted(situation.position.nation_units(region))
    if group.figures.nazgul:
        return "sauron"
    if len(present) == 1:
        return present[0]
    if not present:
        raise InvalidInput(
            [(where, Message(N_("there are no figures in %(region)s"), region=region))]
        )
    raise InvalidInput(
        [
            (
                f"{where}.nation",
                Message(
                    N_("%(region)s holds figures of %(nations)s: name the nation"),
                    region=region,
                    nations=", ".join(present),
                ),
            )
        ]
    )


def resolve_force(
    situation: Situation, region: str, groups: tuple[UnitGroup, ...], where: str
) -> Force:
    """The figures per nation the move names, checked against what stands in ``region``."""
    problems: list[tuple[str, str]] = []
    wanted: dict[str, Units] = {}
    for index, group in enumerate(groups):
        at = where if len(groups) == 1 else f"{where}[{index}]"
        try:
            nation = _nation_of(situation, region, group, at)
        except InvalidInput as error:
            problems.extend(error.problems)
            continue
        units = group.figures
        wanted[nation] = wanted.get(nation, Units()) + units
    present = situation.position.nation_units(region)
    for nation, units in wanted.items():
        have = present.get(nation, Units())
        for kind in UNIT_KINDS:
            if getattr(units, kind) > getattr(have, kind):
                problems.append(
                    (
                        f"{where}.{kind}",
                        Message(
                            N_("only %(have)s %(nation)s %(kind)s in %(region)s, not %(count)s"),
                            have=getattr(have, kind),
                            nation=nation,
                            kind=kind,
                            region=region,
                            count=getattr(units, kind),
                        ),
                    )
                )
    sides = {BOARD.side_of(n) for n in wanted}
    if len(sides) > 1:
        problems.append((where, Message(N_("figures of both sides cannot move together"))))
    if problems:
        raise InvalidInput(problems)
    return tuple(sorted((n, u) for n, u in wanted.items() if u))


def whole_side(situation: Situation, region: str, side: str) -> Force:
    """Every figure of ``side`` in ``region`` (the default when a move names no units)."""
    return tuple(
        sorted(
            (nation, units)
            for nation, units in situation.position.nation_units(region).items()
            if BOARD.side_of(nation) == side and units
        )
    )


def characters_in(
    situation: Situation, region: str, slugs: tuple[str, ...], where: str, side: str | None
) -> None:
    """Characters said to go with an army must stand in its region and be of its side: an
    enemy character may stand there (rules: Лидеры, Перемещение героев) but is no part of it."""
    problems = []
    for i, slug in enumerate(slugs):
        if situation.character_region(slug) != region:
            problems.append(
                (
                    f"{where}[{i}]",
                    Message(N_("%(name)s is not in %(region)s"), name=slug, region=region),
                )
            )
        elif side is not None and BOARD.characters[slug].side != side:
            problems.append(
                (
                    f"{where}[{i}]",
                    Message(N_("%(name)s is an enemy character: not in this army"), name=slug),
                )
            )
    if problems:
        raise InvalidInput(problems)


def own_characters(situation: Situation, region: str, side: str) -> tuple[str, ...]:
    """The characters of ``side`` standing in ``region``."""
    return tuple(
        slug
        for slug in situation.position.characters_in(region)
        if BOARD.characters[slug].side == side
    )


def force_side(force: Force) -> str | None:
    """The side of the moving figures."""
    return BOARD.side_of(force[0][0]) if force else None


def total(force: Force) -> Units:
    """All the figures of a force added up."""
    result = Units()
    for _, units in force:
        result += units
    return result
