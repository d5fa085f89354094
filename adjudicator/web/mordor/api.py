"""The Journey to Mordor API: thin views over the engine (validate, compute, present)."""

import re

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import flatten_errors
from adjudicator.games.common import InvalidInput
from adjudicator.serializers import ErrorResponseSerializer
from adjudicator.web.mordor import presenters, serializers, services


def documented(name: str, request: type, response: type, example: str, body: dict):
    """The OpenAPI description of a POST: its request, its answer or a 400, one example."""
    return extend_schema(
        operation_id=name,
        request=request,
        responses={200: response, 400: ErrorResponseSerializer},
        examples=[OpenApiExample(example, value=body, request_only=True)],
    )


class KeepCheckView(APIView):
    """May these dice be kept after this roll? Also lists every legal keep."""

    @documented(
        "mordor_keep_check",
        serializers.MordorKeepRequestSerializer,
        serializers.MordorKeepResponseSerializer,
        "Two rings and no Nazgûl",
        {
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
    )
    def post(self, request: Request) -> Response:
        data = _valid(serializers.MordorKeepRequestSerializer, request)
        return Response(presenters.keep_answer(services.run_keep_check(data), request))


class ResolveView(APIView):
    """Apply the dice kept at the end of a turn to every player; elimination, end of game."""

    @documented(
        "mordor_resolve",
        serializers.MordorResolveRequestSerializer,
        serializers.MordorResolveResponseSerializer,
        "Sam's two Nazgûl",
        {
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
    )
    def post(self, request: Request) -> Response:
        data = _valid(serializers.MordorResolveRequestSerializer, request)
        result, setup = services.run_resolve(data)
        return Response(presenters.resolve_answer(result, setup, request))


class OddsView(APIView):
    """Exact odds of this turn under a keep policy, and the optimal policy's worth."""

    @documented(
        "mordor_odds",
        serializers.MordorOddsRequestSerializer,
        serializers.MordorOddsResponseSerializer,
        "Sam in Rohan, Merry also playing",
        {
            "position": 4,
            "player_color": "red",
            "other_colors": ["blue"],
            "advanced": True,
            "goal": "progress",
            "policy": "optimal",
        },
    )
    def post(self, request: Request) -> Response:
        data = _valid(serializers.MordorOddsRequestSerializer, request)
        odds, advice = services.run_odds(data)
        return Response(presenters.odds_answer(odds, advice, data.get("rolled"), request))


def _valid(serializer_class: type, request: Request) -> dict:
    """The validated request, or a 400 whose fields are named as the engine names them
    (``rolled[0].face``, not DRF's ``rolled.0.face``)."""
    serializer = serializer_class(data=request.data)
    if not serializer.is_valid():
        raise InvalidInput(
            (_field_name(error["field"]), error["message"])
            for error in flatten_errors(serializer.errors)
        )
    return serializer.validated_data


def _field_name(name: str) -> str:
    name = re.sub(r"\.(\d+)(?=\.|\[|$)", r"[\1]", name)
    return name.removesuffix(".non_field_errors")
