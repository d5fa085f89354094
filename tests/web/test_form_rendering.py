"""The quick form renderer (settings.FORM_RENDERER) writes the same page, byte for byte, as
Django's templates."""

import re

import pytest
from django.forms import BaseForm
from django.test import Client
from django.utils import translation

from cards_db.importer import import_data_files
from rules_corpus.services import load_rulebooks
from tests.site_pages import CHECKER_QUESTIONS

pytestmark = pytest.mark.django_db

#: The language switch's CSRF token is masked afresh in every response; a deck form's save token
#: is new in every form.
TOKEN = re.compile(r'name="(csrfmiddlewaretoken|save_token)" value="[^"]+"')
#: Beside every checker page with its answer, the pages' empty forms and a form's errors.
PAGES = [*CHECKER_QUESTIONS, "/wotr/battle/", "/wotr/hunt/", "/mordor/odds/",
         "/wotr/battle/?attacker.regular=x&defender.regular=99",
         "/wotr/moves/", "/cards/decks/", "/cards/?q=gimli"]  # fmt: skip


def page(client: Client, path: str) -> str:
    return TOKEN.sub("", client.get(path).content.decode())


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_checker_page_is_the_same_with_django_templates(settings, language):
    import_data_files()
    load_rulebooks()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    quick = {path: page(client, path) for path in PAGES}
    settings.FORM_RENDERER = "django.forms.renderers.DjangoTemplates"

    for path in PAGES:
        assert page(client, path) == quick[path], path
    assert '<input type="number" name="attacker.regular"' in quick[PAGES[0]]
    assert '<option value="the-shire">' in quick["/wotr/moves/"]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_field_is_written_as_its_template_does(language):
    """``field_html`` writes each field of the checker pages' forms (with an answer, empty, with
    errors) as ``checker/_field.html`` does."""
    from django.template.loader import get_template

    from adjudicator.web.templatetags.fields import field_html

    import_data_files()
    load_rulebooks()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    template = get_template("checker/_field.html")
    kinds = set()
    for path in PAGES:
        response = client.get(path)
        form = response.context and response.context.get("form")
        with translation.override(language):
            for field in written_fields(form):
                kinds.add((field.widget_type, field.use_fieldset, bool(field.errors)))
                assert field_html(field) == template.render({"field": field}), (path, field.name)
    assert {("checkbox", False, False), ("number", False, True)} <= kinds, kinds


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_a_forms_fields_are_written_as_their_template_does(language):
    """``form_fields`` writes the checker pages' forms (with an answer, empty, with errors, with
    "More options" opened by a value or an error) as ``checker/_fields.html`` does."""
    from django.template.loader import get_template

    from adjudicator.web.templatetags.fields import form_fields

    import_data_files()
    load_rulebooks()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    template = get_template("checker/_fields.html")
    shapes = set()
    for path in [*PAGES, "/wotr/battle/?attacker.regular=4&defender.regular=2&rounds=0",
                 "/wotr/hunt/?hunt_dice=3&mordor_step=2", "/wotr/factions/?figures=4"]:  # fmt: skip
        response = client.get(path)
        form = response.context and response.context.get("form")
        if not written_fields(form):
            continue
        with translation.override(language):
            written = form_fields(form)
            assert written == template.render({"form": form}), path
        shapes.add(("primary-fields" in written, "more-options\" open" in written,
                    "checker-fieldset" in written))  # fmt: skip
    # primary fields with "More options" (open, closed), a form's fieldsets or one grid alone
    assert {
        (True, True, True),
        (True, False, True),
        (False, False, True),
        (False, False, False),
    } <= shapes


def written_fields(form) -> list:
    """A Django form's bound fields (a page of several forms has its own template)."""
    return list(form) if isinstance(form, BaseForm) else []


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_fields_kept_once_written_are_the_pages_fields(monkeypatch, language):
    """A field's block kept by ``rendered_once`` and a form's "More options" kept whole (after
    every page, in every state, was written) are the blocks written afresh: every checker page
    is the same without the memo."""
    from adjudicator.web import form_rendering
    from adjudicator.web.templatetags import fields

    import_data_files()
    load_rulebooks()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    paths = [*PAGES, *MORE_OPTIONS]
    for path in paths:
        page(client, path)
    kept = {path: page(client, path) for path in paths}
    assert any(key[0] == "more options" for key in form_rendering._fields)
    assert 'value="3"' in kept[MORE_OPTIONS[1]] and 'value="3"' not in kept[MORE_OPTIONS[0]]
    monkeypatch.setattr(form_rendering, "_field_key", lambda bound: None)
    monkeypatch.setattr(fields, "_more_key", lambda form, more, opened: None)

    for path in paths:
        assert page(client, path) == kept[path], path


