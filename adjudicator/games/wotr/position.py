"""A War of the Ring board position: immutable, validated, with one JSON format.

The JSON format (``Position.to_dict()`` writes it; :func:`adjudicator.games.wotr.reading.
read_position` reads it; every key is optional except as noted)::

    {
      "armies": {                          # region → nation → figures (omit empty entries)
        "minas-tirith": {"gondor": {"regular": 3, "elite": 1, "leaders": 1}},
        "morannon": {"sauron": {"regular": 5, "nazgul": 1}}
      },
      "sieges": ["minas-tirith"],          # strongholds under siege: the army of the side that
                                           # controls the region is inside, the other side outside
      "characters": {"gandalf-white": "fangorn"},   # characters on the board → region
      "control": {"osgiliath": "shadow"},  # settlements → "free_peoples" / "shadow";
                                           # omitted settlements belong to their nation's side
      "political": {"gondor": {"steps_from_war": 2, "active": false}},  # omitted: start
      "fellowship": {
        "region": "rivendell",             # last known region (figure of Frodo and Sam)
        "progress": 0, "revealed": false, "corruption": 0,
        "mordor_step": null,               # 0..5 on the Mordor track, else null
        "guide": "gandalf-grey",           # a companion in the Fellowship, or "gollum"
        "companions": ["gandalf-grey", "strider", ...]
      },
      "hunt_box": {"shadow_dice": 0, "free_peoples_dice": 0},
      "hunt_tiles_drawn": ["eye", "3"],    # tile ids of board.BOARD.hunt_tiles
      "reinforcements": {"rohan": {"regular": 6, "elite": 4, "leaders": 3}}
                                           # optional: figures left in a nation's pool
    }

Regions may be given by slug, English or Russian name (stored as slugs). Figures per nation are
``regular`` and ``elite`` (units), ``leaders`` and ``nazgul`` (Sauron's leaders). Sides are
``"free_peoples"`` and ``"shadow"``.

:func:`adjudicator.games.wotr.reading.validate_position` reports *every* problem at once as
``InvalidInput`` with field paths like ``armies.minas-tirith.gondor.regular``;
:func:`position_problems` checks a ``Position`` built in code (e.g. after applying a move) and
returns the same ``(field, message)`` list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from operator import le
from types import MappingProxyType
from typing import Any

from adjudicator.games.common import N_, Problems
from adjudicator.games.wotr.board import (
    BOARD,
    FREE_PEOPLES,
    MAX_CORRUPTION,
    MAX_UNITS_BESIEGED,
    MAX_UNITS_PER_REGION,
    SHADOW,
    SIDES,
    STRONGHOLD,
    UNIT_KINDS,
)
from adjudicator.games.wotr.messages import Message

GOLLUM = "gollum"
MORDOR_ENTRANCES = frozenset({"morannon", "minas-morgul"})
"""The Fellowship enters Mordor by declaring in one of these (rules: Вход в Мордор)."""
MAX_SHADOW_DICE = 10
"""The Shadow's action dice: 7, up to 10 with the minions (rules: Резерв кубиков действия)."""
MAX_FREE_PEOPLES_DICE = 6
"""The Free Peoples' action dice: 4, up to 6 (rules: Резерв кубиков действия)."""
EXCLUSIVE_FORMS = (("gandalf-grey", "gandalf-white"), ("strider", "aragorn"))
"""A character and its upgrade are one figure: never both in play."""


@dataclass(frozen=True)
class Units:
    """Figures of one nation in one region: units (regular, elite) and leaders (incl. Nazgûl)."""

    regular: int = 0
    elite: int = 0
    leaders: int = 0
    nazgul: int = 0

    @property
    def units(self) -> int:
        """Army units (regular + elite): what stacking limits and strength count."""
        return self.regular + self.elite

    @property
    def leadership(self) -> int:
        """Leaders and Nazgûl each give 1 leadership (rules: Сила армии и лидерство)."""
        return self.leaders + self.nazgul

    def __bool__(self) -> bool:
        return bool(self.regular or self.elite or self.leaders or self.nazgul)

    def __add__(self, other: Units) -> Units:
        return Units(
            self.regular + other.regular,
            self.elite + other.elite,
            self.leaders + other.leaders,
            self.nazgul + other.nazgul,
        )

    def to_dict(self) -> dict[str, int]:
        """Non-zero kinds only."""
        return {kind: getattr(self, kind) for kind in UNIT_KINDS if getattr(self, kind)}


