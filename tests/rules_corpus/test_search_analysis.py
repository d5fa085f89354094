"""Analysis per language, typo distance and the glossary (no index, no database)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_corpus.search.analysis import analyze, edit_distance, fold
from rules_corpus.search.documents import SearchDocument
from rules_corpus.search.glossary import (
    TCG_FILE,
    TCG_SOURCE,
    extract_pairs,
    matched_concepts,
)


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("ru", ["армия", "армии", "армию", "армиями", "армией"]),
        ("ru", ["осада", "осады", "осаде", "осаду"]),
        ("ru", ["кубик", "кубиков", "кубики", "кубика"]),
        ("pl", ["niewola", "niewoli", "niewolę"]),
        ("pl", ["ucieczka", "ucieczki", "ucieczkę"]),
        ("pl", ["twierdza", "twierdzy", "twierdze", "twierdzach"]),
        ("en", ["siege", "sieges"]),
        ("en", ["companion", "companions"]),
    ],
)
def test_inflections_meet_one_indexed_form(language, forms):
    assert len({tuple(analyze(form, language)) for form in forms}) == 1


def test_russian_words_are_lemmatized_to_their_dictionary_form():
    assert analyze("Сколько кубиков бросает армия?", "ru") == [
        "сколько",
        "кубик",
        "бросать",
        "армия",
    ]


def test_latin_words_in_a_russian_book_are_stemmed_as_english():
    assert analyze("Спутники (Companions)", "ru") == ["спутник", "companion"]
    assert analyze("Companions", "ru") == analyze("companion", "en")


def test_polish_words_are_stemmed_with_their_diacritics_then_folded():
    assert analyze("oblężenia", "pl") == analyze("oblężenie", "pl") == ["oblezen"]
    assert analyze("drużyny", "pl") == analyze("druzyny", "pl") == ["druzyn"]
    assert analyze("ucieczkę", "pl") == analyze("ucieczke", "pl")


def test_polish_dictionary_forms_are_stemmed_by_their_lemma():
    """Issue 24: Snowball alone stems "armia" and "armii", "pojedynek" and "pojedynku" apart;
    simplemma's lemma joins them. A verb's lemma is not taken for a form that is not a verb's
    infinitive ("przymierza", of the Alliance, is not "przymierzać"), and a word the dictionary
    lacks is stemmed as typed."""
    assert analyze("armia armii armię", "pl") == ["arm"] * 3
    assert analyze("pojedynek pojedynku", "pl") == ["pojedynek"] * 2
    assert analyze("przymierza", "pl") == analyze("przymierze", "pl")
    assert analyze("oblezenie", "pl") == analyze("oblężenie", "pl")


def test_fold_drops_latin_diacritics_but_keeps_cyrillic_letters():
    assert fold("Oblężenie") == "oblezenie"
    assert fold("Łódź") == "lodz"
    assert fold("Nazgûl") == "nazgul"
    assert fold("Ёж") == "еж"
    assert fold("йод") == "йод"


def test_stop_words_and_single_letters_are_dropped():
    assert analyze("и в на z w the", "ru") == []


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("осаад", "осада", 1),
        ("armiya", "armia", 1),
        ("niewloa", "niewola", 1),
        ("siege", "siege", 0),
        ("kitten", "sitting", 3),
    ],
)
def test_edit_distance_counts_a_transposition_as_one_edit(a, b, distance):
    assert edit_distance(a, b) == distance


@given(st.text(max_size=8), st.text(max_size=8))
def test_edit_distance_is_a_symmetric_bounded_distance(a, b):
    assert edit_distance(a, b) == edit_distance(b, a)
    assert edit_distance(a, a) == 0
    assert abs(len(a) - len(b)) <= edit_distance(a, b) <= max(len(a), len(b))


def test_the_committed_tcg_glossary_is_what_extraction_gives_today():
    committed = json.loads(TCG_FILE.read_text(encoding="utf-8"))["pairs"]
    extracted = extract_pairs(TCG_SOURCE.read_text(encoding="utf-8"))
    assert [(p["ru"], p["en"]) for p in committed] == extracted


def test_extraction_finds_the_tcg_terms_and_leaves_phrases_out():
    pairs = dict((en, ru) for ru, en in extract_pairs(TCG_SOURCE.read_text(encoding="utf-8")))
    assert pairs["Ring-bearer"] == "Хранитель Кольца"
    assert pairs["Companion"] == "Спутник"
    assert pairs["Fellowship Phase"] == "Фаза Братства"
    assert pairs["Uruk-hai"] == "урук-хай"
    assert "discard from play" not in pairs  # a phrase, not a term
    assert "Playing companions" not in pairs  # a rule's title
    assert "Class" not in pairs  # printed after the wrong words


def test_extraction_on_a_made_up_text():
    text = "Бросьте Кубик Судьбы (Fate Die). Игрок может отступить (retreat) из боя (from battle)."
    assert extract_pairs(text) == [("Кубик Судьбы", "Fate Die")]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Ring-bearer", ("ru", "Хранитель Кольца")),
        ("хранителем кольца", ("en", "Ring-bearer")),
        ("siege", ("ru", "осада")),
        ("oblezenie", ("en", "siege")),
        ("осады", ("pl", "oblężenie")),
        ("armia", ("ru", "армия")),
        ("Companion", ("ru", "спутник")),
    ],
)
def test_a_query_term_names_its_concept_in_the_other_languages(query, expected):
    assert any(expected in concept.terms for concept in matched_concepts(query))


def test_a_search_document_needs_a_known_language():
    with pytest.raises(ValueError, match="language"):
        SearchDocument("section", "1", "wotr", "de", "T", "B", "/")


def test_a_word_is_indexed_by_its_first_letters_too():
    """Issue 24: the prefix field finds what a lemma misses, as an FTS5 prefix query would."""
    from rules_corpus.search.analysis import prefix

    assert prefix("Кубиков") == "кубик"
    assert prefix("oblężonej") == "oblez"
    assert prefix("ring") is None and prefix("123456") is None


def test_polish_words_are_dictionary_words():
    """Issue 23: a Polish word the rulebooks do not print is still no typo."""
    from rules_corpus.search.analysis import is_dictionary_word
    from rules_corpus.search.polish import is_polish, one_edit

    assert is_dictionary_word("armia") and is_dictionary_word("oblężona")
    assert not is_dictionary_word("twiedza")
    assert is_polish("Żółw") and not is_polish("") and not is_polish("a\nb")
    assert "twierdza" in one_edit("twiedza") and "tiwedza" in one_edit("twiedza")


def test_the_answering_sentence_is_pointed_at_by_a_text_fragment():
    """Issue 23: the section page opens scrolled to the answering sentence, highlighted."""
    from rules_corpus.search.passages import text_directive

    assert text_directive("Осажденная армия не может отступить.") == (
        ":~:text=%D0%9E%D1%81%D0%B0%D0%B6%D0%B4%D0%B5%D0%BD%D0%BD%D0%B0%D1%8F%20%D0%B0%D1%80%D0%BC"
        "%D0%B8%D1%8F%20%D0%BD%D0%B5%20%D0%BC%D0%BE%D0%B6%D0%B5%D1%82%20%D0%BE%D1%82%D1%81%D1%82"
        "%D1%83%D0%BF%D0%B8%D1%82%D1%8C."
    )
    long = "Ring-bearer, the one who carries the Ring, may be corrupted, " * 3 + "and dies."
    assert text_directive(long) == (
        ":~:text=Ring%2Dbearer%2C%20the%20one%20who%20carries%20the%20Ring%2C%20may,"
        "carries%20the%20Ring%2C%20may%20be%20corrupted%2C%20and%20dies."
    )
    assert text_directive("**Незахваченным** называется поселение") == ""


def test_preparing_a_section_writes_its_sentences_text_fragments_ahead():
    """Issue 29: the web server works out every sentence's text fragment before it forks, so
    that no worker's result pays for quoting it."""
    from rules_corpus.search.passages import prepare, text_directive

    text = "Первая фраза о кольце. Вторая фраза об армии.\n\nТретья фраза о крепости."
    text_directive.cache_clear()
    assert prepare(text, "ru") == 5  # two paragraphs, three sentences
    hits = text_directive.cache_info().hits
    text_directive("Вторая фраза об армии.")
    assert text_directive.cache_info().hits == hits + 1
    assert text_directive.cache_info().currsize == 3


def test_without_a_writable_cache_no_word_is_taken_for_polish(tmp_path, monkeypatch):
    """The Polish word list cannot be written (a read-only home): searches go on without it."""
    from rules_corpus.search import polish

    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # a file: no directory can go under it
    polish._words.cache_clear()
    try:
        assert polish._words() is None and not polish.is_polish("armia")
    finally:
        polish._words.cache_clear()
