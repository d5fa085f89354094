"""API of the TCG calculators: each answer carries its explanation, citations, assumptions."""

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from django.urls import path
from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.views import APIView

from adjudicator.api import post_view
from adjudicator.citations import answer_payload as shared_answer_payload
from adjudicator.games.common import Answer, InvalidInput
from adjudicator.games.tcg import calculators as calc
from adjudicator.serializers import CitationSerializer, ReasonSerializer, StrictSerializer
from cards_db.i18n import translated_input_error, translated_param

# --- Requests ------------------------------------------------------------------------------


class TcgFighterSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    strength = serializers.IntegerField(min_value=0, max_value=99)
    vitality = serializers.IntegerField(min_value=1, max_value=99, default=1)
    wounds = serializers.IntegerField(min_value=0, max_value=99, default=0)
    damage = serializers.IntegerField(
        min_value=0, max_value=9, default=0, help_text="Damage +N keyword."
    )
    ring_bearer = serializers.BooleanField(default=False)
    wearing_ring = serializers.BooleanField(default=False)
    burdens = serializers.IntegerField(min_value=0, max_value=99, default=0)
    resistance = serializers.IntegerField(min_value=1, max_value=99, default=10)


class TcgSkirmishRequestSerializer(StrictSerializer):
    free_peoples = TcgFighterSerializer(many=True, allow_empty=False, max_length=20)
    shadow = TcgFighterSerializer(many=True, allow_empty=False, max_length=20)
    burdens_per_wound = serializers.IntegerField(min_value=1, max_value=9, default=1)


class TcgShooterSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    archer = serializers.BooleanField(default=False)
    vitality = serializers.IntegerField(min_value=1, max_value=99, default=1)
    wounds = serializers.IntegerField(min_value=0, max_value=99, default=0)
    ally = serializers.BooleanField(default=False)
    home_site = serializers.IntegerField(min_value=1, max_value=9, required=False, allow_null=True)
    joins_archery = serializers.BooleanField(default=False, help_text="An ally whose text lets it.")
    assigned_wounds = serializers.IntegerField(
        min_value=0, max_value=99, required=False, allow_null=True,
        help_text="Archery wounds you propose to place on this character (checked if given).",
    )  # fmt: skip


class TcgArcheryRequestSerializer(StrictSerializer):
    fellowship = TcgShooterSerializer(many=True, max_length=30)
    minions = TcgShooterSerializer(many=True, max_length=30)
    site_number = serializers.IntegerField(min_value=1, max_value=9)
    fellowship_modifier = serializers.IntegerField(min_value=-20, max_value=20, default=0)
    minion_modifier = serializers.IntegerField(min_value=-20, max_value=20, default=0)


class TcgMoveTwilightRequestSerializer(StrictSerializer):
    shadow_number = serializers.IntegerField(min_value=0, max_value=20)
    companions = serializers.IntegerField(min_value=1, max_value=9)


class TcgSitePathRequestSerializer(StrictSerializer):
    shadow_numbers = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=20), min_length=1, max_length=8,
        help_text="The Shadow numbers of sites 2, 3... in order (site 9 the last).",
    )  # fmt: skip
    companions = serializers.IntegerField(min_value=1, max_value=9)


class TcgMinionCostRequestSerializer(StrictSerializer):
    twilight_cost = serializers.IntegerField(min_value=0, max_value=20)
    minion_site_number = serializers.IntegerField(min_value=1, max_value=9)
    current_site = serializers.IntegerField(min_value=1, max_value=9)
    penalty_reduction = serializers.IntegerField(min_value=0, max_value=2, default=0)
    twilight_pool = serializers.IntegerField(
        min_value=0, max_value=99, required=False, allow_null=True
    )


class TcgMoveLimitRequestSerializer(StrictSerializer):
    players_at_start = serializers.IntegerField(min_value=2, max_value=8)
    moves_made = serializers.IntegerField(min_value=0, max_value=9, default=0)


