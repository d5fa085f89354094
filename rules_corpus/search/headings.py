"""Each rulebook section's heading translated into the corpus's other two languages.

Cross-lingual retrieval works best when a document carries the query's language: the Russian
books print no English (the Warriors of Middle-earth expansion, Journey to Mordor) and no
Polish, the Polish book no Russian or English. So every section of every rulebook has its
heading, translated by the team from the rulebook's heading and the section's text, in the two
other languages (``data/headings/<rulebook>.json``, keyed by the section's stable anchor; see
``data/headings/README.md``). The index holds them in fields analysed in their own language
(:func:`.index.translated_field`); a test checks every section has them.

Beside them, each section's **key terms** (``data/keyterms/<rulebook>.json``): the 3-8 game
concepts and rules the section states, as a player would name them, in the same two languages,
written by the team from the section's text (``data/keyterms/README.md``), indexed in fields of
their own (:func:`.index.keyterms_field`) that weigh less than a heading.

And each section's **questions** (``data/asks/<rulebook>.json``): the questions a player would
type that the section answers, in all three languages, the book's own included (document
expansion), written by the team from the section's text (``data/asks/README.md``), indexed in
fields of their own (:func:`.index.asks_field`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .analysis import LANGUAGES

HEADINGS_DIR = Path(__file__).resolve().parent / "data" / "headings"
KEYTERMS_DIR = HEADINGS_DIR.parent / "keyterms"
ASKS_DIR = HEADINGS_DIR.parent / "asks"


def headings_file(rulebook: str) -> Path:
    return HEADINGS_DIR / f"{rulebook}.json"


def keyterms_file(rulebook: str) -> Path:
    return KEYTERMS_DIR / f"{rulebook}.json"


def asks_file(rulebook: str) -> Path:
    return ASKS_DIR / f"{rulebook}.json"


def _sections(path: Path) -> dict[str, dict]:
    """A data file's ``sections`` (``{anchor: {"heading": ..., language: ...}}``), empty for a
    rulebook without a file."""
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))["sections"]


@cache
def translated_headings(rulebook: str) -> dict[str, dict[str, str]]:
    """``{anchor: {language: heading}}`` of a rulebook's sections in the languages it is not
    written in; empty for a rulebook without a file."""
    return {
        anchor: {language: text for language, text in by_language.items() if language in LANGUAGES}
        for anchor, by_language in _sections(headings_file(rulebook)).items()
    }


def _lists(path: Path) -> dict[str, dict[str, tuple[str, ...]]]:
    """``{anchor: {language: lines}}`` of a data file of lists per language."""
    return {
        anchor: {
            language: tuple(lines)
            for language, lines in by_language.items()
            if language in LANGUAGES
        }
        for anchor, by_language in _sections(path).items()
    }


def _joined(found: dict[str, tuple[str, ...]]) -> tuple[tuple[str, str], ...]:
    """``(language, lines one a line)`` in :data:`LANGUAGES` order."""
    return tuple(
        (language, "\n".join(found[language])) for language in LANGUAGES if found.get(language)
    )


@cache
def key_terms(rulebook: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """``{anchor: {language: terms}}`` of a rulebook's sections in the languages it is not
    written in; empty for a rulebook without a file."""
    return _lists(keyterms_file(rulebook))


def key_terms_of(rulebook: str, anchor: str) -> tuple[tuple[str, str], ...]:
    """``(language, terms one a line)`` of one section's key terms, in :data:`LANGUAGES` order."""
    return _joined(key_terms(rulebook).get(anchor, {}))


@cache
def section_asks(rulebook: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """``{anchor: {language: questions}}`` of a rulebook's sections in the three languages;
    empty for a rulebook without a file."""
    return _lists(asks_file(rulebook))


def asks_of(rulebook: str, anchor: str) -> tuple[tuple[str, str], ...]:
    """``(language, questions one a line)`` of one section's questions, in :data:`LANGUAGES`
    order."""
    return _joined(section_asks(rulebook).get(anchor, {}))


def translations_of(rulebook: str, anchor: str) -> tuple[tuple[str, str], ...]:
    """``(language, heading)`` of one section's translated headings, in :data:`LANGUAGES`
    order."""
    found = translated_headings(rulebook).get(anchor, {})
    return tuple((language, found[language]) for language in LANGUAGES if found.get(language))
