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
