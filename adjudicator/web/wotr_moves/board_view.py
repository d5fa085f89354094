"""The board as a list by nation, with the legal destinations highlighted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from adjudicator.games.wotr.board import BOARD, CHARACTER_NAMES, NATION_NAMES
from adjudicator.games.wotr.position import Position
from adjudicator.web.wotr_moves.names import FACTION_NAMES, SETTLEMENT_NAMES, SIDE_NAMES
from adjudicator.web.wotr_moves.presenters import region_name

NATION_ORDER = ("gondor", "rohan", "north", "elves", "dwarves", "sauron", "isengard", "southrons")


def _figures(units: Any) -> str:
    parts = [
        (units.regular, "r"),
        (units.elite, "e"),
        (units.leaders, "L"),
        (units.nazgul, "N"),
    ]
    return " ".join(f"{n}{mark}" for n, mark in parts if n)


def _region_row(
    position: Position,
    factions: Mapping[str, Mapping[str, int]],
    slug: str,
    destinations: Mapping[str, int | None],
) -> dict[str, Any]:
    region = BOARD.regions[slug]
    armies = [
        {"nation": _(NATION_NAMES[n]), "side": BOARD.side_of(n), "figures": _figures(u)}
        for n, u in sorted(position.nation_units(slug).items())
        if u
    ]
    return {
        "slug": slug,
        "name": region_name(slug),
        "settlement": _(SETTLEMENT_NAMES[region.settlement]) if region.settlement else "",
        "controller": _(SIDE_NAMES[position.controller(slug)]) if region.is_settlement else None,
        "besieged": position.is_besieged(slug),
        "armies": armies,
        "characters": [_(CHARACTER_NAMES[c]) for c in position.characters_in(slug)],
        "factions": [
            f"{n} {_(FACTION_NAMES[f])}"
            for f, regions in factions.items()
            if (n := regions.get(slug))
        ],
        "fellowship": position.fellowship.region == slug,
        "destination": slug in destinations,
        "steps": destinations.get(slug),
    }


def board_rows(
    position: Position,
    factions: Mapping[str, Mapping[str, int]],
    destinations: Mapping[str, int | None],
) -> list[dict[str, Any]]:
    """One group per nation (then the lands of no nation), regions by name."""
    groups = [(n, _(NATION_NAMES[n])) for n in NATION_ORDER] + [(None, _("Lands of no nation"))]
    rows = []
    for nation, label in groups:
        slugs = sorted((s for s, r in BOARD.regions.items() if r.nation == nation), key=region_name)
        rows.append(
            {
                "label": label,
                "regions": [_region_row(position, factions, s, destinations) for s in slugs],
            }
        )
    return rows
