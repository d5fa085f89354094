"""The search's own scoring from each term's scored postings (``postings.search``) gives what
whoosh's ``Searcher.search(..., terms=True)`` gives: the same hits, scores to the bit, order and
matched terms, with and without a filter, the first time a term is asked and from the cache."""

import pytest

from rules_corpus.search import postings
from rules_corpus.search.engine import _filter, _understood
from rules_corpus.search.index import opened
from rules_corpus.search.query import concept_clauses
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index

QUESTIONS = [
    "сколько кубиков бросает армия",
    "Ring-bearer",
    "хранитель кольца",  # glossary phrases in every language
    "hunt for the ring",
    "what is a combat card",  # a phrase's words left where its last try stopped
    "охота за кальцом",
    "осаад цитадели",  # a typo's near spellings
    "niewloa drużyny",
    "twiedza",
    "how far can the nazgul move",
    "skolko yunitov v regione",
    "сколько юнитов максимум может быть в регионе",
]
FILTERS = [
    (None, None, None),
    ("wotr", None, None),
    (None, "pl", "section"),
    ("lotr-tcg", "en", None),
]


def whooshs(searcher, query, restriction):
    found = searcher.search(query, limit=None, filter=restriction, terms=True)
    return [(hit.score, hit.docnum, frozenset(hit.matched_terms())) for hit in found]


@pytest.mark.parametrize("text", QUESTIONS)
def test_the_scores_and_matched_terms_are_whooshs(corpus_search_index, text):
    source = opened(corpus_search_index)
    searcher = source.searcher()
    _, planned = _understood(source, text, source.reader(searcher))
    for filters in FILTERS:
        restriction = _filter(*filters)
        expected = whooshs(searcher, planned.query, restriction)
        if filters == FILTERS[0]:
            assert expected, text
        for _ in range(2):  # the first time, then from the cache
            got = postings.search(searcher, planned.query, restriction)
            assert got == expected, (text, filters)


def test_terms_scored_ahead_give_the_same_scores(corpus_search_index):
    """What the web server's warm-up (``postings.fill``) scores is what a search would."""
    source = opened(corpus_search_index)
    with source.index.searcher() as searcher:
        assert postings.fill(searcher) > 1000
        for text in QUESTIONS[:4]:
            _, planned = _understood(source, text, source.reader(searcher))
            expected = whooshs(searcher, planned.query, None)
            assert postings.search(searcher, planned.query, None) == expected, text


def test_concepts_scored_ahead_give_the_same_scores(corpus_search_index):
    """What the warm-up scores of the glossary concepts' clauses (``postings.fill_clauses``:
    their phrases, which ``fill`` does not reach) is what a search naming them would."""
    source = opened(corpus_search_index)
    with source.index.searcher() as searcher:
        assert postings.fill_clauses(searcher, concept_clauses()) > 200
        for text in ["faza ruchu przymierza", "хранитель кольца", "what is a combat card"]:
            _, planned = _understood(source, text, source.reader(searcher))
            expected = whooshs(searcher, planned.query, None)
            assert postings.search(searcher, planned.query, None) == expected, text
