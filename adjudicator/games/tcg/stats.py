"""Deck statistics: sides, twilight curves, cultures, card types and the site path."""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.games.tcg.cards import FREE_PEOPLES, SHADOW, Card
from adjudicator.games.tcg.decklist import DeckEntry, Role

DRAW_ROLES = (Role.DRAW, Role.STARTING)


def card_ref(card: Card) -> dict[str, Any]:
    """A card as reports name it."""
    return {"id": card.id, "collector_info": card.collector_info, "title": card.full_title}


def _sorted_counts(counter: Counter) -> dict[str, int]:
    return {str(key): counter[key] for key in sorted(counter, key=lambda k: (str(type(k)), k))}


def _draw_deck_counts(
    draw: list[DeckEntry],
) -> tuple[Counter, dict[str, Counter], Counter, Counter]:
    """Copies per side, twilight curve per side, copies per culture and per card type.

    A card without a culture counts only by side and type; a card without a twilight cost
    stays off its side's curve.
    """
    sides = Counter()
    curves: dict[str, Counter] = {FREE_PEOPLES: Counter(), SHADOW: Counter()}
    cultures: Counter = Counter()
    types: Counter = Counter()
    for entry in draw:
        card = entry.card
        sides[card.side] += entry.count
        types[card.type] += entry.count
        if card.culture:
            cultures[card.culture] += entry.count
        if card.side in curves and card.twilight_cost is not None:
            curves[card.side][card.twilight_cost] += entry.count
    return sides, curves, cultures, types


def _site_path(entries: tuple[DeckEntry, ...]) -> list[dict[str, Any]]:
    """The site cards of each site number 1-9, one reference per copy; a site card without a
    number in 1-9 is left out.
    """
    sites: dict[int, list[dict[str, Any]]] = {number: [] for number in range(1, 10)}
    for entry in entries:
        if entry.role is Role.SITE and entry.card.site_number in sites:
            sites[entry.card.site_number].extend([card_ref(entry.card)] * entry.count)
    return [{"site_number": number, "cards": cards} for number, cards in sorted(sites.items())]


def _first_with_role(entries: tuple[DeckEntry, ...], role: Role) -> dict[str, Any] | None:
    """The card that plays ``role`` (the Ring-bearer, the Ring), if the list has one."""
    return next((card_ref(e.card) for e in entries if e.role is role), None)


def _starting_fellowship(entries: tuple[DeckEntry, ...]) -> dict[str, Any]:
    """The starting fellowship, one reference per copy, and the twilight it costs."""
    starting = [e for e in entries if e.role is Role.STARTING]
    return {
        "cards": [card_ref(e.card) for e in starting for _ in range(e.count)],
        "twilight": sum((e.card.twilight_cost or 0) * e.count for e in starting),
    }


def deck_stats(entries: tuple[DeckEntry, ...]) -> dict[str, Any]:
    """What a player wants to see at a glance (the draw deck includes the starting fellowship)."""
    draw = [e for e in entries if e.role in DRAW_ROLES]
    sides, curves, cultures, types = _draw_deck_counts(draw)
    return {
        "draw_deck": sum(e.count for e in draw),
        "free_peoples": sides[FREE_PEOPLES],
        "shadow": sides[SHADOW],
        "twilight_curve": {side: _sorted_counts(curve) for side, curve in curves.items()},
        "cultures": _sorted_counts(cultures),
        "types": _sorted_counts(types),
        "sites": _site_path(entries),
        "ring_bearer": _first_with_role(entries, Role.RING_BEARER),
        "ring": _first_with_role(entries, Role.RING),
        "starting_fellowship": _starting_fellowship(entries),
    }
