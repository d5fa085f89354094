"""Pages of War of the Ring: the index (from the registry), and what a checker page adds to the
API's answer (charts, figures in words); the pages themselves are declared in ``checkers.py``."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from adjudicator.charts import bar_chart_svg
from adjudicator.formatting import percent
from adjudicator.games.wotr.board import CHARACTER_NAMES
from adjudicator.games.wotr.hunt_plan import FROM_NOW

from . import forms, presenters


def _bars(items: list[dict[str, Any]], label: Callable[[dict[str, Any]], str]) -> list:
    """Each row's exact chance, or its float where the answer gives only that (a battle's end
    states, services.battle_answer)."""
    return [(label(item), _chance(item)) for item in items]


def _chance(item: dict[str, Any]) -> Fraction | float:
    return Fraction(item["exact"]) if "exact" in item else item["probability"]


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


def battle_plan_page_answer(answer: dict[str, Any], data: dict[str, Any], result) -> dict[str, Any]:
    """The planner's answer with its values as the page says them."""
    goal = answer["goal"]
    policies = dict(forms.POLICY_CHOICES)
    return {
        **answer,
        "value_text": presenters.goal_value(goal, answer["value"]),
        "end_text": presenters.goal_value(goal, answer["to_the_end"]),
        "policies": [
            {"label": policies[policy], "value": presenters.goal_value(goal, value)}
            for policy, value in answer["by_policy"].items()
        ],
    }


def _companion(slug: str | None) -> str:
    return _("corruption") if slug is None else _(CHARACTER_NAMES[slug])


def hunt_plan_page_answer(answer: dict[str, Any], data: dict[str, Any], result) -> dict[str, Any]:
    """The advisor's answer with its chances as percentages and companions by name."""

    def plan(row: dict[str, Any]) -> dict[str, Any]:
        this_turn = row["this_turn"]
        return {
            **row,
            "percent": "—" if row["chance"] is None else percent(row["chance"]),
            "this_turn_percent": "—" if this_turn is None else percent(this_turn["probability"]),
            "name": _companion(row["companion"]),
        }

    journey = result.journey  # the advice's journey: what its cadence counts
    return {
        **answer,
        "made_this_turn": journey.fp_dice_in_box,
        "more_this_turn": journey.moves_left(answer["chosen"]["moves"]),
        "cadence_from_now": journey.cadence_count == FROM_NOW,
        "cadence_rows": [plan(row) for row in answer["cadences"]],
        "other_rows": [plan(row) for row in answer["others"]],
        "hit_rows": [
            {
                **hit,
                "tile_name": presenters.tile_name(hit["tile"]),
                "options": [
                    {**o, "percent": percent(o["chance"]), "name": _companion(o["lose"])}
                    for o in hit["options"]
                ],
            }
            for hit in answer["hits"]
        ],
    }


def index(request: HttpRequest) -> HttpResponse:
    # Imported here: the registry reads this game's checkers.py, which reads this module.
    from adjudicator.web import registry

    others = [reverse("wotr-api-setup"), reverse("wotr-api-validate")]
    context = {"pages": registry.index_links("wotr"), "api": registry.api_paths("wotr") + others}
    return render(request, "wotr/index.html", context)
