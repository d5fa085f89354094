"""Searching the five real rulebooks: morphology, cross-language, typos, filters, pages."""

import pytest

from rules_corpus.search.engine import PageOutOfRange, search
from rules_corpus.search.index import SURFACE_FIELD, SearchIndexMissing, build_index, open_index
from rules_corpus.search.query import plan_query
from tests.rules_corpus import search_factories
from tests.rules_corpus.search_factories import SearchDocumentFactory

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index

# The index is built from the database once (see search_factories), so the database must exist.
pytestmark = pytest.mark.django_db


def top(index, text, n=3, **filters):
    return search(index, text, **filters).hits[:n]


def test_russian_inflections_find_the_army_sections(corpus_search_index):
    for form in ("армиями", "армии", "армию"):
        hits = top(corpus_search_index, form)
        assert hits and all("арми" in hit.title.lower() for hit in hits), form
        assert "<mark" in hits[0].snippet


def test_a_russian_question_finds_war_of_the_ring_sections(corpus_search_index):
    page = search(corpus_search_index, "сколько кубиков бросает армия")
    assert page.count > 10
    assert page.hits[0].game == "wotr"


def test_a_section_matching_all_the_words_beats_one_with_a_word_in_its_title(corpus_search_index):
    """«Бросок на атаку»: "Каждый игрок бросает количество кубиков равное силе армии"."""
    titles = [hit.title for hit in top(corpus_search_index, "сколько кубиков бросает армия")]
    assert "Бросок на атаку" in titles


def test_polish_inflections_find_the_captivity_section(corpus_search_index):
    for text in ("ucieczka z niewoli", "niewola", "ucieczki"):
        hits = top(corpus_search_index, text)
        assert hits[0].rulebook == "wojna-o-pierscien", text
        assert "Niewola" in hits[0].title or "Ucieczka" in hits[0].title, text


def test_polish_typed_without_diacritics_finds_the_same_sections(corpus_search_index):
    with_letters = [hit.key for hit in top(corpus_search_index, "ucieczkę z niewoli", 2)]
    assert [hit.key for hit in top(corpus_search_index, "ucieczke z niewoli", 2)] == with_letters


def test_an_english_phrase_finds_its_war_of_the_ring_sections(corpus_search_index):
    """ "Hunt for the Ring" is «Охота за Кольцом»: not the TCG section titled "The One Ring"."""
    hits = top(corpus_search_index, "hunt for the ring")
    assert all(hit.rulebook == "wotr-rules" and "охот" in hit.title.lower() for hit in hits)


def test_siege_in_english_finds_the_russian_siege_rules(corpus_search_index):
    for text in ("siege", "sieges"):
        hit = top(corpus_search_index, text, 1)[0]
        assert hit.rulebook == "wotr-rules"
        assert "осад" in hit.title.lower() or "осад" in hit.snippet.lower()


def test_ring_bearer_finds_the_tcg_sections_on_the_keeper_of_the_ring(corpus_search_index):
    """First the TCG's rules on the Хранитель Кольца; then, by their headings translated into
    English (data/headings), each game's section on the Ring-bearer is among the first five."""
    hits = top(corpus_search_index, "Ring-bearer", 5)
    assert hits[0].rulebook == "lotr-tcg-rules" and "Хранител" in hits[0].snippet
    keeper = [hit for hit in hits if "Хранител" in hit.snippet]
    assert len(keeper) >= 2 and {hit.rulebook for hit in keeper} == {"lotr-tcg-rules"}
    assert {"wotr-rules", "wojna-o-pierscien"} <= {hit.rulebook for hit in hits}


def test_ring_bearer_also_finds_the_war_of_the_ring_term(corpus_search_index):
    """The WotR 1st edition translation says «Носитель Кольца», the glossary knows it."""
    titles = [hit.title for hit in top(corpus_search_index, "Ring-bearer", 5)]
    assert "Носитель кольца" in titles


def test_a_russian_term_finds_the_polish_rulebook_through_the_glossary(corpus_search_index):
    hits = top(corpus_search_index, "плен", 5, language="pl")
    assert hits and hits[0].rulebook == "wojna-o-pierscien"
    assert "<mark" in hits[0].snippet


@pytest.mark.parametrize(("typo", "found"), [("осаад", "осад"), ("niewloa", "niewol")])
def test_small_typos_still_find_the_word(corpus_search_index, typo, found):
    hits = top(corpus_search_index, typo)
    assert hits and found in hits[0].snippet.lower()


