"""Fixtures of the offline tests: the browser's search index of the five rulebooks, built once
per test process (inside a rolled-back transaction, as the server's corpus index is)."""

from pathlib import Path

import pytest
from django.db import transaction

from adjudicator.web.offline import search_export
from rules_corpus.services import load_rulebooks


@pytest.fixture(scope="session")
def offline_index_dir(django_db_setup, django_db_blocker, tmp_path_factory) -> Path:
    """A folder holding ``offline_search.json``, beside where ``search_index`` would be."""
    directory = tmp_path_factory.mktemp("offline")
    with django_db_blocker.unblock(), transaction.atomic():
        load_rulebooks()
        search_export.write(directory / "offline_search.json")
        transaction.set_rollback(True)
    return directory


@pytest.fixture
def offline_index(offline_index_dir, settings) -> Path:
    """The browser's search index, where the site serves it from."""
    settings.SEARCH_INDEX_DIR = offline_index_dir / "search_index"
    return offline_index_dir / "offline_search.json"