@dataclass(frozen=True)
class Political:
    """A nation's political marker: steps from the "war" box and whether it is active."""

    steps_from_war: int
    active: bool

    @property
    def at_war(self) -> bool:
        """In the "war" box (rules: Объявление войны)."""
        return self.steps_from_war == 0


@dataclass(frozen=True)
class Fellowship:
    """The Fellowship: last known region, progress, state, corruption, guide and companions."""

    region: str
    progress: int = 0
    revealed: bool = False
    corruption: int = 0
    mordor_step: int | None = None
    guide: str = "gandalf-grey"
    companions: tuple[str, ...] = ()

    @property
    def in_mordor(self) -> bool:
        """On the Mordor track (rules: Содружество в Мордоре)."""
        return self.mordor_step is not None


@dataclass(frozen=True)
class HuntBox:
    """Action dice in the hunt box: the Shadow's and the Free Peoples' (Fellowship moves)."""

    shadow_dice: int = 0
    free_peoples_dice: int = 0

    @property
    def total(self) -> int:
        """All dice in the box (the eye's value in Mordor)."""
        return self.shadow_dice + self.free_peoples_dice


NO_UNITS = Units()


def frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Position:
    """A full board position. Build with :meth:`from_dict` or :func:`standard_setup`.

    Mappings are read-only; derive a changed position with ``dataclasses.replace`` or
    :meth:`with_units`.
    """

    armies: Mapping[str, Mapping[str, Units]]
    fellowship: Fellowship
    characters: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    control: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    sieges: frozenset[str] = frozenset()
    political: Mapping[str, Political] = field(default_factory=lambda: MappingProxyType({}))
    hunt_box: HuntBox = HuntBox()
    hunt_tiles_drawn: tuple[str, ...] = ()
    reinforcements: Mapping[str, Units] | None = None
    """Figures in each listed nation's reinforcements; ``None`` (the default, and the setup's
    value) when the position does not track them. Omitted nations are not checked."""

    # ---- look-ups -------------------------------------------------------------------------

    def controller(self, region: str) -> str | None:
        """The side controlling a settlement (its nation's side unless captured)."""
        if region in self.control:
            return self.control[region]
        return _starting_controller(region)

    def nation_units(self, region: str) -> Mapping[str, Units]:
        """Figures per nation in a region (empty mapping if none)."""
        return self.armies.get(region, MappingProxyType({}))

    def side_units(self, region: str, side: str) -> Units:
        """All figures of one side in a region, summed over its nations."""
        return self._side_totals.get((region, side), NO_UNITS)

    @cached_property
    def _side_totals(self) -> Mapping[tuple[str, str], Units]:
        """Each (region, side)'s figures, summed once per position: the checks ask for them
        hundreds of times, and a position never changes."""
        totals: dict[tuple[str, str], Units] = {}
        side_of = _SIDE_OF
        for region, by_nation in self.armies.items():
            for nation, units in by_nation.items():
                key = (region, side_of[nation])
                totals[key] = totals[key] + units if key in totals else units
        return totals

    @cached_property
    def _nation_totals(self) -> Mapping[str, tuple[int, int, int, int]]:
        """Each nation's figures on the board, of each kind (``UNIT_KINDS``' order): summed
        in a tuple each, not a list mapped with ``add`` (issue 29: 37 → 20 µs a position, every
        position read is validated with them)."""
        totals: dict[str, tuple[int, int, int, int]] = {}
        for by_nation in self.armies.values():
            for nation, units in by_nation.items():
                summed = totals.get(nation)
                if summed is None:
                    totals[nation] = (units.regular, units.elite, units.leaders, units.nazgul)
                else:
                    regular, elite, leaders, nazgul = summed
                    totals[nation] = (
                        regular + units.regular, elite + units.elite,
                        leaders + units.leaders, nazgul + units.nazgul,
                    )  # fmt: skip
        return totals

    def sides_present(self, region: str) -> tuple[str, ...]:
        """The sides with figures (units, leaders or Nazgûl) in a region."""
        return tuple(side for side in SIDES if self.side_units(region, side))

    def army_sides(self, region: str) -> tuple[str, ...]:
        """The sides with an army (at least one unit) in a region: Nazgûl alone are no army."""
        return tuple(side for side in SIDES if self.side_units(region, side).units)

    def characters_in(self, region: str) -> tuple[str, ...]:
        """Characters standing in a region (not those inside the Fellowship)."""
        return self.characters_by_region.get(region, ())

    @cached_property
    def characters_by_region(self) -> Mapping[str, tuple[str, ...]]:
        """The characters standing in each region that has any, in the position's order."""
        by_region: dict[str, list[str]] = {}
        for slug, where in self.characters.items():
            by_region.setdefault(where, []).append(slug)
        return {where: tuple(slugs) for where, slugs in by_region.items()}

    def leadership(self, region: str, side: str) -> int:
        """Leaders + Nazgûl + characters' leadership of a side's army (rules: Лидерство)."""
        characters = sum(
            BOARD.characters[slug].leadership
            for slug in self.characters_in(region)
            if BOARD.characters[slug].side == side
        )
        return self.side_units(region, side).leadership + characters

    def is_besieged(self, region: str) -> bool:
        """A stronghold whose controller's army is inside, under siege."""
        return region in self.sieges

    def besieged_side(self, region: str) -> str | None:
        """The side inside a besieged stronghold (the controller), or ``None``."""
        return self.controller(region) if region in self.sieges else None

    def political_status(self, nation: str) -> Political:
        """A nation's marker (its starting place unless given)."""
        return self.political.get(nation) or starting_political(nation)

    def victory_points(self, side: str) -> int:
        """Points for enemy settlements the side controls (rules: Окончание игры)."""
        return sum(
            region.victory_points
            for region in BOARD.regions.values()
            if region.is_settlement
            and self.controller(region.slug) == side
            and _starting_controller(region.slug) != side
        )

    def regions_differing_from(self, other: Position) -> set[str]:
        """The regions where this position and ``other`` differ in what stands there or holds
        them: armies, control, siege, characters (in their order) or the Fellowship's figure.
        A region outside it shows the same in both (a board's row, the map's counters)."""
        armies, others = self.armies, other.armies
        differing = {r for r in armies.keys() | others.keys() if armies.get(r) != others.get(r)}
        differing.update(
            r
            for r in self.control.keys() | other.control.keys()
            if self.controller(r) != other.controller(r)
        )
        differing.update(self.sieges ^ other.sieges)
        here, there = self.characters_by_region, other.characters_by_region
        differing.update(r for r in here.keys() | there.keys() if here.get(r) != there.get(r))
        if self.fellowship.region != other.fellowship.region:
            differing.update((self.fellowship.region, other.fellowship.region))
        return differing

    def with_units(self, region: str, nation: str, units: Units) -> Position:
        """A copy with one nation's figures in one region replaced (removed when empty)."""
        armies = {r: dict(by_nation) for r, by_nation in self.armies.items()}
        by_nation = armies.setdefault(region, {})
        if units:
            by_nation[nation] = units
        else:
            by_nation.pop(nation, None)
        return replace(self, armies=freeze_armies(armies))

    # ---- JSON -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON format, complete (every settlement's control, every nation's marker)."""
        return {
            "armies": {
                region: {nation: units.to_dict() for nation, units in sorted(by_nation.items())}
                for region, by_nation in sorted(self.armies.items())
                if by_nation
            },
            "sieges": sorted(self.sieges),
            "characters": dict(sorted(self.characters.items())),
            "control": {
                slug: self.controller(slug)
                for slug, region in sorted(BOARD.regions.items())
                if region.is_settlement
            },
            "political": {
                nation: {
                    "steps_from_war": self.political_status(nation).steps_from_war,
                    "active": self.political_status(nation).active,
                }
                for nation in BOARD.nations
            },
            "fellowship": {
                "region": self.fellowship.region,
                "progress": self.fellowship.progress,
                "revealed": self.fellowship.revealed,
                "corruption": self.fellowship.corruption,
                "mordor_step": self.fellowship.mordor_step,
                "guide": self.fellowship.guide,
                "companions": list(self.fellowship.companions),
            },
            "hunt_box": {
                "shadow_dice": self.hunt_box.shadow_dice,
                "free_peoples_dice": self.hunt_box.free_peoples_dice,
            },
            "hunt_tiles_drawn": list(self.hunt_tiles_drawn),
            **(
                {}
                if self.reinforcements is None
                else {
                    "reinforcements": {
                        nation: units.to_dict()
                        for nation, units in sorted(self.reinforcements.items())
                    }
                }
            ),
        }


