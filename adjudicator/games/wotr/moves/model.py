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
from adjudicator.games.wotr.board import (
    BOARD,
    UNIT_KINDS,
    find_region,
    resolve_character,
    unknown_region_message,
)
from adjudicator.games.wotr.messages import Message, between, not_one_of
from adjudicator.games.wotr.position import GOLLUM, Units

ARMY, CHARACTER, MUSTER, EVENT, FACTION_DIE = "army", "character", "muster", "event", "faction"
DICE = (ARMY, CHARACTER, MUSTER, EVENT, FACTION_DIE)
"""How the action is paid for: an action die result (army, character, muster), an event card,
or the faction die of the expansion."""

FACTIONS = ("dead", "eagles", "ents", "pirates", "dunlendings", "spiders")
FACTION_ACTIONS = ("enter", "recruit", "move")
REQUIRED = Message(N_("is required"))
"""A missing field of a move (translatable, like every engine message)."""
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


class _Reader:
    """Collects every problem while reading one dict."""

    def __init__(self, data: Any, prefix: str):
        self.prefix = prefix
        self.problems: list[tuple[str, str]] = []
        if not isinstance(data, Mapping):
            self.problems.append((prefix, Message(N_("must be an object"))))
            data = {}
        self.data: Mapping[str, Any] = data

    def where(self, key: str) -> str:
        return f"{self.prefix}.{key}"

    def fail(self, key: str, message: str) -> None:
        self.problems.append((self.where(key), message))

    def choice(self, key: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.data.get(key, default)
        if value not in options:
            self.fail(key, not_one_of(options, value))
            return options[0]
        return value

    def region(self, key: str, required: bool = True) -> str | None:
        value = self.data.get(key)
        if value is None:
            if required:
                self.fail(key, REQUIRED)
            return None
        region = find_region(value) if isinstance(value, str) else None
        if region is None:
            self.fail(key, unknown_region_message(value))
            return None
        return region.slug

    def integer(self, key: str, default: int = 0, low: int = 0, high: int = 99) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, Message(N_("must be an integer, not %(value)s"), value=repr(value)))
            return default
        if not low <= value <= high:
            self.fail(key, between(low, high))
            return default
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            self.fail(key, Message(N_("must be true or false")))
            return False
        return value

    def character(self, value: Any, where: str) -> str | None:
        try:
            return resolve_character(value, where).slug
        except InvalidInput as error:
            self.problems.extend(error.problems)
            return None

    def characters(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.fail(key, Message(N_("must be a list of character slugs")))
            return ()
        slugs = [self.character(item, f"{self.where(key)}[{i}]") for i, item in enumerate(value)]
        if len(set(slugs)) != len(slugs):
            self.fail(key, Message(N_("names a character twice")))
        return tuple(s for s in slugs if s)

    def nation(self, value: Any, where: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or value not in BOARD.nations:
            self.problems.append((where, Message(N_("unknown nation %(name)s"), name=repr(value))))
            return None
        return value

    def group(self, data: Any, where: str) -> UnitGroup:
        reader = _Reader(data, where)
        group = UnitGroup(
            nation=reader.nation(reader.data.get("nation"), reader.where("nation")),
            figures=Units(**{kind: reader.integer(kind, high=10) for kind in UNIT_KINDS}),
        )
        unknown = set(reader.data) - {"nation", *UNIT_KINDS}
        for key in sorted(unknown):
            reader.fail(key, Message(N_("unknown field")))
        self.problems.extend(reader.problems)
        return group

    def groups(self, key: str, required: bool = True) -> tuple[UnitGroup, ...]:
        value = self.data.get(key)
        if value is None:
            if required:
                self.fail(key, REQUIRED)
            return ()
        if isinstance(value, Mapping):
            return (self.group(value, self.where(key)),)
        if isinstance(value, list) and value:
            return tuple(
                self.group(item, f"{self.where(key)}[{i}]") for i, item in enumerate(value)
            )
        self.fail(key, UNIT_COUNTS)
        return ()


def parse_move(data: Any, prefix: str = "move") -> Move:
    """Read a move dict (the API's ``move`` object); raises :class:`InvalidInput`."""
    reader = _Reader(data, prefix)
    kind = reader.choice("kind", MOVE_KINDS)
    move = _PARSERS[kind](reader, kind)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return move


def _die(reader: _Reader, default: str | None = None) -> str:
    return reader.choice("die", DICE, default)


def _army(reader: _Reader, kind: str) -> Move:
    then = None
    if reader.data.get("then") is not None:
        try:
            then = parse_move({"kind": "army", **reader.data["then"]}, reader.where("then"))
        except (InvalidInput, TypeError) as error:
            problems = getattr(
                error, "problems", [(reader.where("then"), Message(N_("must be an object")))]
            )
            reader.problems.extend(problems)
    return Move(
        kind=kind,
        die=_die(reader, ARMY),
        origin=reader.region("from"),
        to=reader.region("to"),
        groups=reader.groups("units", required=False),
        characters=reader.characters("characters"),
        then=then,
        raw=reader.data,
    )


def _muster(reader: _Reader, kind: str) -> Move:
    placements = []
    value = reader.data.get("placements")
    if not isinstance(value, list) or not value:
        reader.fail(
            "placements", Message(N_("must be a non-empty list of {region, nation, regular, ...}"))
        )
        value = []
    for i, item in enumerate(value):
        sub = _Reader(item, f"{reader.where('placements')}[{i}]")
        region = sub.region("region")
        character = None
        if sub.data.get("character") is not None:
            character = sub.character(sub.data["character"], sub.where("character"))
        group = UnitGroup(
            nation=sub.nation(sub.data.get("nation"), sub.where("nation")),
            figures=Units(**{k: sub.integer(k, high=10) for k in UNIT_KINDS}),
        )
        if character is None and not group.figures:
            sub.fail("regular", Message(N_("place at least one figure or name a character")))
        reader.problems.extend(sub.problems)
        if region:
            placements.append(Placement(region, group, character))
    return Move(kind=kind, die=_die(reader, MUSTER), placements=tuple(placements), raw=reader.data)


def _politics(reader: _Reader, kind: str) -> Move:
    nation = reader.data.get("nation")
    if nation is None:
        reader.fail("nation", REQUIRED)
    return Move(
        kind=kind,
        die=_die(reader, MUSTER),
        nation=reader.nation(nation, reader.where("nation")),
        raw=reader.data,
    )


def _character(reader: _Reader, kind: str) -> Move:
    characters = reader.characters("characters")
    if not characters:
        reader.fail("characters", Message(N_("name at least one character")))
    return Move(
        kind=kind,
        die=_die(reader, CHARACTER),
        origin=reader.region("from", required=False),
        to=reader.region("to"),
        characters=characters,
        raw=reader.data,
    )


def _nazgul(reader: _Reader, kind: str) -> Move:
    return Move(
        kind=kind,
        die=_die(reader, CHARACTER),
        origin=reader.region("from"),
        to=reader.region("to"),
        count=reader.integer("count", default=1, high=10),
        characters=reader.characters("characters"),
        raw=reader.data,
    )


def _path(reader: _Reader) -> tuple[str, ...] | None:
    value = reader.data.get("path")
    if value is None:
        return None
    if not isinstance(value, list):
        reader.fail("path", Message(N_("must be a list of regions")))
        return None
    slugs = []
    for i, item in enumerate(value):
        region = find_region(item) if isinstance(item, str) else None
        if region is None:
            reader.problems.append((f"{reader.where('path')}[{i}]", unknown_region_message(item)))
        else:
            slugs.append(region.slug)
    return tuple(slugs)


def _fellowship(reader: _Reader, kind: str) -> Move:
    default_die = {"declare": "", "reveal": "", "guide": "", "rejoin": CHARACTER}.get(kind)
    die = reader.data.get("die", default_die if default_die is not None else CHARACTER)
    if die not in (*DICE, ""):
        reader.fail("die", not_one_of(DICE, die))
    companions = reader.characters("companions") or reader.characters("characters")
    guide = None
    if reader.data.get("guide") == GOLLUM:
        guide = GOLLUM
    elif reader.data.get("guide") is not None:
        guide = reader.character(reader.data["guide"], reader.where("guide"))
    needs_to = kind in ("declare", "reveal", "separate")
    if kind in ("separate", "rejoin") and not companions:
        reader.fail("companions", Message(N_("name at least one companion")))
    if kind == "guide" and guide is None:
        reader.fail("guide", REQUIRED)
    return Move(
        kind=kind,
        die=die,
        to=reader.region("to", required=needs_to),
        characters=companions,
        path=_path(reader),
        guide=guide,
        enter_mordor=reader.flag("enter_mordor"),
        raw=reader.data,
    )


def _faction(reader: _Reader, kind: str) -> Move:
    action = reader.choice("action", FACTION_ACTIONS)
    return Move(
        kind=kind,
        die=_die(reader, FACTION_DIE),
        faction=reader.choice("faction", FACTIONS),
        action=action,
        origin=reader.region("from", required=action == "move"),
        to=reader.region("to", required=action == "move"),
        count=reader.integer("count", default=1, low=1, high=8),
        raw=reader.data,
    )


def _faction_hand(reader: _Reader, kind: str) -> Move:
    return Move(
        kind=kind,
        cards=reader.integer("cards", high=20),
        team_game=reader.flag("team_game"),
        raw=reader.data,
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
