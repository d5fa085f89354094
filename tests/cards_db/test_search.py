"""Cards in the site search: a second document type, reachable through the glossary."""

import pytest

from cards_db.search import card_documents
from rules_corpus.search.documents import iter_documents
from rules_corpus.search.engine import search
from rules_corpus.search.index import build_index

pytestmark = pytest.mark.django_db


@pytest.fixture
def card_index_dir(cards, tmp_path):
    build_index(tmp_path, iter_documents())
    return tmp_path


def test_every_card_is_a_registered_document(cards):
    documents = [d for d in iter_documents() if d.doc_type == "card"]
    assert len(documents) == 609
    assert {d.key for d in documents} == {d.key for d in card_documents()}
    legolas = next(d for d in documents if d.key == "1_50")
    assert legolas.url == "/cards/card/1_50/" and "Archer" in legolas.body


def test_english_words_and_russian_rule_terms_find_cards(card_index_dir):
    """ "Greenleaf" directly; Russian rule terms through the glossary to the English text."""
    hits = search(card_index_dir, "Greenleaf", game="lotr-tcg").hits
    assert hits[0].doc_type == "card" and hits[0].key == "1_50"
    for russian, card_id in [("хранитель кольца", "1_2"), ("лучник", "1_172"),
                             ("свирепый", "1_237")]:  # fmt: skip
        hits = search(card_index_dir, russian, game="lotr-tcg").hits
        assert card_id in {h.key for h in hits if h.doc_type == "card"}, russian