def test_a_repeated_parameter_keeps_no_second_more_options_block():
    """The widgets read a parameter's last value: ``rounds=3&rounds=3`` writes what ``rounds=3``
    does, so it is written afresh, not kept under a key of its own (a client repeating a
    parameter could otherwise fill the kept blocks with copies of one text)."""
    from adjudicator.web import form_rendering

    import_data_files()
    load_rulebooks()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    once = more_options(page(client, MORE_OPTIONS[1]))
    more = {key for key in form_rendering._fields if key[0] == "more options"}
    assert more and 'value="3"' in once
    assert more_options(page(client, MORE_OPTIONS[1] + "&rounds=3")) == once
    assert {key for key in form_rendering._fields if key[0] == "more options"} == more


def more_options(html: str) -> str:
    """A page's "More options" block."""
    return html[html.index('<details class="more-options"') :].split("</details>", 1)[0]


#: Questions whose "More options" differ by a value given, opened or not, bound or not.
MORE_OPTIONS = [
    "/wotr/battle/?attacker.regular=4&defender.regular=2",
    "/wotr/battle/?attacker.regular=4&defender.regular=2&rounds=3",
    "/wotr/battle/?attacker.regular=5&defender.regular=2&rounds=3",
    "/wotr/battle/?attacker.regular=5&rounds=3&defender.regular=2&defender.roll_modifier=-1",
    "/wotr/battle/?attacker.regular=5&defender.regular=2&attacker.casualty_policy=keep_elites",
    "/wotr/hunt/?hunt_dice=3&corruption=2&companions=gimli&companions=legolas",
    "/wotr/hunt/?hunt_dice=3&corruption=2&companions=gimli",
    "/wotr/hunt/?hunt_dice=3&mordor_step=2&special_tiles=shelob",
    "/wotr/battle/plan/?attacker.regular=4&defender.regular=2&goal=destroy",
]


def test_a_field_is_kept_by_its_definition_and_value_not_by_its_name():
    """Two forms of one class whose field differs per instance (choices read from a stored
    deck, a label in another language), and one value after another: each written as it is."""
    from django import forms
    from django.utils.translation import gettext_lazy

    from adjudicator.web.templatetags.fields import field_html

    class Question(forms.Form):
        target = forms.ChoiceField(label=gettext_lazy("Goal"), choices=[])
        count = forms.IntegerField(label=gettext_lazy("Rounds"))

        def __init__(self, choices, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.fields["target"].choices = choices

    gimli = [("a", "Gimli"), ("b", "Legolas")]
    first = Question(gimli, {"target": "a", "count": "1"})
    second = Question([("a", "Boromir"), ("b", "Legolas")], {"target": "a", "count": "1"})
    third = Question(gimli, {"target": "b", "count": "2"})
    assert first.is_valid() and second.is_valid() and third.is_valid()
    with translation.override("en"):
        assert "Gimli" in field_html(first["target"])
        written = field_html(second["target"])
        assert "Boromir" in written and "Gimli" not in written
        assert field_html(third["target"]) == field_html(first["target"]).replace(
            'value="a" selected', 'value="a"'
        ).replace('value="b"', 'value="b" selected')
        assert 'value="1"' in field_html(first["count"])
        assert 'value="2"' in field_html(third["count"])
        english = field_html(first["count"])
    with translation.override("ru"):
        assert field_html(first["count"]) != english


def test_a_long_text_typed_in_is_written_afresh_not_kept():
    """What a player typed (a deck list, a pasted position) is not kept per worker: only the
    short values a field offers are, within FIELD_LIMIT blocks and FIELD_CHARACTERS."""
    from django import forms

    from adjudicator.web import form_rendering
    from adjudicator.web.templatetags.fields import field_html

    class Note(forms.Form):
        text = forms.CharField()

    form_rendering._forget()
    short, long = Note({"text": "Gimli"}), Note({"text": "Gimli " * 40})
    assert 'value="Gimli"' in field_html(short["text"])
    assert len(form_rendering._fields) == 1
    assert "Gimli Gimli" in field_html(long["text"])
    assert len(form_rendering._fields) == 1
