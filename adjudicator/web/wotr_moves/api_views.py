"""API: ``POST /api/wotr/moves/check/`` and ``POST /api/wotr/moves/legal/``."""

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.serializers import ErrorResponseSerializer
from adjudicator.web.wotr_moves import presenters, services
from adjudicator.web.wotr_moves.serializers import (
    WotrMoveCheckRequestSerializer,
    WotrMoveCheckResponseSerializer,
    WotrMoveLegalRequestSerializer,
    WotrMoveLegalResponseSerializer,
)

BAD_INPUT = OpenApiResponse(
    ErrorResponseSerializer,
    "Bad input: unknown region or character, figures that are not there, a malformed "
    "position. Every problem is listed with its field.",
)


class CheckMoveView(APIView):
    """Is this move legal? Every reason, with the rulebook section it comes from."""

    @extend_schema(
        operation_id="wotr_moves_check",
        summary="Check a War of the Ring move",
        request=WotrMoveCheckRequestSerializer,
        responses={200: WotrMoveCheckResponseSerializer, 400: BAD_INPUT},
        examples=[
            OpenApiExample(
                "Army move",
                request_only=True,
                value={
                    "position": "setup",
                    "move": {
                        "kind": "army",
                        "from": "minas-tirith",
                        "to": "osgiliath",
                        "units": {"regular": 1, "elite": 0, "leaders": 0},
                        "die": "army",
                    },
                },
            ),
            OpenApiExample(
                "Nazgûl",
                request_only=True,
                value={
                    "position": "setup",
                    "move": {
                        "kind": "nazgul",
                        "from": "dol-guldur",
                        "to": "bree",
                        "count": 1,
                        "die": "character",
                    },
                },
            ),
            OpenApiExample(
                "Illegal: Rohan is not at war",
                response_only=True,
                value={
                    "legal": False,
                    "reasons": [
                        {
                            "code": "not_at_war_border",
                            "message": "Rohan is not at war: its units cannot cross into the "
                            "land of Isengard (only a retreat may)",
                            "citation": {
                                "rulebook": "wotr-rules",
                                "section": "obiavlenie-voiny",
                                "title": "Объявление войны",
                                "url": "/rules/wotr-rules/obiavlenie-voiny/",
                            },
                        }
                    ],
                    "citations": [],
                    "assumptions": [],
                    "effects": [],
                    "path_length": None,
                },
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        serializer = WotrMoveCheckRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        verdict = services.check(serializer.validated_data)
        return Response(presenters.verdict_payload(verdict, request))


class LegalDestinationsView(APIView):
    """Every region an army, character group, Nazgûl, the Fellowship or a faction may end in."""

    @extend_schema(
        operation_id="wotr_moves_legal",
        summary="Legal destinations of a piece",
        request=WotrMoveLegalRequestSerializer,
        responses={200: WotrMoveLegalResponseSerializer, 400: BAD_INPUT},
        examples=[
            OpenApiExample(
                "Rohan army",
                request_only=True,
                value={
                    "position": "setup",
                    "piece": {
                        "kind": "army",
                        "from": "fords-of-isen",
                        "units": {"regular": 2, "leaders": 1},
                        "die": "army",
                    },
                },
            ),
            OpenApiExample(
                "Declaring the Fellowship",
                request_only=True,
                value={"position": "setup", "piece": {"kind": "declare"}},
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        serializer = WotrMoveLegalRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        _, found = services.destinations(data)
        return Response(presenters.destinations_payload(data["piece"], found, request))
