"""Reading War of the Ring JSON (positions, moves): one reader that checks each value against the
shape it must have and collects every problem with the field it concerns, so that a request
hears of all its mistakes at once.

:class:`Reader` reads values (``reader.count(value, "hunt_box.shadow_dice", 0, 7)``);
:meth:`Reader.object` reads one JSON object key by key (``fields.region("to")``), its problems
going to the same list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.games.common import N_, InvalidInput, Message
from adjudicator.games.wotr.board import (
    BOARD,
    find_region,
    resolve_character,
    unknown_region_message,
)
from adjudicator.games.wotr.messages import not_one_of

Problems = list[tuple[str, str]]

REQUIRED = Message(N_("is required"))
"""A missing field (translatable, like every engine message)."""


class Reader:
    """Collects every problem while reading JSON values."""

    def __init__(self) -> None:
        self.problems: Problems = []

    def add(self, where: str, message: str) -> None:
        self.problems.append((where, message))

    def mapping(self, value: Any, where: str, *, required: bool = False) -> Mapping:
        """An object (``{}`` when absent, unless ``required``)."""
        if value is None and not required:
            return {}
        if not isinstance(value, Mapping):
            self.add(where, Message(N_("must be an object")))
            return {}
        return value

    def items(self, value: Any, where: str) -> list:
        """A list (``[]`` when absent)."""
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            self.add(where, Message(N_("must be a list")))
            return []
        return list(value)

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
        region = find_region(value) if isinstance(value, str) else None
        if region is None:
            self.add(where, unknown_region_message(value))
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
