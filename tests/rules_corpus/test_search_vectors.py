"""The sentence vectors' scan (issue 29): the rows the leading coordinates bound out cannot
reach the minimum, so the nearest documents and their cosines are the whole scan's, to the
bit."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_corpus.search.vectors import ASK, DIMENSIONS, Leading, Near, Vectors

GAMES = ("wotr", "lotr-tcg")


def _matrix(seed: int, rows: int) -> np.ndarray:
    """Unit rows clustered on a few directions, as sentence vectors are (so that the leading
    coordinates hold most of a row and the bound leaves most rows out)."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((8, DIMENSIONS))
    found = centres[rng.integers(8, size=rows)] + 0.4 * rng.standard_normal((rows, DIMENSIONS))
    return (found / np.linalg.norm(found, axis=1, keepdims=True)).astype(np.float32)


def _whole_scan(matrix, rows, vector, limit, minimum, wanted) -> list[Near]:
    """:meth:`Vectors.nearest` as it was: every row's cosine."""
    similarity = np.einsum("ij,j->i", matrix, vector)
    found: dict[str, Near] = {}
    close = np.flatnonzero(similarity >= minimum)
    for row in close[np.argsort(-similarity[close], kind="stable")]:
        doc_id, _type, game, _language, paragraph = rows[row]
        if len(found) == limit:
            break
        if doc_id not in found and wanted.get("game") in (None, game):
            shown = None if paragraph == ASK else paragraph
            found[doc_id] = Near(doc_id, float(similarity[row]), shown)
    return list(found.values())


@settings(max_examples=12, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 400),
    st.floats(-0.2, 0.95),
    st.integers(1, 40),
    st.sampled_from((None, *GAMES)),
    st.booleans(),
)
def test_the_nearest_are_the_whole_scans(seed, count, minimum, limit, game, asks):
    matrix = _matrix(seed, count)
    rows = tuple(
        (f"section:{n // 3}", "section", GAMES[n % 2], "ru", ASK if n % 4 == 0 else n)
        for n in range(count)
    )
    vectors = Vectors.of(matrix, rows)
    own, own_rows = (
        (vectors.asks_matrix, vectors.asks_rows) if asks else (vectors.matrix, vectors.rows)
    )
    rng = np.random.default_rng(seed + 1)
    for _ in range(5):
        vector = (matrix[rng.integers(count)] + 0.3 * rng.standard_normal(DIMENSIONS)).astype(
            np.float32
        )
        vector /= np.linalg.norm(vector)
        wanted = {"doc_type": None, "game": game, "language": None}
        got = vectors.nearest(vector, limit, minimum, wanted, asks=asks)
        assert got == _whole_scan(own, own_rows, vector, limit, minimum, wanted)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 300), st.sampled_from((8, 64, 256)))
def test_the_bound_is_never_below_a_rows_cosine(seed, count, leading):
    matrix = _matrix(seed, count)
    bound = Leading.of(matrix, leading)
    rng = np.random.default_rng(seed + 2)
    vector = rng.standard_normal(DIMENSIONS).astype(np.float32)
    vector /= np.linalg.norm(vector)
    cosines = np.einsum("ij,j->i", matrix, vector)
    for minimum in (-0.5, 0.0, 0.2, 0.4, 0.6):
        assert set(np.flatnonzero(cosines >= minimum)) <= set(bound.reaching(vector, minimum))
    assert len(bound.reaching(vector, 0.9)) < count or count < 5
