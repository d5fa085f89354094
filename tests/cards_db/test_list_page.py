"""The card list written from its skeletons (``cards_db.list_page``): the same bytes as its
template renders, gzipped or not, for pages, filters and bad filters, in every language; a
skeleton keeps nothing of the request that made it."""

import gzip
import re

import pytest
from django.core.cache import caches
from django.shortcuts import render
from django.test import Client

from cards_db import list_page

pytestmark = pytest.mark.django_db

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')
#: Pages, filters, bad filters (400), the header's search box's q (also the list's search) with
#: text to escape, a repeated key, an empty value.
QUERIES = (
    "", "?page=2", "?page=99", "?page=abc", "?q=Gandalf", "?q=%3Ci%3E%22&page=2",
    "?set=1&set=3&race=Dwarf", "?side=shadow&twilight_max=2", "?strength_min=x",
    "?unique=maybe", "?set=abc", "?q=x&q=orc", "?keyword=", "?x=%22%3E%3Cb%3E",
)  # fmt: skip


def asked(client: Client, query: str, language: str) -> tuple[int, bytes, bytes]:
    """The page plain and gzipped (decoded), its one CSRF token left out."""
    plain, zipped = (
        client.get("/cards/" + query, HTTP_ACCEPT_LANGUAGE=language, **gzipped)
        for gzipped in ({}, {"HTTP_ACCEPT_ENCODING": "gzip"})
    )
    assert zipped["Content-Encoding"] == "gzip" and len(TOKEN.findall(plain.content)) == 1
    unzipped = gzip.decompress(zipped.content)
    return plain.status_code, TOKEN.sub(b"", plain.content), TOKEN.sub(b"", unzipped)


def pages(client: Client, language: str) -> list[tuple[int, bytes, bytes]]:
    return [asked(client, query, language) for query in QUERIES]


def rendered(request, _version, context):
    shown, status = context()
    return render(request, list_page.TEMPLATE, shown, status=status)


def test_the_skeletons_pages_are_the_templates(cards, monkeypatch):
    client = Client()
    for language in ("ru", "pl", "en"):
        written = pages(client, language)
        assert all(plain == zipped for _, plain, zipped in written)
        assert {status for status, _, _ in written} == {200, 400}
        kept = len(list_page._pages)
        assert pages(client, language) == written  # from the kept skeletons
        assert len(list_page._pages) == kept
        caches["fragments"].clear()
        monkeypatch.setattr(list_page, "respond", rendered)
        assert pages(client, language) == written, language
        monkeypatch.undo()
    assert len(list_page._pages) == 3 * len(QUERIES)


def test_a_skeleton_keeps_nothing_of_the_request(cards):
    """The CSRF token and the language switch's path are the request's own: the same question
    asked by another client, its keys in another order, is written from the same skeleton with
    its own."""
    first = Client().get("/cards/?q=Gimli&page=1", HTTP_ACCEPT_LANGUAGE="en")
    other = Client().get("/cards/?page=1&q=Gimli", HTTP_ACCEPT_LANGUAGE="en")
    assert len(list_page._pages) == 1
    assert TOKEN.search(first.content)[0] not in other.content and TOKEN.search(other.content)
    assert b'name="q" type="search" value="Gimli"' in other.content
    assert b'name="next" type="hidden" value="/cards/?q=Gimli&amp;page=1"' in first.content
    assert b'name="next" type="hidden" value="/cards/?page=1&amp;q=Gimli"' in other.content
