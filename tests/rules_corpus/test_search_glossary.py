"""The glossary's terms files: one per rulebook, each term from that book's own vocabulary, with
the section that defines it and the rulebooks that print it (no index, no database)."""

import json

import pytest

from rules_corpus.parsing import RULEBOOK_SLUGS, parse_rulebook
from rules_corpus.search.glossary import (
    HAND_BOOKS,
    TCG_BOOK,
    TCG_FILE,
    TERMS_FILES,
    concepts,
    matched_concepts,
    printed_in,
    terms_of,
)

_SOURCES = {"heading", "components", "defined", "text"}
_TERMS = [(book, term) for book in HAND_BOOKS for term in terms_of(book)]
_PAIRS = json.loads(TCG_FILE.read_text(encoding="utf-8"))["pairs"]


def _label(value):
    return value["en"][0] if isinstance(value, dict) else value


def _names(term):
    return {language: term[language] for language in ("en", "ru", "pl") if language in term}


def test_every_rulebook_has_its_terms_file():
    assert set(HAND_BOOKS) == set(RULEBOOK_SLUGS)
    for book, path in TERMS_FILES.items():
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["rulebook"] == book and data["_about"] and data["terms"]


@pytest.mark.parametrize(("book", "term"), _TERMS, ids=_label)
def test_a_term_is_well_formed(book, term):
    assert set(term) <= {"en", "ru", "pl", "section", "from", "books", "generic"}
    names = _names(term)
    assert len(names) >= 2, "a term names its notion in at least two languages"
    assert all(
        isinstance(name, str) and name.strip() == name and name
        for found in names.values()
        for name in found
    )
    assert term["from"] in _SOURCES
    assert term.get("generic", True) is True  # present only to say a term is generic


@pytest.mark.parametrize(("book", "term"), _TERMS, ids=_label)
def test_a_terms_section_exists_and_prints_it(book, term):
    anchors = {section.anchor for section in parse_rulebook(book).sections}
    assert term["section"] in anchors
    assert printed_in(_names(term), (f"{book}/{term['section']}",)) == {book}


@pytest.mark.parametrize(("book", "term"), _TERMS, ids=_label)
def test_a_terms_books_are_those_whose_text_prints_it(book, term):
    """The game tag is the books' text: it names its own book and every other that prints it."""
    assert term["books"] == sorted(printed_in(_names(term)))
    assert book in term["books"]


@pytest.mark.parametrize("pair", _PAIRS, ids=lambda pair: pair["en"])
def test_a_tcg_pairs_section_prints_it(pair):
    names = {"ru": [pair["ru"]], "en": [pair["en"]]}
    assert printed_in(names, (f"{TCG_BOOK}/{pair['section']}",)) == {TCG_BOOK}
    assert pair["books"] == sorted(printed_in(names))


@pytest.mark.parametrize("word", ["components", "place", "face", "objective", "грань"])
def test_a_word_every_book_uses_is_no_concept(word):
    """Journey to Mordor's "place", "face", "components" expanded found every book."""
    assert matched_concepts(word) == {}


@pytest.mark.parametrize(
    ("query", "book"),
    [
        ("faction die", "wotr-warriors"),
        ("путь хоббитов", "journey-to-mordor"),
        ("White Tree", "journey-to-mordor"),
        ("Punkty Cienia", "wojna-o-pierscien"),
        ("odwaga", "wojna-o-pierscien"),
        ("twilight pool", "lotr-tcg-rules"),
        ("political track", "wotr-rules"),
    ],
)
def test_a_game_specific_term_names_the_one_book_that_prints_it(query, book):
    (concept,) = matched_concepts(query)
    assert concept.books == {book}


def test_a_term_of_several_books_names_them_all():
    (concept,) = matched_concepts("Ring-bearer")
    assert {"wotr-rules", "lotr-tcg-rules"} <= concept.books


def test_every_concept_knows_its_books():
    assert all(concept.books for concept in concepts())
