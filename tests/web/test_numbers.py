"""The odds pages' numbers written without Django's floatformat (issue 29) say the same text."""

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation
from hypothesis import example, given
from hypothesis import strategies as st

from adjudicator.web.templatetags.numbers import chance


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@given(
    value=st.one_of(
        st.floats(min_value=0, max_value=1),
        st.floats(min_value=1e-200, max_value=1e-170),
        st.fractions(min_value=0, max_value=1, max_denominator=10**6).map(float),
        st.integers(0, 10**6).map(lambda n: n / 10**6 + 0.00005),
    ),
    places=st.integers(1, 6),
)
@example(value=0.00005, places=4)
@example(value=0.99995, places=4)
@example(value=1.0, places=6)
@example(value=5e-324, places=3)
@example(value=1e-183, places=2)
@example(value=1e-184, places=2)
@example(value=-0.0, places=2)
def test_a_chance_is_written_as_floatformat_writes_it(language, value, places):
    with translation.override(language):
        assert chance(value, places) == floatformat(value, places)


@pytest.mark.parametrize("value", [1.5, -0.25, 3, "0.5", None, float("nan")])
def test_other_values_are_floatformat_s(value):
    with translation.override("ru"):
        assert chance(value, 2) == floatformat(value, 2)


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@pytest.mark.parametrize("length", [1, 40, 41, 42, 45, 1234])
@pytest.mark.parametrize("testid", ["", "defender-destroyed"])
def test_an_exact_fraction_is_written_as_its_template_writes_it(language, length, testid):
    from django.template.loader import get_template

    from adjudicator.web.templatetags.numbers import exact_fraction

    exact = ("1234567/" + "9" * length)[:length] if length > 1 else "1"
    with translation.override(language):
        template = get_template("wotr/_exact.html").render({"exact": exact, "testid": testid})
        assert exact_fraction(exact, testid) == template


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_the_question_line_is_written_as_its_template_loop_writes_it(language):
    from decimal import Decimal

    from django.template import engines
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext_lazy

    from adjudicator.web.templatetags.fields import question_items

    loop = engines["django"].from_string(
        '{% for item in items %}<span class="q-item">{{ item.label }}: <b>{{ item.value }}</b>'
        "</span>{% if not forloop.last %} · {% endif %}{% endfor %}"
    )
    items = [
        {"label": gettext_lazy("Rounds"), "value": 12345},
        {"label": "A & B", "value": "<i>x</i>"},
        {"label": mark_safe("<em>safe</em>"), "value": 0.5},
        {"label": "Decimal", "value": Decimal("1234.50")},
        {"label": "yes", "value": gettext_lazy("yes")},
    ]
    with translation.override(language):
        for shown in (items, items[:1], []):
            assert question_items(shown) == loop.render({"items": shown})
