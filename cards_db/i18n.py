"""Translate the engine's messages (``N_`` strings with parameters) for the request's language."""

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from adjudicator.games.common import InvalidInput

TRANSLATED_PARAMS = {"side", "format"}


def tr(message: str, params: Mapping[str, Any] | None = None) -> str:
    """``gettext(message) % params`` (parameters named in TRANSLATED_PARAMS translated too)."""
    if not params:
        return gettext(message)
    values = {k: gettext(v) if k in TRANSLATED_PARAMS else v for k, v in params.items()}
    return gettext(message) % values


def translated_input_error(error: InvalidInput) -> InvalidInput:
    """The same problems with their messages in the current language."""
    return InvalidInput([(field, gettext(message)) for field, message in error.problems])


@contextmanager
def language(code: str | None) -> Iterator[None]:
    """Answer in ``code`` when it is a site language; otherwise keep the request's language."""
    if code and code in dict(settings.LANGUAGES):
        with translation.override(code):
            yield
    else:
        yield
