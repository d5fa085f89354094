"""Parse the vendored rulebooks into section trees (pure Python, no Django).

``parse_rulebook(slug)`` reads ``rules_corpus/sources/<file>``, fixes its known mojibake and
returns a :class:`ParsedRulebook` whose sections carry the anchors the whole project cites
(see docs/conventions.md and docs/rulebooks.md). ``python -m rules_corpus.parsing <slug>``
prints a book's tree.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path

from .books import journey_to_mordor, lotr_tcg_rules, wojna_o_pierscien, wotr_rules, wotr_warriors
from .manifest import SOURCES_DIR, manifest
from .model import Correction, ParsedRulebook, ParsedSection
from .mojibake import fix_mojibake
from .outline import Strategy, anchor_for, build_sections

STRATEGIES: dict[str, Strategy] = {
    "wotr-rules": wotr_rules.STRATEGY,
    "wotr-warriors": wotr_warriors.STRATEGY,
    "lotr-tcg-rules": lotr_tcg_rules.STRATEGY,
    "journey-to-mordor": journey_to_mordor.STRATEGY,
    "wojna-o-pierscien": wojna_o_pierscien.STRATEGY,
}
RULEBOOK_SLUGS: tuple[str, ...] = tuple(manifest())

__all__ = [
    "RULEBOOK_SLUGS",
    "Correction",
    "ParsedRulebook",
    "ParsedSection",
    "anchor_for",
    "parse_rulebook",
    "read_source",
]


def read_source(slug: str, sources_dir: Path | None = None) -> bytes:
    """The raw bytes of a rulebook's vendored source file."""
    entry = manifest()[slug]
    return ((sources_dir or SOURCES_DIR) / entry.source_file).read_bytes()


def parse_rulebook(slug: str, sources_dir: Path | None = None) -> ParsedRulebook:
    """Parse one rulebook (``KeyError`` for an unknown slug).

    Results are cached per process by the source's content, so a changed file is re-parsed.
    """
    if slug not in STRATEGIES:
        raise KeyError(slug)
    return _parse(slug, read_source(slug, sources_dir))


@lru_cache(maxsize=32)
def _parse(slug: str, raw: bytes) -> ParsedRulebook:
    entry = manifest()[slug]
    text, corrections = fix_mojibake(raw.decode("utf-8"))
    sections = build_sections(text.split("\n"), STRATEGIES[slug], entry.title, corrections)
    return ParsedRulebook(
        **asdict(entry),
        source_sha256=hashlib.sha256(raw).hexdigest(),
        corrections=corrections,
        sections=sections,
    )
