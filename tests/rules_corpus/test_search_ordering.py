"""The fusion and ordering of a search's hits weighed and sorted at once (numpy, issue 29) give
what weighing them hit by hit gives, to the bit and in the same order: the definitions below
are the code they replaced."""

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_corpus.search import engine
from rules_corpus.search.engine import (
    GAME_WEIGHT,
    LANGUAGE_WEIGHT,
    RRF_K,
    VECTOR_MINIMUM,
    VECTOR_SURE,
    _fused,
    _ordered,
    _sure,
)
from rules_corpus.search.index import Listed, Listing
from rules_corpus.search.vectors import Near

GAMES = ["wotr", "lotr-tcg", "wojna"]
BOOKS = ["wotr-rules", "wotr-lome", "tcg-rules", ""]


def _fused_one_by_one(ranked, nearest, weight, listed, asked=([], 0.0)):
    scores = defaultdict(float)
    for rank, (_score, number) in enumerate(ranked, start=1):
        scores[number] += 1 / (RRF_K + rank)
    asks, asks_weight = asked
    for found, times, limits in (
        (nearest, weight, (VECTOR_MINIMUM, VECTOR_SURE)),
        (asks, asks_weight, (engine.ASKS_VECTOR_MINIMUM, engine.ASKS_VECTOR_SURE)),
    ):
        for rank, near in enumerate(found, start=1):
            number = listed.number(near.doc_id)
            if number is not None:
                scores[number] += times * _sure(near.similarity, *limits) / (RRF_K + rank)
    weights = listed.weights
    fused = [(score * weights[number], number) for number, score in scores.items()]
    return sorted(fused, key=lambda pair: -pair[0])


def _ordered_one_by_one(ranked, games, language, named, listed):
    game, told = games
    polish = language == "pl"
    weighed, keys = [], []
    for score, number in ranked:
        document = listed.documents[number]
        same = polish and document.language == "pl"
        book = GAME_WEIGHT if document.rulebook == told else 1.0
        score = score * ((LANGUAGE_WEIGHT if same else 1.0) * book)
        if document.doc_id in named:
            group = 0, False
        else:
            group = (2 if document.doc_type == "card" else 1), document.game != game
        weighed.append((score, number))
        keys.append((group, -score))
    order = sorted(range(len(weighed)), key=keys.__getitem__)
    return [weighed[i] for i in order]


document = st.builds(
    lambda kind, game, language, weight, book: Listed(
        "", kind, game, language, weight, rulebook="" if kind == "card" else book
    ),
    st.sampled_from(["section", "card"]),
    st.sampled_from(GAMES),
    st.sampled_from(["ru", "pl", "en"]),
    st.sampled_from([1.0, 0.5, 0.3, 1 / 3]),
    st.sampled_from(BOOKS[:3]),
)
#: Scores drawn from a few values, so that ties (kept in their order) are common.
score = st.sampled_from([0.0, 1.0, 2.5, 1 / 3, 7.25, 1e-9]) | st.floats(0, 50)


@st.composite
def listings(draw):
    documents = draw(st.lists(document, min_size=1, max_size=25))
    documents = [
        Listed(f"d{n}", d.doc_type, d.game, d.language, d.weight, rulebook=d.rulebook)
        for n, d in enumerate(documents)
    ]
    return Listing(tuple(documents), {d.doc_id: n for n, d in enumerate(documents)})


@st.composite
def hits(draw, listing):
    numbers = draw(st.permutations(range(len(listing.documents))))
    kept = numbers[: draw(st.integers(0, len(numbers)))]
    scores = sorted((draw(score) for _ in kept), reverse=True)
    return list(zip(scores, kept, strict=True))


def near(listing):
    doc_ids = st.sampled_from([d.doc_id for d in listing.documents] + ["unknown"])
    row = st.builds(Near, doc_ids, st.floats(0.3, 1.0), st.none())
    return st.lists(row, max_size=8).map(lambda rows: list({r.doc_id: r for r in rows}.values()))


@settings(max_examples=400)
@given(st.data())
def test_fusion_is_the_one_by_one_sum(data):
    listing = data.draw(listings())
    ranked = data.draw(hits(listing))
    nearest, asks = data.draw(near(listing)), data.draw(near(listing))
    weight = data.draw(st.sampled_from([0.0, 0.5, 1.0, 0.7]))
    asked = (asks, data.draw(st.sampled_from([0.0, 0.5, 0.37])))
    fast = _fused(ranked, nearest, weight, listing, asked)
    slow = _fused_one_by_one(ranked, nearest, weight, listing, asked)
    assert [(repr(s), n) for s, n in fast] == [(repr(s), n) for s, n in slow]
    assert all(type(s) is float and type(n) is int for s, n in fast)


@settings(max_examples=400)
@given(st.data())
def test_ordering_is_the_one_by_one_sort(data):
    listing = data.draw(listings())
    ranked = data.draw(hits(listing))
    games = (
        data.draw(st.sampled_from([None, *GAMES, "chess"])),
        data.draw(st.sampled_from([None, *BOOKS])),
    )
    language = data.draw(st.sampled_from(["ru", "pl", "en"]))
    named = frozenset(data.draw(st.lists(st.sampled_from(["d0", "d1", "d3", "x"]), max_size=3)))
    fast = _ordered(ranked, games, language, named, listing)
    slow = _ordered_one_by_one(ranked, games, language, named, listing)
    assert [(repr(s), n) for s, n in fast] == [(repr(s), n) for s, n in slow]
    assert all(type(s) is float and type(n) is int for s, n in fast)
