"""Engine answers in the reader's language: reasons with region, nation and character names."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, partial
from types import MappingProxyType
from typing import Any

from django.utils.translation import get_language, gettext, ngettext

from adjudicator.citations import answer_payload, citations_payload
from adjudicator.citations import reason_payload as shared_reason_payload
from adjudicator.games.wotr.board import BOARD, CHARACTER_NAMES, NATION_NAMES
from adjudicator.games.wotr.moves import Destination, MoveVerdict
from adjudicator.web.per_language import per_language
from adjudicator.web.wotr_moves.names import DIE_NAMES, FACTION_NAMES, FIGURE_NAMES

REGION_PARAMS = ("origin", "to", "region", "land_region")


def region_name(slug: str) -> str:
    """The region's name in the current language (Russian names for ru, English otherwise)."""
    return region_names().get(slug, slug)


def region_names() -> Mapping[str, str]:
    """Every region's name in the current language, by slug."""
    return _names((get_language() or "").startswith("ru"))


@cache
def _names(russian: bool) -> Mapping[str, str]:
    return MappingProxyType(
        {slug: r.name_ru if russian else r.name for slug, r in BOARD.regions.items()}
    )


def _param(key: str, value: Any) -> Any:
    if key in REGION_PARAMS and isinstance(value, str):
        return region_name(value)
    if key in ("nation", "land") and value in NATION_NAMES:
        return gettext(NATION_NAMES[value])
    if key in ("character", "guide") and value in CHARACTER_NAMES:
        return gettext(CHARACTER_NAMES[value])
    if key == "faction" and value in FACTION_NAMES:
        return gettext(FACTION_NAMES[value])
    if key == "die" and value in DIE_NAMES:
        return gettext(DIE_NAMES[value])
    if key == "kind" and value in FIGURE_NAMES:
        return gettext(FIGURE_NAMES[value])
    if key == "what" and isinstance(value, str):
        return gettext(value)
    if key == "regions" and isinstance(value, str):
        return ", ".join(region_name(s) for s in value.split(", "))
    return value


#: A reason as the API shows it, with region, nation and character names localised.
reason_payload = partial(shared_reason_payload, translate_param=_param)


def verdict_payload(verdict: MoveVerdict, request: Any = None) -> dict[str, Any]:
    """The check endpoint's answer."""
    return {
        "headline": gettext("Legal move") if verdict.legal else gettext("Illegal move"),
        "legal": verdict.legal,
        **answer_payload(verdict, request, _param),
        "effects": [reason_payload(r, request) for r in verdict.effects],
        "path_length": verdict.path_length,
    }


def destinations_payload(
    piece: Mapping[str, Any], found: tuple[Destination, ...], request: Any = None
) -> dict[str, Any]:
    """The legal-destinations endpoint's answer (its citations are mostly the same few
    objects: each once, by identity, before they are compared: issue 29)."""
    citations = {id(c): c for d in found for c in d.verdict.citations}.values()
    assumptions = [a for d in found for a in d.verdict.assumptions]
    count = len(found)
    names = region_names()
    return {
        "headline": _headline(count),
        "piece": dict(piece),
        "count": count,
        "destinations": [
            {
                "region": d.region,
                "name": names[d.region],
                "steps": d.steps,
                "effects": [reason_payload(r, request) for r in d.verdict.effects],
            }
            for d in found
        ],
        "citations": citations_payload(dict.fromkeys(citations), request),
        "assumptions": [gettext(a) for a in dict.fromkeys(assumptions)],
    }


@per_language
def _headline(count: int) -> str:
    """How many regions, in the active language (ngettext's plural rule, once per count and
    language: every count of the board in the three languages is 318, 55 KB)."""
    return ngettext("%(n)s legal destination", "%(n)s legal destinations", count) % {"n": count}


def destinations_presented(result: tuple[Mapping[str, Any], Any], request: Any = None) -> dict:
    """The legal-destinations answer of ``services.piece_destinations``: (piece, found)."""
    return destinations_payload(*result, request)
