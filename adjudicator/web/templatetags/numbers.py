"""Numbers of the odds pages written without a template node each: a row of chances in one cell
(``probabilities``), an exact fraction in a table's row (``exact_fraction``)."""

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.template.loader import get_template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def probabilities(rows: Iterable[Mapping[str, Any]], places: int) -> SafeString:
    """``{% for h in rows %}{{ h.probability|floatformat:places }}{% if not forloop.last %} ·
    {% endif %}{% endfor %}``, the same text: a battle's hits per round are a hundred numbers
    and more (issue 29)."""
    return mark_safe(" · ".join(floatformat(row["probability"], places) for row in rows))


@register.filter
def exact_fraction(exact: str) -> SafeString:
    """``{% include "wotr/_exact.html" with exact=exact testid="" %}``, the same text: a short
    fraction written here (the include costs more than the row), a long one (folded under its
    length in words) by the template."""
    if len(exact) <= 40:
        return format_html("<code>{}</code>\n", exact)
    return get_template("wotr/_exact.html").render({"exact": exact, "testid": ""})
