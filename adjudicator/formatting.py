"""Numbers as the reader's language writes them (a decimal comma in Russian and Polish)."""

from fractions import Fraction

from django.conf import settings
from django.utils.formats import get_format, number_format


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
    """A probability in [0, 1] as a percentage: 0.9822 → "98.2%" (en), "98,2%" (ru, pl)."""
    return f"{decimal(float(value) * 100, places)}%"
