"""The War of the Ring API beside its checkers (``checkers.py``): the setup position and the
position validator."""

from functools import partial

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import cacheable, post_view
from adjudicator.games.wotr.position import standard_setup

from . import serializers as s
from . import services

TAG = "wotr"

answer_view = partial(post_view, prefix="Wotr", tag=TAG)


class SetupView(APIView):
    """The standard starting position."""

    @extend_schema(
        tags=[TAG],
        summary="The standard starting position",
        responses={200: s.WotrPositionSerializer},
    )
    @cacheable
    def get(self, request: Request) -> Response:
        return Response(standard_setup().to_dict())


ValidatePositionView = answer_view(
    "ValidatePosition",
    s.WotrPositionValidateRequestSerializer,
    s.WotrPositionValidateResponseSerializer,
    lambda data: services.validate_answer(data["position"]),
    lambda answer, request: answer,
    summary="Validate a position",
    description="Every problem at once, each with its field path "
    "(e.g. position.armies.minas-tirith). A valid position comes back complete.",
    examples=[
        OpenApiExample(
            "A Rohan army at Edoras",
            value={"position": {"armies": {"edoras": {"rohan": {"regular": 2, "elite": 1}}}}},
            request_only=True,
        )
    ],
)
