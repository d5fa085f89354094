"""Translate the engine's messages (``N_`` strings with parameters) for the request's language."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from adjudicator.citations import answer_payload, translate_message
from adjudicator.games.common import Answer

TRANSLATED_PARAMS = {"side", "format"}


def translated_param(key: str, value: Any) -> Any:
    """Parameters named in TRANSLATED_PARAMS (a side, a format name) are translated too."""
    return gettext(value) if key in TRANSLATED_PARAMS else value


def envelope(answer: Answer, request: Any = None) -> dict[str, Any]:
    """A TCG answer's envelope in the reader's language: reasons, citations, assumptions, and
    ``explanation``, the first API's name for the reasons, kept as a copy."""
    shown = answer_payload(answer, request, translated_param)
    return {**shown, "explanation": shown["reasons"]}


def tr(message: str, params: Mapping[str, Any] | None = None) -> str:
    """``gettext(message) % params``, the parameters in TRANSLATED_PARAMS translated too."""
    return translate_message(message, params, translated_param)
