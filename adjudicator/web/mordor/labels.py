"""Names shown in forms and answers, translated (the engine's ids stay English)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudicator.games.mordor.model import (
    COLOR_LABELS,
    FACE_LABELS,
    LOCATION_LABELS,
    Face,
)

POLICY_LABELS = {
    "optimal": gettext_lazy("optimal"),
    "one_at_a_time": gettext_lazy("one die per roll"),
    "all_distinct": gettext_lazy("as many dice as allowed"),
}
GOAL_LABELS = {
    "progress": gettext_lazy("maximise expected progress"),
    "reach_mordor": gettext_lazy("maximise the chance to reach Mordor this turn"),
}


def color_label(color: str) -> str:
    return _(COLOR_LABELS[color])


def face_label(face: str) -> str:
    return _(FACE_LABELS[Face(face)])


def policy_label(policy: str) -> str:
    return str(POLICY_LABELS[policy])


def location_label(location: str) -> str:
    return _(LOCATION_LABELS[location])
