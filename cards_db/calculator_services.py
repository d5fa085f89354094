"""The TCG calculators behind the API and the pages: each request's engine call, and the answer
as JSON (its figures, then the envelope every checker gives: reasons, citations, assumptions)."""

import dataclasses
from collections.abc import Callable
from typing import Any

from rest_framework.request import Request

from adjudicator.games.common import Answer, InvalidInput
from adjudicator.games.tcg import calculators as calc
from cards_db.calculator_serializers import (
    TcgArcheryRequestSerializer,
    TcgArcheryResponseSerializer,
    TcgBidsRequestSerializer,
    TcgBidsResponseSerializer,
    TcgBurdensRequestSerializer,
    TcgBurdensResponseSerializer,
    TcgCompanionLimitRequestSerializer,
    TcgCompanionLimitResponseSerializer,
    TcgMinionCostRequestSerializer,
    TcgMinionCostResponseSerializer,
    TcgMoveLimitRequestSerializer,
    TcgMoveLimitResponseSerializer,
    TcgMoveTwilightRequestSerializer,
    TcgMoveTwilightResponseSerializer,
    TcgSitePathRequestSerializer,
    TcgSitePathResponseSerializer,
    TcgSkirmishRequestSerializer,
    TcgSkirmishResponseSerializer,
)
from cards_db.i18n import envelope, translated_input_error


def _fighters(rows: list[dict]) -> list[calc.Fighter]:
    return [calc.Fighter(**row) for row in rows]


def _shooters(rows: list[dict]) -> tuple[list[calc.Shooter], dict[str, int] | None]:
    shooters = [
        calc.Shooter(**{k: v for k, v in row.items() if k != "assigned_wounds"}) for row in rows
    ]
    given = {r["name"]: r["assigned_wounds"] for r in rows if r.get("assigned_wounds") is not None}
    return shooters, given or None


def run_skirmish(data: dict) -> Any:
    return calc.resolve_skirmish(
        _fighters(data["free_peoples"]),
        _fighters(data["shadow"]),
        data["burdens_per_wound"],
        data.get("readings") or {},
    )


def run_archery(data: dict) -> Any:
    fellowship, fellowship_assignment = _shooters(data["fellowship"])
    minions, minion_assignment = _shooters(data["minions"])
    return calc.resolve_archery(
        fellowship, minions, data["site_number"], data["fellowship_modifier"],
        data["minion_modifier"], fellowship_assignment, minion_assignment,
    )  # fmt: skip


def run_companions(data: dict) -> Any:
    return calc.can_play_companion(
        [calc.CompanionRef(**c) for c in data["in_play"]],
        [calc.CompanionRef(**c) for c in data["dead_pile"]],
        calc.CompanionRef(**data["candidate"]),
    )


CALCULATORS: dict[str, tuple[type, type, Callable[[dict], Any]]] = {
    "skirmish": (TcgSkirmishRequestSerializer, TcgSkirmishResponseSerializer, run_skirmish),
    "archery": (TcgArcheryRequestSerializer, TcgArcheryResponseSerializer, run_archery),
    "move-twilight": (
        TcgMoveTwilightRequestSerializer, TcgMoveTwilightResponseSerializer,
        lambda d: calc.move_twilight(**d),
    ),
    "site-path": (
        TcgSitePathRequestSerializer, TcgSitePathResponseSerializer,
        lambda d: calc.site_path_twilight(**d),
    ),
    "minion-cost": (
        TcgMinionCostRequestSerializer, TcgMinionCostResponseSerializer,
        lambda d: calc.minion_cost(**d),
    ),
    "move-limit": (
        TcgMoveLimitRequestSerializer, TcgMoveLimitResponseSerializer,
        lambda d: calc.move_limit(**d),
    ),
    "companions": (
        TcgCompanionLimitRequestSerializer, TcgCompanionLimitResponseSerializer, run_companions
    ),
    "burdens": (
        TcgBurdensRequestSerializer, TcgBurdensResponseSerializer,
        lambda d: calc.corruption(**d),
    ),
    "bids": (
        TcgBidsRequestSerializer, TcgBidsResponseSerializer,
        lambda d: calc.opening_bids(**d),
    ),
}  # fmt: skip


def answer_payload(answer: Answer, request: Any = None) -> dict[str, Any]:
    """Any calculator answer as JSON: its figures, then the envelope (reasons, citations,
    assumptions; ``explanation`` repeats the reasons for clients of the first API)."""
    common = envelope(answer, request)
    if isinstance(answer, calc.Figures):
        return {**answer.values, **common}
    figures = {
        f.name: _plain(getattr(answer, f.name))
        for f in dataclasses.fields(answer)
        if f.name not in {f.name for f in dataclasses.fields(Answer)}
    }
    return {**figures, **common}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return dataclasses.asdict(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


def compute(slug: str, data: dict) -> Any:
    """Run a calculator on validated data (engine input errors in the active language)."""
    try:
        return CALCULATORS[slug][2](data)
    except InvalidInput as error:
        raise translated_input_error(error) from error


def answer(slug: str, data: dict, request: Request) -> dict[str, Any]:
    """A calculator's answer, in the request's language (Accept-Language)."""
    return answer_payload(compute(slug, data), request)
