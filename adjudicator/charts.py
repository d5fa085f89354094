"""Server-rendered SVG charts (no JavaScript, no CDN) for probability distributions."""

import html
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from adjudicator.formatting import percent as format_percent

#: One row per bar: its label on the left, the bar, its value on the right. The sheet is
#: CHART_WIDTH units wide and shown no narrower than that many pixels (CSS), so its 12-unit
#: text is never smaller than 12 px, however many bars there are.
CHART_WIDTH = 300
ROW_HEIGHT = 22
LABEL_WIDTH = 96
VALUE_WIDTH = 56
FONT_SIZE = 12


def _fit(label: str, width: int) -> str:
    """The label cut to what fits ``width`` units at FONT_SIZE (about 0.6 em a character)."""
    room = int(width / (FONT_SIZE * 0.6))
    return label if len(label) <= room else label[: room - 1] + "…"


@lru_cache(maxsize=1024)
def _row_place(index: int) -> tuple[str, str]:
    """The ``index``-th row's texts' baseline and its bar's top, as the row writes them (the
    same for every chart: issue 29)."""
    y = 2 + index * ROW_HEIGHT
    return str(y + ROW_HEIGHT / 2 + FONT_SIZE * 0.35), str(y + 3)


#: Values whose text is digits, signs, a point, a slash, letters: nothing to escape.
_PLAIN_NUMBERS = (float, int, Fraction)


def _value_text(value: object) -> str:
    """``escape(str(value))``: a number's text as it is."""
    return str(value) if type(value) in _PLAIN_NUMBERS else html.escape(str(value))


def bar_chart_svg(
    bars: Sequence[tuple[str, Fraction | float]], *, title: str, percent: bool = True
) -> SafeString:
    """A horizontal bar chart of ``(label, value)`` pairs, each value written after its bar.

    Values are probabilities in [0, 1] (or counts with ``percent=False``); bars are scaled to the
    largest value so small distributions stay readable. The chart is accessible: it has a title
    and each bar a ``<title>`` with its exact value.
    """
    top = max((float(value) for _, value in bars), default=0.0) or 1.0
    bar_room = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH
    height = max(len(bars), 1) * ROW_HEIGHT + 4
    parts = [
        f'<svg class="chart" role="img" viewBox="0 0 {CHART_WIDTH} {height}" '
        f'width="{CHART_WIDTH}" height="{height}" font-size="{FONT_SIZE}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for index, (label, value) in enumerate(bars):
        share = float(value)
        bar_width = round(bar_room * share / top)
        baseline, bar_top = _row_place(index)
        shown = format_percent(share) if percent else f"{share:g}"
        text = str(label)
        parts.append(  # each text as django.utils.html.escape writes it
            f"<g><title>{html.escape(text)}: {_value_text(value)} ({shown})</title>"
            f'<text class="label" x="{LABEL_WIDTH - 4}" y="{baseline}" text-anchor="end">'
            f"{html.escape(_fit(text, LABEL_WIDTH - 4))}</text>"
            f'<rect class="bar" x="{LABEL_WIDTH}" y="{bar_top}" width="{bar_width}" '
            f'height="{ROW_HEIGHT - 6}"/>'
            f'<text class="value" x="{LABEL_WIDTH + bar_width + 4}" y="{baseline}">'
            f"{html.escape(shown)}</text></g>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