def test_a_known_word_is_not_fuzzed(corpus_search_index):
    with open_index(corpus_search_index).searcher() as searcher:
        planned = plan_query("осада", searcher.reader())
        surface_terms = {t for f, t in planned.query.iter_all_terms() if f == SURFACE_FIELD}
        fuzzy = plan_query("осаад", searcher.reader())
        fuzzy_terms = {t for f, t in fuzzy.query.iter_all_terms() if f == SURFACE_FIELD}
    assert surface_terms == {"осада"}
    assert "осада" in fuzzy_terms


@pytest.mark.parametrize(
    ("filters", "field", "value"),
    [
        ({"game": "wojna"}, "game", "wojna"),
        ({"game": "journey-to-mordor"}, "game", "journey-to-mordor"),
        ({"language": "pl"}, "language", "pl"),
        ({"language": "ru", "game": "lotr-tcg"}, "game", "lotr-tcg"),
    ],
)
def test_filters_keep_only_that_game_or_language(corpus_search_index, filters, field, value):
    page = search(corpus_search_index, "армия niewola кольцо", **filters)
    assert page.count > 0
    assert {getattr(hit, field) for hit in page.hits} == {value}


def test_the_counts_per_game_add_up_to_the_whole(corpus_search_index):
    games = ("wotr", "lotr-tcg", "journey-to-mordor", "wojna")
    whole = search(corpus_search_index, "армия niewola кольцо").count
    assert (
        sum(search(corpus_search_index, "армия niewola кольцо", game=g).count for g in games)
        == whole
    )


def test_a_filter_can_leave_nothing(corpus_search_index):
    page = search(corpus_search_index, "twierdza", game="wojna", language="ru")
    assert (page.count, page.hits, page.num_pages) == (0, (), 1)


def test_pages_split_the_hits_without_overlap(corpus_search_index):
    first = search(corpus_search_index, "армия", page=1)
    second = search(corpus_search_index, "армия", page=2)
    assert first.count == second.count > 10
    assert first.num_pages == -(-first.count // 10)
    assert len(first.hits) == 10
    assert not {h.key for h in first.hits} & {h.key for h in second.hits}
    assert first.hits[-1].score >= second.hits[0].score
    assert (first.has_previous, first.has_next, second.has_previous) == (False, True, True)


def test_a_page_past_the_last_is_refused(corpus_search_index):
    last = search(corpus_search_index, "армия").num_pages
    with pytest.raises(PageOutOfRange) as error:
        search(corpus_search_index, "армия", page=last + 1)
    assert error.value.num_pages == last


def test_a_query_of_stop_words_finds_nothing(corpus_search_index):
    assert search(corpus_search_index, "и в на").count == 0


def test_snippets_escape_the_text_and_mark_the_match(tmp_path):
    document = SearchDocumentFactory(body="Армия <script>alert(1)</script> & осада.")
    build_index(tmp_path / "index", [document])
    [hit] = search(tmp_path / "index", "армии").hits
    assert "&lt;script&gt;" in hit.snippet and "<script>" not in hit.snippet
    assert '<mark class="match term0">Армия</mark>' in hit.snippet


def test_another_document_type_is_found_across_languages(tmp_path):
    card = SearchDocumentFactory(
        doc_type="card",
        key="1_2",
        game="lotr-tcg",
        language="en",
        title="Frodo, Son of Drogo",
        body="Ring-bearer. Resistance 10.",
        rulebook=None,
        section=None,
        url="/cards/1_2/",
    )
    build_index(tmp_path / "index", [card, SearchDocumentFactory()])
    [hit] = search(tmp_path / "index", "хранитель кольца").hits
    assert (hit.doc_type, hit.key, hit.rulebook, hit.section) == ("card", "1_2", None, None)


def test_a_missing_index_is_reported(tmp_path):
    with pytest.raises(SearchIndexMissing):
        search(tmp_path / "nothing", "армия")


def test_a_rebuild_replaces_the_index(tmp_path):
    build_index(tmp_path / "index", [SearchDocumentFactory(body="осада")])
    assert search(tmp_path / "index", "осада").count == 1
    build_index(tmp_path / "index", [SearchDocumentFactory(body="армия")])
    assert search(tmp_path / "index", "осада").count == 0
