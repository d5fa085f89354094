"""Engine messages that stay translatable after their parameters are filled in.

``InvalidInput`` carries plain strings; a :class:`Message` *is* that string (the English text,
so everything reading it keeps working) and also remembers its ``N_()`` template and
parameters, so the web layer can show it in the user's language::

    Message(N_("must be between %(low)s and %(high)s"), low=0, high=12)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from adjudicator.games.common import N_


class Message(str):
    """An English message with its translatable template and parameters."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Message:
        message = super().__new__(cls, template % params if params else template)
        message.template = template
        message.params = params
        return message

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message in the language ``gettext`` translates to."""
        text = gettext(self.template)
        return text % self.params if self.params else text


def translate_problems(
    problems: Iterable[tuple[str, str]], gettext: Callable[[str], str]
) -> list[tuple[str, str]]:
    """``InvalidInput.problems`` with every :class:`Message` translated (others kept as is)."""
    return [
        (field, message.translated(gettext) if isinstance(message, Message) else message)
        for field, message in problems
    ]


def one_of(choices: Iterable[str]) -> Message:
    """``must be one of a, b, c``."""
    return Message(N_("must be one of %(choices)s"), choices=", ".join(choices))


def not_one_of(choices: Iterable[str], value: object) -> Message:
    """``must be one of a, b, c, not 'x'``."""
    return Message(
        N_("must be one of %(choices)s, not %(value)s"),
        choices=", ".join(choices),
        value=repr(value),
    )


def between(low: int, high: int) -> Message:
    """``must be between low and high``."""
    return Message(N_("must be between %(low)s and %(high)s"), low=low, high=high)