def freeze_armies(armies: Mapping[str, Mapping[str, Units]]) -> Mapping:
    return frozen({region: frozen(by_nation) for region, by_nation in armies.items() if by_nation})


def _starting_controller(region: str) -> str | None:
    data = BOARD.regions[region]
    if not data.is_settlement or data.nation is None:
        return None
    return BOARD.side_of(data.nation)


def starting_political(nation: str) -> Political:
    data = BOARD.nations[nation]
    return Political(data.starts_steps_from_war, data.starts_active)


@cache
def starting_control() -> Mapping[str, str]:
    """Every settlement's owner at the start: its nation's side (rules: Захват поселений)."""
    return frozen(
        {slug: side for slug in BOARD.regions if (side := _starting_controller(slug)) is not None}
    )


@cache
def standard_setup() -> Position:
    """The starting position (rules: Приготовления к игре; figures from board.json)."""
    armies = {
        region.slug: {region.setup_nation: Units(**region.setup)}
        for region in BOARD.regions.values()
        if region.setup
    }
    companions = tuple(c.slug for c in BOARD.characters.values() if c.starts_in_fellowship)
    return Position(
        armies=freeze_armies(armies),
        fellowship=Fellowship(region="rivendell", guide="gandalf-grey", companions=companions),
        control=starting_control(),
        political=frozen({nation: starting_political(nation) for nation in BOARD.nations}),
    )


