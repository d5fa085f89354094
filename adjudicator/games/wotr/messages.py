"""War of the Ring's common engine messages (:class:`~adjudicator.games.common.Message`)."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.games.common import N_, Message, translate_problems

__all__ = ["Message", "between", "not_one_of", "one_of", "translate_problems"]


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


def too_many(count: int, most: int) -> Message:
    """``has N entries; at most M``: a list or object refused whole for its size."""
    return Message(N_("has %(count)s entries; at most %(most)s"), count=count, most=most)
