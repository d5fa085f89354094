"""The War of the Ring board: regions, nations, characters and hunt tiles, loaded once.

Data: ``data/board.json`` (vendored, provenance in ``data/README.md``) and
``data/region_names_ru.json`` (the Russian names). Everything here is immutable and shared::

    from adjudicator.games.wotr.board import BOARD, resolve_region
    BOARD.regions["minas-tirith"].settlement      # "stronghold"
    BOARD.regions["osgiliath"].neighbours          # frozenset of slugs (passable borders)
    resolve_region("Ривенделл").slug               # "rivendell"

Sides are the strings ``"free_peoples"`` and ``"shadow"``; settlements are ``"town"``,
``"city"``, ``"stronghold"`` or ``"fortification"`` (a fortification is not a settlement:
rules, "Поселения и укрепления").
"""

from __future__ import annotations

import difflib
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType

from slugify import slugify

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.messages import Message

DATA_DIR = Path(__file__).parent / "data"

FREE_PEOPLES = "free_peoples"
SHADOW = "shadow"
SIDES = (FREE_PEOPLES, SHADOW)

TOWN, CITY, STRONGHOLD, FORTIFICATION = "town", "city", "stronghold", "fortification"
SETTLEMENTS = (TOWN, CITY, STRONGHOLD)
"""Settlements proper: they can be controlled, captured and (city/stronghold) score points."""

MAX_UNITS_PER_REGION = 10
"""An army holds at most 10 units (rules: Армии и сражения › Составление армий)."""
MAX_UNITS_BESIEGED = 5
"""A besieged army in a stronghold holds at most 5 units (rules: Пластиковые фигурки › Армии)."""
MAX_CORRUPTION = 12
"""Corruption runs from 0 to 12; 12 loses the game (rules: Носитель кольца)."""
MAX_PROGRESS = 20
"""The Fellowship's progress a position may state: a bound on the question (the rules set
none), the same for the API and the move board."""
MORDOR_LAST_STEP = 5
"""The Mordor track's steps as printed on the board, 0 (entrance) to 5 (Mount Doom).

The rulebook text does not number them (rules: Содружество в Мордоре); this is an assumption.
"""
MORDOR_STEPS_ASSUMPTION = N_(
    "The Mordor track runs from step 0 to Mount Doom at step 5 (the rulebook text does not "
    "number its steps)."
)
POLITICAL_MAX_STEPS = 3
"""The political track's boxes above "war": 3 for dwarves, elves, north and Rohan."""

NATION_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "dwarves": N_("Dwarves"),
        "elves": N_("Elves"),
        "gondor": N_("Gondor"),
        "north": N_("The North"),
        "rohan": N_("Rohan"),
        "isengard": N_("Isengard"),
        "sauron": N_("Sauron"),
        "southrons": N_("Southrons & Easterlings"),
    }
)

CHARACTER_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "gandalf-grey": N_("Gandalf the Grey"),
        "strider": N_("Strider"),
        "boromir": N_("Boromir"),
        "legolas": N_("Legolas"),
        "gimli": N_("Gimli"),
        "meriadoc": N_("Meriadoc Brandybuck"),
        "peregrin": N_("Peregrin Took"),
        "aragorn": N_("Aragorn"),
        "gandalf-white": N_("Gandalf the White"),
        "witch-king": N_("The Witch-king"),
        "mouth-of-sauron": N_("The Mouth of Sauron"),
        "saruman": N_("Saruman"),
    }
)
"""The characters' names (``board.json``'s English), marked for translation once, by slug."""

HUNT_TILE_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "elven-cloaks": N_("Elven Cloaks"),
        "elven-rope": N_("Elven Rope"),
        "phial-of-galadriel": N_("Phial of Galadriel"),
        "smeagol-helps-nice-master": N_("Sméagol Helps Nice Master"),
        "shelobs-lair": N_("Shelob's Lair"),
        "the-ring-is-mine": N_("The Ring is Mine!"),
        "on-on-they-went": N_("On, On They Went"),
        "give-it-to-uss": N_("Give it to Uss!"),
    }
)
"""The special hunt tiles' card names, marked for translation once, by tile id; the standard
tiles are named by their value (``eye``, ``3``, ``2r``...)."""

UNIT_KINDS = ("regular", "elite", "leaders", "nazgul")
"""The figure kinds of an army, as the position format names them."""


@dataclass(frozen=True)
class Region:
    """One of the 105 regions of the board."""

    slug: str
    name: str
    names_ru: tuple[str, ...]
    nation: str | None
    settlement: str | None
    victory_points: int
    neighbours: frozenset[str]
    """Regions across a passable border (the only borders movement may cross)."""
    impassable: frozenset[str]
    """Regions across a black line, UNVERIFIED data: use in explanations, never for legality."""
    setup: Mapping[str, int]
    """Starting figures of the region's nation (``regular``, ``elite``, ``leaders``, ``nazgul``);
    Osgiliath, which has no nation, starts with 2 Gondor regulars."""

    @property
    def name_ru(self) -> str:
        """The Russian name shown to users."""
        return self.names_ru[0]

    @property
    def is_settlement(self) -> bool:
        """Towns, cities and strongholds (not fortifications)."""
        return self.settlement in SETTLEMENTS

    @property
    def setup_nation(self) -> str | None:
        """The nation of the figures this region starts with."""
        return self.nation or ("gondor" if self.setup else None)


