"""The moves a player can ask about, parsed from JSON-like dicts into immutable values.

Malformed input raises :class:`InvalidInput` listing every problem with its field path
(``move.units.regular``); a well-formed move that breaks a rule is not an error here, it is
the checker's business. Regions are accepted as slugs, English or Russian names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import MAX_UNITS_PER_REGION, UNIT_KINDS
from adjudicator.games.wotr.messages import Message, not_one_of
from adjudicator.games.wotr.position import GOLLUM, Units
from adjudicator.games.wotr.reading import REQUIRED, Fields, Reader

ARMY, CHARACTER, MUSTER, EVENT, FACTION_DIE = "army", "character", "muster", "event", "faction"
DICE = (ARMY, CHARACTER, MUSTER, EVENT, FACTION_DIE)
"""How the action is paid for: an action die result (army, character, muster), an event card,
or the faction die of the expansion."""

FACTIONS = ("dead", "eagles", "ents", "pirates", "dunlendings", "spiders")
FACTION_ACTIONS = ("enter", "recruit", "move")
MAX_FACTION_FIGURES = 8
"""Eight figures per faction (Воины Средиземья: Миниатюры фракций)."""
MAX_MOVED = MAX_UNITS_PER_REGION
"""Figures of each kind a move names, and Nazgûl a Nazgûl move moves: at most what an army
holds (a bound on the question; the rules' checks come after)."""
MAX_FACTION_CARDS = 20
"""Faction cards a player says are in hand (a bound on the question, not a rule)."""
UNIT_COUNTS = Message(N_("must be an object of unit counts or a list of them (one per nation)"))
FELLOWSHIP_KINDS = ("fellowship", "hide", "declare", "reveal", "separate", "guide", "rejoin")
MOVE_KINDS = (
    "army",
    "attack",
    "muster",
    "politics",
    "character",
    "nazgul",
    *FELLOWSHIP_KINDS,
    "faction",
    "faction_hand",
)
PIECE_KINDS = ("army", "character", "nazgul", "declare", "reveal", "separate", "faction")


@dataclass(frozen=True)
class UnitGroup:
    """Figures of one nation (``None`` until resolved from the region) in a move."""

    nation: str | None
    figures: Units


@dataclass(frozen=True)
class Placement:
    """Figures (or one character) placed by a muster."""

    region: str
    group: UnitGroup
    character: str | None = None


@dataclass(frozen=True)
class Move:
    """One action (or part of one) to check. Only the fields of its ``kind`` are used."""

    kind: str
    die: str = ""
    origin: str | None = None
    to: str | None = None
    groups: tuple[UnitGroup, ...] = ()
    characters: tuple[str, ...] = ()
    count: int = 0
    placements: tuple[Placement, ...] = ()
    nation: str | None = None
    path: tuple[str, ...] | None = None
    guide: str | None = None
    enter_mordor: bool = False
    faction: str | None = None
    action: str | None = None
    cards: int = 0
    team_game: bool = False
    then: Move | None = None
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def ending_in(self, region: str) -> Move:
        """The same move ending in ``region``: ``dataclasses.replace(self, to=region)`` without
        passing every field through ``__init__`` again (a destinations question makes one for
        every region of the board)."""
        moved = object.__new__(Move)
        moved.__dict__.update(self.__dict__, to=region)
        return moved


def _group(fields: Fields) -> UnitGroup:
    """One nation's units: ``{nation, regular, elite, leaders, nazgul}``, nothing else."""
    fields.unknown({"nation", *UNIT_KINDS})
    return _units(fields)


def _units(fields: Fields) -> UnitGroup:
    """The nation and the figures of each kind in an object (MAX_MOVED at most of each)."""
    return UnitGroup(
        nation=fields.nation("nation"),
        figures=Units(**{kind: fields.integer(kind, high=MAX_MOVED) for kind in UNIT_KINDS}),
    )


def _groups(fields: Fields, key: str, *, required: bool = True) -> tuple[UnitGroup, ...]:
    """Units: one group, or a list of them (one per nation)."""
    value = fields.data.get(key)
    if value is None:
        if required:
            fields.fail(key, REQUIRED)
        return ()
    if isinstance(value, Mapping):
        return (_group(fields.object(key)),)
    if isinstance(value, list) and value:
        return tuple(
            _group(fields.reader.object(item, f"{fields.where(key)}[{i}]"))
            for i, item in enumerate(value)
        )
    fields.fail(key, UNIT_COUNTS)
    return ()


def parse_move(data: Any, prefix: str = "move") -> Move:
    """Read a move dict (the API's ``move`` object); raises :class:`InvalidInput`."""
    reader = Reader()
    move = _read_move(reader.object(data, prefix))
    if reader.problems:
        raise InvalidInput(reader.problems)
    return move


def _read_move(fields: Fields) -> Move:
    kind = fields.choice("kind", MOVE_KINDS)
    return _PARSERS[kind](fields, kind)


def _die(fields: Fields, default: str | None = None) -> str:
    return fields.choice("die", DICE, default)


def _army(fields: Fields, kind: str) -> Move:
    then = None
    if fields.data.get("then") is not None:
        second = fields.object("then")
        then = _read_move(Fields(fields.reader, {"kind": "army", **second.data}, second.prefix))
    return Move(
        kind=kind,
        die=_die(fields, ARMY),
        origin=fields.region("from"),
        to=fields.region("to"),
        groups=_groups(fields, "units", required=False),
        characters=fields.characters("characters"),
        then=then,
        raw=fields.data,
    )


def _muster(fields: Fields, kind: str) -> Move:
    placements = []
    value = fields.data.get("placements")
    if not isinstance(value, list) or not value:
        fields.fail(
            "placements", Message(N_("must be a non-empty list of {region, nation, regular, ...}"))
        )
        value = []
    elif not fields.reader.sized(value, fields.where("placements")):
        value = []
    for i, item in enumerate(value):
        sub = fields.reader.object(item, f"{fields.where('placements')}[{i}]")
        region = sub.region("region")
        character = sub.character("character")
        group = _units(sub)
        if character is None and not group.figures:
            sub.fail("regular", Message(N_("place at least one figure or name a character")))
        if region:
            placements.append(Placement(region, group, character))
    return Move(kind=kind, die=_die(fields, MUSTER), placements=tuple(placements), raw=fields.data)


def _politics(fields: Fields, kind: str) -> Move:
    if fields.data.get("nation") is None:
        fields.fail("nation", REQUIRED)
    return Move(
        kind=kind,
        die=_die(fields, MUSTER),
        nation=fields.nation("nation"),
        raw=fields.data,
    )


def _character(fields: Fields, kind: str) -> Move:
    characters = fields.characters("characters")
    if not characters:
        fields.fail("characters", Message(N_("name at least one character")))
    return Move(
        kind=kind,
        die=_die(fields, CHARACTER),
        origin=fields.region("from", required=False),
        to=fields.region("to"),
        characters=characters,
        raw=fields.data,
    )


def _nazgul(fields: Fields, kind: str) -> Move:
    return Move(
        kind=kind,
        die=_die(fields, CHARACTER),
        origin=fields.region("from"),
        to=fields.region("to"),
        count=fields.integer("count", default=1, high=MAX_MOVED),
        characters=fields.characters("characters"),
        raw=fields.data,
    )


def _path(fields: Fields) -> tuple[str, ...] | None:
    value = fields.data.get("path")
    if value is None:
        return None
    if not isinstance(value, list):
        fields.fail("path", Message(N_("must be a list of regions")))
        return None
    if not fields.reader.sized(value, fields.where("path")):
        return None
    slugs = [
        fields.reader.region(item, f"{fields.where('path')}[{i}]") for i, item in enumerate(value)
    ]
    return tuple(slug for slug in slugs if slug)


def _fellowship(fields: Fields, kind: str) -> Move:
    default_die = {"declare": "", "reveal": "", "guide": "", "rejoin": CHARACTER}.get(kind)
    die = fields.data.get("die", default_die if default_die is not None else CHARACTER)
    if die not in (*DICE, ""):
        fields.fail("die", not_one_of(DICE, die))
    companions = fields.characters("companions") or fields.characters("characters")
    guide = GOLLUM if fields.data.get("guide") == GOLLUM else fields.character("guide")
    needs_to = kind in ("declare", "reveal", "separate")
    if kind in ("separate", "rejoin") and not companions:
        fields.fail("companions", Message(N_("name at least one companion")))
    if kind == "guide" and guide is None:
        fields.fail("guide", REQUIRED)
    return Move(
        kind=kind,
        die=die,
        to=fields.region("to", required=needs_to),
        characters=companions,
        path=_path(fields),
        guide=guide,
        enter_mordor=fields.flag("enter_mordor"),
        raw=fields.data,
    )


def _faction(fields: Fields, kind: str) -> Move:
    action = fields.choice("action", FACTION_ACTIONS)
    return Move(
        kind=kind,
        die=_die(fields, FACTION_DIE),
        faction=fields.choice("faction", FACTIONS),
        action=action,
        origin=fields.region("from", required=action == "move"),
        to=fields.region("to", required=action == "move"),
        count=fields.integer("count", default=1, low=1, high=MAX_FACTION_FIGURES),
        raw=fields.data,
    )


def _faction_hand(fields: Fields, kind: str) -> Move:
    return Move(
        kind=kind,
        cards=fields.integer("cards", high=MAX_FACTION_CARDS),
        team_game=fields.flag("team_game"),
        raw=fields.data,
    )


_PARSERS = {
    "army": _army,
    "attack": _army,
    "muster": _muster,
    "politics": _politics,
    "character": _character,
    "nazgul": _nazgul,
    **dict.fromkeys(FELLOWSHIP_KINDS, _fellowship),
    "faction": _faction,
    "faction_hand": _faction_hand,
}
