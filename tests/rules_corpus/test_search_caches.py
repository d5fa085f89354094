"""What keeps a new question fast (issue 29) gives what the work it saves gives: a word's
clause remembered from earlier questions, a hit's coverage looked up by its terms, a
document's sentences counted for all words at once, its stored fields read once."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_corpus.search import index
from rules_corpus.search.analysis import LANGUAGES, normalize
from rules_corpus.search.engine import _understood, marked
from rules_corpus.search.index import Listed, SentenceMasks, open_searcher, opened
from rules_corpus.search.query import PlannedQuery, plan_query
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index
pytestmark = pytest.mark.usefixtures("db")

FORMS = ["осада", "армия", "кубик", "юнит", "регион", "10"]
FIELDS = ["body_ru", "title_ru", "keyterms_ru", "body_en"]
#: Few terms, so that a phrase's terms all match often.
terms = st.tuples(st.sampled_from(FIELDS[:2]), st.sampled_from(FORMS[:3]).map(str.encode))
#: Per query word, its ways to be satisfied: one term, a phrase's terms, or (as a plan can
#: hold) none.
word = st.frozensets(st.frozensets(terms, max_size=3), max_size=4)


def _brute_satisfied(planned: PlannedQuery, matched: set) -> list[int]:
    """The definition: a word is satisfied when all the terms of one of its ways matched."""
    return [
        position
        for position, ways in enumerate(planned.word_alternatives)
        if any(way <= matched for way in ways)
    ]


@settings(max_examples=300)
@given(st.lists(word, min_size=1, max_size=5), st.sets(terms, max_size=6))
def test_a_hits_coverage_looked_up_by_its_terms_is_the_subset_tests(words, matched):
    planned = PlannedQuery(None, word_alternatives=tuple(words))
    assert planned.satisfied(matched) == _brute_satisfied(planned, matched)
    assert planned.satisfied(frozenset(matched)) == _brute_satisfied(planned, matched)


@settings(max_examples=300)
@given(
    st.lists(word, min_size=1, max_size=5),
    st.lists(st.frozensets(st.sampled_from(FORMS), max_size=5), min_size=1, max_size=12),
    st.sampled_from([None, "10"]),
    st.booleans(),
)
def test_sentences_counted_at_once_give_the_share_sentence_by_sentence(
    words, sentences, number, as_typed
):
    """:meth:`PlannedQuery.masked_share` (every sentence's count at once, by bit planes)
    against :meth:`PlannedQuery.sentence_share` (sentence by sentence), with and without a
    number asked for and a translated heading; and :meth:`PlannedQuery.holds_all`."""
    planned = PlannedQuery(None, word_alternatives=tuple(words), own_alternatives=tuple(words))
    listed = Listed("d", "section", "wotr", "ru", 1.0, tuple(sentences))
    masks = SentenceMasks.of(listed)
    for translated in ((), (("ru", frozenset(FORMS[:2])),)):
        expected = planned.sentence_share(
            sentences, "ru", number, as_typed=as_typed, translated=translated
        )
        got = planned.masked_share(
            masks.sentences, masks.count, "ru", number, as_typed=as_typed, translated=translated
        )
        assert got == expected
    for heading in sentences:  # a heading holding every word as typed
        whole = planned.sentence_share([heading], "ru", as_typed=True) == 1
        assert planned.holds_all(heading, "ru") == whole


@pytest.mark.parametrize(
    "questions",
    [
        # a word's clause and a glossary concept's, asked again in other questions
        ["siege ring-bearer", "осада армии", "how does a siege end", "siege"],
        # a typo's near spellings and Russian typed in Latin letters
        ["skolko kubikov brosaet armiya", "сколко юнитов в регоне", "kubikov"],
        # the same typo read two ways: only the first three unknown words get near spellings
        ["жщжщж шщшщш щжщжщ регоне", "регоне"],
    ],
)
def test_a_remembered_words_plan_is_the_plan_made_afresh(corpus_search_index, questions):
    """Each question planned after the others (its words' clauses remembered, shared between
    plans) is planned as with a reader that remembers nothing: the same query, highlighted
    terms, ways to satisfy each word and corrections; and what one plan highlights does not
    leak into the next."""
    source = opened(corpus_search_index)
    remembering = source.reader(source.searcher())
    plain = open_searcher(corpus_search_index).reader()
    for question in questions + questions[::-1]:
        _, planned = _understood(source, question, remembering)
        _, afresh = _understood(source, question, plain)
        assert repr(planned.query) == repr(afresh.query)
        assert planned.highlight_terms == afresh.highlight_terms
        assert planned.word_alternatives == afresh.word_alternatives
        assert planned.own_alternatives == afresh.own_alternatives
        assert planned.corrections == afresh.corrections
        assert planned.books == afresh.books
        for typed in planned.words:  # each word asked is marked as typed, in every language
            assert all(normalize(typed, language) in planned.highlight_terms[language]
                       for language in LANGUAGES)  # fmt: skip
    assert not hasattr(plain, "remembered")
    assert (
        plan_query("siege", remembering).highlight_terms
        == plan_query("siege", plain).highlight_terms
    )


def test_a_documents_stored_fields_are_read_once_and_are_whooshs(corpus_search_index):
    source = opened(corpus_search_index)
    searcher = open_searcher(corpus_search_index)
    for number in (0, 5, 17):
        first = source.stored_fields(number)
        assert first == searcher.stored_fields(number)
        assert source.stored_fields(number) is first


def test_the_words_clauses_kept_are_bounded(corpus_search_index, monkeypatch):
    """A flood of new words cannot grow the clauses kept past their limit (a few words here),
    and a word planned again after its clause was dropped is planned the same."""
    monkeypatch.setitem(index.REMEMBERED_LIMITS, "clause", 3)
    source = opened(corpus_search_index)
    reader = source.reader(source.searcher())
    first = plan_query("осада армии", reader)
    for word in ("кубик", "регион", "siege", "hunt", "twierdza"):
        plan_query(word, reader)
        assert len(source.looked_up["clause"]) <= 3
    again = plan_query("осада армии", reader)
    assert repr(again.query) == repr(first.query)
    assert again.highlight_terms == first.highlight_terms


def _marked_word_by_word(text: str, terms: frozenset[str], language: str) -> str:
    """The definition: every part escaped, each word whose form is a term in ``<mark>``."""
    from html import escape

    from rules_corpus.search.analysis import STOPWORDS

    def word(found: str) -> str:
        lowered = found.lower()
        if lowered in STOPWORDS or len(lowered) < 2 or normalize(lowered, language) not in terms:
            return escape(found)
        return f'<mark class="match">{escape(found)}</mark>'

    parts = re.split(r"(\w+)", text)
    return "".join(word(part) if i % 2 else escape(part) for i, part in enumerate(parts))


WORDS = ["Осада", "осады", "и", "Armia", "armii", "a", "siege", "<b>", "&", '"', "'", " ", ".", "ż"]


@settings(max_examples=300)
@given(
    st.lists(st.sampled_from(WORDS) | st.text(max_size=3), max_size=12).map("".join),
    st.frozensets(st.sampled_from(["осада", "и", "arm", "sieg", "a", "b"]), max_size=4),
    st.sampled_from(LANGUAGES),
)
def test_a_sentence_marked_between_its_marks_at_once_is_marked_word_by_word(
    text, marked_terms, language
):
    """:func:`.engine.marked` escapes the text between two marked words at once (issue 29):
    the same HTML as escaping it part by part."""
    assert marked(text, marked_terms, language) == _marked_word_by_word(
        text, marked_terms, language
    )


forms_of = st.frozensets(st.sampled_from(FORMS), max_size=5)
ways_of = st.tuples(forms_of, st.lists(forms_of.filter(len), max_size=3).map(tuple))


@settings(max_examples=300)
@given(st.lists(ways_of, max_size=4), forms_of)
def test_whether_a_heading_holds_the_words_is_the_definition(words, heading):
    """``_holds`` and :meth:`PlannedQuery.holds_all` written as loops (issue 29) against the
    definition: a word is held when one term alone, or every term of a phrase, is."""
    from rules_corpus.search.query import _holds

    def held(ways):
        alone, together = ways
        return bool(alone & heading) or any(way <= heading for way in together)

    for ways in words:
        assert _holds(ways, heading) == held(ways)
    planned = PlannedQuery(None)
    planned.__dict__["_own_terms_by_language"] = {"ru": tuple(words)}
    assert planned.holds_all(heading, "ru") == (bool(words) and all(map(held, words)))
