"""Numbers as the reader's language writes them (a decimal comma in Russian and Polish)."""

import math
from fractions import Fraction

from django.conf import settings
from django.utils.formats import get_format, number_format

from adjudicator.web.per_language import per_language


def decimal(value: float | Fraction, places: int) -> str:
    """``value`` rounded to ``places`` decimals, with the active language's separator
    (``number_format`` alone cuts the digits off: 36.86 would read 36.8)."""
    rounded = round(float(value), places)
    text = repr(rounded)
    if places > 0 and "e" not in text and "n" not in text and not settings.USE_THOUSAND_SEPARATOR:
        # number_format's own reading of a float's repr without grouping, its lookups once
        # (issue 29: a chart's dozen values were half its calls)
        whole, _dot, decimals = text.partition(".")
        return f"{whole}{get_format('DECIMAL_SEPARATOR')}{decimals[:places].ljust(places, '0')}"
    return number_format(rounded, decimal_pos=places, use_l10n=True)


def percent(value: float | Fraction, places: int = 1) -> str:
    """A probability in [0, 1] as a percentage: 0.9822 → "98.2%" (en), "98,2%" (ru, pl). At one
    place, each of the 1,001 texts from 0.0% to 100.0% is written once per language
    (``_shown_percent``; Django's number_format reads the language's three formats each time:
    issue 29)."""
    if places == 1:
        shown = round(float(value) * 100, 1)
        if 0.0 <= shown <= 100.0 and math.copysign(1.0, shown) > 0:
            return _shown_percent(shown)
    return f"{decimal(float(value) * 100, places)}%"


@per_language
def _shown_percent(shown: float) -> str:
    """A percentage already rounded to one place (``percent``), kept per language."""
    return f"{decimal(shown, 1)}%"
