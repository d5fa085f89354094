"""How a typed question is read (issue 13): frame words, the game named, the language typed,
Russian typed in Latin letters, passages. No index needed."""

import json

import pytest

from rules_corpus.search.analysis import analyze, forms
from rules_corpus.search.glossary import TERMS_FILES, concepts
from rules_corpus.search.lexicon import LEXICON_FILE, russian_lemmas, translations
from rules_corpus.search.passages import answering_passage, paragraphs, sentences
from rules_corpus.search.question import (
    QUESTIONS_FILE,
    _key,
    frame_words,
    query_language,
    understand,
)
from rules_corpus.search.translit import Transliterations, cyrillic_key, latin_key
from rules_corpus.search.vectors import PASSAGE_CHARS, gathered
from rules_corpus.templatetags.rulebook_text import rulebook_text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("how many units can be in one region", "how units can be in one region"),
        ("what happens when a character dies", "what when a character dies"),
        ("сколько юнитов может быть в регионе", "юнитов быть в регионе"),
        ("ile ruchów ma postać", "ruchów ma postać"),
        ("how does it work", "how does it work"),  # nothing left: the whole text
    ],
)
def test_frame_words_are_left_out(text, words):
    assert understand(text).words == words


@pytest.mark.parametrize(
    ("text", "game", "words"),
    [
        ("how does the ring phase work in wojna", "wojna", "how does the ring phase in"),
        ("как ходят назгулы в Войне Кольца", "wotr", "как ходят назгулы в"),
        ("what is a sortie in war of the ring", "wotr", "what is a sortie in"),
        ("how many cards in the draw deck tcg", "lotr-tcg", "how cards in the draw deck"),
        ("what does the gandalf face do in journey to mordor", "journey-to-mordor",
         "what does the gandalf face do in"),
        ("how does a sortie work", None, "how does a sortie"),
        # Every game's name in the three languages, Polish ones in the forms a question uses.
        ("czy gandalf działa w podróży do mordoru", "journey-to-mordor", "czy gandalf w"),
        ("ile kart w talii w grze karcianej", "lotr-tcg", "kart w talii w"),
        ("что такое фракция в воинах средиземья", "wotr", "что фракция в"),
    ],
)  # fmt: skip
def test_a_named_game_is_recognised_and_left_out_of_the_words(text, game, words):
    question = understand(text)
    assert (question.game, question.words) == (game, words)


def test_no_frame_word_is_a_word_of_a_glossary_term():
    """A frame word inside a glossary term would stop the term from ever matching."""
    glossary_words = {
        _key(word) for concept in concepts() for _, term in concept.terms for word in term.split()
    }
    assert not frame_words() & glossary_words


def test_the_data_files_say_what_they_are():
    assert json.loads(QUESTIONS_FILE.read_text(encoding="utf-8"))["_about"]
    assert all(path.exists() for path in TERMS_FILES.values())


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("сколько кубиков", "ru"),
        ("jak rozstrzyga się bitwę", "pl"),
        ("czy postać może uciec", "pl"),
        ("kiedy jest koniec gry", "pl"),
        ("how far can the nazgul move", "en"),
        ("ten dice to go", "en"),
    ],
)
def test_the_language_typed_is_told_by_letters_and_function_words(text, language):
    assert query_language(text) == language


@pytest.mark.parametrize(
    ("typed", "russian"),
    [
        ("skolko", "сколько"),
        ("yunitov", "юнитов"),
        ("iunitov", "юнитов"),
        ("junitov", "юнитов"),
        ("citadeli", "цитадели"),
        ("tsitadeli", "цитадели"),
        ("okhota", "охота"),
        ("ohota", "охота"),
        ("koltsom", "кольцом"),
        ("kol'tsom", "кольцом"),
        ("vylazka", "вылазка"),
        ("shchit", "щит"),
        ("zhertva", "жертва"),
    ],
)
def test_the_usual_romanizations_of_a_russian_word_share_its_key(typed, russian):
    assert latin_key(typed) == cyrillic_key(russian)


