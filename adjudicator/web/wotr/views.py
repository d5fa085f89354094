"""Pages: the index and one form per question, answered by the same services as the API."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from adjudicator.charts import bar_chart_svg
from adjudicator.games.common import InvalidInput

from . import forms, services


def _bars(items: list[dict[str, Any]], label: Callable[[dict[str, Any]], str]) -> list:
    return [(label(item), Fraction(item["exact"])) for item in items]


def _chart(bars: list, title: str) -> dict[str, Any]:
    """The SVG and its title, which the page shows as the figure's visible caption."""
    return {"title": title, "svg": bar_chart_svg(bars, title=title)}


def battle_chart(answer: dict[str, Any]):
    outcomes = answer["outcomes"][:12]
    return _chart(
        _bars(
            outcomes,
            lambda o: "{}/{}–{}/{}".format(
                o["attacker"]["regular"],
                o["attacker"]["elite"],
                o["defender"]["regular"],
                o["defender"]["elite"],
            ),
        ),
        title=_("Likeliest end states (attacker regular/elite – defender regular/elite)"),
    )


def faction_chart(answer: dict[str, Any]):
    return _chart(
        _bars(answer["damage"], lambda d: str(d["value"])), title=_("Hits the army takes")
    )


def hunt_chart(answer: dict[str, Any]):
    return _chart(
        _bars(answer["corruption"], lambda d: str(d["value"])),
        title=_("Corruption afterwards"),
    )


def hunt_turn_chart(answer: dict[str, Any]):
    return _chart(
        _bars(answer["per_move"], lambda d: _("move %(n)s") % {"n": d["move"]}),
        title=_("The Ring-bearer still uncorrupted after each move"),
    )


def victory_chart(answer: dict[str, Any]):
    return _chart(
        [
            (_("Shadow"), min(Fraction(answer["shadow_vp"], 10), Fraction(1))),
            (_("Free Peoples"), min(Fraction(answer["free_peoples_vp"], 4), Fraction(1))),
        ],
        title=_("Share of the points needed to win (Shadow 10, Free Peoples 4)"),
    )


class AnswerPage(View):
    """A GET form: unbound shows the form; bound shows the answer below the kept values.

    Invalid input (the form's or the engine's) re-renders with the errors and status 400.
    """

    form_class: type = forms.BattleForm
    template_name = ""
    title: Any = ""
    compute: Callable[..., dict[str, Any]] = staticmethod(services.run_battle)
    chart: Callable[[dict[str, Any]], Any] = staticmethod(battle_chart)

    def get(self, request: HttpRequest) -> HttpResponse:
        bound = bool(request.GET)
        form = self.form_class(request.GET) if bound else self.form_class()
        context: dict[str, Any] = {"form": form, "title": self.title}
        status = 200
        if bound:
            answer = None
            if form.is_valid():
                try:
                    answer = self.compute(form.as_request(), request)
                except InvalidInput as error:
                    form.add_engine_errors(error.problems)
            if answer is None:
                status = 400
            else:
                context.update(answer=answer, chart=self.chart(answer))
        return render(request, self.template_name, context, status=status)


class BattlePage(AnswerPage):
    form_class = forms.BattleForm
    template_name = "wotr/battle.html"
    title = gettext_lazy("Battle odds")
    compute = staticmethod(services.run_battle)
    chart = staticmethod(battle_chart)


class PositionBattlePage(AnswerPage):
    form_class = forms.PositionBattleForm
    template_name = "wotr/battle.html"
    title = gettext_lazy("Battle odds from a position")
    compute = staticmethod(services.run_position_battle)
    chart = staticmethod(battle_chart)


class FactionAttackPage(AnswerPage):
    form_class = forms.FactionAttackForm
    template_name = "wotr/faction.html"
    title = gettext_lazy("Faction attack: the Dead and the Ents")
    compute = staticmethod(services.run_faction_attack)
    chart = staticmethod(faction_chart)


class HuntPage(AnswerPage):
    form_class = forms.HuntForm
    template_name = "wotr/hunt.html"
    title = gettext_lazy("The Hunt for the Ring")
    compute = staticmethod(services.run_hunt)
    chart = staticmethod(hunt_chart)


class HuntTurnPage(AnswerPage):
    form_class = forms.HuntTurnForm
    template_name = "wotr/hunt.html"
    title = gettext_lazy("The Hunt over a turn of moves")
    compute = staticmethod(services.run_hunt)
    chart = staticmethod(hunt_turn_chart)


class VictoryPage(AnswerPage):
    form_class = forms.VictoryForm
    template_name = "wotr/victory.html"
    title = gettext_lazy("Victory points and the winner")
    compute = staticmethod(services.run_victory)
    chart = staticmethod(victory_chart)


def index(request: HttpRequest) -> HttpResponse:
    pages = [
        (
            BattlePage.title,
            "wotr:battle",
            _("Exact odds of a battle, round by round or to the end, sieges included."),
        ),
        (
            FactionAttackPage.title,
            "wotr:faction",
            _("The Dead or the Ents spending figures on 3 dice at 4+ against a Shadow army."),
        ),
        (
            HuntPage.title,
            "wotr:hunt",
            _("One hunt: success, tiles, damage, reveal and corruption, in Mordor too."),
        ),
        (
            HuntTurnPage.title,
            "wotr:hunt_turn",
            _("Several moves in one turn: the chance the Ring-bearer survives them all."),
        ),
        (
            VictoryPage.title,
            "wotr:victory",
            _("Victory points and who wins, in the rulebook's order of conditions."),
        ),
    ]
    links = [{"title": t, "url": reverse(name), "description": d} for t, name, d in pages]
    return render(request, "wotr/index.html", {"pages": links})
