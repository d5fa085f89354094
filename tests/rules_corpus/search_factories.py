"""Factories and fixtures for the search tests.

``corpus_search_index`` is the index of the five real rulebooks, built once per test process by
the real loader and the real sources (inside a transaction that is rolled back, so the database
stays empty for other tests); ``search_index`` builds it per test through
``manage.py build_search_index`` for tests that also need the rows (a browser following a link).
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import factory
import pytest
from django.core.management import call_command
from django.db import transaction

from rules_corpus.search.documents import SearchDocument, iter_documents
from rules_corpus.search.index import build_index
from rules_corpus.search.warm import warm
from rules_corpus.services import load_rulebooks


class SearchDocumentFactory(factory.Factory):
    class Meta:
        model = SearchDocument

    doc_type = "section"
    key = factory.Sequence(str)
    game = "wotr"
    language = "ru"
    title = factory.Sequence(lambda n: f"Раздел {n}")
    body = "Армия атакует цитадель."
    url = factory.LazyAttribute(lambda d: f"/rules/test/{d.key}/")
    source_title = "Тестовая книга"
    rulebook = "test-book"
    section = factory.LazyAttribute(lambda d: int(d.key))


@pytest.fixture(scope="session")
def corpus_index_dir(django_db_setup, django_db_blocker, tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("search") / "index"
    with django_db_blocker.unblock(), transaction.atomic():
        load_rulebooks()
        build_index(directory, iter_documents())
        transaction.set_rollback(True)
    warm(directory)  # as adjudicator/wsgi.py does: no search's CPU budget pays for it
    return directory


@pytest.fixture
def corpus_search_index(corpus_index_dir, settings) -> Path:
    """The five rulebooks' index, as ``settings.SEARCH_INDEX_DIR``."""
    settings.SEARCH_INDEX_DIR = corpus_index_dir
    return corpus_index_dir


@pytest.fixture
def search_index(loaded_rulebooks, tmp_path, settings) -> Path:
    """The rulebooks loaded in this test's database and indexed by the management command."""
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    call_command("build_search_index", stdout=StringIO())
    warm(settings.SEARCH_INDEX_DIR)
    return settings.SEARCH_INDEX_DIR
