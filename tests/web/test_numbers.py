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


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@given(
    value=st.one_of(
        st.floats(min_value=0, max_value=1000, exclude_max=True),
        st.integers(0, 10**7).map(lambda n: n / 10**4 + 0.0005),
        st.floats(min_value=1000, max_value=1e20),
    ),
    places=st.integers(1, 6),
)
@example(value=999.9995, places=3)
@example(value=4.9895, places=3)
def test_a_decimal_count_is_written_as_floatformat_writes_it(language, value, places):
    from adjudicator.web.templatetags.numbers import decimals

    with translation.override(language):
        assert decimals(value, places) == floatformat(value, places)


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

    from adjudicator.web.templatetags.fields import list_items, question_items

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
        {"label": "<a & 'b'>", "value": -(10**7)},
        {"label": True, "value": False},
    ]
    listed = engines["django"].from_string("{% for a in items %}<li>{{ a }}</li>{% endfor %}")
    with translation.override(language):
        for shown in (items, items[:1], []):
            assert question_items(shown) == loop.render({"items": shown})
            values = [item["value"] for item in shown] + [item["label"] for item in shown]
            assert list_items(values) == listed.render({"items": values})


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


ROWS_CHANCES = [0.14252934375707582, 0.00005, 0.99995, 1.0, 0.0, 1e-120, 5e-324, 1e-100, 0.5]
EXACTS = ["1/2", "0", "1234567/" + "9" * 600, "<b>"]
ROW_TEMPLATES = {
    "outcome_rows": (
        "{% for o in rows %}<tr><td>{{ o.attacker.regular }}/{{ o.attacker.elite }}</td><td>"
        '{{ o.defender.regular }}/{{ o.defender.elite }}</td><td class="num">'
        '{{ o.probability|floatformat:4 }}{% if o.exact %}<br><span class="exact-inline">'
        '{% include "wotr/_exact.html" with exact=o.exact testid="" %}</span>{% endif %}'
        "</td></tr>{% endfor %}"
    ),
    "distribution_rows": (
        '{% for row in rows %}<tr><td>{{ row.value }}</td><td class="num">'
        '{{ row.probability|floatformat:4 }}<br><span class="exact-inline">'
        '{% include "wotr/_exact.html" with exact=row.exact testid="" %}</span></td></tr>'
        "{% endfor %}"
    ),
    "round_rows": (
        "{% load numbers %}{% for r in rows %}<tr><td>{{ r.round }}</td><td>"
        "{{ r.reached.probability|chance:4 }}</td>\n    <td>{{ r.attacker_hits|probabilities:3 }}"
        "</td>\n    <td>{{ r.defender_hits|probabilities:3 }}</td></tr>{% endfor %}"
    ),
}


def _rows(kind: str) -> list[dict]:
    rows = []
    for index, p in enumerate(ROWS_CHANCES):
        exact = EXACTS[index % len(EXACTS)]
        if kind == "round_rows":
            hits = [{"probability": chance} for chance in ROWS_CHANCES[index:]]
            rows.append({"round": index + 1, "reached": {"probability": p},
                         "attacker_hits": hits, "defender_hits": hits[1:]})  # fmt: skip
        elif kind == "outcome_rows":
            rows.append({"attacker": {"regular": index, "elite": 1},
                         "defender": {"regular": 10 - index, "elite": "<i>"},
                         "probability": p, **({"exact": exact} if index % 3 else {})})  # fmt: skip
        else:
            rows.append({"value": [index, "a<b", 1.5][index % 3], "probability": p, "exact": exact})
    return rows


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@pytest.mark.parametrize("kind", sorted(ROW_TEMPLATES))
def test_table_rows_are_written_as_their_template_loop_writes_them(language, kind):
    from django.template import engines

    from adjudicator.web.templatetags import numbers

    loop = engines["django"].from_string(ROW_TEMPLATES[kind])
    rows = _rows(kind)
    with translation.override(language):
        for shown in (rows, rows[:1], []):
            assert getattr(numbers, kind)(shown) == loop.render({"rows": shown})


def _thousands(value):
    """The rows' whole numbers made thousands (what a grouping separator shows in)."""
    if isinstance(value, dict):
        return {key: _thousands(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_thousands(item) for item in value]
    return value * 1001 if type(value) is int else value


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@pytest.mark.parametrize("kind", sorted(ROW_TEMPLATES))
def test_table_rows_group_thousands_as_their_template_loop_when_the_settings_say(
    language, kind, settings
):
    from django.template import engines

    from adjudicator.web.templatetags import numbers

    settings.USE_THOUSAND_SEPARATOR = True
    loop = engines["django"].from_string(ROW_TEMPLATES[kind])
    rows = _thousands(_rows(kind))
    with translation.override(language):
        written = getattr(numbers, kind)(rows)
        assert written == loop.render({"rows": rows})
        assert "1001" not in written  # 1,001 or 1 001: grouped


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_a_headline_row_and_a_rounds_chances_are_written_as_their_templates_write_them(language):
    from django.template import engines

    from adjudicator.web.templatetags.numbers import probabilities, probability_row

    row = engines["django"].from_string(
        '<tr><th scope="row">{{ label }}</th><td class="num">{{ p.probability|floatformat:4 }}'
        '<br><span class="exact-inline">{% include "wotr/_exact.html" with exact=p.exact '
        "testid=testid %}</span></td></tr>\n"
    )
    loop = engines["django"].from_string(
        "{% for h in rows %}{{ h.probability|floatformat:3 }}{% if not forloop.last %} · "
        "{% endif %}{% endfor %}"
    )
    rows = [{"probability": p} for p in ROWS_CHANCES]
    with translation.override(language):
        for p, exact in zip(ROWS_CHANCES, EXACTS * 3, strict=False):
            for label, testid in (("Both <destroyed>", ""), ("A", "defender-destroyed")):
                context = {
                    "label": label,
                    "p": {"probability": p, "exact": exact},
                    "testid": testid,
                }
                assert probability_row(label, context["p"], testid) == row.render(context)
        assert probabilities(rows, 3) == loop.render({"rows": rows})


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_a_distributions_table_is_written_as_its_template_writes_it(language):
    from django.template.loader import get_template
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext_lazy

    from adjudicator.web.templatetags.numbers import distribution_table

    template = get_template("wotr/_distribution.html")
    rows = _rows("distribution_rows")
    with translation.override(language):
        for heading in (gettext_lazy(mark_safe("Hunt damage")), mark_safe("A & B"), "<i>"):
            for shown in (rows, []):
                written = template.render({"heading": heading, "rows": shown})
                assert distribution_table(heading, shown) == written


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@given(
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.floats(min_value=-1000, max_value=1000),
        st.fractions(min_value=0, max_value=1, max_denominator=10**6).map(float),
    ),
    places=st.integers(0, 4),
)
@example(value=-0.0, places=1)
@example(value=0.05, places=1)
@example(value=1e16, places=2)
@example(value=1e-5, places=4)
def test_a_decimal_is_written_as_number_format_writes_it(language, value, places):
    from django.utils.formats import number_format

    from adjudicator.formatting import decimal

    with translation.override(language):
        expected = number_format(round(value, places), decimal_pos=places, use_l10n=True)
        assert decimal(value, places) == expected
