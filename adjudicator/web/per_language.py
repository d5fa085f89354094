"""Values a page computes once per worker for each language, then reads from memory (issue 29):
what every reader in that language is shown alike (translated names in their order, plural
forms). Only for functions of the active language and their arguments, never of the request or
the database; a changed setting (a test's) forgets them all, as ``{% memo %}`` does.
"""

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

from django.core.signals import setting_changed
from django.dispatch import receiver

from adjudicator.request_locals import get_language

T = TypeVar("T")
_caches: list[Any] = []


def per_language(function: Callable[..., T] | None = None, *, maxsize: int | None = None) -> Any:
    """``function(*args)`` kept per active language and arguments (hashable ones); with
    ``maxsize``, at most that many (the least recently read forgotten first)."""
    if function is None:
        return lambda function: per_language(function, maxsize=maxsize)

    @lru_cache(maxsize=maxsize)
    def kept(_language: str | None, *args: Any) -> T:
        return function(*args)

    _caches.append(kept)

    @wraps(function)
    def read(*args: Any) -> T:
        return kept(get_language(), *args)

    return read


@receiver(setting_changed)
def _forget(**_kwargs: Any) -> None:
    for kept in _caches:
        kept.cache_clear()
