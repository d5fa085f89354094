"""The Journey to Mordor API: thin views over the engine (validate, compute, present)."""

import re

from drf_spectacular.utils import OpenApiExample
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.request import Request

from adjudicator.api import flatten_errors, post_view
from adjudicator.web.mordor import presenters, serializers, services


def _valid(serializer_class: type, request: Request) -> dict:
    """The validated request, or a 400 whose fields are named as the engine names them
    (``rolled[0].face``, not DRF's ``rolled.0.face``), each problem keeping its code."""
    serializer = serializer_class(data=request.data)
    if not serializer.is_valid():
        problems: dict[str, list[ErrorDetail]] = {}
        for error in flatten_errors(serializer.errors):
            detail = ErrorDetail(error["message"], code=error["code"])
            problems.setdefault(_field_name(error["field"]), []).append(detail)
        raise ValidationError(problems)
    return serializer.validated_data


def _field_name(name: str) -> str:
    name = re.sub(r"\.(\d+)(?=\.|\[|$)", r"[\1]", name)
    return name.removesuffix(".non_field_errors")


def _resolve(data: dict, request: Request) -> dict:
    result, setup = services.run_resolve(data)
    return presenters.resolve_answer(result, setup, request)


def _odds(data: dict, request: Request) -> dict:
    odds, advice, journey = services.run_odds(data)
    return presenters.odds_answer(odds, advice, data.get("rolled"), request, journey)


KeepCheckView = post_view(
    "KeepCheck",
    serializers.MordorKeepRequestSerializer,
    serializers.MordorKeepResponseSerializer,
    services.run_keep_check,
    presenters.keep_answer,
    "May these dice be kept after this roll? Also lists every legal keep.",
    operation_id="mordor_keep_check",
    examples=[
        OpenApiExample(
            "Two rings and no Nazgûl",
            value={
                "rolled": [
                    {"face": "ring", "color": "black"},
                    {"face": "ring", "color": "red"},
                    {"face": "orc", "color": "yellow"},
                    {"face": "nazgul", "color": "blue"},
                    {"face": "gandalf", "color": "green"},
                ],
                "keep": [0, 1],
                "player_color": "red",
                "location": None,
                "advanced": False,
            },
            request_only=True,
        )
    ],
    validate=_valid,
)
ResolveView = post_view(
    "Resolve",
    serializers.MordorResolveRequestSerializer,
    serializers.MordorResolveResponseSerializer,
    _resolve,
    description="Apply the dice kept at the end of a turn to every player; elimination, end of "
    "game.",
    operation_id="mordor_resolve",
    examples=[
        OpenApiExample(
            "Sam's two Nazgûl",
            value={
                "players": [
                    {"color": "red", "position": 0},
                    {
                        "color": "blue",
                        "position": 1,
                        "nazgul_track": ["split_half", *["empty"] * 6],
                    },
                ],
                "active": 0,
                "kept": [
                    {"face": "nazgul", "color": "red"},
                    {"face": "nazgul", "color": "blue"},
                    {"face": "orc", "color": "black"},
                    {"face": "gandalf", "color": "green"},
                    {"face": "ring", "color": "yellow"},
                ],
            },
            request_only=True,
        )
    ],
    validate=_valid,
)
OddsView = post_view(
    "Odds",
    serializers.MordorOddsRequestSerializer,
    serializers.MordorOddsResponseSerializer,
    _odds,
    description="Exact odds of this turn under a keep policy, and the optimal policy's worth.",
    operation_id="mordor_odds",
    examples=[
        OpenApiExample(
            "Sam in Rohan, Merry also playing",
            value={
                "position": 4,
                "player_color": "red",
                "other_colors": ["blue"],
                "advanced": True,
                "goal": "progress",
                "policy": "optimal",
            },
            request_only=True,
        )
    ],
    validate=_valid,
)
