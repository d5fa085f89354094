"""The quick form renderer (settings.FORM_RENDERER) writes the same page, byte for byte, as
Django's templates."""

import re

import pytest
from django.test import Client

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
