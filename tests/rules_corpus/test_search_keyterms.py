"""Every rulebook section's key terms in the two other languages (data/keyterms)."""

import json
import re

import pytest

from rules_corpus.parsing import parse_rulebook
from rules_corpus.parsing.manifest import manifest
from rules_corpus.search.analysis import LANGUAGES, is_cyrillic
from rules_corpus.search.engine import search
from rules_corpus.search.headings import key_terms, key_terms_of, keyterms_file
from rules_corpus.search.index import build_index, keyterms_field
from tests.rules_corpus.search_factories import SearchDocumentFactory

BOOKS = sorted(manifest())


@pytest.mark.parametrize("slug", BOOKS)
def test_every_section_has_its_key_terms_in_the_two_other_languages(slug):
    """A reparsed book cannot lose its key terms silently: the file names exactly the book's
    anchors, each with the heading it was written for and 3-8 short terms per language, in
    that language's script."""
    book = parse_rulebook(slug)
    data = json.loads(keyterms_file(slug).read_text(encoding="utf-8"))
    assert data["rulebook"] == slug and data["language"] == book.language
    assert "written by the team" in data["_about"]
    assert set(data["sections"]) == book.anchors  # no section without terms, no unknown anchor
    others = {language for language in LANGUAGES if language != book.language}
    for section in book.sections:
        entry = data["sections"][section.anchor]
        assert entry["heading"] == section.heading, section.anchor  # written for this heading
        assert set(entry) - {"heading"} == others, section.anchor
        for language in others:
            terms = entry[language]
            assert 3 <= len(terms) <= 8, (section.anchor, language, terms)
            assert len(set(terms)) == len(terms), (section.anchor, language)
            for term in terms:
                words = re.findall(r"[^\W\d_]+", term)
                assert words and len(term) <= 80, (section.anchor, term)
                # Russian in Cyrillic, English and Polish in Latin letters.
                assert all(is_cyrillic(w) == (language == "ru") for w in words), term


def test_the_key_terms_reach_the_documents():
    assert "Army of the Dead cannot split" in key_terms("wotr-warriors")["ogranicheniia"]["en"]
    assert {language for language, _ in key_terms_of("wotr-rules", "opredelenie-poter")} == {
        "en",
        "pl",
    }
    assert key_terms("no-such-book") == {}
    assert key_terms_of("no-such-book", "anchor") == ()


def test_a_key_term_is_searched_in_its_own_language_below_a_heading(tmp_path):
    """A Polish or English query finds a Russian section by its key terms (analysed in their
    language); a section whose translated heading says the same comes before it."""
    terms = SearchDocumentFactory(
        title="Определение потерь",
        body="Элитный юнит выдерживает два ранения.",
        keyterms=(("en", "casualties\nelite unit takes two hits"), ("pl", "straty\ntrafienia")),
    )
    heading = SearchDocumentFactory(
        title="Ранения", body="Ранения.", translations=(("en", "Hits"), ("pl", "Trafienia"))
    )
    build_index(tmp_path / "index", [terms, SearchDocumentFactory(body="Орлы летят.")])
    for text in ("elite units take hits", "trafień"):
        assert search(tmp_path / "index", text).hits[0].key == terms.key, text
    build_index(tmp_path / "both", [terms, heading])
    assert [hit.key for hit in search(tmp_path / "both", "trafienia").hits] == [
        heading.key,
        terms.key,
    ]
    assert keyterms_field("en") == "keyterms_en"
