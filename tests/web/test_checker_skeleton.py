"""The checker pages written from their skeletons (``checker_skeleton``): the same bytes as their
templates render, gzipped or not, answered, empty and with errors, in every language; a slot
renders as its nodes do anywhere else."""

import gzip
import re

import pytest
from django.shortcuts import render
from django.template import engines
from django.test import Client

from adjudicator.web import checker_skeleton, registry

pytestmark = pytest.mark.django_db

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')
LANGUAGES = ("ru", "pl", "en")
SKELETONS = [checker for checker in registry.CHECKERS if checker.skeleton]
#: Each page's questions, its empty form, a wrong value, a repeated key, the header's search
#: box's q and a path with text to escape (the language switch's next).
PAGES = [
    registry.page_path(checker) + query
    for checker in SKELETONS
    for query in (*checker.questions, "", "?bad.key=1&x=%22%3E%3Cb%3E")
] + [
    "/wotr/battle/?attacker.regular=x&defender.regular=99&q=%3Ci%3E",
    "/wotr/battle/?attacker.regular=3&attacker.regular=4&defender.regular=2&settlement=city",
    "/wotr/battle/?attacker.regular=0&defender.regular=0",
    "/wotr/hunt/?hunt_dice=5&mordor_step=2&corruption=11&rerolls.army=on&q=hunt",
    "/wotr/hunt/?hunt_dice=3&hunt_dice=2",
    "/wotr/hunt/?hunt_dice=%3Cscript%3E",
]


def pages(client: Client, language: str) -> list[tuple[int, bytes, bytes]]:
    """Each page plain and gzipped (decoded), its CSRF token left out."""
    found = []
    for path in PAGES:
        plain = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        zipped = client.get(path, HTTP_ACCEPT_LANGUAGE=language, HTTP_ACCEPT_ENCODING="gzip")
        assert zipped["Content-Encoding"] == "gzip"
        assert len(TOKEN.findall(plain.content)) == 1
        found.append((
            plain.status_code, TOKEN.sub(b"", plain.content),
            TOKEN.sub(b"", gzip.decompress(zipped.content)),
        ))  # fmt: skip
    return found


def rendered(request, name, _page, fixed, context, status):
    return render(request, name, {**fixed, **context}, status=status)


def test_the_skeletons_pages_are_the_templates(monkeypatch):
    assert {checker.name for checker in SKELETONS} >= {"battle", "hunt"}
    client = Client()
    for language in LANGUAGES:
        checker_skeleton._forget()
        written = pages(client, language)
        assert written == pages(client, language)  # once the skeletons are kept
        assert all(plain == zipped for _, plain, zipped in written)
        assert {status for status, _, _ in written} == {200, 400}
        assert len(checker_skeleton._pages) == len(SKELETONS), language
        monkeypatch.setattr(checker_skeleton, "respond", rendered)
        assert pages(client, language) == written, language
        monkeypatch.undo()


def test_a_skeleton_keeps_no_text_of_a_question():
    """Two questions of a page, the one after the other: the second page says nothing of the
    first (the skeleton's fixed text holds no answer, form value or query)."""
    client = Client()
    checker_skeleton._forget()
    first = client.get("/wotr/battle/?attacker.regular=7&defender.regular=3&q=first").content
    second = client.get("/wotr/hunt/?hunt_dice=2").content
    third = client.get("/wotr/battle/?attacker.regular=2&defender.regular=9").content
    assert b'value="first"' in first and b"first" not in third
    assert b'name="attacker.regular" value="7"' in first
    assert b'name="attacker.regular" value="2"' in third
    assert b'name="attacker.regular" value="7"' not in third
    assert b"hunt_dice" in second and b"attacker.regular" not in second


def test_a_slot_renders_its_nodes_anywhere_else():
    page = engines["django"].from_string("{% load slots %}a{% slot %}{{ x }}{% endslot %}b")
    assert page.render({"x": "<x>"}) == "a&lt;x&gt;b"
