"""Deck formats, read from ``formats.json`` so that a new format is a data change."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from adjudicator.games.common import N_

FORMATS_FILE = Path(__file__).with_name("formats.json")
DEFAULT_FORMAT = "fellowship_block"

# The names formats.json gives, by format id, marked for translation: the web layer shows
# ``gettext(name)``. A format added to the data needs its name here to be translated.
TRANSLATABLE_NAMES = {
    "fellowship_block": N_("Fellowship block (sets 1–3)"),
    "open": N_("Open (any set in the database)"),
}


@dataclass(frozen=True)
class DeckFormat:
    """What a format allows: its sets, the rulebook's deck-building numbers, and the cards it
    bans or restricts to one copy (by card id)."""

    slug: str
    name: str
    sets: frozenset[int] | None
    min_draw_deck: int
    max_copies: int
    site_numbers: tuple[int, ...]
    starting_fellowship_max_twilight: int
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()

    def allows_set(self, set_number: int) -> bool:
        """True when cards of ``set_number`` are legal in this format."""
        return self.sets is None or set_number in self.sets


@cache
def formats() -> dict[str, DeckFormat]:
    """Every format, by slug, in the order of the data file."""
    data = json.loads(FORMATS_FILE.read_text(encoding="utf-8"))
    return {
        slug: DeckFormat(
            slug=slug,
            name=spec["name"],
            sets=None if spec["sets"] is None else frozenset(spec["sets"]),
            min_draw_deck=spec["min_draw_deck"],
            max_copies=spec["max_copies"],
            site_numbers=tuple(spec["site_numbers"]),
            starting_fellowship_max_twilight=spec["starting_fellowship_max_twilight"],
            banned=frozenset(spec.get("banned", ())),
            restricted=frozenset(spec.get("restricted", ())),
        )
        for slug, spec in data.items()
        if not slug.startswith("_")
    }
