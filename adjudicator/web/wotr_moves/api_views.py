"""API: ``POST /api/wotr/moves/positions/`` (store a position: storage, not a checker; the move
check and the legal destinations are declared in ``checkers.py``)."""

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework.request import Request

from adjudicator.api import post_view
from adjudicator.serializers import ErrorResponseSerializer
from adjudicator.web.wotr_moves import services
from adjudicator.web.wotr_moves.serializers import (
    WotrMovePositionShareRequestSerializer,
    WotrMovePositionShareResponseSerializer,
)

BAD_INPUT = OpenApiResponse(
    ErrorResponseSerializer,
    "Bad input: unknown region or character, figures that are not there, a malformed "
    "position. Every problem is listed with its field.",
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
