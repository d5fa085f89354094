"""The War of the Ring odds API: thin views (validate → engine → answer)."""

from functools import partial

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import EXACT_PARAMETER, cacheable, exact_asked, post_view
from adjudicator.games.wotr.position import standard_setup

from . import serializers as s
from . import services

TAG = "wotr"

answer_view = partial(post_view, prefix="Wotr", tag=TAG)
"""A POST view answering ``compute(validated input, request)``."""


BATTLE_EXAMPLE = {
    "attacker": {"regular": 5, "elite": 0, "leadership": 2},
    "defender": {"regular": 3, "elite": 0, "leadership": 1},
    "settlement": "city",
    "siege": False,
}


def _battle(data, request: Request):
    return services.run_battle(data, request, exact=exact_asked(request))


def _position_battle(data, request: Request):
    return services.run_position_battle(data, request, exact=exact_asked(request))


BattleView = answer_view(
    "Battle",
    s.WotrBattleRequestSerializer,
    s.WotrBattleResponseSerializer,
    _battle,
    description=(
        "Exact battle odds. Dice = strength up to 5, hits on 5+ (6+ for the attacker in the first "
        "round against a city or fortification and in every siege round), leadership re-rolls up "
        "to 5, a 1 always misses and a 6 always hits; 1 hit removes a regular or downgrades an "
        "elite, 2 remove an elite. Without rounds (or with null) the battle is fought until one "
        "side has no units or the attacker stops; give rounds to fight only that many."
    ),
    example=BATTLE_EXAMPLE,
    pure=True,
    parameters=[EXACT_PARAMETER],
)
PositionBattleView = answer_view(
    "PositionBattle",
    s.WotrPositionBattleRequestSerializer,
    s.WotrBattleResponseSerializer,
    _position_battle,
    description=(
        "Exact battle odds read from a position. Armies, leadership and settlement come from the "
        "attacking and defending regions; the same region with a siege there is a siege battle "
        "(or, with sortie, the besieged army attacking)."
    ),
    example={
        "position": "setup",
        "attacker_region": "orthanc",
        "defender_region": "fords-of-isen",
    },
    parameters=[EXACT_PARAMETER],
)
BattlePlanView = answer_view(
    "BattlePlan",
    s.WotrBattlePlanRequestSerializer,
    s.WotrBattlePlanResponseSerializer,
    services.run_battle_plan,
    description=(
        "The attacker's best plan for a battle fought until one army is gone or the attacker "
        "ceases: after every round whether to go on (for the goal: destroy, capture or the "
        "hit-point exchange), which casualties to take first, and with target_percent the "
        "fewest regulars that reach that chance. Values are floats within 1e-12 of the exact "
        "recursion."
    ),
    example={**BATTLE_EXAMPLE, "goal": "capture", "target_percent": 80},
    pure=True,
)
FactionAttackView = answer_view(
    "FactionAttack",
    s.WotrFactionAttackRequestSerializer,
    s.WotrFactionAttackResponseSerializer,
    services.run_faction_attack,
    description=(
        "Faction attack (the Dead, the Ents). Each attack spends one figure and rolls 3 dice "
        "hitting on 4+, repeated while figures remain and the army stands."
    ),
    example={"faction": "ents", "figures": 4, "target": {"regular": 3, "elite": 0}},
)
HuntView = answer_view(
    "Hunt",
    s.WotrHuntRequestSerializer,
    s.WotrHuntResponseSerializer,
    services.run_hunt,
    description=(
        "One hunt for the Fellowship. Up to 5 dice hit on 6+, +1 per Free Peoples die in the box, "
        "a re-roll per condition; a success draws a tile from the pool. In Mordor every move draws "
        "a tile."
    ),
    example={
        "hunt_dice": 3,
        "fp_dice_in_box": 1,
        "rerolls": {"stronghold": True, "army": False, "nazgul": False},
        "corruption": 10,
        "pool": "standard",
        "drawn": [],
        "casualty": "corruption",
    },
    pure=True,
)
HuntTurnView = answer_view(
    "HuntTurn",
    s.WotrHuntTurnRequestSerializer,
    s.WotrHuntTurnResponseSerializer,
    services.run_hunt,
    description=(
        "The hunt over several Fellowship moves this turn. The box gains a Free Peoples die after "
        "every move and tiles are drawn without replacement."
    ),
    example={"hunt_dice": 3, "fp_dice_in_box": 0, "corruption": 6, "moves": 3},
)
HuntPlanView = answer_view(
    "HuntPlan",
    s.WotrHuntPlanRequestSerializer,
    s.WotrHuntPlanResponseSerializer,
    services.run_hunt_plan,
    description=(
        "The hunt advisor: the chance that the Ring reaches Mount Doom with corruption below 12 "
        "at 1 to 3 moves a turn, waiting this turn, or separating each companion first, each "
        "with the chance that corruption reaches 12 this turn (exact), and for every damage the "
        "next hunt may deal the answers (corruption, or a companion of each level) best first. "
        "Every hit is answered as well as possible over the whole journey, tiles drawn without "
        "replacement; chances are floats within 1e-12 of the exact recursion."
    ),
    example={
        "hunt_dice": 2,
        "corruption": 3,
        "moves_to_mordor": 6,
        "companions": ["strider", "legolas", "meriadoc"],
        "moves_per_turn": 2,
    },
    pure=True,
)
VictoryView = answer_view(
    "Victory",
    s.WotrVictoryRequestSerializer,
    s.WotrVictoryResponseSerializer,
    services.run_victory,
    description=(
        "Victory points (enemy stronghold 2, enemy city 1) and the winner, checking the conditions "
        "in the rulebook's order: corruption 12, Mount Doom, the Shadow's 10 points, the Free "
        "Peoples' 4 points."
    ),
    example={"control": {"minas-tirith": "shadow"}, "corruption": 0},
)


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
    lambda data, request: services.validate_answer(data["position"]),
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
