"""Fields set up once per class and language (``ApiFieldsForm.fixed_fields``) and the board
map's setup parts kept per language (``wotr_moves.views.setup_parts``): the same pages as made
afresh, in the reader's language, never another request's."""

import re

import pytest
from django.http import QueryDict
from django.test import Client
from django.utils import translation

from adjudicator.web import pages
from adjudicator.web.templatetags.fields import field_html
from adjudicator.web.wotr.forms import BattleForm, BattlePlanForm, HuntForm
from adjudicator.web.wotr_moves import views as moves_views

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
FIXED = (BattleForm, BattlePlanForm, HuntForm)
PAGES = [
    "/wotr/battle/", "/wotr/battle/?attacker.regular=4&defender.regular=3&settlement=city",
    "/wotr/battle/?attacker.regular=x&defender.regular=99&attacker.roll_modifier=7",
    "/wotr/battle/plan/?attacker.regular=4&defender.regular=2", "/wotr/hunt/",
    "/wotr/hunt/?hunt_dice=3&corruption=5&rerolls.army=on", "/wotr/hunt/?hunt_dice=9",
]  # fmt: skip


def page(client: Client, path: str) -> str:
    return TOKEN.sub("", client.get(path).content.decode())


def test_forms_share_their_classs_fields_in_one_language_only():
    query = QueryDict("attacker.regular=4&defender.regular=3")
    with translation.override("en"):
        first, second = BattleForm(query), BattleForm(None)
        prefixed = BattleForm(query, prefix="x")
        english = first.fields["attacker_regular"].label
    with translation.override("ru"):
        russian = BattleForm(query)
    assert first.fields["attacker_regular"] is second.fields["attacker_regular"]
    assert first.fields is not second.fields  # each form has its own dict of them
    assert prefixed.fields["attacker_regular"] is not first.fields["attacker_regular"]
    assert russian.fields["attacker_regular"] is not first.fields["attacker_regular"]
    assert english == "Attacker: regular units" != russian.fields["attacker_regular"].label


def test_a_field_is_written_in_the_language_of_its_form():
    """A field kept under its shared field is written again for another language's form."""
    query = QueryDict("attacker.regular=4&defender.regular=3")
    with translation.override("en"):
        english = field_html(BattleForm(query)["attacker_regular"])
    with translation.override("pl"):
        polish = field_html(BattleForm(query)["attacker_regular"])
    assert "Attacker: regular units" in english and "Attacker" not in polish


def test_a_question_leaves_the_shared_fields_as_they_were():
    """Validating and writing forms with values and with errors changes no shared field, and a
    field with an error is written with it, not from a kept block."""
    with translation.override("en"):
        BattleForm(None)
        shared = pages.shared_fields(BattleForm)
        before = {name: state(field) for name, field in shared.items()}
        wrong = BattleForm(QueryDict("attacker.regular=x&defender.regular=99"))
        assert not wrong.is_valid()
        written = field_html(wrong["attacker_regular"])
        right = BattleForm(QueryDict("attacker.regular=4&defender.regular=3"))
        assert right.is_valid()
        [field_html(bound) for form in (wrong, right) for bound in form]
        after = {name: state(field) for name, field in shared.items()}
    assert 'class="field has-error"' in written and 'value="x"' in written
    assert field_html(right["attacker_regular"]).count("has-error") == 0
    assert after == before


