"""API of the TCG calculators: one POST view each (the shapes in ``calculator_serializers``, the
engine calls in ``calculator_services``); each answer carries its reasons, citations and
assumptions."""

from functools import partial

from django.urls import path
from drf_spectacular.utils import OpenApiExample
from rest_framework.views import APIView

from adjudicator.api import post_view
from cards_db.calculator_services import CALCULATORS, answer


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
