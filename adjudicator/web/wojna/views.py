"""Pages of Wojna o Pierścień: the index and one form per calculator (GET, shareable links)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from adjudicator.games.common import InvalidInput, translate_problems
from adjudicator.web.pages import CheckerPage

from . import charts, forms, presenters, selectors, services
from .api import tables_message


@dataclass(frozen=True)
class Calculator:
    """One calculator page: its Polish title first, its form, engine call, answer and chart."""

    slug: str
    title_pl: str
    title: Promise
    description: Promise
    form: Callable[..., Any]
    compute: Callable[[Any], Any]
    present: Callable[[Any, Any], dict[str, Any]]
    chart: Callable[[Any], list]
    result_template: str

    @property
    def url(self) -> str:
        return reverse(f"wojna:{self.slug.replace('-', '_')}")


CALCULATORS = (
    Calculator(
        "battle",
        "Bitwa",
        _("Battle"),
        _("Force ratio, automatic removal at 10:1, the modified die, losses."),
        forms.BattleForm,
        services.run_battle,
        presenters.battle_answer,
        charts.battle_chart,
        "wojna/results/battle.html",
    ),
    Calculator(
        "ratio-plan",
        "Bitwa: ile sił więcej",
        _("Battle: what more strength buys"),
        _("Each better force-ratio column: the least strength for it and the round's odds there."),
        forms.RatioPlanForm,
        services.run_ratio_plan,
        presenters.ratio_plan_answer,
        charts.ratio_plan_chart,
        "wojna/results/ratio_plan.html",
    ),
    Calculator(
        "tests",
        "Niewola, Ucieczka, Pierścień",
        _("Capture, escape, taking the Ring off"),
        _("Exact odds of a die test, per attempt and over several attempts."),
        forms.DieTestForm,
        services.run_die_test,
        presenters.attempt_odds,
        charts.attempts_chart,
        "wojna/results/tests.html",
    ),
    Calculator(
        "duel",
        "Pojedynek",
        _("Duel"),
        _("Morale + Odwaga − wounds, attacker minus defender; wounds; a fight to the end."),
        forms.DuelForm,
        services.run_duel,
        presenters.duel_answer,
        charts.duel_chart,
        "wojna/results/duel.html",
    ),
    Calculator(
        "search",
        "Faza Poszukiwań",
        _("Search phase"),
        _("Search points, the odds of finding a character and of capturing it."),
        forms.SearchForm,
        services.run_search,
        presenters.search_answer,
        charts.search_chart,
        "wojna/results/search.html",
    ),
    Calculator(
        "wounds",
        "Odporność: rany i kółka",
        _("Wounds and circles"),
        _("Crosses, strokes and circles: alive, dead, a Ringwraith, unable to duel."),
        forms.WoundsForm,
        services.run_wounds,
        presenters.wounds_answer,
        charts.no_chart,
        "wojna/results/wounds.html",
    ),
    Calculator(
        "ringwraith",
        "Upiór Pierścienia",
        _("Becoming a Ringwraith"),
        _("Wearing the Ring: taking it off in time, or turning."),
        forms.RingwraithForm,
        services.run_ringwraith,
        presenters.ringwraith_answer,
        charts.ringwraith_chart,
        "wojna/results/ringwraith.html",
    ),
    Calculator(
        "ring-inheritance",
        "Pierścień: kto go przejmuje",
        _("Who takes the Ring"),
        _("After the bearer's death, in the order the text gives."),
        forms.InheritanceForm,
        services.run_inheritance,
        presenters.inheritance_answer,
        charts.no_chart,
        "wojna/results/inheritance.html",
    ),
    Calculator(
        "ring-destruction",
        "Zniszczenie Pierścienia",
        _("Destroying the Ring"),
        _("Hex 4129 (Orodruina), the Ring not worn."),
        forms.DestructionForm,
        services.run_destruction,
        presenters.destruction_answer,
        charts.no_chart,
        "wojna/results/destruction.html",
    ),
    Calculator(
        "gollum",
        "Gollum w Fazie Pierścienia",
        _("Gollum's side"),
        _("Who controls Gollum this stage."),
        forms.GollumForm,
        services.run_gollum,
        presenters.gollum_answer,
        charts.gollum_chart,
        "wojna/results/gollum.html",
    ),
)


def index(request: HttpRequest) -> HttpResponse:
    counts = selectors.table_counts()
    return render(
        request,
        "wojna/index.html",
        {"calculators": CALCULATORS, "counts": counts, "tables_message": tables_message(counts)},
    )


def calculator_answer(calculator: Calculator) -> Callable[..., dict[str, Any]]:
    """The calculator's engine answer as the checker page shows it: its summary first."""

    def answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
        computed = calculator.compute(data)
        result = calculator.present(computed, request)
        return {
            "headline": result["summary"],
            "needs_tables": any(
                r.get("code") in ("table_missing", "table_incomplete")
                for r in result.get("reasons", [])
            ),
            "result": result,
            "charts": calculator.chart(computed),
            "reasons": result.get("reasons", []),
            "assumptions": result.get("assumptions", []),
            "citations": result.get("citations", []),
            "readings": result.get("readings", []),
        }

    return answer


def calculator_page(calculator: Calculator) -> Callable[..., HttpResponse]:
    return CheckerPage.as_view(
        form_class=calculator.form,
        template_name="wojna/calculator.html",
        title=calculator.title,
        compute=calculator_answer(calculator),
        extra_context={"calculator": calculator},
    )


def tables_editor(request: HttpRequest) -> HttpResponse:
    """Tabele i zestawienia typed in from the player's own copy, checked and saved whole: on any
    problem nothing changes and each problem names its table and line."""
    columns = {name: spec[2] for name, spec in selectors.TABLES.items()}
    if request.method == "POST":
        form = forms.TablesForm(columns, request.POST)
        if form.is_valid():
            rows = form.rows()
            try:
                selectors.check_tables(rows)
            except InvalidInput as invalid:
                form.add_table_problems(translate_problems(invalid.problems, _))
            if not form.errors:
                selectors.replace_tables(rows)
                messages.success(request, _("Tables saved."))
                return redirect("wojna:tables")
        status = 400
    else:
        initial = {
            name: forms.table_text(selectors.table_rows(name), cols)
            for name, cols in columns.items()
        }
        form = forms.TablesForm(columns, initial=initial)
        status = 200
    counts = selectors.table_counts()
    context = {"form": form, "counts": counts, "tables_message": tables_message(counts)}
    return render(request, "wojna/tables.html", context, status=status)
