"""Questions as a player types them, on the five real rulebooks (issue 13): Russian typed in
Latin letters, did-you-mean in every language, a named game, the answering passage."""

import pytest

from rules_corpus.search.engine import _book_of, _ranked, _understood, search
from rules_corpus.search.index import opened
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index
pytestmark = pytest.mark.usefixtures("db")


def _sections(page, top=5):
    return ["/".join(hit.url.strip("/").split("/")[-2:]) for hit in page.hits[:top]]


@pytest.mark.parametrize(
    ("typed", "suggestion", "answer"),
    [
        ("skolko yunitov v regione", "сколько юнитов в регионе", "wotr-rules/sostavlenie-armii"),
        ("okhota za koltsom", "охота за кольцом", "wotr-rules/okhota-za-koltsom"),
        ("vylazka", "вылазка", "wotr-rules/vylazka"),
        # "osada" is Polish too, but it reads as «осада»: the query is Russian
        ("osada citadeli", "осада цитадели", "wotr-rules/ataka-tsitadeli"),
    ],
)
def test_russian_typed_in_latin_letters_finds_its_section(
    corpus_search_index, typed, suggestion, answer
):
    page = search(corpus_search_index, typed)
    assert page.suggestion == suggestion
    assert answer in _sections(page)


@pytest.mark.parametrize(
    ("typed", "suggestion"),
    [
        ("сколко юнитов максимум в регоне", "сколько юнитов максимум в регионе"),
        ("niewloa", "niewola"),
        ("how to relieve a seige", "how to relieve a siege"),
        ("twiedza", "twierdza"),  # the rules print "twierdze", "twierdzy": read by its stem
        ("poszukiwnia postaci", "poszukiwania postaci"),
    ],
)
def test_a_typo_gets_a_did_you_mean_in_each_language(corpus_search_index, typed, suggestion):
    assert search(corpus_search_index, typed).suggestion == suggestion


@pytest.mark.parametrize(
    "typed",
    [
        "what do the boxes and tracks on the board do",
        "осада цитадели",
        "oblężenie twierdzy",
        # issue 23: "armia" is Polish (the rules say "wojsko"), never "aria"
        "Czy oblężona armia może się wycofać?",
        # a typo'd frame word alone finds nothing more: no suggestion offered for it
        "сколко юнитов",
    ],
)
def test_words_spelled_right_get_no_suggestion(corpus_search_index, typed):
    """ "board" is not in the rulebooks, but it is an English word: no "did you mean: bard"."""
    assert search(corpus_search_index, typed).suggestion is None


def test_a_polish_query_is_not_read_as_russian_in_latin_letters(corpus_search_index):
    """ "twierdzy" is a Polish word that reads as no Russian one: "wypda" (of "wypad") is a
    Polish typo, not «вида»."""
    page = search(corpus_search_index, "wypda z twierdzy")
    assert page.suggestion is None
    assert _sections(page, 1) == ["wojna-o-pierscien/twierdze"]


def test_a_polish_question_about_a_besieged_army_retreating_finds_the_retreat_rule(
    corpus_search_index,
):
    """Issue 23: the Polish rules' own word "wycofać" is the glossary's retreat."""
    page = search(corpus_search_index, "Czy oblężona armia może się wycofać?")
    assert _sections(page, 1) == ["wotr-rules/prekrashchenie-srazheniia-ili-otstuplenie"]


def test_the_book_whose_words_only_it_holds_is_told():
    """Issue 24: the rulebook most of a query's one-book words belong to; none on a tie."""
    assert _book_of([{"wotr-warriors"}, {"wotr-rules", "wotr-warriors"}]) == "wotr-warriors"
    assert _book_of([{"a"}, {"b"}, {"b"}, set()]) == "b"
    assert _book_of([{"a"}, {"b"}]) is None
    assert _book_of([{"a", "b"}]) is None


def test_words_of_one_rulebook_tell_it_and_weigh_its_sections(corpus_search_index):
    """«фракция» is a word of the Warriors expansion only, «армия» of every Russian book; a
    Polish word tells the language, not the book (the Polish rules are the only Polish book),
    unless it names a glossary term only one book prints: the duel is Wojna's, the faction die
    the expansion's (asked in English, a language none of the books is written in)."""
    source = opened(corpus_search_index)
    reader = source.searcher().reader()
    for text, told in (
        ("фракция армия", "wotr-warriors"),
        ("plansza", None),
        ("pojedynek", "wojna-o-pierscien"),
        ("faction die", "wotr-warriors"),
    ):
        _question, planned = _understood(source, text, reader)
        _ranked_hits, book, _found = _ranked(source.searcher(), planned, None, source.listing)
        assert book == told


def test_a_corrected_word_is_searched_as_corrected(corpus_search_index):
    assert "wotr-rules/sniatie-osady" in _sections(search(corpus_search_index, "relieve seige"))


def test_a_named_game_ranks_its_sections_first(corpus_search_index):
    hits = search(corpus_search_index, "how does the ring phase work in wojna").hits
    assert hits[0].game == "wojna"
    assert (
        search(corpus_search_index, "what does the orc face do in journey to mordor")
        .hits[0]
        .url.endswith("/journey-to-mordor/ork/")
    )


def test_a_polish_question_prefers_the_polish_rulebook(corpus_search_index):
    hits = search(corpus_search_index, "jak przebiega pojedynek postaci").hits
    assert hits[0].url.endswith("/wojna-o-pierscien/pojedynek/")


def test_the_best_hit_carries_its_answering_sentence_and_a_link_to_its_paragraph(
    corpus_search_index,
):
    """A question asking how many is answered by the sentence with the number."""
    hits = search(corpus_search_index, "сколько юнитов может быть в регионе").hits
    armies = next(h for h in hits if h.url.endswith("/sostavlenie-armii/"))
    assert "10" in armies.answer and "<mark" in armies.answer
    assert armies.passage_url.startswith(armies.url + "#p-1:~:text=")
    assert all(h.passage_url.startswith(h.url + "#p-") for h in hits if h.doc_type == "section")


def test_english_questions_about_russian_rules_use_the_encoder_lexicon(corpus_search_index):
    """No glossary entry says "destroyed" is «уничтожение»: the encoder's nearest lemma does."""
    page = search(corpus_search_index, "what happens to leaders when the army is destroyed")
    assert "wotr-rules/unichtozhenie-liderov" in _sections(page, 3)


@pytest.mark.parametrize(
    ("typed", "answers"),
    [
        # The expansion prints no English: its factions and terms are glossary concepts, and a
        # glossary term is no typo ("entwood" is not the English word "bentwood").
        ("what is the entwood", {"wotr-warriors/ogranicheniia-2",
                                 "wotr-warriors/nachalnaia-rasstanovka-i-naim-3"}),
        ("corsairs of umbar", {"wotr-warriors/piraty-umbara-piraty"}),
        ("faction die", {"wotr-warriors/kubiki-fraktsii-2", "wotr-warriors/kubiki-fraktsii"}),
    ],
)  # fmt: skip
def test_the_warriors_expansion_is_found_in_english(corpus_search_index, typed, answers):
    page = search(corpus_search_index, typed)
    assert answers & set(_sections(page))
    assert "entwood" not in typed or page.suggestion is None
