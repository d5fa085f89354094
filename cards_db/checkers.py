"""The LOTR TCG checkers, one declaration each (``adjudicator.web.checker.Checker``): the
calculators (the API operation ``/api/tcg/<slug>/``, the page ``/cards/calculators/<slug>/``,
the index entry with the rule it applies), then the deck check and the draw odds, which read the
card database and whose pages have their own editor (the pasted list is stored under a link
key, ``?deck=<key>``)."""

from functools import partial
from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample

from adjudicator.games.tcg import calculators as calc
from adjudicator.games.tcg import citations as rules
from adjudicator.web.checker import Checker
from cards_db import calculator_presenters as presenters
from cards_db import calculator_services as services
from cards_db import forms, views
from cards_db import serializers as decks
from cards_db import services as deck_services
from cards_db.api_views import DECK_REFUSALS, DRAW_ODDS_EXAMPLE, ERROR_400, LEGAL_DECK_EXAMPLE
from cards_db.calculator_serializers import (
    TcgArcheryRequestSerializer,
    TcgArcheryResponseSerializer,
    TcgBidsRequestSerializer,
    TcgBidsResponseSerializer,
    TcgBurdensRequestSerializer,
    TcgBurdensResponseSerializer,
    TcgCompanionLimitRequestSerializer,
    TcgCompanionLimitResponseSerializer,
    TcgMinionCostRequestSerializer,
    TcgMinionCostResponseSerializer,
    TcgMoveLimitRequestSerializer,
    TcgMoveLimitResponseSerializer,
    TcgMoveTwilightRequestSerializer,
    TcgMoveTwilightResponseSerializer,
    TcgSitePathRequestSerializer,
    TcgSitePathResponseSerializer,
    TcgSkirmishRequestSerializer,
    TcgSkirmishResponseSerializer,
)

#: The calculators: their pages are written from a skeleton (the template's text outside its slots
#: reads the title alone: tests/web/test_checker_skeleton.py).
TCG = {
    "game": "tcg",
    "present": presenters.answer_payload,
    "template": "cards_db/calculator.html",
    "page_answer": presenters.page_answer,
    "skeleton": True,
}


def _options(slug: str, example: dict[str, Any]) -> dict[str, Any]:
    return {
        "operation_id": f"tcg_calculator_{slug.replace('-', '_')}",
        "examples": [OpenApiExample(slug, value=example, request_only=True)],
    }


#: The deck check and the draw odds: pages with their own editor (the list is stored under a
#: link key), opened empty by the walks; their stored questions are tests/site_pages.py's.
DECKS = {"game": "tcg", "questions": ("",)}


def _deck_options(operation_id: str, name: str, example: dict[str, Any]) -> dict[str, Any]:
    """A deck operation's OpenAPI tag, id and example, and what it refuses (a list too long,
    lines that are not cards)."""
    return {
        "tag": "decks",
        "operation_id": operation_id,
        "bad_input": ERROR_400,
        "refusals": DECK_REFUSALS,
        "examples": [OpenApiExample(name, request_only=True, value=example)],
    }


