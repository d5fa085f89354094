"""``probabilities``: a row of chances in one cell, without a loop of template nodes."""

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def probabilities(rows: Iterable[Mapping[str, Any]], places: int) -> SafeString:
    """``{% for h in rows %}{{ h.probability|floatformat:places }}{% if not forloop.last %} ·
    {% endif %}{% endfor %}``, the same text: a battle's hits per round are a hundred numbers
    and more (issue 29)."""
    return mark_safe(" · ".join(floatformat(row["probability"], places) for row in rows))
