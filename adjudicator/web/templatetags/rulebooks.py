"""Template filters about the rulebooks that answers cite."""

from django import template

from rules_corpus.parsing.manifest import manifest

register = template.Library()


@register.filter
def rulebook_language(slug: str) -> str:
    """The language a rulebook is written in ("ru", "pl"), for the ``lang`` of its titles."""
    entry = manifest().get(slug)
    return entry.language if entry else ""
