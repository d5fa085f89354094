"""Server-rendered SVG charts (no JavaScript, no CDN) for probability distributions."""

from collections.abc import Sequence
from fractions import Fraction

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from adjudicator.formatting import percent as format_percent

BAR_WIDTH = 28
BAR_GAP = 8
CHART_HEIGHT = 160
LABEL_SPACE = 36


def bar_chart_svg(
    bars: Sequence[tuple[str, Fraction | float]], *, title: str, percent: bool = True
) -> SafeString:
    """A vertical bar chart of ``(label, probability)`` pairs, with each value written on top.

    Values are probabilities in [0, 1]; bars are scaled to the largest value so small
    distributions stay readable. The chart is accessible: it has a title and each bar a
    ``<title>`` with its exact value.
    """
    top = max((float(value) for _, value in bars), default=0.0) or 1.0
    width = max(len(bars), 1) * (BAR_WIDTH + BAR_GAP) + BAR_GAP
    height = CHART_HEIGHT + LABEL_SPACE
    parts = [
        f'<svg class="chart" role="img" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for index, (label, value) in enumerate(bars):
        share = float(value)
        bar_height = round((CHART_HEIGHT - 20) * share / top)
        x = BAR_GAP + index * (BAR_WIDTH + BAR_GAP)
        y = CHART_HEIGHT - bar_height
        shown = format_percent(share) if percent else f"{share:g}"
        parts.append(
            f"<g><title>{escape(label)}: {escape(str(value))} ({shown})</title>"
            f'<rect class="bar" x="{x}" y="{y}" width="{BAR_WIDTH}" height="{bar_height}"/>'
            f'<text class="value" x="{x + BAR_WIDTH / 2}" y="{y - 4}" text-anchor="middle">'
            f"{escape(shown)}</text>"
            f'<text class="label" x="{x + BAR_WIDTH / 2}" y="{CHART_HEIGHT + 16}" '
            f'text-anchor="middle">{escape(label)}</text></g>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
