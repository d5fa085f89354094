"""Numbers of the odds pages written without a template node each: a row of chances in one cell
(``probabilities``), an exact fraction in a table's row (``exact_fraction``), a headline
chance's row (``probability_row``)."""

import html
from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django import template
from django.conf import settings
from django.template.defaultfilters import floatformat
from django.utils.formats import get_format, localize
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from adjudicator.web.form_rendering import escaped
from adjudicator.web.per_language import per_language
from adjudicator.web.templatetags.fields import as_in_template

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
    if type(value) is float and _FAST_LEAST <= value <= 1.0 and places in _STEPS:
        return mark_safe(_chance_text(value, places, _decimal_separator()))
    if type(value) is float and 0.0 <= value <= 1.0 and places in _STEPS:
        exact = Decimal(repr(value))
        _sign, digits, exponent = exact.as_tuple()
        if not exact.is_signed() and len(digits) + abs(exponent) <= FLOATFORMAT_DIGITS:
            text = str(exact.quantize(_STEPS[places], ROUND_HALF_UP))
            return mark_safe(text.replace(".", _decimal_separator()))
    return floatformat(value, places)


@register.filter
def decimals(value: Any, places: int) -> str:
    """``value|floatformat:places`` for a float from 0 to 1,000 (an expected count), written
    as ``chance`` writes a chance: below 1,000 no grouping applies."""
    if type(value) is float and _FAST_LEAST <= value < 1000 and places in _STEPS:
        return mark_safe(_chance_text(value, places, _decimal_separator()))
    return chance(value, places)


#: From here to 1,000 a float's repr is at most 17 digits with an exponent above -120: within
#: floatformat's FLOATFORMAT_DIGITS, so the quick branches need not count them.
_FAST_LEAST = 1e-100


def _chance_text(value: float, places: int, separator: str) -> str:
    """``chance`` of a float from _FAST_LEAST to 1 (the rows' numbers, the separator read once
    for all of them)."""
    return str(Decimal(repr(value)).quantize(_STEPS[places], ROUND_HALF_UP)).replace(".", separator)


def _chance_in(value: Any, places: int, separator: str) -> str:
    """``chance(value, places)``, the commonest floats without asking the separator again."""
    if type(value) is float and _FAST_LEAST <= value <= 1.0 and places in _STEPS:
        return _chance_text(value, places, separator)
    return chance(value, places)


def _cell(value: Any, grouped: bool) -> str:
    """``{{ value }}`` of a table's cell (``conditional_escape(localize(value))``), a whole
    number or a text written directly; ``grouped``: ``settings.USE_THOUSAND_SEPARATOR``, read
    once a table (a setting read costs a microsecond: a battle's end states are 4 cells a row)."""
    kind = type(value)
    if kind is int and not grouped:
        return str(value)  # localize's own answer for it
    if kind is str:
        return html.escape(value)
    return conditional_escape(localize(value))


@register.filter
def probabilities(rows: Iterable[Mapping[str, Any]], places: int) -> SafeString:
    """``{% for h in rows %}{{ h.probability|floatformat:places }}{% if not forloop.last %} ·
    {% endif %}{% endfor %}``, the same text: a battle's hits per round are a hundred numbers
    and more (issue 29)."""
    separator = _decimal_separator()
    return mark_safe(
        " · ".join([_chance_in(row["probability"], places, separator) for row in rows])
    )


@register.filter
def round_rows(rounds: Iterable[Mapping[str, Any]]) -> SafeString:
    """A battle's hits per round, a table row each (the round, the chance to reach it, each
    side's chances of 0 to 5 hits): the same text as its template loop (issue 29)."""
    separator, grouped = _decimal_separator(), settings.USE_THOUSAND_SEPARATOR
    return mark_safe("".join([
        f"<tr><td>{_cell(r['round'], grouped)}</td>"
        f"<td>{_chance_in(r['reached']['probability'], 4, separator)}</td>\n"
        f"    <td>{probabilities(r['attacker_hits'], 3)}</td>\n"
        f"    <td>{probabilities(r['defender_hits'], 3)}</td></tr>"
        for r in rounds
    ]))  # fmt: skip


