"""Opening the search index and loading its sentence encoder before the first search."""

from pathlib import Path

from rules_corpus.search.index import SearchIndexMissing, open_index
from rules_corpus.search.vectors import encoder, load_vectors


def warm(directory: Path) -> None:
    """Open the index in ``directory`` and load its vectors and the encoder now, so that no
    search pays for them (about a second of CPU) out of its request's CPU budget."""
    try:
        open_index(directory)
    except SearchIndexMissing:
        return  # `make run` / deploy builds it; searches say so meanwhile
    if load_vectors(directory) is not None:
        encoder().encode(["warm up"])  # its tokenizer and weights load on first use
