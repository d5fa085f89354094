"""The site search over the real rulebooks *and* the real cards, as `make run` builds it."""

import pytest

from cards_db.importer import import_data_files
from rules_corpus.search.documents import iter_documents
from rules_corpus.search.engine import search
from rules_corpus.search.index import build_index
from rules_corpus.services import load_rulebooks

pytestmark = pytest.mark.django_db


@pytest.fixture
def full_index(tmp_path):
    load_rulebooks()
    import_data_files()
    build_index(tmp_path, iter_documents())
    return tmp_path


def test_rule_sections_come_before_cards_that_match_as_well(full_index):
    """Hundreds of cards say "Ring-bearer"; the rules on the Хранитель Кольца still lead, and the
    cards come as their own group after every rule section (issue 13)."""
    hits = search(full_index, "Ring-bearer", page_size=1000).hits
    assert hits[0].doc_type == "section" and hits[0].rulebook == "lotr-tcg-rules"
    types = [hit.doc_type for hit in hits]
    assert "card" in types, "cards are found too"
    assert types == sorted(types, key=lambda t: t == "card"), "no card before a section"


def test_cards_come_first_only_when_the_query_names_them(full_index):
    named = search(full_index, "Gandalf, the grey wizard").hits
    assert named[0].doc_type == "card" and named[0].title.startswith("Gandalf")
    assert search(full_index, "how do spells work").hits[0].doc_type == "section"
    game = search(full_index, "what does the gandalf face do in journey to mordor").hits
    assert game[0].url.endswith("/journey-to-mordor/gendalf/"), "another game named"


@pytest.mark.parametrize("doc_type", ["section", "card"])
def test_the_type_filter_keeps_only_that_kind(full_index, doc_type):
    page = search(full_index, "Ring-bearer", doc_type=doc_type)
    assert page.count > 10
    assert {hit.doc_type for hit in page.hits} == {doc_type}


def test_the_counts_per_type_add_up_to_the_whole(full_index):
    counts = [search(full_index, "кольцо", doc_type=t).count for t in (None, "section", "card")]
    assert counts[0] == counts[1] + counts[2]


def test_an_unknown_type_is_a_400_naming_it(client):
    response = client.get("/api/search/", {"q": "кольцо", "type": "spell"})
    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["type"]
