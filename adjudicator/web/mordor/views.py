"""Pages of Journey to Mordor: the index and one GET form per tool (shareable links)."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor.model import GameSetup

from . import forms, presenters, services
from .labels import policy_label
from .presenters import message


def index(request: HttpRequest) -> HttpResponse:
    """What the tools answer, and the assumptions they all make."""
    assumptions = [message(a) for a in GameSetup().assumptions()]
    return render(request, "mordor/index.html", {"assumptions": assumptions})


class ToolView(View):
    """A form page: unbound without parameters; bound, it shows the answer or a 400."""

    form_class: type[forms.MordorBaseForm]
    template_name: str

    def answer(self, request: HttpRequest, data: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def get(self, request: HttpRequest) -> HttpResponse:
        form = self.form_class(request.GET or None)
        context: dict[str, Any] = {"form": form}
        status = 200
        if form.is_bound:
            try:
                if form.is_valid():
                    context.update(self.answer(request, form.cleaned_data["request"]))
            except InvalidInput as invalid:
                form.add_engine_errors(invalid.problems)
            if form.errors:
                status = 400
                context.pop("result", None)
        return render(request, self.template_name, context, status=status)


class KeepView(ToolView):
    form_class = forms.KeepForm
    template_name = "mordor/keep.html"

    def answer(self, request: HttpRequest, data: dict[str, Any]) -> dict[str, Any]:
        check = services.run_keep_check(data)
        return {
            "result": presenters.keep_answer(check, request),
            "keeps": presenters.keep_descriptions(data["rolled"], check.legal_keeps),
        }


class ResolveView(ToolView):
    form_class = forms.ResolveForm
    template_name = "mordor/resolve.html"

    def answer(self, request: HttpRequest, data: dict[str, Any]) -> dict[str, Any]:
        result, setup = services.run_resolve(data)
        answer = presenters.resolve_answer(result, setup, request)
        return {"result": answer, "players": presenters.players_table(answer)}


class OddsView(ToolView):
    form_class = forms.OddsForm
    template_name = "mordor/odds.html"

    def answer(self, request: HttpRequest, data: dict[str, Any]) -> dict[str, Any]:
        odds, advice, journey = services.run_odds(data)
        answer = presenters.odds_answer(odds, advice, data.get("rolled"), request, journey)
        return {
            "result": answer,
            "charts": presenters.odds_charts(odds),
            "policies": [(policy_label(n), v) for n, v in answer["policy_values"].items()],
        }
