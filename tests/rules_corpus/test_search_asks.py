"""Every rulebook section's questions in the three languages (data/asks): document expansion."""

import json
import re

import pytest

from rules_corpus.parsing import parse_rulebook
from rules_corpus.parsing.manifest import manifest
from rules_corpus.search import engine
from rules_corpus.search.analysis import LANGUAGES, is_cyrillic
from rules_corpus.search.engine import search
from rules_corpus.search.headings import asks_file, asks_of, section_asks
from rules_corpus.search.index import asks_field, build_index
from rules_corpus.search.vectors import ASK, Vectors, embed, vector_texts
from tests.rules_corpus.search_factories import SearchDocumentFactory

BOOKS = sorted(manifest())


@pytest.mark.parametrize("slug", BOOKS)
def test_every_section_has_its_questions_in_the_three_languages(slug):
    """A reparsed book cannot lose its questions silently: the file names exactly the book's
    anchors, each with the heading it was written for and 2-5 questions per language; a
    Russian question holds Cyrillic (a TCG player's question may name a card's English term,
    as the Russian rulebook prints them), a Polish or English one none."""
    book = parse_rulebook(slug)
    data = json.loads(asks_file(slug).read_text(encoding="utf-8"))
    assert data["rulebook"] == slug and data["language"] == book.language
    assert "written by the team" in data["_about"]
    assert set(data["sections"]) == book.anchors  # no section without questions, no unknown one
    headings = {anchor: entry.pop("heading") for anchor, entry in data["sections"].items()}
    assert headings == {s.anchor: s.heading for s in book.sections}  # written for these headings
    for anchor, by_language in data["sections"].items():
        assert sorted(by_language) == sorted(LANGUAGES), anchor
        counts = {language: len(set(asked)) for language, asked in by_language.items()}
        assert all(2 <= n == len(by_language[lang]) <= 5 for lang, n in counts.items()), anchor
        for language, question in ((lang, q) for lang in LANGUAGES for q in by_language[lang]):
            words = re.findall(r"[^\W\d_]+", question)
            assert words and len(question) <= 120, (anchor, question)
            assert any(is_cyrillic(w) for w in words) == (language == "ru"), (anchor, question)


def test_the_questions_reach_the_documents():
    asked = section_asks("journey-to-mordor")["podgotovka-k-igre"]
    assert "who goes first in journey to mordor" in asked["en"]
    assert [language for language, _ in asks_of("wojna-o-pierscien", "twierdze")] == list(LANGUAGES)
    assert section_asks("no-such-book") == {}
    assert asks_of("no-such-book", "anchor") == ()
    assert asks_field("pl") == "asks_pl"


def test_a_section_is_found_by_a_question_only_its_questions_hold(tmp_path):
    """Questions phrased as players phrase them, in the book's own language too, find the
    section whose text words the rule otherwise ("who goes first": "the first player is whoever
    last read the book"); without them an overview that shares a word comes first."""
    asks = (
        ("en", "who goes first\nwho starts the game"),
        ("pl", "kto zaczyna grę"),
        ("ru", "кто ходит первым\nкто начинает игру"),
    )
    setup = SearchDocumentFactory(
        title="Подготовка", body="Возьмите ручку. Тот, кто последним читал книгу, берёт кубики."
    )
    overview = SearchDocumentFactory(
        title="Обзор", body="Игра идёт по кругу. Первым до Мордора доходит победитель.",
        translations=(("en", "Game overview"), ("pl", "Przegląd gry")),
    )  # fmt: skip
    plain = [setup, overview]
    expanded = [SearchDocumentFactory(**{**vars(setup), "asks": asks}), overview]
    questions = ("who goes first", "kto zaczyna grę", "кто ходит первым")
    build_index(tmp_path / "plain", plain)
    build_index(tmp_path / "asks", expanded)
    for text in questions:
        assert search(tmp_path / "asks", text).hits[0].key == setup.key, text
        hits = search(tmp_path / "plain", text).hits
        assert not hits or hits[0].key != setup.key, text


def test_a_question_meets_the_question_a_section_answers_by_sentence_vector(tmp_path, monkeypatch):
    """A section's questions have sentence vectors of their own, a ranking in the fusion
    (issue 24, ninth pass): a question whose meaning one of them says ("the largest number of
    cards I can keep": "the maximum number of cards I may hold") finds that section before one
    whose question shares as many of its words ("keep"); without that ranking the other comes
    first."""
    hand = SearchDocumentFactory(
        title="Лимит", body="В конце хода лишние карты сбрасываются до шести.",
        asks=(("en", "what is the maximum number of cards I may hold\nwhat is the hand size limit"),
              ("ru", "сколько карт можно держать в руке")),
    )  # fmt: skip
    draw = SearchDocumentFactory(
        title="Добор", body="Каждый ход игрок берёт в руку две карты из колоды.",
        asks=(("en", "how many cards do I draw and keep each turn"),
              ("ru", "сколько карт берут за ход")),
    )  # fmt: skip
    build_index(tmp_path, [hand, draw])
    text = "what is the largest number of cards I can keep"
    assert [hit.key for hit in search(tmp_path, text).hits] == [hand.key, draw.key]
    monkeypatch.setattr(engine, "ASKS_VECTOR_WEIGHT", 0.0)
    assert [hit.key for hit in search(tmp_path, text).hits] == [draw.key, hand.key]


def test_a_sections_questions_are_vectors_of_their_own():
    """Each question is a row of its own, apart from the text's; its nearest section has no
    passage to show for it."""
    document = SearchDocumentFactory(
        body="Армия атакует.",
        asks=(("en", "who attacks\ncan an army attack"), ("pl", "kto atakuje")),
    )
    texts = vector_texts(document)
    assert [text for text, paragraph in texts if paragraph == ASK] == [
        "who attacks", "can an army attack", "kto atakuje"
    ]  # fmt: skip
    rows = tuple((document.doc_id, "section", "wotr", "ru", p) for _text, p in texts)
    vectors = Vectors.of(embed([text for text, _p in texts]), rows)
    assert len(vectors.rows) == len(texts) - 3 and len(vectors.asks_rows) == 3
    wanted = {"doc_type": None, "game": None, "language": None}
    (near,) = vectors.nearest("who is attacking", 5, 0.5, wanted, asks=True)
    assert near.doc_id == document.doc_id and near.paragraph is None
    assert vectors.nearest("who is attacking", 5, 0.5, {**wanted, "game": "tcg"}, asks=True) == []
