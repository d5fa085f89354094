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

from adjudicator.charts import bar_chart_svg
from adjudicator.formatting import percent
from adjudicator.games.wotr.board import CHARACTER_NAMES
from adjudicator.games.wotr.hunt_plan import FROM_NOW, Journey, cadence_count_of
from adjudicator.web.pages import CheckerPage

from . import forms, services


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


def _page(form_class, template_name: str, title, compute, chart) -> Callable[..., HttpResponse]:
    return CheckerPage.as_view(
        form_class=form_class,
        template_name=template_name,
        title=title,
        compute=compute,
        chart=chart,
    )


BATTLE_TITLE = gettext_lazy("Battle odds")
BATTLE_PLAN_TITLE = gettext_lazy("Battle planner: when to stop, what to lose, how many to bring")
FACTION_TITLE = gettext_lazy("Faction attack: the Dead and the Ents")
HUNT_TITLE = gettext_lazy("The Hunt for the Ring")
HUNT_TURN_TITLE = gettext_lazy("The Hunt over a turn of moves")
HUNT_PLAN_TITLE = gettext_lazy("Hunt advisor: how fast to go, whom to lose")
VICTORY_TITLE = gettext_lazy("Victory points and the winner")

battle_page = _page(
    forms.BattleForm, "wotr/battle.html", BATTLE_TITLE, services.run_battle, battle_chart
)
position_battle_page = _page(
    forms.PositionBattleForm,
    "wotr/battle.html",
    gettext_lazy("Battle odds from a position"),
    services.run_position_battle,
    battle_chart,
)


def battle_plan_answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    """The planner's answer with its values as the page says them."""
    answer = services.run_battle_plan(data, request)
    goal = answer["goal"]
    policies = dict(forms.POLICY_CHOICES)
    return {
        **answer,
        "value_text": services.goal_value(goal, answer["value"]),
        "end_text": services.goal_value(goal, answer["to_the_end"]),
        "policies": [
            {"label": policies[policy], "value": services.goal_value(goal, value)}
            for policy, value in answer["by_policy"].items()
        ],
    }


battle_plan_page = _page(
    forms.BattlePlanForm, "wotr/battle_plan.html", BATTLE_PLAN_TITLE, battle_plan_answer, None
)
faction_attack_page = _page(
    forms.FactionAttackForm,
    "wotr/faction.html",
    FACTION_TITLE,
    services.run_faction_attack,
    faction_chart,
)
hunt_page = _page(forms.HuntForm, "wotr/hunt.html", HUNT_TITLE, services.run_hunt, hunt_chart)
hunt_turn_page = _page(
    forms.HuntTurnForm, "wotr/hunt.html", HUNT_TURN_TITLE, services.run_hunt, hunt_turn_chart
)


def _companion(slug: str | None) -> str:
    return _("corruption") if slug is None else _(CHARACTER_NAMES[slug])


def hunt_plan_answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    """The advisor's answer with its chances as percentages and companions by name."""
    answer = services.run_hunt_plan(data, request)

    def plan(row: dict[str, Any]) -> dict[str, Any]:
        this_turn = row["this_turn"]
        return {
            **row,
            "percent": "—" if row["chance"] is None else percent(row["chance"]),
            "this_turn_percent": "—" if this_turn is None else percent(this_turn["probability"]),
            "name": _companion(row["companion"]),
        }

    made = data["fp_dice_in_box"]
    counted = Journey(fp_dice_in_box=made, cadence_count=cadence_count_of(data.get("readings", {})))
    return {
        **answer,
        "made_this_turn": made,
        "more_this_turn": counted.moves_left(answer["chosen"]["moves"]),
        "cadence_from_now": counted.cadence_count == FROM_NOW,
        "cadence_rows": [plan(row) for row in answer["cadences"]],
        "other_rows": [plan(row) for row in answer["others"]],
        "hit_rows": [
            {
                **hit,
                "tile_name": services.tile_name(hit["tile"]),
                "options": [
                    {**o, "percent": percent(o["chance"]), "name": _companion(o["lose"])}
                    for o in hit["options"]
                ],
            }
            for hit in answer["hits"]
        ],
    }


hunt_plan_page = _page(
    forms.HuntPlanForm, "wotr/hunt_plan.html", HUNT_PLAN_TITLE, hunt_plan_answer, None
)
victory_page = _page(
    forms.VictoryForm, "wotr/victory.html", VICTORY_TITLE, services.run_victory, victory_chart
)


def index(request: HttpRequest) -> HttpResponse:
    pages = [
        (
            BATTLE_TITLE,
            "wotr:battle",
            _("Exact odds of a battle, round by round or to the end, sieges included."),
        ),
        (
            BATTLE_PLAN_TITLE,
            "wotr:battle_plan",
            _("The attacker's best plan: cease or go on, casualties, the smallest army."),
        ),
        (
            FACTION_TITLE,
            "wotr:faction",
            _("The Dead or the Ents spending figures on 3 dice at 4+ against a Shadow army."),
        ),
        (
            HUNT_TITLE,
            "wotr:hunt",
            _("One hunt: success, tiles, damage, reveal and corruption, in Mordor too."),
        ),
        (
            HUNT_TURN_TITLE,
            "wotr:hunt_turn",
            _("Several moves in one turn: the chance the Ring-bearer survives them all."),
        ),
        (
            HUNT_PLAN_TITLE,
            "wotr:hunt_plan",
            _("The road to Mount Doom: moves a turn, waiting, separating, and how to take a hit."),
        ),
        (
            VICTORY_TITLE,
            "wotr:victory",
            _("Victory points and who wins, in the rulebook's order of conditions."),
        ),
    ]
    links = [{"title": t, "url": reverse(name), "description": d} for t, name, d in pages]
    return render(request, "wotr/index.html", {"pages": links})
