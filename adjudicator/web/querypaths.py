"""A page link's query read into the API request's shape, without Django.

The pages (``adjudicator.web.pages.nested_query``, the forms) and the offline odds page's code
in the browser (``adjudicator.web.offline_odds.browser``, under Pyodide, where Django does not
run; ``build.engine_zip`` ships this module because the browser code imports it) read a link
the same way, with this code: inputs are named by the API's dotted paths
(``attacker.regular=10`` → ``{"attacker": {"regular": 10}}``), items of a list by their index
(``rolled.0.face=ring``), and a list typed in one input as items separated by commas or
semicolons (the hunt's drawn tiles).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any


def nest(items: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """Values by their dotted path as nested mappings: ``("attacker.regular", 10)`` →
    ``{"attacker": {"regular": 10}}``; a key named both as a value and as a path is what was
    given last."""
    root: dict[str, Any] = {}
    for key, value in items:
        *parents, leaf = key.split(".")
        node = root
        for parent in parents:
            if not isinstance(node.get(parent), dict):
                node[parent] = {}
            node = node[parent]
        node[leaf] = value
    return root


def as_lists(node: Any) -> Any:
    """Mappings keyed 0, 1, 2... as lists, in index order (at every depth)."""
    if not isinstance(node, dict):
        return node
    items = {key: as_lists(value) for key, value in node.items()}
    if items and all(key.isdigit() for key in items):
        return [items[key] for key in sorted(items, key=int)]
    return items


def nested_values(query: Iterable[tuple[str, list[str]]]) -> dict[str, Any]:
    """A query's (key, its values) in the API request's shape, values kept as text: a key given
    once is its value, several times a list; ``rolled.0.face=ring`` → ``{"rolled": [{"face":
    "ring"}]}``."""
    return as_lists(nest((key, values if len(values) > 1 else values[0]) for key, values in query))


def listed(text: str) -> list[str]:
    """A list typed in one input: its items, separated by commas or semicolons, trimmed."""
    return [item.strip() for item in re.split(r"[,;]", text) if item.strip()]


CHECKBOX_WORDS = {"true": True, "false": False}
"""What a checkbox's value reads as besides "any text is ticked" (Django's ``CheckboxInput``)."""
WHOLE_NUMBER_END = re.compile(r"\.0*\s*$")
"""What Django's ``IntegerField`` drops from the end of a whole number (``3.0`` is 3)."""


def checkbox(values: list[str]) -> bool:
    """A checkbox from a query's values for it, as Django's ``CheckboxInput`` and
    ``BooleanField`` read it: the last value; ``true``/``false`` in any case, otherwise ticked
    when not empty (``0`` too: Django's widget reads it so before its field can)."""
    if not values:
        return False
    value = CHECKBOX_WORDS.get(values[-1].lower(), values[-1])
    return bool(value)


def whole_number(text: str) -> int | None:
    """A whole number typed in an input, as Django's ``IntegerField`` reads it: None when empty,
    ``3.0`` and ``3.`` as 3, Python's ``int`` otherwise (``ValueError`` when it is none)."""
    if text == "":
        return None
    return int(WHOLE_NUMBER_END.sub("", text))
