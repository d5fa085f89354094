"""The Wojna API: one thin POST view per calculator (validate → engine → answer)."""

from functools import partial

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import post_view
from adjudicator.games.wojna import tables as wojna_tables

from . import presenters, selectors, services
from . import serializers as s

TAG = "wojna"
TABLE_NAMES = {
    "battle_results": wojna_tables.BATTLE_TABLE_NAME,
    "duel_results": wojna_tables.DUEL_TABLE_NAME,
    "search": wojna_tables.SEARCH_TABLE_NAME,
    "spells": wojna_tables.SPELL_TABLE_NAME,
}

calculator_view = partial(post_view, prefix="Wojna", tag=TAG)
"""A POST view answering ``present(compute(validated input), request)``."""


BattleView = calculator_view(
    "Battle",
    s.WojnaBattleRequestSerializer,
    s.WojnaBattleResponseSerializer,
    services.run_battle,
    presenters.battle_answer,
    "One round of battle (Bitwa): the force-ratio column rounded in the defender's favour, "
    "automatic removal at 10:1, the die modified by the leaders' Morale and, when entered, "
    "the losses from your Wyniki bitwy table.",
    {
        "attacker_units": [4, 3],
        "defender_units": [2],
        "terrain_multiplier": "1.5",
        "attacker_morale": 2,
        "defender_morale": 1,
    },
)
RatioPlanView = calculator_view(
    "RatioPlan",
    s.WojnaRatioPlanRequestSerializer,
    s.WojnaRatioPlanResponseSerializer,
    services.run_ratio_plan,
    presenters.ratio_plan_answer,
    "The ratio planner (Bitwa): for the battle's own force-ratio column and every better one "
    "up to 10:1, the least attacking strength that reaches it, the units of unit_strength to "
    "add, and the round's exact outcome there (expected losses, the defender's destruction) "
    "from your Wyniki bitwy table.",
    {"attacker_units": [4, 3], "defender_units": [5], "terrain_multiplier": "1.5"},
)
CaptureView = calculator_view(
    "Capture",
    s.WojnaCaptureRequestSerializer,
    s.WojnaAttemptOddsSerializer,
    services.run_capture,
    presenters.attempt_odds,
    "Capture (Niewola): Sauron captures on a roll ≤ Niewola; exact odds per attempt and over "
    "the attempts.",
    {"niewola": 3, "attempts": 1},
)
EscapeView = calculator_view(
    "Escape",
    s.WojnaEscapeRequestSerializer,
    s.WojnaAttemptOddsSerializer,
    services.run_escape,
    presenters.attempt_odds,
    "Escape (Ucieczka): the Alliance escapes on a roll ≥ Ucieczka, once per Alliance move phase.",
    {"ucieczka": 5, "attempts": 2},
)
RingRemovalView = calculator_view(
    "RingRemoval",
    s.WojnaRingRemovalRequestSerializer,
    s.WojnaAttemptOddsSerializer,
    services.run_ring_removal,
    presenters.attempt_odds,
    "Taking the Ring off (Pierścień): a roll ≤ Pierścień, once per stage.",
    {"pierscien": 2, "attempts": 3},
)
DuelView = calculator_view(
    "Duel",
    s.WojnaDuelRequestSerializer,
    s.WojnaDuelResponseSerializer,
    services.run_duel,
    presenters.duel_answer,
    "Duel (Pojedynek): Morale + Odwaga − wounds, attacker minus defender; the wounds from your "
    "Wyniki pojedynku table and, with both Odporność values, the odds of a fight to the end.",
    {
        "attacker_morale": 3,
        "attacker_odwaga": 4,
        "defender_morale": 2,
        "defender_odwaga": 3,
        "defender_wounds": 1,
    },
)
SearchView = calculator_view(
    "Search",
    s.WojnaSearchRequestSerializer,
    s.WojnaSearchResponseSerializer,
    services.run_search,
    presenters.search_answer,
    "Search (Poszukiwania): the pool of search points and, with your Poszukiwania table, the "
    "exact odds of finding and of a capture.",
    {"phase": "search_phase", "nazgul": 2, "orc_units": [3], "niewola": 3},
)
WoundsView = calculator_view(
    "Wounds",
    s.WojnaWoundsRequestSerializer,
    s.WojnaWoundsResponseSerializer,
    services.run_wounds,
    presenters.wounds_answer,
    "Wounds and circles (Odporność): crosses, a Nazgûl's strokes, the Ring's circles, and what "
    "they mean: alive, dead, a Ringwraith, or unable to duel.",
    {"character": "Boromir", "odpornosc": 4, "crosses": 2, "new_wounds": 2},
)
RingwraithView = calculator_view(
    "Ringwraith",
    s.WojnaRingwraithRequestSerializer,
    s.WojnaRingwraithResponseSerializer,
    services.run_ringwraith,
    presenters.ringwraith_answer,
    "Wearing the Ring: the odds of taking it off in time or becoming a Ringwraith (Upiór "
    "Pierścienia); the Shadow wins if Aragorn or Gandalf turns.",
    {"character": "Gandalf", "odpornosc": 4, "circles": 1, "pierscien": 2},
)
GollumView = calculator_view(
    "Gollum",
    s.WojnaGollumRequestSerializer,
    s.WojnaGollumResponseSerializer,
    services.run_gollum,
    presenters.gollum_answer,
    "Gollum's side this stage (Faza Pierścienia): 1–2 Alliance, 5–6 Sauron, with last stage's "
    "controller shifting the roll by one.",
    {"previous": "alliance"},
)
InheritanceView = calculator_view(
    "RingInheritance",
    s.WojnaInheritanceRequestSerializer,
    s.WojnaInheritanceResponseSerializer,
    services.run_inheritance,
    presenters.inheritance_answer,
    "Who takes the Ring when its bearer dies, in the order the text gives.",
    {"candidates": [{"name": "Sam", "group": "fellowship"}, {"name": "Gollum", "group": "gollum"}]},
)
DestructionView = calculator_view(
    "RingDestruction",
    s.WojnaDestructionRequestSerializer,
    s.WojnaDestructionResponseSerializer,
    services.run_destruction,
    presenters.destruction_answer,
    "Is the Ring destroyed? Only on hex 4129 (Orodruina), with the Ring not worn.",
    {"hex": 4129, "ring_worn": False},
)


def tables_message(counts: dict[str, int]) -> str:
    """The "enter this table" hint, or empty when every table has cells."""
    missing = [TABLE_NAMES[key] for key, count in counts.items() if not count]
    if not missing:
        return ""
    return _("Not entered yet: %(tables)s. Enter them from your copy of the rules.") % {
        "tables": ", ".join(missing)
    }


class TablesView(APIView):
    """How many cells of each user-entered table exist."""

    @extend_schema(
        tags=[TAG],
        summary="Which rule tables are entered",
        responses={200: s.WojnaTablesResponseSerializer},
    )
    def get(self, request: Request) -> Response:
        counts = selectors.table_counts()
        return Response({**counts, "message": tables_message(counts)})