@dataclass(frozen=True)
class Nation:
    """A nation: its side, the figures in reinforcements at the start and its political start."""

    slug: str
    name: str
    side: str
    reinforcements: Mapping[str, int]
    """Figures off the board at the start, by kind (``regular``, ``elite``, ``leaders``,
    ``nazgul``)."""
    starts_active: bool
    starts_steps_from_war: int

    @property
    def figures(self) -> Mapping[str, int]:
        """Every figure of each kind the game has for this nation (setup + reinforcements)."""
        return BOARD.nation_figures[self.slug]


@dataclass(frozen=True)
class Character:
    """A companion (Free Peoples) or minion (Shadow), with the data of its card."""

    slug: str
    name: str
    side: str
    level: int | None
    """Movement/hunt level; ``None`` is unlimited (the Witch-king moves as a Nazgûl)."""
    leadership: int
    nation: str
    """The nation it can activate (``"any"`` for Gandalf, Aragorn, Merry and Pippin)."""
    die_bonus: int
    starts_in_fellowship: bool
    upgrade_to: str | None
    upgrade_of: str | None
    abilities: tuple[str, ...]

    @property
    def is_companion(self) -> bool:
        """A Free Peoples character (can be in the Fellowship)."""
        return self.side == FREE_PEOPLES


@dataclass(frozen=True)
class HuntTile:
    """One kind of hunt tile; ``count`` copies exist.

    ``value`` is an int (damage; negative heals corruption), ``"eye"`` (the number of hunt
    successes, or the dice in the box in Mordor) or ``"die"`` (one die roll). ``stop`` tiles halt
    the Fellowship on the Mordor track; ``reveal`` tiles reveal it (rules: Охота за кольцом).
    """

    id: str
    value: int | str
    reveal: bool
    stop: bool
    count: int
    kind: str
    """``"standard"``, ``"fellowship"`` (special, blue) or ``"shadow"`` (special, red)."""
    card: str | None = None

    @property
    def is_standard(self) -> bool:
        """A grey tile of the starting pool (returned to the pool when it runs out)."""
        return self.kind == "standard"


@dataclass(frozen=True)
class Board:
    """The whole board: look-ups by slug."""

    regions: Mapping[str, Region]
    nations: Mapping[str, Nation]
    characters: Mapping[str, Character]
    hunt_tiles: Mapping[str, HuntTile]
    nation_figures: Mapping[str, Mapping[str, int]]

    def side_of(self, nation: str) -> str:
        """The side a nation fights for."""
        return self.nations[nation].side

    def standard_pool(self) -> tuple[str, ...]:
        """The standard hunt pool, one id per physical tile (rules: Охотничий резерв)."""
        return tuple(
            tile.id
            for tile in self.hunt_tiles.values()
            if tile.is_standard
            for _ in range(tile.count)
        )


def _tile_id(entry: Mapping) -> str:
    """``eye``, ``3``, ``2r`` (reveal), ... for standard tiles; a slug of the card otherwise."""
    if "card" in entry:
        return slugify(entry["card"], replacements=[["'", ""]])
    return f"{entry['value']}{'r' if entry['reveal'] and entry['value'] != 'eye' else ''}"


def _hunt_tiles(raw: Mapping) -> dict[str, HuntTile]:
    kinds = {"standard": "standard", "specialFellowship": "fellowship", "specialShadow": "shadow"}
    return {
        _tile_id(entry): HuntTile(
            id=_tile_id(entry),
            value=entry["value"],
            reveal=entry["reveal"],
            stop=entry.get("stop", False),
            count=entry["count"],
            kind=kind,
            card=entry.get("card"),
        )
        for key, kind in kinds.items()
        for entry in raw[key]
    }


def _characters(raw: Mapping) -> dict[str, Character]:
    upgrades = {
        target: base
        for base, card in raw["companions"].items()
        if (target := card.get("upgradeTo"))
    }
    groups = (
        (raw["companions"], FREE_PEOPLES),
        (raw["upgrades"], FREE_PEOPLES),
        (raw["minions"], SHADOW),
    )
    return {
        slug: Character(
            slug=slug,
            name=card["name"],
            side=side,
            level=None if card["level"] == "inf" else int(card["level"]),
            leadership=card["leadership"],
            nation=card["nation"],
            die_bonus=card["dieBonus"],
            starts_in_fellowship=card.get("startsInFellowship", False),
            upgrade_to=card.get("upgradeTo"),
            upgrade_of=upgrades.get(slug),
            abilities=tuple(card["abilities"]),
        )
        for group, side in groups
        for slug, card in group.items()
    }


