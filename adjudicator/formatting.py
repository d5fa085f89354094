"""Numbers as the reader's language writes them (a decimal comma in Russian and Polish)."""

from fractions import Fraction

from django.utils.formats import number_format


def decimal(value: float | Fraction, places: int) -> str:
    """``value`` rounded to ``places`` decimals, with the active language's separator
    (``number_format`` alone cuts the digits off: 36.86 would read 36.8)."""
    return number_format(round(float(value), places), decimal_pos=places, use_l10n=True)


def percent(value: float | Fraction, places: int = 1) -> str:
    """A probability in [0, 1] as a percentage: 0.9822 → "98.2%" (en), "98,2%" (ru, pl)."""
    return f"{decimal(float(value) * 100, places)}%"
