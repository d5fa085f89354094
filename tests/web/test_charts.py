"""The bar chart's SVG (``adjudicator.charts``): each bar's row where its index puts it, its
label and value escaped as Django's ``escape`` writes them, a number's text as it is."""

import re
from fractions import Fraction

from django.utils.html import escape
from django.utils.translation import override

from adjudicator.charts import FONT_SIZE, ROW_HEIGHT, bar_chart_svg

ROW = re.compile(
    r'<g><title>(.*?): (.*?) \((.*?)\)</title><text class="label" x="92" y="([^"]+)" '
    r'text-anchor="end">(.*?)</text><rect class="bar" x="96" y="([^"]+)" width="(\d+)"'
)


def test_rows_are_placed_by_their_index_and_their_texts_escaped():
    labels = ["<b>&", "long label " * 3, "7/0–1/1"] + [str(n) for n in range(40)]
    values = [Fraction(1, 3), 0.25, Fraction(5, 7)] + [Fraction(n, 100) for n in range(40)]
    with override("en"):
        rows = ROW.findall(bar_chart_svg(list(zip(labels, values, strict=True)), title="t"))
    assert len(rows) == len(labels)
    for index, (label, value, row) in enumerate(zip(labels, values, rows, strict=True)):
        title, value_text, _percent, baseline, label_text, bar_top, _width = row
        y = 2 + index * ROW_HEIGHT
        assert (title, value_text) == (escape(label), escape(str(value)))
        assert label_text.startswith(escape(label)[:10])
        assert (baseline, bar_top) == (str(y + ROW_HEIGHT / 2 + FONT_SIZE * 0.35), str(y + 3))
    assert rows[0][:2] == ("&lt;b&gt;&amp;", "1/3") and rows[1][1] == "0.25"
