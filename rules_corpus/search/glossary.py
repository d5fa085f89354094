"""The glossary that expands a query across Russian, English and Polish, and tells its game.

One terms file per rulebook, each term taken from that book's own vocabulary (its components,
the words it defines, the headings that name a game concept) with its ru/pl/en names, the
section that defines it and the rulebooks that print it (``books``, worked out from the books'
text by :func:`printed_in`; a test checks every file): ``data/glossary_<rulebook>.json`` written
by hand for the books that print no English (the War of the Ring rules, the Warriors of
Middle-earth expansion, Journey to Mordor, Wojna o Pierścień), and ``data/glossary_tcg.json``,
the pairs "Русский термин (English term)" that the TCG rulebook prints, extracted automatically
by :func:`extract_pairs` (regenerate it with ``python -m rules_corpus.search.glossary``; a test
checks it is up to date). A term marked ``generic`` (a word every book uses: "components",
"place", "face") is listed for the record but is no concept: expanding it found every book.
A concept printed in one rulebook only tells the book a query naming it is about.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..parsing import RULEBOOK_SLUGS, parse_rulebook
from .analysis import LANGUAGES, analyze, russian_lemma, russian_part_of_speech

DATA_DIR = Path(__file__).resolve().parent / "data"
#: The rulebooks whose terms are written by hand (the TCG's: those it prints without English), in
#: the order their concepts are read.
HAND_BOOKS = (
    "wotr-rules",
    "wotr-warriors",
    "lotr-tcg-rules",
    "journey-to-mordor",
    "wojna-o-pierscien",
)
TERMS_FILES = {slug: DATA_DIR / f"glossary_{slug}.json" for slug in HAND_BOOKS}
TCG_BOOK = "lotr-tcg-rules"
TCG_FILE = DATA_DIR / "glossary_tcg.json"
TCG_SOURCE = Path(__file__).resolve().parent.parent / "sources" / "lotr-tcg-fellowship-rules.ru.txt"
#: English terms the TCG rulebook prints after words that are not their translation
#: ("Класс снаряжения или артефакта (Class)", "Ключевые слова (Keywords)"): not extracted.
REJECTED_TCG_TERMS = frozenset(["Class", "Miscellaneous", "Keywords", "Shadow players reconcile"])

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
    """One notion and its names: ``terms`` are ``(language, term)`` pairs; ``books``: the
    rulebooks that print it."""

    terms: tuple[tuple[str, str], ...]
    books: frozenset[str] = frozenset()


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


def _pair_key(russian: str, english: str) -> tuple[str, str]:
    return " ".join(russian_lemma(w.lower()) for w in russian.split()), english.lower()


def extract_pairs(text: str) -> list[tuple[str, str]]:
    """The ``(russian, english)`` term pairs a text prints as "Термин (Term)", first seen first.

    The Russian term is taken to have as many words (hyphenated parts counted) as the English
    one, so "Хранитель Кольца (Ring-bearer)" and "Фаза Братства (Fellowship Phase)" come out
    whole; phrases ("discard from play"), verbs and prepositions are left out as noise.
    """
    pairs: dict[tuple[str, str], tuple[str, str]] = {}
    for match in _PAIR.finditer(text):
        english = _english_term(match.group(2))
        if english is None or english in REJECTED_TCG_TERMS:
            continue
        parts = sum(len(word.split("-")) for word in english.split())
        russian = _russian_term(match.group(1), parts)
        if russian is None:
            continue
        pairs.setdefault(_pair_key(russian, english), (russian, english))
    return list(pairs.values())


def _printed_section(book: str, russian: str, english: str) -> str:
    """The anchor of the first section of ``book`` that prints the pair."""
    wanted = _pair_key(russian, english)
    for section in parse_rulebook(book).sections:
        text = f"{section.heading_source}\n{section.text}"
        if any(_pair_key(*pair) == wanted for pair in extract_pairs(text)):
            return section.anchor
    return next(s.anchor for s in parse_rulebook(book).sections if f"({english}" in s.text)


def write_tcg_pairs() -> int:
    """Extract the TCG rulebook's pairs into ``data/glossary_tcg.json``; returns their number."""
    pairs = extract_pairs(TCG_SOURCE.read_text(encoding="utf-8"))
    payload = {
        "_about": f"Extracted from {TCG_SOURCE.name} by rules_corpus.search.glossary: each "
        "pair with the section that prints it and the rulebooks that print it (books).",
        "pairs": [
            {
                "ru": ru,
                "en": en,
                "section": _printed_section(TCG_BOOK, ru, en),
                "books": sorted(printed_in({"ru": [ru], "en": [en]})),
            }
            for ru, en in pairs
        ],
    }
    TCG_FILE.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return len(pairs)


