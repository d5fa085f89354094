"""Complete translations: every catalogue filled, and no page shows another language's string.

The walk reads every page of the site (tests.site_pages) in ru, pl and en through the test
client and fails on an English interface string left on a Russian or Polish page, or a Russian
one on an English or Polish page. Strings are the catalogues' own msgids and msgstrs, so a
string added later without its translation is caught too.
"""

import html
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import Client

from tests.site_pages import load_site_data, site_pages

CATALOGUES = sorted(
    p
    for p in Path(settings.BASE_DIR).glob("**/locale/*/LC_MESSAGES/django.po")
    if ".venv" not in p.parts
)
PLACEHOLDER = re.compile(r"%\(\w+\)[sdf]|%[sd]|\{\w*\}|%%")
#: Long enough to be an interface sentence rather than a name shared by the languages.
MIN_CHUNK = 18
#: Literal syntax a player types whatever the language: the deck list's section headers.
TYPED_AS_IS = {"Starting fellowship"}


def _chunks(text: str) -> list[str]:
    """The literal runs of a message long enough to be recognised on a page."""
    return [c.strip() for c in PLACEHOLDER.split(text) if len(c.strip()) >= MIN_CHUNK]


def _strings() -> dict[str, set[str]]:
    """English msgids and Russian msgstrs that differ from their translation."""
    english, russian = set(), set()
    for path in CATALOGUES:
        language = path.parts[-3]
        for entry in polib.pofile(str(path)):
            if entry.obsolete or entry.msgid_plural:
                continue
            if entry.msgstr and entry.msgstr != entry.msgid and language == "ru":
                # a name the translation keeps beside its own (tile names) is no leftover
                english.update(c for c in _chunks(entry.msgid) if c not in entry.msgstr)
                russian.update(_chunks(entry.msgstr))
    english -= TYPED_AS_IS
    return {"en": english, "ru": russian}


def _page_text(content: str, language: str) -> str:
    """The page's text in its own language: scripts, code and passages marked with another
    ``lang`` (a Russian rulebook's section title cited on a Polish page) left out."""
    content = re.sub(r"(?s)<(script|style|svg|code|pre)\b.*?</\1>", " ", content)
    content = re.sub(
        rf'(?s)<(li|span|a|p|h\d|div|article|blockquote)\b[^>]*\blang="(?!{language}")[^"]*"[^>]*>.*?</\1>',
        " ",
        content,
    )
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", content)).split())


#: Names that are the same word in every language (value and label alike).
SAME_EVERYWHERE = {
    *("api", "aragorn", "boromir", "gandalf", "gimli", "gollum", "gondor", "isengard"),
    *("legolas", "moria", "rivendell", "rohan", "saruman", "sauron"),
}
OPTION = re.compile(r'<option value="([a-z_]+)"[^>]*>\s*([^<]+?)\s*</option>')


def _codes_shown(content: str, language: str) -> list[str]:
    """Choices that show their internal code ("enter", "recruit") instead of a label."""
    if language == "en":
        return []
    return [
        f"option {value}"
        for value, label in OPTION.findall(content)
        if label.lower() == value and value not in SAME_EVERYWHERE
    ]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(settings.BASE_DIR)))
def test_every_catalogue_entry_is_translated_and_none_is_fuzzy(path):
    catalogue = polib.pofile(str(path))
    assert not catalogue.untranslated_entries(), [e.msgid for e in catalogue.untranslated_entries()]
    assert not catalogue.fuzzy_entries(), [e.msgid for e in catalogue.fuzzy_entries()]


@pytest.mark.django_db
def test_no_page_shows_a_string_of_another_language(settings, tmp_path):
    load_site_data(settings, tmp_path)
    strings = _strings()
    foreign = {"ru": strings["en"], "pl": strings["en"] | strings["ru"], "en": strings["ru"]}
    found = {}
    for language, others in foreign.items():
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        for path in site_pages():
            response = client.get(path)
            assert response.status_code == 200, (language, path)
            content = response.content.decode()
            text = _page_text(content, language)
            shown = sorted(s for s in others if s in text) + _codes_shown(content, language)
            if shown:
                found[f"{language} {path}"] = shown[:5]
    assert not found, "\n".join(f"{page}: {shown}" for page, shown in found.items())
