"""Pages of Journey to Mordor: the index and one GET form per tool (shareable links)."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy

from adjudicator.citations import assumption_text
from adjudicator.games.mordor.model import DIE_COLORS, LOCATIONS, GameSetup
from adjudicator.web.pages import CheckerPage, dotted_query

from . import forms, presenters, services
from .labels import policy_label
from .serializers import MordorOddsRequestSerializer


def index(request: HttpRequest) -> HttpResponse:
    """What the tools answer, and the assumptions they all make."""
    assumptions = [assumption_text(a, presenters.label_param) for a in GameSetup().assumptions()]
    return render(request, "mordor/index.html", {"assumptions": assumptions})


def keep_answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    check = services.run_keep_check(data)
    result = presenters.keep_answer(check, request)
    return {
        **result,
        "headline": result["summary"],
        "tone": "legal" if result["legal"] else "illegal",
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
    }
    query = dotted_query(question, MordorOddsRequestSerializer)
    return f"{reverse('mordor:odds')}?{query.urlencode(safe='.')}"


def _best_keep(data: dict[str, Any]) -> dict[str, Any] | None:
    """The keep of this roll with the best expected progress this turn (rules: Броски кубиков),
    when the roll is the turn's first (all five dice) and the place is known; the Nazgûl track
    is taken as empty, which the page says (the Odds page takes the player's own track)."""
    if not data.get("location") or len(data["rolled"]) < len(DIE_COLORS):
        return None
    question = {
        "position": LOCATIONS.index(data["location"]),
        "player_color": data["player_color"],
        "advanced": data.get("advanced", False),
        "goal": "progress",
        "policy": "optimal",
        "rolled": data["rolled"],
        "rerolled": data.get("rerolled", False),
    }
    _odds, advice, _journey = services.run_odds(question)
    ranked = presenters.advice_answer(advice, data["rolled"])
    return ranked["keeps"][0] if ranked and ranked["keeps"] else None


def resolve_answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    result, setup = services.run_resolve(data)
    answer = presenters.resolve_answer(result, setup, request)
    return {
        **answer,
        "headline": answer["summary"],
        "tone": "warn" if answer["game_over"] else "",
        "players_after": presenters.players_table(answer),
    }


def odds_answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    odds, advice, journey = services.run_odds(data)
    answer = presenters.odds_answer(odds, advice, data.get("rolled"), request, journey)
    return {
        **answer,
        "headline": answer["summary"],
        "charts": presenters.odds_charts(odds),
        "policies": [(policy_label(n), v) for n, v in answer["policy_values"].items()],
    }


def _page(form_class: type, template_name: str, title: Any, compute) -> Any:
    return CheckerPage.as_view(
        form_class=form_class, template_name=template_name, title=title, compute=compute
    )


keep_page = _page(
    forms.KeepForm, "mordor/keep.html", gettext_lazy("May I keep these dice?"), keep_answer
)
resolve_page = _page(
    forms.ResolveForm, "mordor/resolve.html", gettext_lazy("Resolve a turn"), resolve_answer
)
odds_page = _page(forms.OddsForm, "mordor/odds.html", gettext_lazy("Odds of a turn"), odds_answer)
