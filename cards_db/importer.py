"""Load the vendored card data (``cards_db/data``) into the database, idempotently."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.db import transaction

from adjudicator.games.tcg.cards import bearer_requirement, event_phases, fold
from cards_db.models import Card, CardSet, Keyword

DATA_DIR = Path(__file__).resolve().parent / "data"
SET_NAMES = {
    1: "The Fellowship of the Ring",
    2: "Mines of Moria",
    3: "Realms of the Elf-lords",
}
TEXT_FIELDS = ("subtitle", "side", "culture", "signet", "ally_home", "site_direction", "race",
               "item_class", "game_text", "lore")  # fmt: skip
PLAIN_FIELDS = ("collector_info", "number", "rarity", "title", "unique", "type", "twilight_cost",
                "shadow_number", "strength", "vitality", "resistance", "site_number",
                "can_start_with_ring")  # fmt: skip


@dataclass(frozen=True)
class ImportResult:
    created: int
    updated: int
    unchanged: int


def data_files(directory: Path = DATA_DIR) -> list[Path]:
    """The set files, in set order."""
    return sorted(directory.glob("lotr-tcg-set*.json"))


@cache
def read_cards(paths: tuple[Path, ...]) -> tuple[dict[str, Any], ...]:
    """Every card object of the files (parsed once per process)."""
    return tuple(card for path in paths for card in json.loads(path.read_text(encoding="utf-8")))


def search_text(data: dict[str, Any]) -> str:
    """What full-text search looks in, folded (case and accents do not count)."""
    parts = [data["title"], data.get("subtitle"), data.get("type"), data.get("culture"),
             data.get("race"), data.get("item_class"), data.get("game_text"), data.get("lore"),
             *(data.get("keywords") or ())]  # fmt: skip
    return " " + fold(" ".join(p for p in parts if p)) + " "


#: The card types whose text may say who bears them ("Bearer must be a Dwarf.").
BEARER_TYPES = ("Possession", "Artifact")


def card_fields(data: dict[str, Any]) -> dict[str, Any]:
    """Model field values of one card object."""
    fields = {name: data.get(name) for name in PLAIN_FIELDS}
    fields.update({name: data.get(name) or "" for name in TEXT_FIELDS})
    fields["card_set_id"] = data["set"]
    text = data.get("game_text") or ""
    fields["phases"] = " ".join(event_phases(text)) if data.get("type") == "Event" else ""
    fields["bearer"] = bearer_requirement(text) if data.get("type") in BEARER_TYPES else ""
    fields["search_text"] = search_text(data)
    return fields


def _keywords(data: dict[str, Any]) -> Iterable[str]:
    """The keywords of one card object (none when the field is missing or empty)."""
    return data.get("keywords") or ()


def _import_sets(cards: list[dict[str, Any]]) -> None:
    """Create or rename the sets the cards belong to."""
    for number in sorted({c["set"] for c in cards}):
        CardSet.objects.update_or_create(
            number=number, defaults={"name": SET_NAMES.get(number, f"Set {number}")}
        )


def _import_keywords(cards: list[dict[str, Any]]) -> None:
    """Create the keywords the cards name that the database does not have yet."""
    Keyword.objects.bulk_create(
        [Keyword(name=k) for k in sorted({k for c in cards for k in _keywords(c)})],
        ignore_conflicts=True,
    )


def _insert_cards(new: list[dict[str, Any]]) -> None:
    """Insert the new cards and their keyword links in bulk."""
    Card.objects.bulk_create([Card(id=data["id"], **card_fields(data)) for data in new])
    Card.keywords.through.objects.bulk_create(
        Card.keywords.through(card_id=data["id"], keyword_id=keyword)
        for data in new
        for keyword in _keywords(data)
    )


def _update_card(card: Card, data: dict[str, Any]) -> bool:
    """Bring a stored card's fields and keywords in line with its card object; False when they
    already were, so an unchanged card is not written again.
    """
    fields = card_fields(data)
    keywords = sorted(_keywords(data))
    if all(getattr(card, k) == v for k, v in fields.items()) and keywords == sorted(
        k.name for k in card.keywords.all()
    ):
        return False
    for name, value in fields.items():
        setattr(card, name, value)
    card.save()
    card.keywords.set(keywords)
    return True


@transaction.atomic
def import_cards(cards: Iterable[dict[str, Any]]) -> ImportResult:
    """Create or update every card (and its set and keywords); unchanged cards are left alone.

    New cards are inserted in bulk, so a fresh database fills in a fraction of a second.
    """
    cards = list(cards)
    _import_sets(cards)
    _import_keywords(cards)
    existing = {card.pk: card for card in Card.objects.prefetch_related("keywords")}
    new = [data for data in cards if data["id"] not in existing]
    _insert_cards(new)
    updated = sum(
        _update_card(existing[data["id"]], data) for data in cards if data["id"] in existing
    )
    return ImportResult(len(new), updated, len(cards) - len(new) - updated)


def import_data_files(paths: Iterable[Path] | None = None) -> ImportResult:
    """Import the vendored files (or ``paths``)."""
    return import_cards(read_cards(tuple(paths or data_files())))
