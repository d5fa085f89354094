"""Decks built from the vendored card data: a legal Fellowship-block deck and its variations.

Shared by the engine tests, the web tests and ``bench/decks.py``.
"""

import json
from collections import defaultdict
from functools import cache
from pathlib import Path

from adjudicator.games.tcg.cards import Card, CardIndex

DATA_DIR = Path(__file__).resolve().parents[3] / "cards_db" / "data"
RING_BEARER = "Frodo, Son of Drogo"
RING = "The One Ring, The Ruling Ring"


@cache
def all_cards() -> tuple[Card, ...]:
    """Every card of sets 1–3 (read once per process)."""
    return tuple(
        Card.from_data(item)
        for path in sorted(DATA_DIR.glob("lotr-tcg-set*.json"))
        for item in json.loads(path.read_text(encoding="utf-8"))
    )


@cache
def card_index() -> CardIndex:
    return CardIndex(all_cards())


def _side_lines(side: str, count: int, skip_titles: frozenset[str], offset: int) -> list[str]:
    """``count`` cards of one side, 4 copies of a title at most, from distinct titles."""
    by_title: dict[str, list[Card]] = defaultdict(list)
    for card in all_cards():
        if card.side == side and card.title not in skip_titles:
            by_title[card.title].append(card)
    lines, left = [], count
    for title in list(by_title)[offset:]:
        if left == 0:
            break
        copies = min(4, left)
        lines.append(f"{copies}x {by_title[title][0].label}")
        left -= copies
    return lines


def sites(numbers=range(1, 10)) -> list[str]:
    """One site of each number (the first in collector order)."""
    chosen = {}
    for card in all_cards():
        if card.type == "Site" and card.site_number in numbers:
            chosen.setdefault(card.site_number, card)
    return [chosen[n].full_title for n in sorted(chosen)]


def legal_deck(offset: int = 0, free_peoples: int = 30, shadow: int = 30) -> str:
    """A legal deck: Frodo as Ring-bearer, The One Ring, 30 + 30 draw cards, sites 1–9."""
    skip = frozenset({"Frodo", "The One Ring"})
    return "\n".join(
        [
            "# A legal Fellowship block deck",
            f"Ring-bearer: {RING_BEARER}",
            f"Ring: {RING}",
            "",
            "Free Peoples:",
            *_side_lines("free_peoples", free_peoples, skip, offset),
            "",
            "Shadow:",
            *_side_lines("shadow", shadow, skip, offset),
            "",
            "Sites:",
            *sites(),
        ]
    )
