"""The odds pages' numbers written without Django's floatformat (issue 29) say the same text."""

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation
from django.utils.formats import number_format
from hypothesis import example, given
from hypothesis import strategies as st

from adjudicator.citations import assumption_text, assumption_texts
from adjudicator.formatting import percent
from adjudicator.games.common import Reason
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


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@given(value=st.one_of(st.floats(allow_nan=False), st.fractions(min_value=0, max_value=1)))
@example(value=-0.0)
@example(value=-0.0004)
@example(value=0.99949)
@example(value=0.9995)
@example(value=1.0)
@example(value=1.0005)
def test_a_percentage_kept_per_language_is_the_one_written_afresh(language, value):
    """``percent`` keeps each one-place text per language (issue 29): the same text as Django's
    number_format writes it, in each language, whichever language asked first."""
    with translation.override(language):
        afresh = f"{number_format(round(float(value) * 100, 1), 1, use_l10n=True)}%"
        assert percent(value) == afresh


def test_assumptions_kept_per_language_are_translated_in_each():
    """An answer's plain assumptions are translated once per language (issue 29), each
    language's own; a reason's parameters are filled in as before."""
    plain = ("A regular figure is always available to replace a downgraded elite.",)
    texts = {}
    for language in ("en", "ru", "pl", "en"):
        with translation.override(language):
            texts[language] = assumption_texts(plain)
            assert texts[language] == [assumption_text(a) for a in plain]
    assert len({texts[language][0] for language in ("en", "ru", "pl")}) == 3
    reason = Reason("%(units)s units; an army holds at most %(limit)s",
                    params={"units": 11, "limit": 10})  # fmt: skip
    with translation.override("en"):
        shown = assumption_texts((*plain, reason))
    assert shown == [*texts["en"], "11 units; an army holds at most 10"]
