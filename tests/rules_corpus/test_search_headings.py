"""Every rulebook section's heading translated into the other two languages (data/headings)."""

import json
import re

import pytest

from rules_corpus.parsing import parse_rulebook
from rules_corpus.parsing.manifest import manifest
from rules_corpus.search.analysis import LANGUAGES, is_cyrillic
from rules_corpus.search.engine import search
from rules_corpus.search.headings import headings_file, translated_headings
from rules_corpus.search.index import build_index, translated_field
from tests.rules_corpus import search_factories
from tests.rules_corpus.search_factories import SearchDocumentFactory

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index

BOOKS = sorted(manifest())


@pytest.mark.parametrize("slug", BOOKS)
def test_every_section_has_its_heading_in_the_two_other_languages(slug):
    """A reparsed book cannot lose its translations silently: the file names exactly the book's
    anchors (none that does not exist), each with the heading it was translated from."""
    book = parse_rulebook(slug)
    data = json.loads(headings_file(slug).read_text(encoding="utf-8"))
    assert data["rulebook"] == slug and data["language"] == book.language
    assert "translated by the team" in data["_about"]
    assert set(data["sections"]) == book.anchors
    others = {language for language in LANGUAGES if language != book.language}
    for section in book.sections:
        entry = data["sections"][section.anchor]
        assert entry["heading"] == section.heading, section.anchor  # translated from this
        assert set(entry) - {"heading"} == others, section.anchor
        for language in others:
            words = re.findall(r"[^\W\d_]+", entry[language])
            assert words, (section.anchor, language)
            # Russian in Cyrillic, English and Polish in Latin letters.
            assert all(is_cyrillic(w) == (language == "ru") for w in words), entry[language]


def test_the_translations_reach_the_documents():
    assert translated_headings("wotr-warriors")["predel-gruppirovaniia"]["en"] == (
        "Dead Men: Stacking Limit"
    )
    assert translated_headings("no-such-book") == {}


def test_a_translated_heading_is_searched_in_its_own_language(tmp_path):
    """A Polish query finds a Russian section by its Polish heading (stemmed as Polish)."""
    section = SearchDocumentFactory(
        title="Предел группирования",
        body="У Орлов нет предела.",
        translations=(("en", "Eagles: Stacking Limit"), ("pl", "Orły: limit jednostek")),
    )
    build_index(tmp_path / "index", [section, SearchDocumentFactory(body="Орлы летят.")])
    for text in ("limitu jednostek", "stacking limits"):
        [hit] = search(tmp_path / "index", text).hits
        assert hit.key == section.key, text
    assert translated_field("pl") == "translated_pl"


@pytest.mark.parametrize(
    "added",
    [
        {"translations": (("pl", "Osady i fortyfikacje"),)},
        {"keyterms": (("pl", "osada\nmiasto\ntwierdza"),)},  # data/keyterms: likewise
    ],
)
def test_a_word_of_a_translated_heading_alone_is_still_read_as_russian_typed_in_latin(
    tmp_path, added
):
    """ "osada" is a Polish heading's word (a town), yet typed with "citadeli" it is «осада»."""
    siege = SearchDocumentFactory(title="Ведение осады", body="Осада цитадели длится.")
    towns = SearchDocumentFactory(title="Поселения", body="Город.", **added)
    build_index(tmp_path / "index", [towns, siege])
    page = search(tmp_path / "index", "osada citadeli")
    assert page.hits[0].key == siege.key


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "answer"),
    [
        # Polish about the Russian Warriors expansion: the Eagles' placement, not their chapter.
        ("rozstawienie początkowe orłów", "wotr-warriors/nachalnaia-rasstanovka-i-naim-2"),
        # Russian about the Polish book: its "Pierścień" attribute, not the TCG's One Ring.
        ("характеристика кольца", "wojna-o-pierscien/pierscien"),
        # By its key terms (data/keyterms): the Warriors expansion prints no English, and the
        # Ents' attack, an elite unit's two hits, a Corsair's two units are no heading's words.
        ("ents hit on 4", "wotr-warriors/ataka-2"),
        ("czy elitarny oddział przyjmuje dwa trafienia", "wotr-rules/opredelenie-poter"),
        ("dwa oddziały na korsarza", "wotr-warriors/perevozka-voisk"),
    ],
)
def test_a_question_in_another_language_finds_the_section_by_its_translated_heading(
    corpus_search_index, text, answer
):
    hit = search(corpus_search_index, text).hits[0]
    assert f"{hit.rulebook}/{hit.url.strip('/').split('/')[-1]}" == answer