class TcgCompanionSerializer(StrictSerializer):
    title = serializers.CharField(max_length=100)
    unique = serializers.BooleanField(default=False)


class TcgCompanionLimitRequestSerializer(StrictSerializer):
    in_play = TcgCompanionSerializer(many=True, max_length=20, default=list)
    dead_pile = TcgCompanionSerializer(many=True, max_length=40, default=list)
    candidate = TcgCompanionSerializer()


class TcgBurdensRequestSerializer(StrictSerializer):
    burdens = serializers.IntegerField(min_value=0, max_value=99)
    resistance = serializers.IntegerField(min_value=1, max_value=99, default=10)
    added = serializers.IntegerField(min_value=0, max_value=99, default=0)


class TcgBidsRequestSerializer(StrictSerializer):
    bids = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=99), help_text="Player → bid."
    )
    tie_order = serializers.ListField(
        child=serializers.CharField(), default=list,
        help_text="The random draw between equal bids: players in the order they won it.",
    )  # fmt: skip


# --- Responses ------------------------------------------------------------------------------


class TcgCalculatorAnswerSerializer(serializers.Serializer):
    explanation = ReasonSerializer(many=True)
    citations = CitationSerializer(many=True)
    assumptions = serializers.ListField(child=serializers.CharField())


class TcgFighterOutcomeSerializer(serializers.Serializer):
    name = serializers.CharField()
    side = serializers.CharField()
    wounds_taken = serializers.IntegerField()
    wounds_total = serializers.IntegerField()
    burdens_added = serializers.IntegerField()
    burdens_total = serializers.IntegerField()
    killed = serializers.BooleanField()
    corrupted = serializers.BooleanField()


class TcgSkirmishResponseSerializer(TcgCalculatorAnswerSerializer):
    free_peoples_strength = serializers.IntegerField()
    shadow_strength = serializers.IntegerField()
    winner = serializers.CharField()
    overwhelmed = serializers.BooleanField()
    wounds_per_loser = serializers.IntegerField()
    outcomes = TcgFighterOutcomeSerializer(many=True)


class TcgWoundPlacementSerializer(serializers.Serializer):
    name = serializers.CharField()
    wounds_taken = serializers.IntegerField()
    wounds_total = serializers.IntegerField()
    killed = serializers.BooleanField()


class TcgArcheryResponseSerializer(TcgCalculatorAnswerSerializer):
    fellowship_total = serializers.IntegerField()
    minion_total = serializers.IntegerField()
    fellowship_capacity = serializers.IntegerField()
    minion_capacity = serializers.IntegerField()
    wounds_ignored_by_fellowship = serializers.IntegerField()
    wounds_ignored_by_minions = serializers.IntegerField()
    fellowship_placements = TcgWoundPlacementSerializer(many=True)
    minion_placements = TcgWoundPlacementSerializer(many=True)
    legal = serializers.BooleanField()


class TcgMoveTwilightResponseSerializer(TcgCalculatorAnswerSerializer):
    twilight_added = serializers.IntegerField()


class TcgSiteMoveSerializer(serializers.Serializer):
    site = serializers.IntegerField()
    shadow_number = serializers.IntegerField()
    twilight_added = serializers.IntegerField()
    running_total = serializers.IntegerField()


class TcgSitePathResponseSerializer(TcgCalculatorAnswerSerializer):
    moves = TcgSiteMoveSerializer(many=True)
    total = serializers.IntegerField()


class TcgMinionCostResponseSerializer(TcgCalculatorAnswerSerializer):
    roaming = serializers.BooleanField()
    penalty = serializers.IntegerField()
    total_cost = serializers.IntegerField()
    affordable = serializers.BooleanField(allow_null=True)


class TcgMoveLimitResponseSerializer(TcgCalculatorAnswerSerializer):
    move_limit = serializers.IntegerField()
    must_move = serializers.BooleanField()
    may_move_again = serializers.BooleanField()
    moves_left = serializers.IntegerField()


