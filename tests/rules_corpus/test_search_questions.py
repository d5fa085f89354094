"""Questions a player types find the sections that answer them (issue 13): a sample of the
benchmark (``bench/search_questions.txt``) in each language and kind, each in the top 5.
Not a timing: ``make bench`` prints the whole benchmark's MRR and recall."""

import pytest

from rules_corpus.search.engine import search
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index
pytestmark = pytest.mark.usefixtures("db")

#: (question, one section that answers it, as rulebook/anchor)
SAMPLE = [
    ("how many victory points do the free peoples need to win", "wotr-rules/usloviia-pobedy"),
    ("can a besieged army retreat to an adjacent region", "wotr-rules/vedenie-osady"),
    ("how does a sortie work", "wotr-rules/vylazka"),
    ("what is a combat card", "wotr-rules/boevye-karty-2"),
    ("how do the elven rings work", "wotr-rules/elfiiskie-koltsa"),
    ("how many cards in the draw deck", "lotr-tcg-rules/igralnaia-koloda-draw-deck"),
    ("what happens at shelob's lair", "journey-to-mordor/8-logovo-shelob-1-koltso"),
    ("how does a duel between characters work", "wojna-o-pierscien/pojedynek"),
    ("сколко юнитов максимум в регоне", "wotr-rules/sostavlenie-armii"),
    ("как снять осаду", "wotr-rules/sniatie-osady"),
    ("jak przebiega pojedynek postaci", "wojna-o-pierscien/pojedynek"),
]


@pytest.mark.parametrize(("question", "answer"), SAMPLE)
def test_a_question_finds_its_section_in_the_top_five(corpus_search_index, question, answer):
    hits = search(corpus_search_index, question).hits[:5]
    found = ["/".join(hit.url.strip("/").split("/")[-2:]) for hit in hits]
    assert answer in found, found
