"""``manage.py build_search_index``: rebuild the whoosh index from the database."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

from django.conf import settings
from django.core.management.base import BaseCommand

from rules_corpus.search.documents import SearchDocument, iter_documents
from rules_corpus.search.index import build_index


class Command(BaseCommand):
    help = "Rebuild the search index (settings.SEARCH_INDEX_DIR) from every registered source."

    def handle(self, *args: object, **options: object) -> None:
        started = time.perf_counter()
        counts: Counter[tuple[str, str]] = Counter()

        def counted() -> Iterator[SearchDocument]:
            for document in iter_documents():
                counts[document.doc_type, document.language] += 1
                yield document

        total = build_index(settings.SEARCH_INDEX_DIR, counted())
        elapsed = time.perf_counter() - started
        for (doc_type, language), count in sorted(counts.items()):
            self.stdout.write(f"  {doc_type} [{language}]: {count}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Indexed {total} documents into {settings.SEARCH_INDEX_DIR} in {elapsed:.2f} s"
            )
        )
