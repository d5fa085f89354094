"""Pages of Wojna o Pierścień: the index (from the registry), the tables editor, and what a
calculator's page adds to the API's answer; the calculators are declared in ``checkers.py``."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _

from adjudicator.games.common import InvalidInput, translate_problems

from . import forms, selectors
from .api import tables_message


def index(request: HttpRequest) -> HttpResponse:
    # Imported here: the registry reads this game's checkers.py, which reads this module.
    from adjudicator.web import registry

    counts = selectors.table_counts()
    return render(
        request,
        "wojna/index.html",
        {
            "calculators": registry.index_links("wojna"),
            "counts": counts,
            "tables_message": tables_message(counts),
        },
    )


def page_answer(chart: Callable[[Any], list]) -> Callable[..., dict[str, Any]]:
    """What a calculator's page shows: the API's answer whole (``result``), its headline first,
    the charts of the engine's answer, and whether a table the answer needs is missing."""

    def answer(result: dict[str, Any], data: dict[str, Any], computed: Any) -> dict[str, Any]:
        return {
            "headline": result["headline"],
            "needs_tables": any(
                r.get("code") in ("table_missing", "table_incomplete")
                for r in result.get("reasons", [])
            ),
            "result": result,
            "charts": chart(computed),
            "reasons": result.get("reasons", []),
            "assumptions": result.get("assumptions", []),
            "citations": result.get("citations", []),
            "readings": result.get("readings", []),
        }

    return answer


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