def state(field) -> tuple:
    """What a field is written and validated from, by value."""
    limits = [(type(v), v.limit_value) for v in field.validators]
    return (
        str(field.label), field.initial, field.required, str(field.help_text), field.disabled,
        type(field.widget), dict(field.widget.attrs), limits,
        [(value, str(label)) for value, label in getattr(field, "choices", [])],
    )  # fmt: skip


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_pages_are_the_same_with_fields_made_per_form(monkeypatch, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    shared = {path: page(client, path) for path in PAGES}
    for form_class in FIXED:
        monkeypatch.setattr(form_class, "fixed_fields", False)
    for path in PAGES:
        assert page(client, path) == shared[path], path


def test_the_board_maps_setup_is_kept_per_language_and_only_for_the_setup(monkeypatch):
    """The map page opened without a position is the same as made afresh, in each language;
    an edited position or a stored one is never shown the setup's board."""
    moves_views._forget_setup_parts()
    english = page(Client(HTTP_ACCEPT_LANGUAGE="en"), "/wotr/moves/")
    russian = page(Client(HTTP_ACCEPT_LANGUAGE="ru"), "/wotr/moves/")
    assert "Gondor" in english and "Гондор" in russian and "Гондор" not in english
    assert len(moves_views._setup_parts) == 2
    posted = Client(HTTP_ACCEPT_LANGUAGE="en").post("/wotr/moves/", {
        "position": "", "factions": "{}", "action": "edit_region",
        "region-region": "the-shire", "region-nation": "north", "region-regular": 7,
    }).content.decode()  # fmt: skip
    assert "7r" in posted and "7r" not in english
    monkeypatch.setattr(
        moves_views, "setup_parts",
        lambda: moves_views.position_parts(moves_views.standard_setup(), {}, {}),
    )  # fmt: skip
    assert page(Client(HTTP_ACCEPT_LANGUAGE="en"), "/wotr/moves/") == english
    assert page(Client(HTTP_ACCEPT_LANGUAGE="ru"), "/wotr/moves/") == russian


def test_past_its_limit_the_setup_is_made_afresh_and_not_kept(monkeypatch):
    moves_views._forget_setup_parts()
    monkeypatch.setattr(moves_views, "SETUP_PARTS_LIMIT", 1)
    english = page(Client(HTTP_ACCEPT_LANGUAGE="en"), "/wotr/moves/")
    polish = page(Client(HTTP_ACCEPT_LANGUAGE="pl"), "/wotr/moves/")
    assert list(moves_views._setup_parts) == [("en", "/")]
    assert "Krasnoludy" in polish and "Krasnoludy" not in english
    assert page(Client(HTTP_ACCEPT_LANGUAGE="pl"), "/wotr/moves/") == polish


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
@pytest.mark.parametrize("form_class", FIXED)
def test_a_shared_field_is_bound_as_django_binds_it(form_class, language):
    """``SharedBoundField`` sets what ``BoundField`` sets, from names made once per class."""
    with translation.override(language):
        form = form_class(QueryDict("attacker.regular=4&hunt_dice=2"))
        for name, field in form.fields.items():
            bound, django = form[name], pages.BoundField(form, field, name)
            assert type(bound) is pages.SharedBoundField
            assert {k: v for k, v in vars(bound).items() if k in vars(django)} == vars(django)


QUESTIONS = [
    "attacker.regular=4&defender.regular=3", "attacker.regular=4&defender.regular=3",
    "attacker.regular=x&defender.regular=99&settlement=moon", "attacker.regular= 7 &siege=on",
    "attacker.regular=4&defender.regular=3&rounds=&attacker.leadership=-1",
    "hunt_dice=3&corruption=5&rerolls.army=on&mordor_step=2", "hunt_dice=9&corruption=x",
    "hunt_dice=3&drawn=eye&drawn=1&companions=strider&casualty=strider",
]  # fmt: skip


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_kept_cleaning_gives_djangos_values_and_errors(monkeypatch, language):
    """Each question twice (the second time from the kept values), in each fixed form: the
    same cleaned data and errors, in the form's language, as the fields' own cleaning."""
    pages._forget_cleaned()
    with translation.override(language):
        kept = [answers(form_class, q) for form_class in FIXED for q in QUESTIONS * 2]
        assert pages._kept_cleaned  # the kept values were read the second time
        for form_class in FIXED:
            monkeypatch.setattr(form_class, "fixed_fields", False)
        assert [answers(form_class, q) for form_class in FIXED for q in QUESTIONS * 2] == kept


def answers(form_class, query: str) -> tuple:
    form = form_class(QueryDict(query))
    return form.is_valid(), getattr(form, "cleaned_data", None), form.errors.get_json_data()


def test_a_value_is_cleaned_once_and_an_error_every_time(monkeypatch):
    pages._forget_cleaned()
    with translation.override("en"):
        field = pages.shared_fields(BattleForm)["attacker_regular"]
        calls = []
        clean = field.clean
        monkeypatch.setattr(field, "clean", lambda value: calls.append(value) or clean(value))
        for query in ("attacker.regular=4&defender.regular=3", "attacker.regular=4"):
            BattleForm(QueryDict(query)).is_valid()
        assert calls == ["4"]
        for _ in range(2):
            assert "attacker_regular" in BattleForm(QueryDict("attacker.regular=x")).errors
        assert calls == ["4", "x", "x"]
