"""The manifest of vendored rulebooks (``rules_corpus/sources/manifest.json``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SOURCES_DIR = Path(__file__).resolve().parent.parent / "sources"


@dataclass(frozen=True)
class ManifestEntry:
    """What the manifest says of one rulebook file."""

    slug: str
    game: str
    title: str
    language: str
    edition: str
    source_file: str
    order: int


@cache
def manifest() -> dict[str, ManifestEntry]:
    """Every rulebook of the manifest by slug, in the manifest's order."""
    entries = json.loads((SOURCES_DIR / "manifest.json").read_text(encoding="utf-8"))
    return {
        entry["slug"]: ManifestEntry(order=order, **entry)
        for order, entry in enumerate(entries, start=1)
    }
