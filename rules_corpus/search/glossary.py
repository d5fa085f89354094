"""The bilingual glossary that expands a query across Russian, English and Polish.

Two sources: ``data/glossary_core.json``, the core War of the Ring terms written by hand, and
``data/glossary_tcg.json``, the pairs "Русский термин (English term)" that the TCG rulebook
prints, extracted automatically by :func:`extract_pairs` (regenerate the file with
``python -m rules_corpus.search.glossary``; a test checks it is up to date).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .analysis import LANGUAGES, analyze, russian_lemma, russian_part_of_speech

DATA_DIR = Path(__file__).resolve().parent / "data"
CORE_FILE = DATA_DIR / "glossary_core.json"
TCG_FILE = DATA_DIR / "glossary_tcg.json"
TCG_SOURCE = Path(__file__).resolve().parent.parent / "sources" / "lotr-tcg-fellowship-rules.ru.txt"

# "Хранитель Кольца (Ring-bearer)": Cyrillic words, then an English term in parentheses.
_RUSSIAN = r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*"
_PAIR = re.compile(rf"((?:{_RUSSIAN}\s+){{0,6}}{_RUSSIAN})\s*\(([A-Za-z][A-Za-z'’ -]*)\)")
_RUSSIAN_WORD = re.compile(_RUSSIAN)
# English words that make a parenthesis a phrase ("discard from play"), not a term.
_ENGLISH_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "between",
        "for",
        "from",
        "in",
        "of",
        "on",
        "that",
        "the",
        "to",
        "with",
        "your",
    ]
)
# Parts of speech that cannot begin (prepositions...) or belong to (verbs) a Russian term.
_NOT_FIRST = frozenset({"CONJ", "PRCL", "NPRO"})
_NOT_IN_TERM = frozenset({"VERB", "INFN", "GRND", "PREP"})
MAX_ENGLISH_WORDS = 3


@dataclass(frozen=True)
class Concept:
    """One notion and its names: ``terms`` are ``(language, term)`` pairs."""

    terms: tuple[tuple[str, str], ...]


def _english_term(raw: str) -> str | None:
    words = raw.strip().split()
    if words and words[0].lower() == "the":
        words = words[1:]
    if not words or len(words) > MAX_ENGLISH_WORDS:
        return None
    if any(word.lower() in _ENGLISH_FUNCTION_WORDS for word in words):
        return None
    if len(words) > 1 and words[0].lower().endswith("ing"):
        return None  # "Playing companions": a rule's title, not a term
    return " ".join(words)


def _russian_term(before: str, parts_wanted: int) -> str | None:
    """The trailing Russian words of ``before`` with as many hyphen parts as the English term."""
    words = _RUSSIAN_WORD.findall(before)
    taken: list[str] = []
    while words and sum(len(w.split("-")) for w in taken) < parts_wanted:
        taken.insert(0, words.pop())
    if sum(len(w.split("-")) for w in taken) < parts_wanted:
        return None
    tags = [russian_part_of_speech(word.lower()) for word in taken]
    if tags[0] in _NOT_FIRST or any(tag in _NOT_IN_TERM for tag in tags):
        return None
    return " ".join(taken)


def _rejected() -> frozenset[str]:
    """English terms the heuristic pairs with the wrong Russian words (listed in the core file)."""
    core = json.loads(CORE_FILE.read_text(encoding="utf-8"))
    return frozenset(core["rejected_tcg_terms"])


def extract_pairs(text: str) -> list[tuple[str, str]]:
    """The ``(russian, english)`` term pairs a text prints as "Термин (Term)", first seen first.

    The Russian term is taken to have as many words (hyphenated parts counted) as the English
    one, so "Хранитель Кольца (Ring-bearer)" and "Фаза Братства (Fellowship Phase)" come out
    whole; phrases ("discard from play"), verbs and prepositions are left out as noise.
    """
    pairs: dict[tuple[str, str], tuple[str, str]] = {}
    rejected = _rejected()
    for match in _PAIR.finditer(text):
        english = _english_term(match.group(2))
        if english is None or english in rejected:
            continue
        parts = sum(len(word.split("-")) for word in english.split())
        russian = _russian_term(match.group(1), parts)
        if russian is None:
            continue
        key = (" ".join(russian_lemma(w.lower()) for w in russian.split()), english.lower())
        pairs.setdefault(key, (russian, english))
    return list(pairs.values())


def write_tcg_pairs() -> int:
    """Extract the TCG rulebook's pairs into ``data/glossary_tcg.json``; returns their number."""
    pairs = extract_pairs(TCG_SOURCE.read_text(encoding="utf-8"))
    payload = {
        "_about": f"Extracted from {TCG_SOURCE.name} by rules_corpus.search.glossary.",
        "pairs": [{"ru": ru, "en": en} for ru, en in pairs],
    }
    TCG_FILE.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return len(pairs)


def _key(language: str, term: str) -> tuple[str, ...]:
    return tuple(analyze(term, language))


@cache
def concepts() -> tuple[Concept, ...]:
    """The core concepts, each enriched with the TCG pairs that share one of its terms."""
    core = json.loads(CORE_FILE.read_text(encoding="utf-8"))["concepts"]
    groups = [
        [(lang, term) for lang in LANGUAGES for term in entry.get(lang, [])] for entry in core
    ]
    index = {_key(lang, term): group for group in groups for lang, term in group}
    for pair in json.loads(TCG_FILE.read_text(encoding="utf-8"))["pairs"]:
        terms = [("ru", pair["ru"]), ("en", pair["en"])]
        group = next((index[k] for k in (_key(*t) for t in terms) if k in index), None)
        if group is None:
            group = []
            groups.append(group)
        for term in terms:
            if _key(*term) not in index and _key(*term):
                group.append(term)
                index[_key(*term)] = group
    return tuple(Concept(tuple(group)) for group in groups if len(group) > 1)


@cache
def english_terms() -> frozenset[str]:
    """Every word of the glossary's English terms, lowercase ("siege", "ring", "bearer")."""
    return frozenset(
        word.lower()
        for concept in concepts()
        for language, term in concept.terms
        if language == "en"
        for word in re.findall(r"\w+", term)
    )


@cache
def _term_index() -> dict[str, dict[tuple[str, ...], Concept]]:
    """For each query analysis ("ru" also covers English, "pl"), analyzed term → concept."""
    index: dict[str, dict[tuple[str, ...], Concept]] = {"ru": {}, "pl": {}}
    for concept in concepts():
        for language, term in concept.terms:
            analysis = "pl" if language == "pl" else "ru"
            key = _key(language, term)
            if key:
                index[analysis].setdefault(key, concept)
    return index


def matched_concepts(query: str) -> dict[Concept, set[int]]:
    """The concepts a query names, each with the positions of the query words naming it.

    Positions count the words :func:`~.analysis.query_words` gives. Longest terms are matched
    first, and each word names one concept at most.
    """
    found: dict[Concept, set[int]] = {}
    for analysis, terms in _term_index().items():
        tokens = analyze(query, analysis)
        longest = max((len(key) for key in terms), default=0)
        start = 0
        while start < len(tokens):
            for size in range(min(longest, len(tokens) - start), 0, -1):
                concept = terms.get(tuple(tokens[start : start + size]))
                if concept is not None:
                    found.setdefault(concept, set()).update(range(start, start + size))
                    start += size
                    break
            else:
                start += 1
    return found


if __name__ == "__main__":
    print(f"{write_tcg_pairs()} pairs written to {TCG_FILE}")