def _key(language: str, term: str) -> tuple[str, ...]:
    return tuple(analyze(term, language))


@cache
def _book_texts() -> dict[str, tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]]:
    """Each rulebook's language and its sections' anchors and analyzed words (heading, text)."""
    books = {}
    for slug in RULEBOOK_SLUGS:
        book = parse_rulebook(slug)
        books[slug] = (
            book.language,
            tuple(
                (s.anchor, tuple(analyze(f"{s.heading}\n{s.text}", book.language)))
                for s in book.sections
            ),
        )
    return books


def _holds(words: tuple[str, ...], term: tuple[str, ...]) -> bool:
    size = len(term)
    return any(words[i : i + size] == term for i, word in enumerate(words) if word == term[0])


#: The names a rulebook of each language prints: the Russian books print Russian, and English
#: in the TCG's pairs; the Polish book Polish.
_PRINTED = {"ru": ("ru", "en"), "pl": ("pl",)}


def printed_in(names: dict[str, list[str]], sections: tuple[str, ...] = ()) -> frozenset[str]:
    """The rulebooks some section of which prints one of ``names`` (per language, the names of
    one term), compared by analyzed words in the book's language; with ``sections``
    (``rulebook/anchor``), only those sections are read."""
    found = set()
    for slug, (language, texts) in _book_texts().items():
        terms = [_key(language, t) for lang in _PRINTED[language] for t in names.get(lang, [])]
        if any(
            term and _holds(words, term)
            for anchor, words in texts
            if not sections or f"{slug}/{anchor}" in sections
            for term in terms
        ):
            found.add(slug)
    return frozenset(found)


def terms_of(book: str) -> list[dict]:
    """The terms file of a rulebook written by hand (:data:`HAND_BOOKS`)."""
    return json.loads(TERMS_FILES[book].read_text(encoding="utf-8"))["terms"]


def _hand_groups() -> list[tuple[list[tuple[str, str]], set[str]]]:
    """Every hand-written term that is no generic word: its names and the books printing it."""
    return [
        ([(lang, term) for lang in LANGUAGES for term in entry.get(lang, [])], set(entry["books"]))
        for book in HAND_BOOKS
        for entry in terms_of(book)
        if not entry.get("generic")
    ]


@cache
def concepts() -> tuple[Concept, ...]:
    """The hand-written concepts, each enriched with the TCG pairs that share one of its terms;
    the other pairs become concepts of their own."""
    groups = _hand_groups()
    index = {_key(lang, term): group for group in groups for lang, term in group[0]}
    for pair in json.loads(TCG_FILE.read_text(encoding="utf-8"))["pairs"]:
        terms = [("ru", pair["ru"]), ("en", pair["en"])]
        group = next((index[k] for k in (_key(*t) for t in terms) if k in index), None)
        if group is None:
            group = ([], set())
            groups.append(group)
        group[1].update(pair["books"])
        for term in terms:
            if _key(*term) not in index and _key(*term):
                group[0].append(term)
                index[_key(*term)] = group
    return tuple(
        Concept(tuple(names), frozenset(books)) for names, books in groups if len(names) > 1
    )


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


@cache
def _longest() -> dict[str, int]:
    """Per analysis, the most words a term of :func:`_term_index` has."""
    return {
        analysis: max((len(key) for key in terms), default=0)
        for analysis, terms in _term_index().items()
    }


def matched_concepts(query: str) -> dict[Concept, set[int]]:
    """The concepts a query names, each with the positions of the query words naming it.

    Positions count the words :func:`~.analysis.query_words` gives. Longest terms are matched
    first, and each word names one concept at most.
    """
    found: dict[Concept, set[int]] = {}
    for analysis, terms in _term_index().items():
        tokens = analyze(query, analysis)
        longest = _longest()[analysis]
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
