"""API: ``POST /api/wotr/moves/check/``, ``legal/`` and ``positions/`` (store a position)."""

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework.request import Request

from adjudicator.api import post_view
from adjudicator.serializers import ErrorResponseSerializer
from adjudicator.web.wotr_moves import presenters, services
from adjudicator.web.wotr_moves.serializers import (
    WotrMoveCheckRequestSerializer,
    WotrMoveCheckResponseSerializer,
    WotrMoveLegalRequestSerializer,
    WotrMoveLegalResponseSerializer,
    WotrMovePositionShareRequestSerializer,
    WotrMovePositionShareResponseSerializer,
)

BAD_INPUT = OpenApiResponse(
    ErrorResponseSerializer,
    "Bad input: unknown region or character, figures that are not there, a malformed "
    "position. Every problem is listed with its field.",
)


def _destinations(data: dict) -> tuple:
    _, found = services.destinations(data)
    return data["piece"], found


def _destinations_payload(result: tuple, request: Request) -> dict:
    return presenters.destinations_payload(*result, request)


CheckMoveView = post_view(
    "CheckMove",
    WotrMoveCheckRequestSerializer,
    WotrMoveCheckResponseSerializer,
    services.check,
    presenters.verdict_payload,
    description="Is this move legal? Every reason, with the rulebook section it comes from.",
    operation_id="wotr_moves_check",
    summary="Check a War of the Ring move",
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
    bad_input=BAD_INPUT,
)
LegalDestinationsView = post_view(
    "LegalDestinations",
    WotrMoveLegalRequestSerializer,
    WotrMoveLegalResponseSerializer,
    _destinations,
    _destinations_payload,
    description="Every region an army, character group, Nazgûl, the Fellowship or a faction may "
    "end in.",
    operation_id="wotr_moves_legal",
    summary="Legal destinations of a piece",
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
    bad_input=BAD_INPUT,
)


def _share(key: str, request: Request) -> dict:
    url = request.build_absolute_uri(f"{reverse('wotr_moves:index')}?position={key}")
    return {"key": key, "url": url}


SharePositionView = post_view(
    "SharePosition",
    WotrMovePositionShareRequestSerializer,
    WotrMovePositionShareResponseSerializer,
    lambda data: services.share_position(data["position"]),
    _share,
    description="Store a position and get its link key. The key is derived from the "
    "position's complete form, so the same position always gets the same key; "
    "/wotr/moves/?position=<key> shows it and /wotr/battle/position/?position=<key> fights "
    "from it.",
    operation_id="wotr_moves_share_position",
    summary="Store a position for a link",
    examples=[OpenApiExample("Setup", request_only=True, value={"position": "setup"})],
    bad_input=BAD_INPUT,
)