def test_transliterations_find_the_word_exactly_or_one_edit_away():
    table = Transliterations.of(["регионе", "регион", "осада", "цитадели"])
    assert table.cyrillic("regione") == ["регионе"]
    assert table.cyrillic("regon") == ["регион"]  # one letter missing
    assert table.cyrillic("regon", fuzzy=False) == []
    assert table.cyrillic("regionne") == ["регионе"]  # one letter too many
    assert table.cyrillic("osda") == []  # too short to guess
    assert table.cyrillic("siege") == []


def test_the_section_page_numbers_paragraphs_as_the_search_does():
    text = "Первый абзац.\n\n- пункт\n- пункт два\n\n\n\nТретий абзац."
    html = rulebook_text(text)
    assert len(paragraphs(text)) == 3
    for number in range(3):
        assert f'id="p-{number}"' in html


def test_paragraphs_gather_into_passages_of_bounded_size():
    short = ["Один.", "Два.", "Три."]
    assert gathered(short) == [(0, "Один.\nДва.\nТри.")]
    long = ["а" * PASSAGE_CHARS, "б" * 10, "в" * PASSAGE_CHARS]
    assert [number for number, _ in gathered(long)] == [0, 1, 2]


def test_the_answering_passage_is_the_paragraph_and_sentence_with_the_most_query_words():
    text = (
        "Армия может двигаться.\n\n"
        "Осада длится, пока есть юниты. Осажденная армия может отступить в цитадель.\n\n"
        "Конец."
    )
    passage = answering_passage(text, frozenset({"осажденный", "армия", "отступить"}), "ru")
    assert passage.paragraph == 1
    assert passage.sentence == "Осажденная армия может отступить в цитадель."
    nothing = answering_passage(text, frozenset({"кольцо"}), "ru", nearest=2)
    assert nothing.paragraph == 2  # the nearest passage by the sentence vectors
    assert answering_passage("", frozenset(), "ru") is None


def test_a_question_asking_how_many_prefers_the_sentence_with_a_number():
    text = "Юниты в регионе образуют армию. В регионе не более 10 юнитов."
    terms = frozenset({"юнит", "регион"})
    assert answering_passage(text, terms, "ru").sentence.startswith("Юниты")
    assert answering_passage(text, terms, "ru", numbers=True).sentence.startswith("В регионе")
    assert understand("how many units").asks_number
    assert understand("сколько юнитов").asks_number and not understand("юниты").asks_number


def test_sentences_split_at_ends_and_lines():
    assert sentences("Раз. Два!\n- три") == ["Раз.", "Два!", "- три"]


def test_the_encoder_lexicon_holds_the_russian_rulebooks_own_words():
    """The committed lexicon (``python -m rules_corpus.search.lexicon``) still names only
    lemmas of the Russian rulebooks, nearest first, and knows the words the glossary lacks."""
    lemmas = set(russian_lemmas())
    pairs = json.loads(LEXICON_FILE.read_text(encoding="utf-8"))["pairs"]
    for near in pairs.values():
        assert {lemma for lemma, _ in near} <= lemmas
        assert [cosine for _, cosine in near] == sorted((c for _, c in near), reverse=True)
    found = translations(["destroyed", "strength", "xylophonist"], 3, 0.8)
    assert "уничтожение" in dict(found["destroyed"]) and "сила" in dict(found["strength"])
    assert "xylophonist" not in found


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Все юниты, находящиеся в одном регионе, формируют армию. Nazgûl's 10 x", "ru"),
        ("Postacie potrafiące posługiwać się magią użyją czarów w trakcie pojedynku.", "pl"),
        ("The Ring-bearer exerts twice; a companion's wounds", "en"),
    ],
)
def test_the_fast_forms_of_a_paragraph_are_the_analyzers(text, language):
    assert forms(text, language) == set(analyze(text, language))
