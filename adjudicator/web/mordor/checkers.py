"""Journey to Mordor's checkers, one declaration each (``adjudicator.web.checker.Checker``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample

from adjudicator.web.checker import Checker

from . import forms, presenters, services, views
from . import serializers as s
from .api import valid


def _resolve(result: tuple, request: Any) -> dict[str, Any]:
    return presenters.resolve_answer(*result, request)


def _odds(data: dict[str, Any]) -> tuple:
    return services.run_odds(data), data.get("rolled")


def _odds_answer(result: tuple, request: Any) -> dict[str, Any]:
    (odds, advice, journey), rolled = result
    return presenters.odds_answer(odds, advice, rolled, request, journey)


#: Every Journey to Mordor page is written from a skeleton (its templates' text outside their
#: slots reads the title alone: tests/web/test_checker_skeleton.py).
MORDOR = {"game": "mordor", "headline_alias": "summary", "skeleton": True}


def _options(operation_id: str, name: str, value: dict[str, Any]) -> dict[str, Any]:
    """The API's options of a Mordor checker: its operation id, a named example, and errors
    named as the engine names the fields."""
    return {
        "prefix": "",
        "operation_id": operation_id,
        "examples": [OpenApiExample(name, value=value, request_only=True)],
        "validate": valid,
    }


CHECKERS = (
    Checker(
        **MORDOR, name="keep", page="keep/", api="keep/check/", api_name="mordor-keep-check",
        view_name="KeepCheck",
        title=_("May I keep these dice?"),
        blurb=_("the keep rules after a roll, and every legal keep."),
        request=s.MordorKeepRequestSerializer, response=s.MordorKeepResponseSerializer,
        compute=services.run_keep_check, present=presenters.keep_answer,
        form=forms.KeepForm, template="mordor/keep.html", page_answer=views.keep_page_answer,
        description="May these dice be kept after this roll? Also lists every legal keep.",
        api_options=_options("mordor_keep_check", "Two rings and no Nazgûl", {
            "rolled": [
                {"face": "ring", "color": "black"},
                {"face": "ring", "color": "red"},
                {"face": "orc", "color": "yellow"},
                {"face": "nazgul", "color": "blue"},
                {"face": "gandalf", "color": "green"},
            ],
            "keep": [0, 1],
            "player_color": "red",
            "location": None,
            "advanced": False,
        }),
        questions=(
            "?face_black=ring&face_red=ring&face_yellow=orc&face_blue=nazgul"
            "&face_green=gandalf&player_color=red&keep_blue=on",
        ),
    ),
    Checker(
        **MORDOR, name="resolve", page="resolve/", api="resolve/", api_name="mordor-resolve",
        title=_("Resolve a turn"),
        blurb=_("rings, orcs and warriors, Nazgûl, Gandalf, elimination, the end of the game."),
        request=s.MordorResolveRequestSerializer, response=s.MordorResolveResponseSerializer,
        compute=services.run_resolve, present=_resolve,
        form=forms.ResolveForm, template="mordor/resolve.html",
        page_answer=views.resolve_page_answer,
        description="Apply the dice kept at the end of a turn to every player; elimination, end "
        "of game.",
        api_options=_options("mordor_resolve", "Sam's two Nazgûl", {
            "players": [
                {"color": "red", "position": 0},
                {"color": "blue", "position": 1, "nazgul_track": ["split_half", *["empty"] * 6]},
            ],
            "active": 0,
            "kept": [
                {"face": "nazgul", "color": "red"},
                {"face": "nazgul", "color": "blue"},
                {"face": "orc", "color": "black"},
                {"face": "gandalf", "color": "green"},
                {"face": "ring", "color": "yellow"},
            ],
        }),
        questions=(
            "?color_0=red&color_1=blue&position_1=1&track_1=h&active=0&kept_red=ring",
        ),
    ),
    Checker(
        **MORDOR, name="odds", page="odds/", api="odds/", api_name="mordor-odds",
        title=_("Odds of a turn"),
        blurb=_("exact chances of ring steps and Nazgûl marks, and the best keep policy."),
        request=s.MordorOddsRequestSerializer, response=s.MordorOddsResponseSerializer,
        compute=_odds, present=_odds_answer,
        form=forms.OddsForm, template="mordor/odds.html", page_answer=views.odds_page_answer,
        description="Exact odds of this turn under a keep policy, and the optimal policy's "
        "worth.",
        api_options=_options("mordor_odds", "Sam in Rohan, Merry also playing", {
            "position": 4,
            "player_color": "red",
            "other_colors": ["blue"],
            "advanced": True,
            "goal": "progress",
            "policy": "optimal",
        }),
        # The whole journey from place 2 (0.3 s of CPU): the page walks ask it in three
        # languages on two busy workers; from Bag End (1 s) it is asked once, in
        # tests/web/mordor/test_api.py.
        questions=(
            "?position=4&player_color=red",
            "?position=2&player_color=red&other_colors=blue&advanced=on&horizon=game"
            "&other_mark_chance=1/6",
        ),
    ),
)  # fmt: skip
