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


def written_fields(form) -> list:
    """A Django form's bound fields (a page of several forms has its own template)."""
    return list(form) if isinstance(form, BaseForm) else []
