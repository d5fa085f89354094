"""The TCG calculators' answers as the API's response, in the request's language: the figures,
the headline (the first reason), then the envelope every checker gives (reasons, citations,
assumptions); and what the page adds (the other reasons, the two sides' totals as a chart)."""

import dataclasses
from typing import Any

from django.utils.translation import gettext as _

from adjudicator.charts import bar_chart_svg
from adjudicator.games.common import Answer
from adjudicator.games.tcg import calculators as calc
from cards_db.i18n import envelope


def answer_payload(answer: Answer, request: Any = None) -> dict[str, Any]:
    """Any calculator answer as JSON: the headline, its figures, then the envelope (reasons,
    citations, assumptions; ``explanation`` repeats the reasons for clients of the first API)."""
    common = envelope(answer, request)
    headline = common["reasons"][0]["message"] if common["reasons"] else ""
    if isinstance(answer, calc.Figures):
        return {"headline": headline, **answer.values, **common}
    figures = {
        f.name: _plain(getattr(answer, f.name))
        for f in dataclasses.fields(answer)
        if f.name not in {f.name for f in dataclasses.fields(Answer)}
    }
    return {"headline": headline, **figures, **common}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return dataclasses.asdict(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


def page_answer(answer: dict[str, Any], data: dict[str, Any], result: Any) -> dict[str, Any]:
    """The page's answer: the API's, with the two sides' totals as a chart."""
    return {**answer, "result_chart": _result_chart(answer)}


def _result_chart(result: dict[str, Any]) -> tuple[str, Any] | None:
    """(caption, SVG) comparing the two sides' totals, for skirmish and archery."""
    if "free_peoples_strength" in result:
        totals = (_("Total strength"), _("FP"), "free_peoples_strength", _("Sh"),
                  "shadow_strength", _("Free Peoples %(a)s, Shadow %(b)s"))  # fmt: skip
    elif "fellowship_total" in result:
        totals = (_("Archery totals"), _("FP"), "fellowship_total", _("Sh"), "minion_total",
                  _("Fellowship %(a)s, minions %(b)s"))  # fmt: skip
    else:
        return None
    title, first, first_key, second, second_key, caption = totals
    values = {"a": result[first_key], "b": result[second_key]}
    bars = [(first, values["a"]), (second, values["b"])]
    return f"{title}: {caption % values}", bar_chart_svg(bars, title=title, percent=False)
