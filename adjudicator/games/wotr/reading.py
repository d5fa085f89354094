"""Reading War of the Ring JSON (positions, moves): one reader that checks each value against the
shape it must have and collects every problem with the field it concerns, so that a request
hears of all its mistakes at once; :func:`validate_position` reads a whole position with it
(moves: :mod:`adjudicator.games.wotr.moves.model`).

:class:`Reader` reads values (``reader.count(value, "hunt_box.shadow_dice", 0, 7)``);
:meth:`Reader.object` reads one JSON object key by key (``fields.region("to")``), its problems
going to the same list.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from adjudicator.games.common import N_, InvalidInput, Message, Problems
from adjudicator.games.wotr.board import (
    BOARD,
    MAX_CORRUPTION,
    MAX_PROGRESS,
    MAX_UNITS_PER_REGION,
    MORDOR_LAST_STEP,
    POLITICAL_MAX_STEPS,
    SIDES,
    UNIT_KINDS,
    find_region,
    resolve_character,
    unknown_region_message,
)
from adjudicator.games.wotr.messages import not_one_of, too_many
from adjudicator.games.wotr.position import (
    GOLLUM,
    MAX_FREE_PEOPLES_DICE,
    MAX_SHADOW_DICE,
    Fellowship,
    HuntBox,
    Political,
    Position,
    Units,
    freeze_armies,
    frozen,
    position_problems,
    standard_setup,
    starting_control,
    starting_political,
)

REQUIRED = Message(N_("is required"))
"""A missing field (translatable, like every engine message)."""
MAX_ENTRIES = len(BOARD.regions)
"""No object or list of a position or a move has more entries than the board has regions: a
longer one is refused whole, before any entry is read (issue 27)."""
MAX_SUGGESTED = 20
"""Unknown region names get the closest names as suggestions (each compares the name with every
region's names) while the reader has fewer problems than this."""


class Reader:
    """Collects every problem while reading JSON values."""

    def __init__(self) -> None:
        self.problems: Problems = []

    def add(self, where: str, message: str) -> None:
        self.problems.append((where, message))

    def sized(self, value: Any, where: str, most: int = MAX_ENTRIES) -> bool:
        """Whether ``value`` (an object or a list) has at most ``most`` entries; if not, it is
        a problem, and none of its entries is read."""
        if len(value) <= most:
            return True
        self.add(where, too_many(len(value), most))
        return False

    def mapping(self, value: Any, where: str, *, required: bool = False) -> Mapping:
        """An object (``{}`` when absent, unless ``required``)."""
        if value is None and not required:
            return {}
        if not isinstance(value, Mapping):
            self.add(where, Message(N_("must be an object")))
            return {}
        return value if self.sized(value, where) else {}

    def items(self, value: Any, where: str) -> list:
        """A list (``[]`` when absent)."""
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            self.add(where, Message(N_("must be a list")))
            return []
        return list(value) if self.sized(value, where) else []

    def count(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int:
        """A whole number in ``[low, high]`` (no upper bound when ``high`` is None)."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(where, Message(N_("must be an integer, not %(value)s"), value=repr(value)))
            return low
        if value < low or (high is not None and value > high):
            if high is None:
                message = Message(
                    N_("must be at least %(low)s, not %(value)s"), low=low, value=value
                )
            else:
                message = Message(
                    N_("must be between %(low)s and %(high)s, not %(value)s"),
                    low=low,
                    high=high,
                    value=value,
                )
            self.add(where, message)
            return max(low, value if high is None else min(value, high))
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            self.add(where, Message(N_("must be true or false")))
            return False
        return value

    def region(self, value: Any, where: str) -> str | None:
        """A region's slug, from its slug or its name in any of the site's languages."""
        text = isinstance(value, str)
        region = (BOARD.regions.get(value) or find_region(value)) if text else None
        if region is None:
            self.add(where, unknown_region_message(value, len(self.problems) < MAX_SUGGESTED))
            return None
        return region.slug

    def character(self, value: Any, where: str, *, companion: bool = False) -> str | None:
        """A character's slug, from its slug or English name; ``companion``: one of the
        Fellowship's companions."""
        try:
            character = resolve_character(value, where)
        except InvalidInput as error:
            self.problems.extend(error.problems)
            return None
        if companion and not character.is_companion:
            self.add(where, Message(N_("unknown companion %(name)s"), name=repr(value)))
            return None
        return character.slug

    def nation(self, value: Any, where: str) -> str | None:
        """A nation's slug, or None when absent."""
        if value is None:
            return None
        if not isinstance(value, str) or value not in BOARD.nations:
            self.add(where, Message(N_("unknown nation %(name)s"), name=repr(value)))
            return None
        return value

    def object(self, value: Any, where: str) -> Fields:
        """One JSON object (required), read key by key."""
        return Fields(self, self.mapping(value, where, required=True), where)


class Fields:
    """One JSON object read key by key; problems are named ``prefix.key``."""

    def __init__(self, reader: Reader, data: Mapping[str, Any], prefix: str):
        self.reader = reader
        self.data = data
        self.prefix = prefix

    @property
    def problems(self) -> Problems:
        return self.reader.problems

    def where(self, key: str) -> str:
        return f"{self.prefix}.{key}"

    def fail(self, key: str, message: str) -> None:
        self.reader.add(self.where(key), message)

    def choice(self, key: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.data.get(key, default)
        if value not in options:
            self.fail(key, not_one_of(options, value))
            return options[0]
        return value

    def region(self, key: str, *, required: bool = True) -> str | None:
        value = self.data.get(key)
        if value is None:
            if required:
                self.fail(key, REQUIRED)
            return None
        return self.reader.region(value, self.where(key))

    def nation(self, key: str) -> str | None:
        """The nation named under ``key``, or None when absent."""
        return self.reader.nation(self.data.get(key), self.where(key))

    def character(self, key: str) -> str | None:
        """The character named under ``key``, or None when absent."""
        if self.data.get(key) is None:
            return None
        return self.reader.character(self.data[key], self.where(key))

    def integer(self, key: str, default: int = 0, low: int = 0, high: int = 99) -> int:
        return self.reader.count(self.data.get(key, default), self.where(key), low, high)

    def flag(self, key: str) -> bool:
        return self.reader.flag(self.data.get(key, False), self.where(key))

    def characters(self, key: str) -> tuple[str, ...]:
        """Character slugs or names: one, or a list of them, none twice."""
        value = self.data.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.fail(key, Message(N_("must be a list of character slugs")))
            return ()
        if not self.reader.sized(value, self.where(key), len(BOARD.characters)):
            return ()
        slugs = [
            self.reader.character(item, f"{self.where(key)}[{i}]") for i, item in enumerate(value)
        ]
        if len(set(slugs)) != len(slugs):
            self.fail(key, Message(N_("names a character twice")))
        return tuple(s for s in slugs if s)

    def unknown(self, known: set[str]) -> None:
        """Report every key not in ``known``."""
        for key in sorted(set(self.data) - known):
            self.fail(key, Message(N_("unknown field")))

    def object(self, key: str) -> Fields:
        """A nested object (required)."""
        return self.reader.object(self.data.get(key), self.where(key))


# ---- reading the JSON format ----------------------------------------------------------------


def _read_armies(reader: Reader, raw: Any) -> Mapping[str, Mapping[str, Units]]:
    plain = _plain_armies(raw)
    if plain is not None:
        return plain
    armies: dict[str, dict[str, Units]] = {}
    for key, by_nation in reader.mapping(raw, "armies").items():
        where = f"armies.{key}"
        region = reader.region(key, where)
        for nation, figures in reader.mapping(by_nation, where).items():
            at = f"{where}.{nation}"
            if reader.nation(nation, at) is None:
                continue
            units = _read_figures(reader, figures, at)
            if region is not None and units:
                slot = armies.setdefault(region, {})
                slot[nation] = slot[nation] + units if nation in slot else units
    return armies


_UNIT_KINDS = frozenset(UNIT_KINDS)


def _plain_figures(raw: Any) -> Units | None:
    """Figures already in their plain form (an object of the four kinds, each a whole number
    from 0), read at once; ``None`` for anything else, which the reader reads and reports."""
    if type(raw) is not dict or not raw.keys() <= _UNIT_KINDS:
        return None
    for count in raw.values():
        if type(count) is not int or count < 0:  # (1.0 and true equal 1: checked first)
            return None
    given = tuple(raw.items())
    units = _PLAIN_UNITS.get(given)
    if units is not None:
        return units
    units = Units(**raw)
    holdable = max(raw.values(), default=0) <= MAX_UNITS_PER_REGION
    if holdable and len(_PLAIN_UNITS) < PLAIN_UNITS_KEPT:
        _PLAIN_UNITS[given] = units
    return units


PLAIN_UNITS_KEPT = 4096
"""Plain figures each process keeps read (issue 29): distinct positions share most of their
armies' figures (a board has a few dozen; a value of the same kinds and counts is the same
``Units``), so a position's reading makes few; at most this many, and only counts a region can
hold (a count past it, refused later, is read but not kept): a few hundred KB."""
_PLAIN_UNITS: dict[tuple[tuple[Any, Any], ...], Units] = {}


def _plain_armies(raw: Any) -> dict[str, Mapping[str, Units]] | None:
    """The armies when every region is named by its slug, every nation known and all figures
    plain (nearly every position: what the board sends), read at once with nothing to report,
    each region's figures already read-only; ``None`` for anything else, which
    :func:`_read_armies` reads entry by entry."""
    if type(raw) is not dict or len(raw) > MAX_ENTRIES:
        return None
    armies: dict[str, Mapping[str, Units]] = {}
    for region, by_nation in raw.items():
        if region not in BOARD.regions or type(by_nation) is not dict:
            return None
        slot = {}
        for nation, figures in by_nation.items():
            units = _plain_figures(figures) if nation in BOARD.nations else None
            if units is None:
                return None
            if units:
                slot[nation] = units
        if slot:
            armies[region] = MappingProxyType(slot)
    return armies


# ---- positions in their plain form, read at once ---------------------------------------------
# What the board sends (and ``Position.to_dict`` writes): slugs, whole numbers within their
# bounds, nothing unknown. Each ``_plain_*`` reads its part at once and gives what the reader
# would, or ``None`` for anything else, which the reader reads and reports (issue 29: with
# the checks of position.py, a position read and checked in 95 µs, not 150).

_SLUG_CHARACTERS = frozenset(s for s in BOARD.characters if resolve_character(s).slug == s)
"""Characters named by their slug (the reader finds a character by slug or English name)."""
_SLUG_COMPANIONS = frozenset(s for s in _SLUG_CHARACTERS if BOARD.characters[s].is_companion)
_SETTLEMENTS = frozenset(slug for slug, region in BOARD.regions.items() if region.is_settlement)
_NATIONS = frozenset(BOARD.nations)
_SIDES = frozenset(SIDES)
HUNT_BOX_KEYS = frozenset({"shadow_dice", "free_peoples_dice"})
"""The keys of the parts of a position that have fixed keys (any other is refused as unknown;
the API's schema names these, adjudicator/web/wotr_moves/serializers.py)."""
MARKER_KEYS = frozenset({"steps_from_war", "active"})
FELLOWSHIP_KEYS = frozenset(
    {"region", "progress", "revealed", "corruption", "mordor_step", "guide", "companions"}
)
_MARKERS = {
    (steps, active): Political(steps, active)
    for steps in range(POLITICAL_MAX_STEPS + 1)
    for active in (False, True)
}
"""Every political marker there can be (values: one of each serves every position)."""


def _plain_count(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _plain_slugs(raw: Any, known: Mapping[str, Any]) -> list[str] | tuple[()] | None:
    """A list of slugs, each ``known`` (``()`` when absent; None when not plain)."""
    if raw is None:
        return ()
    if type(raw) is not list or len(raw) > MAX_ENTRIES:
        return None
    return raw if all(type(item) is str and item in known for item in raw) else None


def _plain_characters(raw: Any) -> dict[str, str] | None:
    """Characters on the board by slug, each in a region named by its slug."""
    if raw is None:
        return {}
    if type(raw) is not dict or not raw.keys() <= _SLUG_CHARACTERS:
        return None
    regions = BOARD.regions
    return dict(raw) if all(type(r) is str and r in regions for r in raw.values()) else None


def _plain_control(raw: Any) -> dict[str, str] | None:
    """Settlements' controllers by slug, the others' from the start (:func:`_read_control`)."""
    if raw is None:
        raw = {}
    if type(raw) is not dict or not raw.keys() <= _SETTLEMENTS:
        return None
    try:
        plain = _SIDES.issuperset(raw.values())  # (only a string equals a side's)
    except TypeError:  # a value that is no string: a list...
        return None
    return {**starting_control(), **raw} if plain else None


def _plain_political(raw: Any) -> dict[str, Political] | None:
    """Political markers by nation, the others' at the start (:func:`_read_political`)."""
    if raw is None:
        raw = {}
    if type(raw) is not dict or not raw.keys() <= _NATIONS:
        return None
    political = dict(_starting_political())
    for nation, marker in raw.items():
        if type(marker) is not dict or not marker.keys() <= MARKER_KEYS:
            return None
        start = political[nation]
        steps = marker.get("steps_from_war", start.steps_from_war)
        active = marker.get("active", start.active)
        if not _plain_count(steps, 0, POLITICAL_MAX_STEPS) or type(active) is not bool:
            return None
        political[nation] = _MARKERS[steps, active]
    return political


@cache
def _starting_political() -> Mapping[str, Political]:
    return frozen({nation: starting_political(nation) for nation in BOARD.nations})


def _plain_hunt_box(raw: Any) -> HuntBox | None:
    if raw is None:
        raw = {}
    if type(raw) is not dict or not raw.keys() <= HUNT_BOX_KEYS:
        return None
    shadow, free = raw.get("shadow_dice", 0), raw.get("free_peoples_dice", 0)
    if _plain_count(shadow, 0, MAX_SHADOW_DICE) and _plain_count(free, 0, MAX_FREE_PEOPLES_DICE):
        return HuntBox(shadow, free)
    return None


def _plain_fellowship(raw: Any) -> Fellowship | None:
    """The Fellowship, its omitted keys as :func:`_read_fellowship` fills them."""
    if raw is None:
        raw = {}
    if type(raw) is not dict or not raw.keys() <= FELLOWSHIP_KEYS:
        return None
    start = standard_setup().fellowship
    region = raw.get("region", start.region)
    companions = raw.get("companions", start.companions)
    if type(companions) not in (list, tuple) or len(companions) > MAX_ENTRIES:
        return None
    step = raw.get("mordor_step")
    fellowship = Fellowship(
        region=region,
        progress=raw.get("progress", 0),
        revealed=raw.get("revealed", False),
        corruption=raw.get("corruption", 0),
        mordor_step=step,
        guide=raw.get("guide", start.guide if companions else GOLLUM),
        companions=tuple(companions),
    )
    plain = (
        type(region) is str
        and region in BOARD.regions
        and all(type(c) is str and c in _SLUG_COMPANIONS for c in companions)
        and (step is None or _plain_count(step, 0, MORDOR_LAST_STEP))
        and _plain_count(fellowship.progress, 0, MAX_PROGRESS)
        and type(fellowship.revealed) is bool
        and _plain_count(fellowship.corruption, 0, MAX_CORRUPTION)
        and type(fellowship.guide) is str
    )
    return fellowship if plain else None


def _plain_position(data: Any) -> Position | None:
    """The whole position when every part of it is plain, as :func:`_read_position` reads it
    (its problems, if any, are not looked for here)."""
    if type(data) is not dict or not data.keys() <= POSITION_KEYS:
        return None
    if data.get("reinforcements") is not None:
        return None
    parts = (
        _plain_armies(data.get("armies", {})),
        _plain_fellowship(data.get("fellowship")),
        _plain_characters(data.get("characters")),
        _plain_control(data.get("control")),
        _plain_slugs(data.get("sieges"), BOARD.regions),
        _plain_political(data.get("political")),
        _plain_hunt_box(data.get("hunt_box")),
        _plain_slugs(data.get("hunt_tiles_drawn"), BOARD.hunt_tiles),
    )
    if any(part is None for part in parts):
        return None
    armies, fellowship, characters, control, sieges, political, hunt_box, drawn = parts
    return Position(
        armies=MappingProxyType(armies),  # (as freeze_armies: no region is left empty)
        fellowship=fellowship,
        characters=frozen(characters),
        control=frozen(control),
        sieges=frozenset(sieges),
        political=frozen(political),
        hunt_box=hunt_box,
        hunt_tiles_drawn=tuple(drawn),
        reinforcements=None,
    )


def _refuse_unknown(reader: Reader, data: Mapping, known: frozenset[str], where: str) -> None:
    """Each key of ``data`` not ``known`` is a problem ("unknown field", as in the position)."""
    for key in sorted(set(data) - known):
        reader.add(f"{where}.{key}", Message(N_("unknown field")))


def _read_figures(reader: Reader, raw: Any, at: str) -> Units:
    """One nation's figures: ``regular``, ``elite``, ``leaders``, ``nazgul`` (0 if omitted)."""
    figures = reader.mapping(raw, at)
    for kind in set(figures) - set(UNIT_KINDS):
        reader.add(f"{at}.{kind}", Message(N_("unknown figure kind %(name)s"), name=repr(kind)))
    return Units(**{k: reader.count(figures.get(k, 0), f"{at}.{k}") for k in UNIT_KINDS})


def _read_reinforcements(reader: Reader, raw: Any) -> Mapping[str, Units] | None:
    if raw is None:
        return None
    pools = {}
    for nation, figures in reader.mapping(raw, "reinforcements").items():
        at = f"reinforcements.{nation}"
        if reader.nation(nation, at) is None:
            continue
        pools[nation] = _read_figures(reader, figures, at)
    return frozen(pools)


def _read_fellowship(reader: Reader, raw: Any) -> Fellowship:
    data = reader.mapping(raw, "fellowship")
    _refuse_unknown(reader, data, FELLOWSHIP_KEYS, "fellowship")
    start = standard_setup().fellowship
    region = reader.region(data.get("region", start.region), "fellowship.region")
    companions = [
        slug
        for index, value in enumerate(
            reader.items(data.get("companions", list(start.companions)), "fellowship.companions")
        )
        if (slug := reader.character(value, f"fellowship.companions[{index}]", companion=True))
    ]
    mordor_step = data.get("mordor_step")
    if mordor_step is not None:
        mordor_step = reader.count(mordor_step, "fellowship.mordor_step", 0, MORDOR_LAST_STEP)
    guide = data.get("guide", start.guide if companions else GOLLUM)
    if not isinstance(guide, str):
        reader.add("fellowship.guide", Message(N_("must be a companion slug or 'gollum'")))
        guide = GOLLUM
    return Fellowship(
        region=region or start.region,
        progress=reader.count(data.get("progress", 0), "fellowship.progress", 0, MAX_PROGRESS),
        revealed=reader.flag(data.get("revealed", False), "fellowship.revealed"),
        corruption=reader.count(
            data.get("corruption", 0), "fellowship.corruption", 0, MAX_CORRUPTION
        ),
        mordor_step=mordor_step,
        guide=guide,
        companions=tuple(companions),
    )


def _read_political(reader: Reader, raw: Any) -> dict[str, Political]:
    political = {nation: starting_political(nation) for nation in BOARD.nations}
    for nation, marker in reader.mapping(raw, "political").items():
        where = f"political.{nation}"
        if reader.nation(nation, where) is None:
            continue
        marker = reader.mapping(marker, where)
        _refuse_unknown(reader, marker, MARKER_KEYS, where)
        start = political[nation]
        political[nation] = Political(
            reader.count(
                marker.get("steps_from_war", start.steps_from_war),
                f"{where}.steps_from_war",
                0,
                POLITICAL_MAX_STEPS,
            ),
            reader.flag(marker.get("active", start.active), f"{where}.active"),
        )
    return political


def _read_control(reader: Reader, raw: Any) -> dict[str, str]:
    control = dict(starting_control())
    for key, side in reader.mapping(raw, "control").items():
        where = f"control.{key}"
        region = reader.region(key, where)
        if region is None:
            continue
        if not BOARD.regions[region].is_settlement:
            reader.add(
                where,
                Message(N_("%(region)s has no town, city or stronghold to control"), region=region),
            )
        elif side not in SIDES:
            reader.add(where, not_one_of(SIDES, side))
        else:
            control[region] = side
    return control


def validate_position(data: Any) -> Position:
    """Read and check a position in the JSON format, reporting every problem at once.

    Raises ``InvalidInput([(field, message), ...])``: malformed fields, unknown regions,
    nations, characters or tiles, and everything :func:`position_problems` finds. A plain
    position with no problem is read at once (:func:`_plain_position`); any other, or one
    with a problem, by the reader, which says each.
    """
    position = _plain_position(data)
    if position is not None and not position_problems(position):
        return position
    return _read_position(data)


def _read_position(data: Any) -> Position:
    """:func:`validate_position` by the reader, value by value."""
    reader = Reader()
    data = reader.mapping(data, "position")
    for key in set(data) - POSITION_KEYS:
        reader.add(key, Message(N_("unknown field")))
    armies = _read_armies(reader, data.get("armies"))
    hunt_box = reader.mapping(data.get("hunt_box"), "hunt_box")
    _refuse_unknown(reader, hunt_box, HUNT_BOX_KEYS, "hunt_box")
    sieges = {
        region
        for index, value in enumerate(reader.items(data.get("sieges"), "sieges"))
        if (region := reader.region(value, f"sieges[{index}]"))
    }
    characters = {}
    for key, value in reader.mapping(data.get("characters"), "characters").items():
        slug = reader.character(key, f"characters.{key}")
        region = reader.region(value, f"characters.{key}")
        if slug and region:
            characters[slug] = region
    drawn = reader.items(data.get("hunt_tiles_drawn"), "hunt_tiles_drawn")
    position = Position(
        armies=freeze_armies(armies),
        fellowship=_read_fellowship(reader, data.get("fellowship")),
        characters=frozen(characters),
        control=frozen(_read_control(reader, data.get("control"))),
        sieges=frozenset(sieges),
        political=frozen(_read_political(reader, data.get("political"))),
        hunt_box=HuntBox(
            reader.count(
                hunt_box.get("shadow_dice", 0), "hunt_box.shadow_dice", 0, MAX_SHADOW_DICE
            ),
            reader.count(
                hunt_box.get("free_peoples_dice", 0),
                "hunt_box.free_peoples_dice",
                0,
                MAX_FREE_PEOPLES_DICE,
            ),
        ),
        hunt_tiles_drawn=tuple(tile for tile in drawn if isinstance(tile, str)),
        reinforcements=_read_reinforcements(reader, data.get("reinforcements")),
    )
    problems = reader.problems
    problems += [
        (f"hunt_tiles_drawn[{i}]", Message(N_("unknown hunt tile %(name)s"), name=repr(tile)))
        for i, tile in enumerate(drawn)
        if not isinstance(tile, str) or tile not in BOARD.hunt_tiles
    ]
    problems += position_problems(position)
    if problems:
        raise InvalidInput(problems)
    return position


POSITION_KEYS = frozenset(standard_setup().to_dict()) | {"reinforcements"}


SETUP = "setup"
"""Stands for the standard setup wherever a position is asked for."""


def read_position(data: Any, field: str = "position") -> Position:
    """``"setup"`` (or nothing) for the standard setup, else a position in the JSON format,
    every problem named under ``field`` (``position.armies.edoras``); raises
    :class:`InvalidInput`."""
    if data is None or data == SETUP:
        return standard_setup()
    if not isinstance(data, Mapping):
        raise InvalidInput([(field, Message(N_('must be "setup" or a position object')))])
    try:
        return validate_position(data)
    except InvalidInput as error:
        raise InvalidInput((f"{field}.{where}", what) for where, what in error.problems) from None
