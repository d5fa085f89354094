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


def deck_stats(entries: tuple[DeckEntry, ...]) -> dict[str, Any]:
    """What a player wants to see at a glance (the draw deck includes the starting fellowship)."""
    draw = [e for e in entries if e.role in DRAW_ROLES]
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
    sites: dict[int, list[dict[str, Any]]] = {number: [] for number in range(1, 10)}
    for entry in entries:
        if entry.role is Role.SITE and entry.card.site_number in sites:
            sites[entry.card.site_number].extend([card_ref(entry.card)] * entry.count)
    starting = [e for e in entries if e.role is Role.STARTING]
    return {
        "draw_deck": sum(e.count for e in draw),
        "free_peoples": sides[FREE_PEOPLES],
        "shadow": sides[SHADOW],
        "twilight_curve": {side: _sorted_counts(curve) for side, curve in curves.items()},
        "cultures": _sorted_counts(cultures),
        "types": _sorted_counts(types),
        "sites": [
            {"site_number": number, "cards": cards} for number, cards in sorted(sites.items())
        ],
        "ring_bearer": next(
            (card_ref(e.card) for e in entries if e.role is Role.RING_BEARER), None
        ),
        "ring": next((card_ref(e.card) for e in entries if e.role is Role.RING), None),
        "starting_fellowship": {
            "cards": [card_ref(e.card) for e in starting for _ in range(e.count)],
            "twilight": sum((e.card.twilight_cost or 0) * e.count for e in starting),
        },
    }