class TcgCompanionLimitResponseSerializer(TcgCalculatorAnswerSerializer):
    legal = serializers.BooleanField()
    companions_counted = serializers.IntegerField()
    room_left = serializers.IntegerField()


class TcgBurdensResponseSerializer(TcgCalculatorAnswerSerializer):
    burdens = serializers.IntegerField()
    corrupted = serializers.BooleanField()
    burdens_to_corruption = serializers.IntegerField()


class TcgBidsResponseSerializer(TcgCalculatorAnswerSerializer):
    choosing_order = serializers.ListField(child=serializers.CharField())
    ties = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    burdens = serializers.DictField(child=serializers.IntegerField())


# --- Engine calls ----------------------------------------------------------------------------


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
        _fighters(data["free_peoples"]), _fighters(data["shadow"]), data["burdens_per_wound"]
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
    """Any calculator answer as JSON: its figures, then the envelope (its reasons named
    ``explanation``, citations and assumptions)."""
    envelope = shared_answer_payload(answer, request, translated_param)
    common = {"explanation": envelope.pop("reasons"), **envelope}
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


def calculator_view(slug: str) -> type[APIView]:
    request_serializer, response_serializer, _ = CALCULATORS[slug]
    return post_view(
        slug.title().replace("-", ""),
        request_serializer,
        response_serializer,
        partial(answer, slug),
        description=CALCULATOR_DOCS[slug],
        prefix="Tcg",
        operation_id=f"tcg_calculator_{slug.replace('-', '_')}",
        examples=[OpenApiExample(slug, value=EXAMPLES[slug], request_only=True)],
    )


CALCULATOR_DOCS = {
    "skirmish": "Resolve a skirmish: totals, winner (ties to the Shadow), wounds, overwhelming.",
    "archery": "Archery totals of both sides, and the check of a proposed wound assignment.",
    "move-twilight": "Twilight added when the fellowship moves: Shadow number + companions.",
    "site-path": "Twilight the fellowship adds along the site path: each site's Shadow number "
    "plus the companions, move by move.",
    "minion-cost": "Twilight to play a minion, with the roaming penalty below its site number.",
    "move-limit": "The move limit: 2 with two players, otherwise the number of opponents.",
    "companions": "May a companion be played? Nine in play and dead pile; uniqueness.",
    "burdens": "Burdens against resistance: is the Ring-bearer corrupted?",
    "bids": "The opening bid: who chooses a place first, and each Ring-bearer's burdens.",
}
EXAMPLES = {
    "skirmish": {
        "free_peoples": [{"name": "Aragorn", "strength": 8, "vitality": 4, "damage": 1}],
        "shadow": [{"name": "Orc 1", "strength": 3, "vitality": 1},
                   {"name": "Orc 2", "strength": 3, "vitality": 1}],
    },
    "archery": {
        "fellowship": [{"name": "Legolas", "archer": True, "vitality": 3, "assigned_wounds": 1}],
        "minions": [{"name": "Moria Archer", "archer": True, "vitality": 1}],
        "site_number": 4,
    },
    "move-twilight": {"shadow_number": 3, "companions": 4},
    "site-path": {"shadow_numbers": [1, 1, 2, 3, 4, 5, 6, 7], "companions": 4},
    "minion-cost": {"twilight_cost": 3, "minion_site_number": 4, "current_site": 2},
    "move-limit": {"players_at_start": 4, "moves_made": 1},
    "companions": {"in_play": [{"title": "Frodo", "unique": True}], "dead_pile": [],
                   "candidate": {"title": "Sam", "unique": True}},
    "burdens": {"burdens": 7, "resistance": 10, "added": 2},
    "bids": {"bids": {"Petr": 3, "Yuri": 4, "Elena": 3, "Mikhail": 1},
             "tie_order": ["Elena", "Petr"]},
}  # fmt: skip

urlpatterns = [
    path(f"tcg/{slug}/", calculator_view(slug).as_view(), name=f"tcg-calculator-{slug}")
    for slug in CALCULATORS
]