@per_language(maxsize=1024)
def _long_fraction(digits: int) -> str:
    """A long exact fraction's fold and its length in words (the template's ``blocktranslate
    count``: the count localized, the message not escaped), kept per language and length (at
    most 1,024 of them, about 200 KB)."""
    words = ngettext(
        "exact fraction (%(digits)s character)",
        "exact fraction (%(digits)s characters)",
        digits,
    ) % {"digits": conditional_escape(localize(digits))}
    return f'<details class="exact-long"><summary>{words}</summary>'


@register.filter
def exact_fraction(exact: str, testid: str = "") -> SafeString:
    """``{% include "wotr/_exact.html" with exact=exact testid=testid %}``, the same text
    (the include cost more than the row): a long fraction folded under its length in words."""
    code = format_html('<code data-testid="{}">', testid) if testid else "<code>"
    if len(exact) > 40:
        return mark_safe(f"{_long_fraction(len(exact))}{code}{escaped(exact)}</code></details>\n")
    return mark_safe(f"{code}{escaped(exact)}</code>\n")


@register.simple_tag
def probability_row(label: str, p: Mapping[str, Any], testid: str = "") -> SafeString:
    """A headline chance in a table's row: its label, the chance to 4 places and its exact
    fraction (``exact_fraction``, under ``testid``); it was a template include per row."""
    return mark_safe(
        f'<tr><th scope="row">{conditional_escape(label)}</th><td class="num">'
        f'{chance(p["probability"], 4)}<br><span class="exact-inline">'
        f"{exact_fraction(p['exact'], testid)}</span></td></tr>\n"
    )


@register.filter
def outcome_rows(outcomes: Iterable[Mapping[str, Any]]) -> SafeString:
    """The battle's end states, a table row each (armies left, chance, exact fraction): the
    same text as a loop of template nodes per row, a hundred rows and more (issue 29)."""
    separator, grouped = _decimal_separator(), settings.USE_THOUSAND_SEPARATOR
    rows = []
    for o in outcomes:
        attacker, defender, exact = o["attacker"], o["defender"], o.get("exact")
        shown = f'<br><span class="exact-inline">{exact_fraction(exact)}</span>' if exact else ""
        rows.append(
            f"<tr><td>{_cell(attacker['regular'], grouped)}/{_cell(attacker['elite'], grouped)}"
            f"</td><td>{_cell(defender['regular'], grouped)}/{_cell(defender['elite'], grouped)}"
            "</td>"
            f'<td class="num">{_chance_in(o["probability"], 4, separator)}{shown}</td></tr>'
        )
    return mark_safe("".join(rows))


@register.filter
def distribution_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """A distribution's rows (value, chance, exact fraction), the same text as a loop of
    template nodes per row: a hunt page shows three or four tables of them (issue 29)."""
    separator, grouped = _decimal_separator(), settings.USE_THOUSAND_SEPARATOR
    return mark_safe("".join([
        f'<tr><td>{_cell(row["value"], grouped)}</td><td class="num">'
        f'{_chance_in(row["probability"], 4, separator)}<br><span class="exact-inline">'
        f'{exact_fraction(row["exact"])}</span></td></tr>'
        for row in rows
    ]))  # fmt: skip


@register.simple_tag
def distribution_table(heading: Any, rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """``{% include "wotr/_distribution.html" with heading=heading rows=rows %}``, the same
    text: a distribution's table under its heading (the include and its nodes cost more than
    the rows: issue 29)."""
    return mark_safe(
        f'<table class="distribution">\n  <thead><tr><th>{as_in_template(heading)}</th><th>'
        f"{as_in_template(gettext('Probability'))}</th></tr></thead>\n"
        f"  <tbody>{distribution_rows(rows)}</tbody>\n</table>\n"
    )
