"""From the words a player types to a whoosh query over the per-language fields.

Each query word is searched in every language's fields, by its lemma or stem (the title
boosted), and by its folded surface form; a word found nowhere is matched by its nearest
spellings instead (typo tolerance). Each glossary concept the query names adds its terms in the
other languages, multi-word terms as phrases. All clauses are OR-ed (BM25F scores); the plan also
says which terms satisfy each query word, so that the engine can rank a section matching more of
the words higher.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from whoosh import query as q
from whoosh.reading import IndexReader

from .analysis import LANGUAGES, analyze, fold, normalize, query_words
from .glossary import Concept, matched_concepts
from .index import SURFACE_FIELD, body_field, title_field

TITLE_BOOST = 2.5
SURFACE_BOOST = 0.5
GLOSSARY_BOOST = 0.5
FUZZY_BOOST = 0.4
MIN_FUZZY_LENGTH = 5
MAX_FUZZY_CANDIDATES = 8
# Looking up near spellings costs a millisecond or more a word: only the first few unknown words
# of a query get them, so that a long garbled query cannot take long.
MAX_FUZZY_WORDS = 3

# The languages whose fields receive a glossary term of each language: Russian and English
# terms are analyzed alike (Cyrillic lemmatized, Latin stemmed as English).
_GLOSSARY_FIELDS = {"ru": ("ru", "en"), "en": ("ru", "en"), "pl": ("pl",)}


@dataclass(frozen=True)
class PlannedQuery:
    """The whoosh query; per language the analyzed terms to highlight in snippets; and per query
    word the sets of ``(field, term)`` pairs, any of which matched in full satisfies the word,
    itself or through a glossary concept."""

    query: q.Query | None
    highlight_terms: dict[str, frozenset[str]] = field(default_factory=dict)
    word_alternatives: tuple[frozenset[frozenset[tuple[str, bytes]]], ...] = ()

    def coverage(self, matched: Iterable[tuple[str, bytes]]) -> float:
        """The share of the query's words that one hit's ``matched`` terms satisfy."""
        matched = set(matched)
        satisfied = sum(
            any(terms <= matched for terms in alternatives)
            for alternatives in self.word_alternatives
        )
        return satisfied / len(self.word_alternatives)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance with adjacent transpositions counted as one edit ("осаад"/"осада")."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, start=1):
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)
            )
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def _allowed_edits(word: str) -> int:
    return 1 if len(word) <= 7 else 2


def _field_terms(word: str) -> list[tuple[str, str, float]]:
    """``(field, term, boost)`` for one query word across the languages' fields."""
    terms = [(SURFACE_FIELD, fold(word), SURFACE_BOOST)]
    for language in LANGUAGES:
        form = normalize(word, language)
        terms += [(title_field(language), form, TITLE_BOOST), (body_field(language), form, 1.0)]
    return terms


def _is_known(reader: IndexReader, terms: list[tuple[str, str, float]]) -> bool:
    return any(reader.doc_frequency(name, text) for name, text, _ in terms)


def _near_spellings(reader: IndexReader, word: str) -> list[str]:
    """Indexed surface words within the allowed edits of ``word``, nearest first."""
    folded = fold(word)
    if len(folded) < MIN_FUZZY_LENGTH or folded.isdigit():
        return []
    allowed = _allowed_edits(folded)
    candidates = {
        term: edit_distance(folded, term)
        for term in reader.terms_within(
            SURFACE_FIELD, folded, 2, prefix=1 if len(folded) < 7 else 2
        )
    }
    near = sorted((d, t) for t, d in candidates.items() if d <= allowed)
    return [term for _, term in near[:MAX_FUZZY_CANDIDATES]]


def _concept_clause(concept: Concept, highlight: dict[str, set[str]]) -> q.Query:
    """All the names of a glossary concept in every language's fields, phrases for multi-word."""
    alternatives: list[q.Query] = []
    for term_language, term in concept.terms:
        for language in _GLOSSARY_FIELDS[term_language]:
            tokens = analyze(term, language)
            if not tokens:
                continue
            highlight[language].update(tokens)
            for name, boost in ((title_field(language), TITLE_BOOST), (body_field(language), 1.0)):
                if len(tokens) == 1:
                    alternatives.append(q.Term(name, tokens[0], boost=boost))
                else:
                    alternatives.append(q.Phrase(name, tokens, slop=1, boost=boost))
    return q.Or(alternatives, boost=GLOSSARY_BOOST)


def _word_clause(
    word: str,
    terms: list[tuple[str, str, float]],
    spellings: list[str],
    highlight: dict[str, set[str]],
) -> q.Query:
    """One query word in every language's fields and as a surface form, or its near spellings."""
    alternatives = [q.Term(name, term, boost=boost) for name, term, boost in terms]
    alternatives += [q.Term(SURFACE_FIELD, s, boost=FUZZY_BOOST) for s in spellings]
    for language in LANGUAGES:
        highlight[language].update(normalize(w, language) for w in [word, *spellings])
    return q.Or(alternatives)


def _alternatives(clauses: list[q.Query]) -> frozenset[frozenset[tuple[str, bytes]]]:
    """Each way to satisfy one query word: the terms of one of its clauses' alternatives (a
    phrase's words all together), as whoosh reports matched terms (text in UTF-8)."""
    return frozenset(
        frozenset((name, term.encode()) for name, term in alternative.iter_all_terms())
        for clause in clauses
        for alternative in clause.subqueries
    )


def plan_query(text: str, reader: IndexReader) -> PlannedQuery:
    """The whoosh query for ``text`` against the index ``reader`` reads."""
    highlight: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    words = query_words(text)
    terms_of = {word: _field_terms(word) for word in words}
    unknown = [word for word, terms in terms_of.items() if not _is_known(reader, terms)]
    spellings_of = {word: _near_spellings(reader, word) for word in unknown[:MAX_FUZZY_WORDS]}
    clauses_of = {
        word: [_word_clause(word, terms, spellings_of.get(word, []), highlight)]
        for word, terms in terms_of.items()
    }
    concept_clauses = []
    for concept, positions in matched_concepts(text).items():
        clause = _concept_clause(concept, highlight)
        concept_clauses.append(clause)
        for position in positions:
            clauses_of[words[position]].append(clause)
    if not clauses_of:
        return PlannedQuery(None)
    return PlannedQuery(
        q.Or([clauses[0] for clauses in clauses_of.values()] + concept_clauses),
        {language: frozenset(terms) for language, terms in highlight.items()},
        tuple(_alternatives(clauses) for clauses in clauses_of.values()),
    )
