"""Every Wojna interface string is translated to Russian and Polish."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = sorted(ROOT.glob("adjudicator/*/wojna/locale/*/LC_MESSAGES/django.po"))


def test_both_catalogues_of_both_areas_exist():
    assert len(CATALOGUES) == 4


# An empty msgstr is "" not continued on the next line (wrapped or not).
EMPTY_MSGSTR = re.compile(r'^msgstr(\[\d\])? ""\n(?!")', re.M)


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_msgstr_is_filled(catalogue):
    entries = catalogue.read_text(encoding="utf-8").split("\n\n")[1:]  # skip the header
    empty = [e for e in entries if EMPTY_MSGSTR.search(e + "\n")]
    assert not empty, empty[:3]
    assert "#, fuzzy" not in catalogue.read_text(encoding="utf-8")


def test_the_empty_msgstr_check_sees_through_wrapping():
    assert not EMPTY_MSGSTR.search('msgid "a"\nmsgstr ""\n"b "\n"c"\n')
    assert EMPTY_MSGSTR.search('msgid "a"\nmsgstr ""\n')


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "label"), [("pl", "Niewola: rzut ≤"), ("ru", "Niewola (плен): бросок ≤")]
)
def test_pages_are_translated(client, language, label):
    client.cookies["adjudicator_language"] = language
    html = client.get(reverse("wojna:tests"), {"test": "capture", "value": 3}).content.decode()
    assert label in html