# ---- the rules a position must respect ---------------------------------------------------


def position_problems(position: Position) -> Problems:
    """Every way ``position`` breaks the rules of the board, as ``(field, message)`` pairs.

    Checks stacking (10 units; 5 in a besieged stronghold), armies of both sides in one region
    without a siege (Nazgûl and characters may stand with an enemy army, but a Nazgûl without
    an army never in a Free Peoples stronghold), Free Peoples leaders without an army, more
    figures of a nation than the game has, sieges of regions without a stronghold, characters
    (unknown, in two places, both forms of one figure, Saruman away from Orthanc), the
    Fellowship (corruption 0..12, guide, Mordor entry) and the hunt tiles drawn.
    """
    return [
        *_army_problems(position),
        *_figure_total_problems(position),
        *_reinforcement_problems(position),
        *_siege_problems(position),
        *_character_problems(position),
        *_fellowship_problems(position),
        *_political_problems(position),
        *_hunt_tile_problems(position),
    ]


def _army_problems(position: Position) -> Iterator[tuple[str, str]]:
    """Each region's armies (each side's figures summed once: a position has 30-odd armies;
    Nazgûl of a nation but Sauron looked for only where the board's totals have some)."""
    totals, sieges = position._side_totals, position.sieges
    stray_nazgul = any(n[3] for nation, n in position._nation_totals.items() if nation != "sauron")
    for region, by_nation in position.armies.items():
        if stray_nazgul:
            for nation, units in by_nation.items():
                if units.nazgul and nation != "sauron":
                    yield f"armies.{region}.{nation}.nazgul", Message(N_("only Sauron has Nazgûl"))
        fp = totals.get((region, FREE_PEOPLES), NO_UNITS)
        shadow = totals.get((region, SHADOW), NO_UNITS)
        fp_units, shadow_units = fp.units, shadow.units
        if fp_units > MAX_UNITS_BESIEGED or shadow_units > MAX_UNITS_BESIEGED:
            yield from _stacking_problems(position, region, fp_units, shadow_units)
        if fp.leaders and not fp_units:
            where = f"armies.{region}"
            yield where, Message(N_("Free Peoples leaders cannot stand without an army"))
        if fp_units and shadow_units and region not in sieges:
            yield (
                f"armies.{region}",
                Message(N_("armies of both sides share a region that is not under siege")),
            )
        if shadow.nazgul and _enemy_stronghold_without_army(position, region):
            yield f"armies.{region}", Message(NAZGUL_IN_ENEMY_STRONGHOLD)
    witch_king = position.characters.get("witch-king")
    if witch_king is not None and _enemy_stronghold_without_army(position, witch_king):
        yield "characters.witch-king", Message(NAZGUL_IN_ENEMY_STRONGHOLD)


