"""Names shown in forms and answers, translated (the engine's ids stay English)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from adjudicator.games.mordor.model import (
    COLOR_LABELS,
    FACE_LABELS,
    LOCATION_LABELS,
    Face,
)

#: The Nazgûl track typed as one character per square, left to right (blank: all empty).
TRACK_LETTERS = {
    ".": "empty",
    "x": "marked",
    "s": "split",
    "h": "split_half",
    "#": "split_marked",
}
FACE_NAMES = {
    Face.RING: pgettext_lazy("die face", "Ring"),
    Face.ORC: pgettext_lazy("die face", "Orc"),
    Face.WARRIOR: pgettext_lazy("die face", "Warrior"),
    Face.NAZGUL: pgettext_lazy("die face", "Nazgûl"),
    Face.GANDALF: pgettext_lazy("die face", "Gandalf"),
    Face.WHITE_TREE: pgettext_lazy("die face", "White Tree"),
}
FACE_BY_LABEL = {label: face for face, label in FACE_LABELS.items()}
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
    return str(FACE_NAMES[Face(face)])


def translated(text: str) -> str:
    """An engine label in the reader's language: a face's English name, or any N_() label."""
    face = FACE_BY_LABEL.get(text)
    return face_label(face) if face is not None else _(text)


def policy_label(policy: str) -> str:
    return str(POLICY_LABELS[policy])


def location_label(location: str) -> str:
    return _(LOCATION_LABELS[location])
