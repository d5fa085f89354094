"""Numbers of the odds pages written without a template node each: a row of chances in one cell
(``probabilities``), an exact fraction in a table's row (``exact_fraction``), a headline
chance's row (``probability_row``)."""

from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.utils.formats import get_format, localize
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext

from adjudicator.web.per_language import per_language

register = template.Library()

#: Django's floatformat returns a value of more digits and exponent than this as it is.
FLOATFORMAT_DIGITS = 200
#: Quantums of the places ``chance`` writes itself (Django's floatformat writes more as it does).
_STEPS = {places: Decimal(1).scaleb(-places) for places in range(1, 7)}


@per_language
def _decimal_separator() -> str:
    return get_format("DECIMAL_SEPARATOR")


@register.filter
def chance(value: Any, places: int) -> str:
    """``value|floatformat:places`` for a chance (a float from 0 to 1, 1 to 6 places), the same
    text written in a few microseconds instead of tens: the repr's decimal rounded half up,
    with the language's decimal separator (no grouping below 1). Anything else is Django's
    (-0.0; below 1e-180 floatformat writes the repr as it is)."""
    if type(value) is float and 0.0 <= value <= 1.0 and places in _STEPS:
        exact = Decimal(repr(value))
        _sign, digits, exponent = exact.as_tuple()
        if not exact.is_signed() and len(digits) + abs(exponent) <= FLOATFORMAT_DIGITS:
            text = str(exact.quantize(_STEPS[places], ROUND_HALF_UP))
            return mark_safe(text.replace(".", _decimal_separator()))
    return floatformat(value, places)


@register.filter
def probabilities(rows: Iterable[Mapping[str, Any]], places: int) -> SafeString:
    """``{% for h in rows %}{{ h.probability|floatformat:places }}{% if not forloop.last %} ·
    {% endif %}{% endfor %}``, the same text: a battle's hits per round are a hundred numbers
    and more (issue 29)."""
    return mark_safe(" · ".join(chance(row["probability"], places) for row in rows))


@register.filter
def exact_fraction(exact: str, testid: str = "") -> SafeString:
    """``{% include "wotr/_exact.html" with exact=exact testid=testid %}``, the same text
    (the include cost more than the row): a long fraction folded under its length in words
    (the template's ``blocktranslate count``: the count localized, the message not escaped)."""
    code = format_html('<code data-testid="{}">', testid) if testid else "<code>"
    if len(exact) > 40:
        digits = len(exact)
        words = ngettext(
            "exact fraction (%(digits)s character)",
            "exact fraction (%(digits)s characters)",
            digits,
        ) % {"digits": conditional_escape(localize(digits))}
        return mark_safe(
            f'<details class="exact-long"><summary>{words}</summary>'
            f"{code}{conditional_escape(exact)}</code></details>\n"
        )
    return mark_safe(f"{code}{conditional_escape(exact)}</code>\n")


@register.simple_tag
def probability_row(label: str, p: Mapping[str, Any], testid: str = "") -> SafeString:
    """A headline chance in a table's row: its label, the chance to 4 places and its exact
    fraction (``exact_fraction``, under ``testid``); it was a template include per row."""
    return format_html(
        '<tr><th scope="row">{}</th><td class="num">{}<br><span class="exact-inline">{}</span>'
        "</td></tr>\n",
        label, chance(p["probability"], 4), exact_fraction(p["exact"], testid),
    )  # fmt: skip


@register.filter
def outcome_rows(outcomes: Iterable[Mapping[str, Any]]) -> SafeString:
    """The battle's end states, a table row each (armies left, chance, exact fraction): the
    same text as a loop of template nodes per row, a hundred rows and more (issue 29)."""
    return mark_safe("".join(
        format_html(
            '<tr><td>{}/{}</td><td>{}/{}</td><td class="num">{}{}</td></tr>',
            o["attacker"]["regular"], o["attacker"]["elite"],
            o["defender"]["regular"], o["defender"]["elite"], chance(o["probability"], 4),
            format_html('<br><span class="exact-inline">{}</span>', exact_fraction(o["exact"]))
            if o.get("exact") else "",
        )
        for o in outcomes
    ))  # fmt: skip


@register.filter
def distribution_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """A distribution's rows (value, chance, exact fraction), the same text as a loop of
    template nodes per row: a hunt page shows three or four tables of them (issue 29)."""
    return mark_safe("".join(
        f'<tr><td>{conditional_escape(localize(row["value"]))}</td><td class="num">'
        f'{chance(row["probability"], 4)}<br><span class="exact-inline">'
        f'{exact_fraction(row["exact"])}</span></td></tr>'
        for row in rows
    ))  # fmt: skip