def _stacking_problems(
    position: Position, region: str, fp_units: int, shadow_units: int
) -> Iterator[tuple[str, str]]:
    """Each side's units in ``region`` over its limit: 5 for the side inside a besieged
    stronghold, else 10 (leaders and Nazgûl do not count)."""
    besieged = position.besieged_side(region)
    for side, units in ((FREE_PEOPLES, fp_units), (SHADOW, shadow_units)):
        limit = MAX_UNITS_BESIEGED if side == besieged else MAX_UNITS_PER_REGION
        if units > limit:
            template = (
                N_("%(units)s %(side)s units in a besieged stronghold; the limit is %(limit)s")
                if side == besieged
                else N_(
                    "%(units)s %(side)s units in a region; the limit is %(limit)s "
                    "(leaders and Nazgûl do not count)"
                )
            )
            yield f"armies.{region}", Message(template, units=units, side=side, limit=limit)


NAZGUL_IN_ENEMY_STRONGHOLD = N_(
    "a Nazgûl without a Shadow army cannot stand in a Free Peoples stronghold that the Shadow "
    "does not besiege"
)


def _enemy_stronghold_without_army(position: Position, region: str) -> bool:
    """A Free Peoples stronghold with no Shadow army there: closed to Nazgûl (rules: Лидеры,
    "назгул без армии не может быть помещен во вражескую цитадель"; Перемещение миньонов).
    The Witch-king is a Nazgûl in every rule not overridden by his card."""
    return (
        BOARD.regions[region].settlement == STRONGHOLD
        and position.controller(region) == FREE_PEOPLES
        and not position.side_units(region, SHADOW).units
    )


def figures_on_board(position: Position) -> Counter[tuple[str, str]]:
    """How many figures of each (nation, kind) stand on the board."""
    return Counter(
        {
            (nation, kind): count
            for nation, counts in position._nation_totals.items()
            for kind, count in zip(UNIT_KINDS, counts, strict=True)
        }
    )


_AVAILABLE = MappingProxyType(
    {
        nation: tuple(figures.get(kind, 0) for kind in UNIT_KINDS)
        for nation, figures in BOARD.nation_figures.items()
    }
)
"""Each nation's figures in the game, of each kind (``UNIT_KINDS``' order)."""
_SIDE_OF = MappingProxyType({nation: BOARD.side_of(nation) for nation in BOARD.nations})


def _figure_total_problems(position: Position) -> Iterator[tuple[str, str]]:
    """A nation with more figures of a kind on the board than the game has (in the order of
    nation and kind)."""
    for nation, counts in sorted(position._nation_totals.items()):
        most = _AVAILABLE[nation]
        if all(map(le, counts, most)):
            continue
        for kind, count, available in sorted(zip(UNIT_KINDS, counts, most, strict=True)):
            if count <= available:
                continue
            yield (
                f"armies.*.{nation}.{kind}",
                Message(
                    N_(
                        "%(count)s %(nation)s %(kind)s on the board, but the game has only "
                        "%(available)s"
                    ),
                    count=count,
                    nation=nation,
                    kind=kind,
                    available=available,
                ),
            )


def _reinforcement_problems(position: Position) -> Iterator[tuple[str, str]]:
    """Board + reinforcements of a nation never exceed its figures (Free Peoples casualties
    leave the game); for the Shadow they are all its figures, as its casualties return to the
    reinforcements (rules: Запреты на наем)."""
    if not position.reinforcements:
        return
    on_board = figures_on_board(position)
    for nation, pool in sorted(position.reinforcements.items()):
        shadow = BOARD.side_of(nation) == SHADOW
        for kind in UNIT_KINDS:
            where = f"reinforcements.{nation}.{kind}"
            if kind == "nazgul" and nation != "sauron":
                if pool.nazgul:
                    yield where, Message(N_("only Sauron has Nazgûl"))
                continue
            board, left = on_board[nation, kind], getattr(pool, kind)
            available = BOARD.nation_figures[nation].get(kind, 0)
            if board + left > available or (shadow and board + left < available):
                template = (
                    N_(
                        "%(board)s %(nation)s %(kind)s on the board and %(left)s in "
                        "reinforcements: Shadow casualties return to the reinforcements, so "
                        "together they are all %(available)s the game has"
                    )
                    if shadow
                    else N_(
                        "%(board)s %(nation)s %(kind)s on the board and %(left)s in "
                        "reinforcements, but the game has only %(available)s"
                    )
                )
                yield (
                    where,
                    Message(
                        template,
                        board=board,
                        left=left,
                        nation=nation,
                        kind=kind,
                        available=available,
                    ),
                )


