"""What the checks ask of a position: sides, enemies, sieges, control, and faction figures.

The board position (armies, sieges, characters, control, politics, Fellowship) is
:class:`adjudicator.games.wotr.position.Position`; the expansion's faction figures are not part
of it, so they travel beside it in :class:`Situation`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import (
    BOARD,
    FREE_PEOPLES,
    SHADOW,
    STRONGHOLD,
)
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.moves.model import FACTIONS, MAX_FACTION_FIGURES
from adjudicator.games.wotr.position import Position
from adjudicator.games.wotr.reading import Reader

FACTION_SIDES = MappingProxyType(
    {
        "dead": FREE_PEOPLES,
        "eagles": FREE_PEOPLES,
        "ents": FREE_PEOPLES,
        "pirates": SHADOW,
        "dunlendings": SHADOW,
        "spiders": SHADOW,
    }
)


def enemy_of(side: str) -> str:
    """The other side."""
    return SHADOW if side == FREE_PEOPLES else FREE_PEOPLES


@dataclass(frozen=True)
class Situation:
    """A position plus the expansion's faction figures on the board (faction → region → n)."""

    position: Position
    factions: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))

    @cached_property
    def kept(self) -> dict[Hashable, Any]:
        """What the checks work out once in a situation, kept for its life: what derives from
        the situation alone (where a character group may walk) and, keyed by the very figures
        asked about, an army move's moving figures: a destinations question checks every
        region of the board in one situation, so each search runs once, not once per region."""
        return {}

    # ---- armies -----------------------------------------------------------------------------

    def units(self, region: str, side: str) -> int:
        """Army units (regular + elite) of one side in a region."""
        return self.position.side_units(region, side).units

    def has_enemy_units(self, region: str, side: str) -> bool:
        """Enemy army units stand in the region (rules: Запреты на перемещение); enemy Nazgûl
        or characters alone are no army (rules: Лидеры)."""
        return self.units(region, enemy_of(side)) > 0

    def besieged_side(self, region: str) -> str | None:
        """The side shut inside a besieged stronghold, if any."""
        return self.position.besieged_side(region)

    def is_inside(self, region: str, side: str) -> bool:
        """The side's army is the one besieged in the region's stronghold."""
        return self.besieged_side(region) == side

    def besieged_by(self, region: str, side: str) -> bool:
        """The region's stronghold is besieged by ``side``."""
        inside = self.besieged_side(region)
        return inside is not None and inside != side

    def controller(self, region: str) -> str | None:
        """Who controls the region's settlement (``None`` without one)."""
        return self.position.controller(region)

    def is_stronghold_of(self, region: str, side: str) -> bool:
        """A stronghold controlled by ``side`` ("a Shadow stronghold", "a Free Peoples one")."""
        return BOARD.regions[region].settlement == STRONGHOLD and self.controller(region) == side

    def at_war(self, nation: str) -> bool:
        """The nation's marker is in the war box (rules: Объявление войны)."""
        return self.position.political_status(nation).at_war

    def character_region(self, slug: str) -> str | None:
        """Where a character stands on the board (``None``: in the Fellowship or not in play)."""
        return self.position.characters.get(slug)

    def in_play(self, slug: str) -> bool:
        """On the board or in the Fellowship."""
        return slug in self.position.characters or slug in self.position.fellowship.companions

    # ---- factions ---------------------------------------------------------------------------

    def faction_at(self, faction: str, region: str) -> int:
        """Figures of a faction in a region."""
        return self.factions.get(faction, {}).get(region, 0)

    def faction_total(self, faction: str) -> int:
        """Figures of a faction on the board."""
        return sum(self.factions.get(faction, {}).values())

    def faction_in_play(self, faction: str) -> bool:
        """A faction is in play while it has figures on the board."""
        return self.faction_total(faction) > 0


def read_factions(data: Any, prefix: str = "factions") -> Mapping[str, Mapping[str, int]]:
    """Read ``{"pirates": {"umbar": 3}, ...}``; raises :class:`InvalidInput` on every problem."""
    if data is None:
        return MappingProxyType({})
    if not isinstance(data, Mapping):
        raise InvalidInput([(prefix, Message(N_("must be an object: faction → region → figures")))])
    reader = Reader()
    result: dict[str, dict[str, int]] = {}
    if not reader.sized(data, prefix, len(FACTIONS)):
        raise InvalidInput(reader.problems)
    for faction, regions in data.items():
        where = f"{prefix}.{faction}"
        if faction not in FACTIONS:
            reader.add(where, Message(N_("unknown faction %(name)s"), name=repr(faction)))
        elif not isinstance(regions, Mapping):
            reader.add(where, Message(N_("must be an object: region → figures")))
        elif reader.sized(regions, where):
            result[faction] = _read_faction_figures(reader, regions, where)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return MappingProxyType({k: MappingProxyType(v) for k, v in result.items() if v})


def _read_faction_figures(reader: Reader, regions: Mapping, where: str) -> dict[str, int]:
    """One faction's figures by region, at most MAX_FACTION_FIGURES in all."""
    placed: dict[str, int] = {}
    for name, count in regions.items():
        region = reader.region(name, f"{where}.{name}")
        if region is not None:
            placed[region] = placed.get(region, 0) + reader.count(count, f"{where}.{name}")
    if sum(placed.values()) > MAX_FACTION_FIGURES:
        reader.add(
            where,
            Message(N_("the faction has only %(count)s figures"), count=MAX_FACTION_FIGURES),
        )
    return {region: count for region, count in placed.items() if count}
