"""The rule tables the source lacks ("Tabele i zestawienia"), as data the user enters.

The engine never invents a table entry: a lookup the user's table does not cover is reported
as missing. The web layer builds these values from the database (admin or JSON import).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.games.common import N_, InvalidInput, Message

ODDS_PATTERN = re.compile(r"^\s*(\d+)\s*[:-]\s*(\d+)\s*$")
ENTER_TABLE = N_(
    "The %(table)s table is not entered: enter this table from your copy of the rules on the "
    "Tabele i zestawienia page (or with manage.py import_wojna_tables)."
)
BATTLE_TABLE_NAME = "Wyniki bitwy"
DUEL_TABLE_NAME = "Wyniki pojedynku"
SEARCH_TABLE_NAME = "Poszukiwania"
SPELL_TABLE_NAME = "Czary"
SPELL_CATEGORIES = ("A", "B", "C", "D")
MAX_MODIFIED_DIE = 99


def odds_label(attacker: int, defender: int) -> str:
    """A force-ratio column as players read it, attacker first: "3:1", "1:2"."""
    return f"{attacker}:{defender}"


def check_odds_label(label: str) -> str:
    """The column ``label`` names, as :func:`odds_label` writes it: "3:1", "1:2", or the text's
    own "3-1", "1-2" (rules: Bitwa, "10-1"); one side is 1, the other at least 1."""
    match = ODDS_PATTERN.match(label)
    sides = tuple(int(side) for side in match.groups()) if match else (0, 0)
    if 1 not in sides or 0 in sides:
        raise ValueError(
            Message(N_("%(value)s is not a force ratio such as 3:1 or 1:2"), value=repr(label))
        )
    return odds_label(*sides)


@dataclass(frozen=True)
class BattleLosses:
    """One cell of Wyniki bitwy: the percentage losses of each side (rules: Bitwa)."""

    attacker_percent: int
    defender_percent: int


@dataclass(frozen=True)
class BattleResultsTable:
    """Wyniki bitwy: (force-ratio column, modified die) → percentage losses."""

    cells: Mapping[tuple[str, int], BattleLosses] = field(default_factory=dict)

    def lookup(self, column: str, modified_die: int) -> BattleLosses | None:
        return self.cells.get((column, modified_die))


@dataclass(frozen=True)
class DuelWounds:
    """One cell of Wyniki pojedynku: wounds to the striking and to the struck character."""

    attacker: int
    defender: int


@dataclass(frozen=True)
class DuelTable:
    """Wyniki pojedynku: (score difference, die) → wounds (rules: Pojedynek)."""

    cells: Mapping[tuple[int, int], DuelWounds] = field(default_factory=dict)

    def lookup(self, difference: int, die: int) -> DuelWounds | None:
        return self.cells.get((difference, die))


@dataclass(frozen=True)
class SearchRow:
    """A die face that finds the searched character with a pool in [points_from, points_to];
    ``capture`` is the "n" printed by the face (rules: Poszukiwania, Niewola)."""

    points_from: int
    points_to: int | None
    die: int
    capture: bool

    def covers(self, points: int) -> bool:
        return self.points_from <= points and (self.points_to is None or points <= self.points_to)


@dataclass(frozen=True)
class SearchTable:
    """Poszukiwania: for a pool of search points, the die faces that succeed."""

    rows: tuple[SearchRow, ...] = ()

    def covers(self, points: int) -> bool:
        return any(row.covers(points) for row in self.rows)

    def successes(self, points: int) -> dict[int, bool]:
        """Successful die face → whether it carries "n" (capture may be tried)."""
        return {row.die: row.capture for row in self.rows if row.covers(points)}


@dataclass(frozen=True)
class SpellTable:
    """Czary: (spell category A–D, die) → a number: wounds in a duel, a leader's Morale bonus
    in a battle (rules: Czary)."""

    cells: Mapping[tuple[str, int], int] = field(default_factory=dict)

    def lookup(self, category: str, die: int) -> int | None:
        return self.cells.get((category, die))


def loss(strength: int, percent: int) -> Fraction:
    """The exact loss before the rounding the text asks for (rules: Bitwa)."""
    return Fraction(strength * percent, 100)


def battle_table(rows: Iterable[Mapping[str, object]]) -> BattleResultsTable:
    """Build and check Wyniki bitwy from rows ``{odds, die, attacker_loss, defender_loss}``."""
    cells: dict[tuple[str, int], BattleLosses] = {}
    problems: list[tuple[str, str]] = []
    for index, row in enumerate(rows):
        where = f"battle_results[{index}]"
        try:
            key = (check_odds_label(str(row["odds"])), _modified_die(row["die"]))
            losses = BattleLosses(_percent(row["attacker_loss"]), _percent(row["defender_loss"]))
        except (KeyError, TypeError, ValueError) as error:
            problems.append((where, _message(error)))
            continue
        if key in cells:
            problems.append(
                (where, Message(N_("repeats column %(odds)s die %(die)s"), odds=key[0], die=key[1]))
            )
        cells[key] = losses
    if problems:
        raise InvalidInput(problems)
    return BattleResultsTable(cells)


def duel_table(rows: Iterable[Mapping[str, object]]) -> DuelTable:
    """Build and check Wyniki pojedynku from rows ``{difference, die, attacker_wounds,
    defender_wounds}``."""
    cells: dict[tuple[int, int], DuelWounds] = {}
    problems: list[tuple[str, str]] = []
    for index, row in enumerate(rows):
        where = f"duel_results[{index}]"
        try:
            key = (_int(row["difference"]), _face(row["die"]))
            wounds = DuelWounds(_count(row["attacker_wounds"]), _count(row["defender_wounds"]))
        except (KeyError, TypeError, ValueError) as error:
            problems.append((where, _message(error)))
            continue
        if key in cells:
            problems.append(
                (
                    where,
                    Message(
                        N_("repeats difference %(difference)s die %(die)s"),
                        difference=key[0],
                        die=key[1],
                    ),
                )
            )
        cells[key] = wounds
    if problems:
        raise InvalidInput(problems)
    return DuelTable(cells)


def search_table(rows: Iterable[Mapping[str, object]]) -> SearchTable:
    """Build and check Poszukiwania from rows ``{points_from, points_to, die, capture}``."""
    built: list[SearchRow] = []
    problems: list[tuple[str, str]] = []
    for index, row in enumerate(rows):
        where = f"search[{index}]"
        try:
            upper = row.get("points_to")
            entry = SearchRow(
                _count(row["points_from"]),
                None if upper is None else _count(upper),
                _face(row["die"]),
                _flag("capture", row.get("capture", False)),
            )
        except (KeyError, TypeError, ValueError) as error:
            problems.append((where, _message(error)))
            continue
        if entry.points_to is not None and entry.points_to < entry.points_from:
            problems.append((where, Message(N_("points_to is below points_from"))))
        elif any(_overlap(entry, other) for other in built):
            problems.append(
                (
                    where,
                    Message(N_("die %(die)s is given twice for overlapping pools"), die=entry.die),
                )
            )
        built.append(entry)
    if problems:
        raise InvalidInput(problems)
    return SearchTable(tuple(built))


def spell_table(rows: Iterable[Mapping[str, object]]) -> SpellTable:
    """Build and check Czary from rows ``{category, die, value}``."""
    cells: dict[tuple[str, int], int] = {}
    problems: list[tuple[str, str]] = []
    for index, row in enumerate(rows):
        where = f"spells[{index}]"
        try:
            category = str(row["category"])
            if category not in SPELL_CATEGORIES:
                raise ValueError(
                    Message(
                        N_("category %(value)s is not one of %(choices)s"),
                        value=repr(category),
                        choices=", ".join(SPELL_CATEGORIES),
                    )
                )
            key = (category, _face(row["die"]))
            value = _count(row["value"])
        except (KeyError, TypeError, ValueError) as error:
            problems.append((where, _message(error)))
            continue
        if key in cells:
            problems.append(
                (
                    where,
                    Message(
                        N_("repeats category %(category)s die %(die)s"), category=key[0], die=key[1]
                    ),
                )
            )
        cells[key] = value
    if problems:
        raise InvalidInput(problems)
    return SpellTable(cells)


def _message(error: Exception) -> str:
    """A row's problem: a missing key named as such, else the error's own message."""
    if isinstance(error, KeyError):
        return Message(N_("%(key)s is missing"), key=error.args[0])
    return error.args[0] if error.args and isinstance(error.args[0], Message) else str(error)


def _overlap(a: SearchRow, b: SearchRow) -> bool:
    if a.die != b.die:
        return False
    a_top = a.points_to if a.points_to is not None else float("inf")
    b_top = b.points_to if b.points_to is not None else float("inf")
    return a.points_from <= b_top and b.points_from <= a_top


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(Message(N_("%(value)s is not a whole number"), value=repr(value)))
    return value


def _count(value: object) -> int:
    number = _int(value)
    if number < 0:
        raise ValueError(Message(N_("%(number)s is negative"), number=number))
    return number


def _percent(value: object) -> int:
    number = _count(value)
    if number > 100:
        raise ValueError(Message(N_("%(number)s%% is more than 100%%"), number=number))
    return number


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(
            Message(
                N_("%(name)s must be true or false, not %(value)s"), name=name, value=repr(value)
            )
        )
    return value


def _modified_die(value: object) -> int:
    """A die after the leaders' Morale and Czary (at most 20 each way) can leave 1–6."""
    number = _int(value)
    if not -MAX_MODIFIED_DIE <= number <= MAX_MODIFIED_DIE:
        raise ValueError(
            Message(
                N_("modified die %(number)s is beyond ±%(limit)s"),
                number=number,
                limit=MAX_MODIFIED_DIE,
            )
        )
    return number


def _face(value: object) -> int:
    number = _int(value)
    if not 1 <= number <= 6:
        raise ValueError(
            Message(N_("die %(number)s is not a face of a six-sided die"), number=number)
        )
    return number
