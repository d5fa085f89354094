"""The War of the Ring odds API: thin views (validate → engine → answer)."""

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.games.wotr.position import standard_setup
from adjudicator.serializers import ErrorResponseSerializer

from . import serializers as s
from . import services

TAG = "War of the Ring: odds, hunt and victory"


def answer_view(
    name: str,
    request_serializer: type[serializers.Serializer],
    response_serializer: type[serializers.Serializer],
    compute: Callable[[Any, Request], dict[str, Any]],
    description: str,
    example: dict[str, Any],
) -> type[APIView]:
    """An APIView answering POST with ``compute(validated input, request)``."""

    @extend_schema(
        tags=[TAG],
        summary=description.split(".")[0],
        description=description,
        request=request_serializer,
        responses={200: response_serializer, 400: ErrorResponseSerializer},
        examples=[OpenApiExample(name, value=example, request_only=True)],
    )
    def post(self: APIView, request: Request) -> Response:
        serializer = request_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(compute(serializer.validated_data, request))

    return type(f"Wotr{name}View", (APIView,), {"post": post, "__doc__": description})


BATTLE_EXAMPLE = {
    "attacker": {"regular": 5, "elite": 0, "leadership": 2},
    "defender": {"regular": 3, "elite": 0, "leadership": 1},
    "settlement": "city",
    "siege": False,
    "rounds": 1,
}

BattleView = answer_view(
    "Battle",
    s.WotrBattleRequestSerializer,
    s.WotrBattleResponseSerializer,
    services.run_battle,
    "Exact battle odds. Dice = strength up to 5, hits on 5+ (6+ for the attacker in the first "
    "round against a city or fortification and in every siege round), leadership re-rolls up "
    "to 5, a 1 always misses and a 6 always hits; 1 hit removes a regular or downgrades an "
    "elite, 2 remove an elite. rounds = null fights until one side has no units.",
    BATTLE_EXAMPLE,
)
PositionBattleView = answer_view(
    "PositionBattle",
    s.WotrPositionBattleRequestSerializer,
    s.WotrBattleResponseSerializer,
    services.run_position_battle,
    "Exact battle odds read from a position. Armies, leadership and settlement come from the "
    "attacking and defending regions; the same region with a siege there is a siege battle "
    "(or, with sortie, the besieged army attacking).",
    {
        "position": "setup",
        "attacker_region": "orthanc",
        "defender_region": "fords-of-isen",
        "rounds": None,
    },
)
FactionAttackView = answer_view(
    "FactionAttack",
    s.WotrFactionAttackRequestSerializer,
    s.WotrFactionAttackResponseSerializer,
    services.run_faction_attack,
    "Faction attack (the Dead, the Ents). Each attack spends one figure and rolls 3 dice "
    "hitting on 4+, repeated while figures remain and the army stands.",
    {"faction": "ents", "figures": 4, "target": {"regular": 3, "elite": 0}},
)
HuntView = answer_view(
    "Hunt",
    s.WotrHuntRequestSerializer,
    s.WotrHuntResponseSerializer,
    services.run_hunt,
    "One hunt for the Fellowship. Up to 5 dice hit on 6+, +1 per Free Peoples die in the box, "
    "a re-roll per condition; a success draws a tile from the pool. In Mordor every move draws "
    "a tile.",
    {
        "hunt_dice": 3,
        "fp_dice_in_box": 1,
        "rerolls": {"stronghold": True, "army": False, "nazgul": False},
        "corruption": 10,
        "pool": "standard",
        "drawn": [],
        "casualty": "corruption",
    },
)
HuntTurnView = answer_view(
    "HuntTurn",
    s.WotrHuntTurnRequestSerializer,
    s.WotrHuntTurnResponseSerializer,
    services.run_hunt,
    "The hunt over several Fellowship moves this turn. The box gains a Free Peoples die after "
    "every move and tiles are drawn without replacement.",
    {"hunt_dice": 3, "fp_dice_in_box": 0, "corruption": 6, "moves": 3},
)
VictoryView = answer_view(
    "Victory",
    s.WotrVictoryRequestSerializer,
    s.WotrVictoryResponseSerializer,
    services.run_victory,
    "Victory points (enemy stronghold 2, enemy city 1) and the winner, checking the conditions "
    "in the rulebook's order: corruption 12, Mount Doom, the Shadow's 10 points, the Free "
    "Peoples' 4 points.",
    {"control": {"minas-tirith": "shadow"}, "corruption": 0},
)


class SetupView(APIView):
    """The standard starting position."""

    @extend_schema(
        tags=[TAG],
        summary="The standard starting position",
        responses={200: s.WotrPositionSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(standard_setup().to_dict())


class ValidatePositionView(APIView):
    """Check a position, listing every problem at once."""

    @extend_schema(
        tags=[TAG],
        summary="Validate a position",
        description="Every problem at once, each with its field path "
        "(e.g. position.armies.minas-tirith). A valid position comes back complete.",
        request=s.WotrPositionValidateRequestSerializer,
        responses={
            200: s.WotrPositionValidateResponseSerializer,
            400: ErrorResponseSerializer,
        },
        examples=[
            OpenApiExample(
                "Too many units",
                value={"position": {"armies": {"edoras": {"rohan": {"regular": 11}}}}},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        serializer = s.WotrPositionValidateRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(services.validate_answer(serializer.validated_data["position"]))
