"""Fixtures for the rulebook corpus: the five rulebooks loaded into the test database."""

import pytest

from rules_corpus.models import Rulebook
from rules_corpus.services import load_rulebooks


@pytest.fixture
def loaded_rulebooks(db) -> dict[str, Rulebook]:
    """The five rulebooks, loaded by the real loader (parsing is cached per process)."""
    load_rulebooks()
    return {rulebook.slug: rulebook for rulebook in Rulebook.objects.all()}
