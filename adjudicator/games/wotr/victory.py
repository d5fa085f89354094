"""Victory points and the winner (rules: Окончание игры).

Each enemy stronghold a side controls is worth 2 points, each enemy city 1. The conditions are
checked in the rulebook's order, the first one met wins: (1) corruption 12: the Shadow;
(2) the Fellowship at the end of the Mordor track with corruption below 12: the Free Peoples;
(3) the Shadow has 10 points; (4) the Free Peoples have 4 points. (1) and (2) end the game at
once; (3) and (4) are checked in the victory check phase (step 6 of the turn).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.games.common import N_, Answer, InvalidInput
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.board import (
    BOARD,
    FREE_PEOPLES,
    MAX_CORRUPTION,
    MORDOR_LAST_STEP,
    MORDOR_STEPS_ASSUMPTION,
    SHADOW,
    SIDES,
    find_region,
    unknown_region_message,
)
from adjudicator.games.wotr.messages import Message, between, one_of
from adjudicator.games.wotr.position import Position, starting_control
from adjudicator.games.wotr.reading import MAX_SUGGESTED, Reader

SHADOW_POINTS_TO_WIN = 10
FREE_PEOPLES_POINTS_TO_WIN = 4


@dataclass(frozen=True)
class Condition:
    """One victory condition, in the rulebook's order, and whether it is met."""

    code: str
    winner: str
    message: str
    met: bool


@dataclass(frozen=True, kw_only=True)
class VictoryResult(Answer):
    """Each side's points, the settlements they come from, and the winner if any."""

    shadow_vp: int
    free_peoples_vp: int
    points_from: Mapping[str, tuple[str, ...]]
    """Side → the enemy settlements it controls that score."""
    conditions: tuple[Condition, ...]

    @property
    def deciding(self) -> Condition | None:
        """The first condition met (the earlier condition wins when several are)."""
        return next((c for c in self.conditions if c.met), None)

    @property
    def winner(self) -> str | None:
        return self.deciding.winner if self.deciding else None

    @property
    def condition(self) -> str | None:
        return self.deciding.code if self.deciding else None


def read_control(raw: Any, field: str = "control") -> dict[str, str]:
    """Every settlement's controller: the start, changed by ``raw`` (region → side).

    Raises ``InvalidInput`` listing every unknown region, non-settlement or bad side.
    """
    control = dict(starting_control())
    if not isinstance(raw, Mapping):
        raise InvalidInput([(field, Message(N_("must be an object of region → side")))])
    reader = Reader()
    if not reader.sized(raw, field):
        raise InvalidInput(reader.problems)
    problems = []
    for key, side in raw.items():
        where = f"{field}.{key}"
        region = find_region(key)
        if region is None:
            problems.append((where, unknown_region_message(key, len(problems) < MAX_SUGGESTED)))
        elif not region.is_settlement:
            problems.append(
                (
                    where,
                    Message(N_("%(region)s has no town, city or stronghold"), region=region.slug),
                )
            )
        elif side not in SIDES:
            problems.append((where, one_of(SIDES)))
        else:
            control[region.slug] = side
    if problems:
        raise InvalidInput(problems)
    return control


def victory(
    control: Mapping[str, str], corruption: int = 0, mordor_step: int | None = None
) -> VictoryResult:
    """Points from ``control`` (every settlement → side) and the winner, if any."""
    problems = []
    if not 0 <= corruption <= MAX_CORRUPTION:
        problems.append(("corruption", between(0, MAX_CORRUPTION)))
    if mordor_step is not None and not 0 <= mordor_step <= MORDOR_LAST_STEP:
        problems.append(
            (
                "mordor_step",
                Message(N_("must be between 0 and %(high)s, or null"), high=MORDOR_LAST_STEP),
            )
        )
    if problems:
        raise InvalidInput(problems)
    start = starting_control()
    points_from = {
        side: tuple(
            slug
            for slug, owner in sorted(control.items())
            if owner == side
            and start.get(slug) not in (None, side)
            and BOARD.regions[slug].victory_points
        )
        for side in SIDES
    }
    points = {
        side: sum(BOARD.regions[slug].victory_points for slug in regions)
        for side, regions in points_from.items()
    }
    conditions = (
        Condition(
            "corruption",
            SHADOW,
            N_("The Ring-bearer's corruption reached 12: the Shadow takes the Ring."),
            corruption >= MAX_CORRUPTION,
        ),
        Condition(
            "mount_doom",
            FREE_PEOPLES,
            N_(
                "The Fellowship reached the end of the Mordor track with corruption below 12: "
                "the Ring is destroyed."
            ),
            mordor_step == MORDOR_LAST_STEP and corruption < MAX_CORRUPTION,
        ),
        Condition(
            "shadow_military",
            SHADOW,
            N_("The Shadow controls Free Peoples settlements worth 10 victory points."),
            points[SHADOW] >= SHADOW_POINTS_TO_WIN,
        ),
        Condition(
            "free_peoples_military",
            FREE_PEOPLES,
            N_("The Free Peoples control Shadow settlements worth 4 victory points."),
            points[FREE_PEOPLES] >= FREE_PEOPLES_POINTS_TO_WIN,
        ),
    )
    return VictoryResult(
        shadow_vp=points[SHADOW],
        free_peoples_vp=points[FREE_PEOPLES],
        points_from=points_from,
        conditions=conditions,
        citations=(cite.END_OF_GAME, cite.CAPTURE, cite.RING_BEARER, cite.MORDOR_RULES),
        assumptions=(
            N_(
                "Conditions 3 and 4 count only in the victory check phase (step 6 of the turn); "
                "corruption 12 and Mount Doom end the game at once."
            ),
            *(() if mordor_step is None else (MORDOR_STEPS_ASSUMPTION,)),
        ),
    )


def victory_from_position(position: Position) -> VictoryResult:
    """The same for a whole position (its control, corruption and Mordor step)."""
    control = {slug: position.controller(slug) or "" for slug in starting_control()}
    return victory(control, position.fellowship.corruption, position.fellowship.mordor_step)
