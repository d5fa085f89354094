"""The rulebooks as the service worker keeps them: one bundle per book (every section's heading,
number, place in the tree and text already rendered as the section page renders it), versioned
by the corpus (the hashes of the parsed sources), so that a changed rulebook is fetched again
and the old copy dropped (docs/offline.md)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from rules_corpus.models import Rulebook
from rules_corpus.templatetags.rulebook_text import rulebook_text


def corpus_version() -> str:
    """A short hash of every loaded rulebook's slug and source hash (changes with any section)."""
    rows = Rulebook.objects.order_by("slug").values_list("slug", "source_sha256")
    return hashlib.sha256(json.dumps(list(rows)).encode()).hexdigest()[:12]


def _section_entry(section, number_of: dict[int, int]) -> dict[str, object]:
    return {
        "anchor": section.anchor,
        "number": section.number_path,
        "heading": section.heading,
        "level": section.level,
        "parent": number_of.get(section.parent_id) if section.parent_id else None,
        "html": str(rulebook_text(section.text)) if section.text else "",
    }


@lru_cache(maxsize=16)
def _bundle(slug: str, version: str) -> bytes:
    """The bundle of one book at one corpus ``version`` (cached per process and version)."""
    book = Rulebook.objects.get(slug=slug)
    sections = list(book.sections.order_by("position"))
    number_of = {section.pk: index for index, section in enumerate(sections)}
    payload = {
        "version": version,
        "slug": book.slug,
        "title": book.title,
        "game": book.game,
        "language": book.language,
        "url": book.get_absolute_url(),
        "sections": [_section_entry(section, number_of) for section in sections],
    }
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


def book_bundle(slug: str) -> bytes:
    """The JSON bundle of the rulebook ``slug`` (raises ``Rulebook.DoesNotExist``)."""
    return _bundle(slug, corpus_version())


def books() -> list[dict[str, object]]:
    """Every rulebook's slug, game, title and bundle size in bytes, in the site's order."""
    return [
        {
            "slug": book.slug,
            "game": book.game,
            "title": book.title,
            "bytes": len(book_bundle(book.slug)),
        }
        for book in Rulebook.objects.order_by("order", "slug")
    ]
