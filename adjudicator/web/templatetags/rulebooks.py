"""Template filters about the rulebooks that answers cite."""

from collections.abc import Iterable, Mapping
from typing import Any

from django import template

from rules_corpus.parsing.manifest import manifest

register = template.Library()


@register.filter
def rulebook_language(slug: str) -> str:
    """The language a rulebook is written in ("ru", "pl"), for the ``lang`` of its titles."""
    entry = manifest().get(slug)
    return entry.language if entry else ""


@register.filter
def citations_key(citations: Iterable[Mapping[str, Any]]) -> tuple[tuple[Any, ...], ...]:
    """All that ``includes/citations.html`` shows of ``citations``: the key its rendering is
    kept under (``{% memo %}``, per language; issue 29)."""
    shown = ("rulebook", "url", "title", "section")
    return tuple(tuple(c.get(k) for k in shown) for c in citations)