def _siege_problems(position: Position) -> Iterator[tuple[str, str]]:
    for region in sorted(position.sieges):
        where = f"sieges.{region}"
        if BOARD.regions[region].settlement != STRONGHOLD:
            yield where, Message(N_("%(region)s has no stronghold to besiege"), region=region)
            continue
        inside = position.besieged_side(region)
        outside = SHADOW if inside == FREE_PEOPLES else FREE_PEOPLES
        if not position.side_units(region, inside).units:
            yield (
                where,
                Message(
                    N_("no %(side)s army inside the stronghold (the siege is over)"), side=inside
                ),
            )
        if not position.side_units(region, outside).units:
            yield (
                where,
                Message(
                    N_("no %(side)s army besieging the stronghold (the siege is over)"),
                    side=outside,
                ),
            )


def _character_problems(position: Position) -> Iterator[tuple[str, str]]:
    in_fellowship = set(position.fellowship.companions)
    for slug in sorted(in_fellowship & set(position.characters)):
        yield (
            f"characters.{slug}",
            Message(N_("%(name)s is both in the Fellowship and on the board"), name=slug),
        )
    in_play = in_fellowship | set(position.characters)
    for base, upgrade in EXCLUSIVE_FORMS:
        if {base, upgrade} <= in_play:
            yield (
                f"characters.{upgrade}",
                Message(
                    N_("%(base)s and %(upgrade)s are the same figure"), base=base, upgrade=upgrade
                ),
            )
    saruman = position.characters.get("saruman")
    if saruman not in (None, "orthanc"):
        yield "characters.saruman", Message(N_("Saruman never leaves Orthanc"))


def _fellowship_problems(position: Position) -> Iterator[tuple[str, str]]:
    fellowship = position.fellowship
    if not 0 <= fellowship.corruption <= MAX_CORRUPTION:
        yield (
            "fellowship.corruption",
            Message(
                N_("must be between %(low)s and %(high)s, not %(value)s"),
                low=0,
                high=MAX_CORRUPTION,
                value=fellowship.corruption,
            ),
        )
    duplicates = [slug for slug, n in Counter(fellowship.companions).items() if n > 1]
    for slug in duplicates:
        yield "fellowship.companions", Message(N_("%(name)s is listed twice"), name=slug)
    companions = [BOARD.characters[s] for s in fellowship.companions if s in BOARD.characters]
    if not companions:
        if fellowship.guide != GOLLUM:
            yield "fellowship.guide", Message(N_("with no companions left, Gollum is the guide"))
    elif fellowship.guide not in fellowship.companions:
        yield (
            "fellowship.guide",
            Message(N_("the guide %(name)s is not in the Fellowship"), name=repr(fellowship.guide)),
        )
    else:
        highest = max(c.level or 0 for c in companions)
        if (BOARD.characters[fellowship.guide].level or 0) < highest:
            yield (
                "fellowship.guide",
                Message(
                    N_("the guide must be a companion of the highest level (%(level)s)"),
                    level=highest,
                ),
            )
    if fellowship.in_mordor and fellowship.region not in MORDOR_ENTRANCES:
        yield (
            "fellowship.region",
            Message(N_("the Fellowship enters Mordor only from Morannon or Minas Morgul")),
        )


def _political_problems(position: Position) -> Iterator[tuple[str, str]]:
    for nation, marker in position.political.items():
        if marker.at_war and not marker.active:
            yield f"political.{nation}", Message(N_("a passive nation cannot be at war"))


def _hunt_tile_problems(position: Position) -> Iterator[tuple[str, str]]:
    for tile, count in sorted(Counter(position.hunt_tiles_drawn).items()):
        if tile in BOARD.hunt_tiles and count > BOARD.hunt_tiles[tile].count:
            yield (
                "hunt_tiles_drawn",
                Message(
                    N_("%(count)s %(tile)s tiles drawn, but the game has %(available)s"),
                    count=count,
                    tile=repr(tile),
                    available=BOARD.hunt_tiles[tile].count,
                ),
            )
