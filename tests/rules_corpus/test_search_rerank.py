"""The e5 re-ranker (issue 24): which questions it re-ranks, that it keeps the groups' order
and the scores' order, that its passage vectors are kept by text between builds, and that it
puts the answer first where the lexical ranking puts a neighbour of another book first."""

import numpy as np
import pytest

from rules_corpus.search import rerank
from rules_corpus.search.engine import search
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index


def test_only_questions_the_lexical_ranking_is_unsure_of_are_reranked():
    close, sure = [(10.0, 1), (9.0, 2)], [(10.0, 1), (5.0, 2)]
    assert rerank.is_unsure("jak rozstrzyga się bitwę", close)
    assert not rerank.is_unsure("jak rozstrzyga się bitwę", sure)
    assert not rerank.is_unsure("siege", close)  # a term: found by its words
    assert not rerank.is_unsure("how does a siege end", [(10.0, 1)])


def test_reranking_moves_the_nearest_up_within_its_group_and_keeps_the_scores_in_order():
    ranked = [(float(100 - n), n) for n in range(rerank.CANDIDATES + 5)]
    nearest = {1: 0.9, 0: 0.1, 2: 0.2, 3: 0.3}
    groups = {2: 0}  # number 2 is in the first group (say, the named game's sections)
    found = rerank.reranked(ranked, nearest.get, lambda n: groups.get(n, 1))
    numbers = [n for _score, n in found]
    assert numbers[0] == 2  # its group stands before the others'
    assert numbers[1:3] == [1, 0]  # the nearest, lexically second, passes the first
    assert sorted(numbers) == list(range(rerank.CANDIDATES + 5))
    assert [s for s, _n in found] == [s for s, _n in ranked]  # the scores keep their places
    assert found[rerank.CANDIDATES :] == ranked[rerank.CANDIDATES :]


def test_passage_vectors_are_kept_by_text_between_builds(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    texts = ["Oblężenie. Twierdza jest oblężona.", "Осада. Цитадель осаждена."]
    first = rerank.passage_vectors(texts)
    assert first.shape == (2, rerank.DIMENSIONS)
    assert np.allclose(np.linalg.norm(first, axis=1), 1, atol=1e-3)
    assert rerank.cache_path().is_file()

    def no_encoding():
        raise AssertionError("encoded again")

    monkeypatch.setattr(rerank, "encoder", no_encoding)
    assert np.array_equal(rerank.passage_vectors(texts[::-1]), first[::-1])


def test_a_damaged_cache_file_is_encoded_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rerank.cache_path().parent.mkdir(parents=True)
    rerank.cache_path().write_bytes(b"not an npz")
    assert rerank.passage_vectors(["Bitwa."]).shape == (1, rerank.DIMENSIONS)


@pytest.mark.django_db
def test_a_polish_question_finds_the_polish_section_rather_than_the_russian_one(
    corpus_search_index,
):
    # The lexical ranking: «Сражение» (wotr-rules) first, "Bitwa" second.
    first = search(corpus_search_index, "jak rozstrzyga się bitwę").hits[0]
    assert first.url.rstrip("/").endswith("wojna-o-pierscien/bitwa")
