"""Immutable results of parsing a rulebook: its sections in document order and the fixes made."""

from __future__ import annotations

from dataclasses import dataclass

from rules_corpus.parsing.manifest import ManifestEntry


@dataclass(frozen=True)
class Correction:
    """One mojibake fix applied to the source before parsing (``line`` is 1-based)."""

    line: int
    original: str
    corrected: str
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {
            "line": self.line,
            "original": self.original,
            "corrected": self.corrected,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class ParsedSection:
    """A node of the rulebook tree: chapter (level 1), section (2), subsection (3), ...

    ``heading_source`` is the heading exactly as the (corrected) source prints it, markup
    included, or ``""`` for the title page of a book whose first lines precede any heading (its
    ``heading`` is then the manifest title). ``text`` is the body: paragraphs separated by a
    blank line.
    """

    anchor: str
    heading: str
    heading_source: str
    level: int
    number_path: str
    text: str
    parent_anchor: str | None
    position: int
    first_line: int
    corrections: tuple[Correction, ...] = ()


@dataclass(frozen=True)
class ParsedRulebook(ManifestEntry):
    """A rulebook's manifest entry, its source hash and its sections in document order."""

    source_sha256: str
    corrections: tuple[Correction, ...]
    sections: tuple[ParsedSection, ...]

    def section(self, anchor: str) -> ParsedSection:
        """The section with this anchor (``KeyError`` if there is none)."""
        for section in self.sections:
            if section.anchor == anchor:
                return section
        raise KeyError(anchor)

    @property
    def anchors(self) -> frozenset[str]:
        return frozenset(section.anchor for section in self.sections)

    def children(self, anchor: str | None) -> tuple[ParsedSection, ...]:
        """The direct subsections of ``anchor`` (``None``: the chapters)."""
        return tuple(s for s in self.sections if s.parent_anchor == anchor)