def _kind(key: str) -> str:
    """board.json says ``leader``; the position format says ``leaders``."""
    return "leaders" if key == "leader" else key


def _figures(regions: Mapping[str, Region], raw_nations: Mapping) -> dict[str, dict[str, int]]:
    figures = {
        nation: {_kind(k): n for k, n in data["reinforcements"].items()}
        for nation, data in raw_nations.items()
    }
    for region in regions.values():
        for kind, count in region.setup.items():
            pool = figures[region.setup_nation]
            pool[kind] = pool.get(kind, 0) + count
    return figures


@cache
def load_board() -> Board:
    """Read the vendored data once."""
    raw = json.loads((DATA_DIR / "board.json").read_text(encoding="utf-8"))
    names_ru = json.loads((DATA_DIR / "region_names_ru.json").read_text(encoding="utf-8"))
    regions = {
        slug: Region(
            slug=slug,
            name=data["name"].replace("Barad~Dur", "Barad-dûr"),
            names_ru=tuple(dict.fromkeys(names_ru[slug])),
            nation=data["nation"],
            settlement=data["settlement"],
            victory_points=data["victory_points"],
            neighbours=frozenset(data["adjacent"]),
            impassable=frozenset(data["impassable_borders"]),
            setup=MappingProxyType({_kind(k): n for k, n in data["setup"].items()}),
        )
        for slug, data in raw["regions"].items()
    }
    nations = {
        slug: Nation(
            slug=slug,
            name=NATION_NAMES[slug],
            side=data["side"],
            reinforcements=MappingProxyType(
                {_kind(k): n for k, n in data["reinforcements"].items()}
            ),
            starts_active=data["political"]["active"],
            starts_steps_from_war=data["political"]["steps_from_war"],
        )
        for slug, data in raw["nations"].items()
    }
    figures = _figures(regions, raw["nations"])
    return Board(
        regions=MappingProxyType(regions),
        nations=MappingProxyType(nations),
        characters=MappingProxyType(_characters(raw["characters"])),
        hunt_tiles=MappingProxyType(_hunt_tiles(raw["hunt_tiles"])),
        nation_figures=MappingProxyType(
            {n: MappingProxyType(kinds) for n, kinds in figures.items()}
        ),
    )


BOARD = load_board()


@lru_cache(maxsize=4096)
def normalise_name(text: str) -> str:
    """Case-, accent- and punctuation-insensitive key: ``"Barad-dûr"`` → ``"barad dur"``
    (kept for the names asked again and again: every position names its regions).

    ё is read as е, й as и; apostrophes vanish; hyphens, underscores and spaces are one space.
    """
    text = text.casefold().replace("ё", "е").replace("й", "и")
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    stripped = stripped.replace("'", "").replace("’", "")
    return " ".join("".join(c if c.isalnum() else " " for c in stripped).split())


@cache
def _region_index() -> Mapping[str, str]:
    index: dict[str, str] = {}
    for region in BOARD.regions.values():
        for name in (region.slug, region.name, *region.names_ru):
            index.setdefault(normalise_name(name), region.slug)
    index.setdefault(normalise_name("Barad~Dur"), "barad-dur")
    return MappingProxyType(index)


def region_suggestions(text: str, limit: int = 3) -> list[str]:
    """The slugs of the regions whose names look most like ``text``."""
    index = _region_index()
    close = difflib.get_close_matches(normalise_name(text), list(index), n=limit * 3, cutoff=0.6)
    return list(dict.fromkeys(index[name] for name in close))[:limit]


def find_region(text: str) -> Region | None:
    """The region named ``text`` (English name, Russian name or slug), or ``None``."""
    slug = _region_index().get(normalise_name(text)) if isinstance(text, str) else None
    return BOARD.regions[slug] if slug else None


def unknown_region_message(text: object, suggest: bool = True) -> Message:
    """``unknown region 'X'`` plus the closest names (unless not ``suggest``: each compares
    the text with every region's names), for error lists."""
    suggestions = region_suggestions(text) if suggest and isinstance(text, str) else []
    if suggestions:
        return Message(
            N_("unknown region %(name)s; did you mean %(suggestions)s?"),
            name=repr(text),
            suggestions=", ".join(suggestions),
        )
    return Message(N_("unknown region %(name)s"), name=repr(text))


def resolve_region(text: str, field: str = "region") -> Region:
    """The region named ``text`` in English, Russian or as a slug, case- and accent-insensitive.

    Raises :class:`InvalidInput` naming ``field``, with the closest names as suggestions.
    """
    region = find_region(text)
    if region is None:
        raise InvalidInput([(field, unknown_region_message(text))])
    return region


def resolve_character(text: str, field: str = "character") -> Character:
    """A character by slug or English name (``"strider"``, ``"The Witch-king"``)."""
    key = normalise_name(text) if isinstance(text, str) else ""
    for character in BOARD.characters.values():
        if key in (normalise_name(character.slug), normalise_name(character.name)):
            return character
    raise InvalidInput([(field, Message(N_("unknown character %(name)s"), name=repr(text)))])
