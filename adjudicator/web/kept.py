"""Values kept per worker by key in a table of bounded size (the pages' skeletons, the moves
page's standard setup parts)."""

from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


def kept(table: dict[Hashable, T], key: Hashable, make: Callable[[], T], limit: int) -> T:
    """``table[key]``, made by ``make()`` when absent and kept while the table holds fewer than
    ``limit`` (past it, made afresh each time and not kept); of two threads making it at once,
    the first one's is kept and read by both."""
    found = table.get(key)
    if found is None:
        found = make()
        if len(table) < limit:
            found = table.setdefault(key, found)
    return found
