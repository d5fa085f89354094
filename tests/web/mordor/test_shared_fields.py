"""The Journey to Mordor forms' fields, the declared and those made for each die, seat and
reading (``own_fields``), made once per class and language (``ApiFieldsForm.fixed_fields``):
the same pages, values and errors as fields made per form, in the reader's language."""

import re

import pytest
from django.http import QueryDict
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from adjudicator.web import pages
from adjudicator.web.mordor.forms import KeepForm, OddsForm, ResolveForm
from adjudicator.web.mordor.templatetags.mordor_fields import dice_rows

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
FORMS = (KeepForm, ResolveForm, OddsForm)
ROLL = "face_black=ring&face_red=ring&face_yellow=orc&face_blue=nazgul&face_green=gandalf"
QUESTIONS = {
    KeepForm: [
        "", f"{ROLL}&player_color=red&keep_blue=on", f"{ROLL}&player_color=red&location=rohan"
        "&advanced=on&keep_black=on&reading_rohan_reroll=once_a_turn",
        "face_red=white_tree&keep_green=on&player_color=purple&location=nowhere",
        "rolled.0.face=ring&rolled.0.color=black&keep=0&player_color=blue",
    ],
    ResolveForm: [
        "", "color_0=red&color_1=blue&position_1=1&track_1=h&active=0&kept_red=ring",
        "color_0=red&active=2&kept_red=ring&track_0=zz&reading_mordor_tie=first_arrived",
    ],
    OddsForm: [
        "", "position=4&player_color=red&advanced=on&die_black=roll:ring&die_red=kept:orc",
        "position=99&player_color=red&other_colors=red&nazgul_track=qq",
    ],
}  # fmt: skip
PATHS = {KeepForm: "/mordor/keep/", ResolveForm: "/mordor/resolve/", OddsForm: "/mordor/odds/"}


def test_a_forms_dice_and_readings_are_shared_in_one_language_only():
    with translation.override("en"):
        first, second = KeepForm(QueryDict(ROLL)), KeepForm(None)
        english = first.fields["face_red"].label
    with translation.override("pl"):
        polish = KeepForm(QueryDict(ROLL))
    for name in ("face_red", "keep_red", "reading_rohan_reroll", "player_color"):
        assert first.fields[name] is second.fields[name]
        assert polish.fields[name] is not first.fields[name]
    assert first.fields is not second.fields
    assert english == "red (Sam) die" != polish.fields["face_red"].label


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_pages_are_the_same_with_fields_made_per_form(monkeypatch, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    paths = [f"{PATHS[form]}?{query}" for form, queries in QUESTIONS.items() for query in queries]
    shared = {path: page(client, path) for path in paths}
    for form_class in FORMS:
        monkeypatch.setattr(form_class, "fixed_fields", False)
    for path in paths:
        assert page(client, path) == shared[path], path


def page(client: Client, path: str) -> tuple[int, str]:
    response = client.get(path)
    return response.status_code, TOKEN.sub("", response.content.decode())


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@pytest.mark.parametrize("form_class", FORMS)
def test_a_shared_field_is_bound_as_django_binds_it(form_class, language):
    with translation.override(language):
        form = form_class(QueryDict(QUESTIONS[form_class][1]))
        for name, field in form.fields.items():
            bound, django = form[name], pages.BoundField(form, field, name)
            assert type(bound) is pages.SharedBoundField
            assert {k: v for k, v in vars(bound).items() if k in vars(django)} == vars(django)


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_kept_cleaning_gives_djangos_values_and_errors(monkeypatch, language):
    """Each question twice (the second time from the kept values): the same cleaned data and
    errors, in the form's language, as fields made and cleaned per form."""
    pages._forget_cleaned()
    asked = [(form, query) for form, queries in QUESTIONS.items() for query in queries[1:]] * 2
    with translation.override(language):
        kept = [answers(form_class, query) for form_class, query in asked]
        for form_class in FORMS:
            monkeypatch.setattr(form_class, "fixed_fields", False)
        assert [answers(form_class, query) for form_class, query in asked] == kept


def answers(form_class, query: str) -> tuple:
    form = form_class(QueryDict(query))
    return form.is_valid(), getattr(form, "cleaned_data", None), form.errors.get_json_data()


#: The keep page's rows as its template wrote them before ``dice_rows``.
ROWS = Template(
    """{% for face, keep in form.dice_rows %}<tr>
      <th scope="row"><label for="{{ face.id_for_label }}">{{ face.label }}</label></th>
      <td>{{ face.errors }}{{ face }}</td>
      <td>{{ keep.errors }}<label class="visually-hidden" for="{{ keep.id_for_label }}">"""
    """{{ face.label }}: {{ keep.label }}</label>{{ keep }}</td>
    </tr>{% endfor %}"""
)


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_the_dice_rows_are_the_templates_kept_or_not(monkeypatch, language):
    """Every row as the template writes it: unbound, bound, with errors, twice (the second
    time from the kept rows), and with fields made per form (never kept)."""
    queries = [None, *QUESTIONS[KeepForm][1:], "face_black=ring&face_black=orc&keep_red=1"]
    forms = [KeepForm(None if q is None else QueryDict(q)) for q in queries] * 2
    with translation.override(language):
        for form in forms:
            form.is_valid()
            assert dice_rows(form) == ROWS.render(Context({"form": form}))
        monkeypatch.setattr(KeepForm, "fixed_fields", False)
        form = KeepForm(QueryDict(QUESTIONS[KeepForm][1]))
        assert dice_rows(form) == ROWS.render(Context({"form": form}))