CHECKERS = (
    Checker(
        **TCG,
        name="skirmish",
        page="calculators/skirmish/",
        api="tcg/skirmish/",
        api_name="tcg-calculator-skirmish",
        title=gettext_lazy("Skirmish"),
        blurb=gettext_lazy(
            "Who wins a skirmish, the wounds each loser takes, who is killed or "
            "overwhelmed, and the burdens of a Ring-bearer wearing the Ring."
        ),
        citations=(rules.SKIRMISH,),
        request=TcgSkirmishRequestSerializer,
        response=TcgSkirmishResponseSerializer,
        compute=services.run_skirmish,
        form=partial(forms.CalculatorQuestion, forms.SkirmishForm),
        description=(
            "Resolve a skirmish: totals, winner (ties to the Shadow), wounds, overwhelming."
        ),
        api_options=_options(
            "skirmish",
            {
                "free_peoples": [{"name": "Aragorn", "strength": 8, "vitality": 4, "damage": 1}],
                "shadow": [
                    {"name": "Orc 1", "strength": 3, "vitality": 1},
                    {"name": "Orc 2", "strength": 3, "vitality": 1},
                ],
            },
        ),
        questions=(
            "?free_peoples-TOTAL_FORMS=1&free_peoples-INITIAL_FORMS=0"
            "&free_peoples-0-name=Aragorn&free_peoples-0-strength=8&free_peoples-0-vitality=4"
            "&shadow-TOTAL_FORMS=1&shadow-INITIAL_FORMS=0&shadow-0-name=Orc&shadow-0-strength=5"
            "&shadow-0-vitality=2",
        ),
    ),
    Checker(
        **TCG,
        name="archery",
        page="calculators/archery/",
        api="tcg/archery/",
        api_name="tcg-calculator-archery",
        title=gettext_lazy("Archery"),
        blurb=gettext_lazy(
            "Both archery totals, and whether each side's wounds are placed as the rules allow."
        ),
        citations=(rules.ARCHERY,),
        request=TcgArcheryRequestSerializer,
        response=TcgArcheryResponseSerializer,
        compute=services.run_archery,
        form=partial(forms.CalculatorQuestion, forms.ArcheryForm),
        description="Archery totals of both sides, and the check of a proposed wound assignment.",
        api_options=_options(
            "archery",
            {
                "fellowship": [
                    {"name": "Legolas", "archer": True, "vitality": 3, "assigned_wounds": 1}
                ],
                "minions": [{"name": "Moria Archer", "archer": True, "vitality": 1}],
                "site_number": 4,
            },
        ),
        questions=(
            "?site_number=2&fellowship-TOTAL_FORMS=1"
            "&fellowship-INITIAL_FORMS=0&fellowship-0-name=Legolas&fellowship-0-archer=on"
            "&fellowship-0-vitality=3&minions-TOTAL_FORMS=1&minions-INITIAL_FORMS=0"
            "&minions-0-name=Orc&minions-0-archer=on&minions-0-vitality=2",
        ),
    ),
    Checker(
        **TCG,
        name="move-twilight",
        page="calculators/move-twilight/",
        api="tcg/move-twilight/",
        api_name="tcg-calculator-move-twilight",
        title=gettext_lazy("Twilight on a move"),
        blurb=gettext_lazy(
            "Twilight added when the fellowship moves: the new site's Shadow number "
            "plus one per companion."
        ),
        citations=(rules.HOW_TO_MOVE,),
        request=TcgMoveTwilightRequestSerializer,
        response=TcgMoveTwilightResponseSerializer,
        compute=lambda d: calc.move_twilight(**d),
        form=partial(forms.CalculatorQuestion, forms.MoveTwilightForm),
        description="Twilight added when the fellowship moves: Shadow number + companions.",
        api_options=_options("move-twilight", {"shadow_number": 3, "companions": 4}),
        questions=("?shadow_number=3&companions=4",),
    ),
    Checker(
        **TCG,
        name="site-path",
        page="calculators/site-path/",
        api="tcg/site-path/",
        api_name="tcg-calculator-site-path",
        title=gettext_lazy("Twilight along the site path"),
        blurb=gettext_lazy(
            "The twilight the fellowship adds on each move from site 1 to site 9, and in all."
        ),
        citations=(rules.HOW_TO_MOVE,),
        request=TcgSitePathRequestSerializer,
        response=TcgSitePathResponseSerializer,
        compute=lambda d: calc.site_path_twilight(**d),
        form=partial(forms.CalculatorQuestion, forms.SitePathForm),
        description="Twilight the fellowship adds along the site path: each site's Shadow number "
        "plus the companions, move by move.",
        api_options=_options(
            "site-path", {"shadow_numbers": [1, 1, 2, 3, 4, 5, 6, 7], "companions": 4}
        ),
        questions=("?shadow_numbers=1&shadow_numbers=1&shadow_numbers=2&companions=4",),
    ),
    Checker(
        **TCG,
        name="minion-cost",
        page="calculators/minion-cost/",
        api="tcg/minion-cost/",
        api_name="tcg-calculator-minion-cost",
        title=gettext_lazy("Minion cost and roaming"),
        blurb=gettext_lazy(
            "What a minion costs, with the roaming penalty below its site number, "
            "and whether the twilight pool can pay it."
        ),
        citations=(rules.PLAYING_SHADOW_CARDS,),
        request=TcgMinionCostRequestSerializer,
        response=TcgMinionCostResponseSerializer,
        compute=lambda d: calc.minion_cost(**d),
        form=partial(forms.CalculatorQuestion, forms.MinionCostForm),
        description="Twilight to play a minion, with the roaming penalty below its site number.",
        api_options=_options(
            "minion-cost", {"twilight_cost": 3, "minion_site_number": 4, "current_site": 2}
        ),
        questions=("?twilight_cost=3&minion_site_number=4&current_site=2",),
    ),
    Checker(
        **TCG,
        name="move-limit",
        page="calculators/move-limit/",
        api="tcg/move-limit/",
        api_name="tcg-calculator-move-limit",
        title=gettext_lazy("Move limit"),
        blurb=gettext_lazy(
            "How many times the fellowship may move this turn, by the number of "
            "players at the start."
        ),
        citations=(rules.MOVE_LIMIT,),
        request=TcgMoveLimitRequestSerializer,
        response=TcgMoveLimitResponseSerializer,
        compute=lambda d: calc.move_limit(**d),
        form=partial(forms.CalculatorQuestion, forms.MoveLimitForm),
        description="The move limit: 2 with two players, otherwise the number of opponents.",
        api_options=_options("move-limit", {"players_at_start": 4, "moves_made": 1}),
        questions=("?players_at_start=2&moves_made=0",),
    ),
    Checker(
        **TCG,
        name="companions",
        page="calculators/companions/",
        api="tcg/companions/",
        api_name="tcg-calculator-companions",
        title=gettext_lazy("Nine-companion limit"),
        blurb=gettext_lazy(
            "May this companion be played: nine companions at most, in play and "
            "dead together, uniqueness, and the dead pile."
        ),
        citations=(rules.PLAYING_COMPANIONS,),
        request=TcgCompanionLimitRequestSerializer,
        response=TcgCompanionLimitResponseSerializer,
        compute=services.run_companions,
        form=partial(forms.CalculatorQuestion, forms.CompanionLimitForm),
        description="May a companion be played? Nine in play and dead pile; uniqueness.",
        api_options=_options(
            "companions",
            {
                "in_play": [{"title": "Frodo", "unique": True}],
                "dead_pile": [],
                "candidate": {"title": "Sam", "unique": True},
            },
        ),
        questions=("?candidate=Boromir&candidate_unique=on&dead_pile=Boromir",),
    ),
    Checker(
        **TCG,
        name="burdens",
        page="calculators/burdens/",
        api="tcg/burdens/",
        api_name="tcg-calculator-burdens",
        title=gettext_lazy("Burdens and resistance"),
        blurb=gettext_lazy("Is the Ring-bearer corrupted: his burdens against his resistance."),
        citations=(rules.LOSING,),
        request=TcgBurdensRequestSerializer,
        response=TcgBurdensResponseSerializer,
        compute=lambda d: calc.corruption(**d),
        form=partial(forms.CalculatorQuestion, forms.BurdensForm),
        description="Burdens against resistance: is the Ring-bearer corrupted?",
        api_options=_options("burdens", {"burdens": 7, "resistance": 10, "added": 2}),
        questions=("?burdens=10&resistance=10&added=0",),
    ),
    Checker(
        **TCG,
        name="bids",
        page="calculators/bids/",
        api="tcg/bids/",
        api_name="tcg-calculator-bids",
        title=gettext_lazy("Opening bids"),
        blurb=gettext_lazy(
            "Who chooses a seat in the turn order first, and the burdens each "
            "Ring-bearer starts with."
        ),
        citations=(rules.BIDDING,),
        request=TcgBidsRequestSerializer,
        response=TcgBidsResponseSerializer,
        compute=lambda d: calc.opening_bids(**d),
        form=partial(forms.CalculatorQuestion, forms.BidsForm),
        description="The opening bid: who chooses a place first, and each Ring-bearer's burdens.",
        api_options=_options(
            "bids",
            {
                "bids": {"Petr": 3, "Yuri": 4, "Elena": 3, "Mikhail": 1},
                "tie_order": ["Elena", "Petr"],
            },
        ),
        questions=("?bids=Petr%3A+3%0AYuri%3A+4",),
    ),
    Checker(
        **DECKS,
        name="deck_new",
        page="decks/",
        api="decks/validate/",
        api_name="tcg-deck-validate",
        view_name="DeckValidate",
        title=gettext_lazy("Check a deck"),
        request=decks.TcgDeckValidateRequestSerializer,
        response=decks.TcgDeckValidateResponseSerializer,
        compute=deck_services.check_deck_question,
        present=decks.report_presented,
        view=views.DeckCheckPage,
        description="Is this deck legal? Errors name their lines, cards and rule; stats come "
        "along.",
        api_options=_deck_options(
            "decks_validate_create",
            "A deck list",
            {"list": LEGAL_DECK_EXAMPLE, "format": "fellowship_block"},
        ),
    ),
    Checker(
        **DECKS,
        name="draw_odds",
        page="decks/odds/",
        api="decks/draw-odds/",
        api_name="tcg-deck-draw-odds",
        view_name="DeckDrawOdds",
        title=gettext_lazy("Draw odds"),
        request=decks.TcgDrawOddsRequestSerializer,
        response=decks.TcgDrawOddsResponseSerializer,
        compute=deck_services.draw_odds_question,
        present=lambda result, request: decks.draw_odds_payload(*result, request),
        view=views.DrawOddsPage,
        description="The chance of drawing a card, or any card of a group, in the opening hand "
        "and by each site: exact hypergeometric odds over the shuffled draw deck.",
        api_options=_deck_options(
            "decks_draw_odds_create",
            "Moria minions in the opening hand",
            {"list": DRAW_ODDS_EXAMPLE, "target": "culture:Moria"},
        ),
    ),
)
