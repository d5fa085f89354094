"""The baseline the search is measured against (issue 24): a plain SQLite FTS5 index of the
same rule sections (heading and text, ``unicode61`` with diacritics removed), asked each
question's words as 5-letter prefixes OR-ed together (``армия`` → ``армия*``, ``кубиков`` →
``кубик*``), ranked by FTS5's own BM25. No stemming, glossary or typo tolerance: what a
developer gets in an afternoon, and what the site's ranking has to beat."""

import re
import sqlite3
from collections.abc import Iterable

from rules_corpus.search.documents import SearchDocument

PREFIX = 5
_WORD = re.compile(r"\w+")


class Fts5Baseline:
    """An in-memory FTS5 index of the section documents."""

    def __init__(self, documents: Iterable[SearchDocument]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute(
            "CREATE VIRTUAL TABLE sections USING fts5("
            "url UNINDEXED, title, body, tokenize='unicode61 remove_diacritics 2')"
        )
        self.db.executemany(
            "INSERT INTO sections (url, title, body) VALUES (?, ?, ?)",
            ((doc.url, doc.title, doc.body) for doc in documents if doc.doc_type == "section"),
        )

    @staticmethod
    def expression(text: str) -> str:
        """The FTS5 query: each word's first letters as a prefix, OR-ed."""
        words = {w.lower()[:PREFIX] for w in _WORD.findall(text) if len(w) > 1}
        return " OR ".join(f'"{word}"*' for word in sorted(words))

    def urls(self, text: str, limit: int = 10) -> list[str]:
        """The section URLs best first."""
        expression = self.expression(text)
        if not expression:
            return []
        rows = self.db.execute(
            "SELECT url FROM sections WHERE sections MATCH ? ORDER BY bm25(sections, 2.5, 1.0) "
            "LIMIT ?",
            (expression, limit),
        )
        return [url for (url,) in rows]
