"""Pages of Journey to Mordor: the index (from the registry) and what each checker page adds
to the API's answer; the checkers are declared in ``checkers.py``."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from adjudicator.citations import assumption_text
from adjudicator.games.mordor.model import DIE_COLORS, LOCATIONS, GameSetup
from adjudicator.web.pages import dotted_query

from . import presenters, services
from .labels import policy_label
from .serializers import MordorOddsRequestSerializer


def index(request: HttpRequest) -> HttpResponse:
    """What the tools answer, and the assumptions they all make."""
    # Imported here: the registry reads this game's checkers.py, which reads this module.
    from adjudicator.web import registry

    assumptions = [assumption_text(a, presenters.label_param) for a in GameSetup().assumptions()]
    context = {
        "assumptions": assumptions,
        "pages": registry.index_links("mordor"),
        "api": registry.api_paths("mordor"),
    }
    return render(request, "mordor/index.html", context)


def keep_page_answer(answer: dict[str, Any], data: dict[str, Any], check: Any) -> dict[str, Any]:
    return {
        **answer,
        "tone": "legal" if answer["legal"] else "illegal",
        "keeps": presenters.keep_descriptions(data["rolled"], check.legal_keeps),
        "odds_question": _odds_question(data),
        "best_keep": _best_keep(data),
    }


def _odds_question(data: dict[str, Any]) -> str:
    """The Odds page's link for this roll (the API's odds request), so the player fills
    nothing in again."""
    question = {
        "position": LOCATIONS.index(data["location"]) if data.get("location") else None,
        "player_color": data["player_color"],
        "rolled": data["rolled"],
        "advanced": data.get("advanced", False),
        **_picked_readings(data),
    }
    query = dotted_query(question, MordorOddsRequestSerializer)
    return f"{reverse('mordor:odds')}?{query.urlencode(safe='.')}"


def _best_keep(data: dict[str, Any]) -> dict[str, Any] | None:
    """The keep of this roll with the best expected progress this turn (rules: Броски кубиков),
    when the roll is the turn's first (all five dice) and the place is known; the Nazgûl track
    is taken as empty, which the page says (the Odds page takes the player's own track); under
    the readings of the places' text the page picked."""
    if not data.get("location") or len(data["rolled"]) < len(DIE_COLORS):
        return None
    question = {
        "position": LOCATIONS.index(data["location"]),
        "player_color": data["player_color"],
        "advanced": data.get("advanced", False),
        "goal": "progress",
        "rolled": data["rolled"],
        "rerolled": data.get("rerolled", False),
        **_picked_readings(data),
    }
    advice = services.run_advice(question)
    ranked = presenters.advice_answer(advice, data["rolled"])
    return ranked["keeps"][0] if ranked and ranked["keeps"] else None


def _picked_readings(data: dict[str, Any]) -> dict[str, Any]:
    """The readings of the places' text the question picked: which keeps are legal and what
    they are worth depend on them (docs/mordor.md), so the best keep and the Odds link carry
    them."""
    return {"readings": data["readings"]} if data.get("readings") else {}


def resolve_page_answer(answer: dict[str, Any], data: dict[str, Any], result: Any) -> dict:
    return {
        **answer,
        "tone": "warn" if answer["game_over"] else "",
        "players_after": presenters.players_table(answer),
    }


def odds_page_answer(answer: dict[str, Any], data: dict[str, Any], result: Any) -> dict[str, Any]:
    (odds, _advice, _journey), _rolled = result
    return {
        **answer,
        "charts": presenters.odds_charts(odds),
        "policies": [(policy_label(n), v) for n, v in answer["policy_values"].items()],
    }
