"""From the words a player types to a whoosh query over the per-language fields.

Each query word is searched in every language's fields, by its lemma or stem (the title
boosted), and by its folded surface form; a word found nowhere is matched by its nearest
spellings instead (typo tolerance). Each glossary concept the query names adds its terms in the
other languages, multi-word terms as phrases. All clauses are OR-ed (BM25F scores); the plan also
says which terms satisfy each query word, so that the engine can rank a section matching more of
the words higher.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from whoosh import query as q
from whoosh.automata import fsa, lev
from whoosh.reading import IndexReader

from .analysis import (
    LANGUAGES,
    analyze,
    edit_distance,
    english_correction,
    english_dictionary,
    fold,
    is_cyrillic,
    is_dictionary_word,
    is_polish_word,
    normalize,
    prefix,
    query_words,
    russian_lemma,
    russian_stem,
)
from .glossary import Concept, concepts, english_terms, matched_concepts
from .index import (
    ADDED_FIELDS,
    PREFIX_FIELD,
    SURFACE_FIELD,
    asks_field,
    body_field,
    keyterms_field,
    title_field,
    translated_field,
)
from .polish import one_edit
from .translit import FUNCTION_WORDS, Transliterations

TITLE_BOOST = 2.5
SURFACE_BOOST = 0.5
GLOSSARY_BOOST = 0.5
#: A section's heading translated into the query's language (:mod:`.headings`) weighs this
#: (as its own heading does; chosen on the repository, held-out and dev sets: 0.5-4 for each
#: language, 1.5-4 a plateau).
TRANSLATED_BOOST = 2.5
#: A section's key terms in the query's language (:func:`.headings.key_terms`) weigh this, less
#: than a heading; less still in Polish and Russian, which rulebooks are written in, so that a
#: book's own text comes before another book's terms ("wypda z twierdzy": Wojna's
#: "Twierdze"). Chosen on the repository, held-out and dev sets (0.5-2.5; 1.5 everywhere cost
#: the repository's Polish questions recall@5 0.875 -> 0.812).
KEYTERMS_BOOST = {"en": 1.25, "pl": 0.75, "ru": 0.75}
#: The questions a section answers (:func:`.headings.asks_of`), in every language the book's own
#: included, weigh this in the query's language: more in English, which no rulebook is written
#: in, than in Russian and Polish, where they compete with the books' own text. Like the key
#: terms they satisfy a query word for coverage (not counting them: unseen MRR 0.916 -> 0.870)
#: and do not make a word known. Chosen on the repository, held-out, dev, unseen and blind sets
#: (docs/search.md, "Eighth pass": 1-3 a plateau; Russian and Polish at 2 cost the
#: repository's Russian questions 0.930 -> 0.918).
ASKS_BOOST = {"en": 2.0, "pl": 1.0, "ru": 1.0}
FUZZY_BOOST = 0.4
#: A word's first letters (:func:`.analysis.prefix`) weigh this much: they find what the
#: lemma or stem misses, and rank below it (they do not count as the word for coverage).
PREFIX_BOOST = 0.3
#: What a number in a sentence counts for (in query words) when the question asks how many.
NUMBER_SHARE = 0.5
MIN_FUZZY_LENGTH = 5
MAX_FUZZY_CANDIDATES = 8
#: A Latin word of this many letters or more may be Russian typed in Latin letters; its Russian
#: readings weigh this much (at most this many of them).
MIN_TRANSLIT_LENGTH = 3
TRANSLIT_BOOST = 0.8
MAX_TRANSLIT_CANDIDATES = 4
#: An English word also searches its nearest Russian lemmas by the sentence encoder
#: (:mod:`.lexicon`): at most this many, at least this close (cosine), each weighing this much
#: times its cosine.
TRANSLATIONS = 3
TRANSLATION_MINIMUM = 0.8
TRANSLATION_BOOST = 0.5

Translations = Callable[[list[str], int, float], dict[str, list[tuple[str, float]]]]
#: A Cyrillic word also searches the lemmas beginning with its stem (of this many letters or
#: more), at most this many, each weighing this much.
MIN_FAMILY_STEM = 4
MAX_FAMILY = 6
FAMILY_BOOST = 0.5
# Looking up near spellings costs a millisecond or more a word: only the first few unknown words
# of a query get them, so that a long garbled query cannot take long.
MAX_FUZZY_WORDS = 3

# The languages whose fields receive a glossary term of each language: Russian and English
# terms are analyzed alike (Cyrillic lemmatized, Latin stemmed as English).
_GLOSSARY_FIELDS = {"ru": ("ru", "en"), "en": ("ru", "en"), "pl": ("pl",)}


#: Each way to satisfy one query word (:func:`_alternatives`).
Alternatives = frozenset[frozenset[tuple[str, bytes]]]


@dataclass(frozen=True)
class PlannedQuery:
    """The whoosh query; per language the analyzed terms to highlight in snippets; per query
    word the sets of ``(field, term)`` pairs, any of which matched in full satisfies the word,
    itself or through a glossary concept; each word the index does not know with the word
    it was taken for (its nearest spelling, or the Russian word it transliterates); and per
    query word the pairs that satisfy it as typed (its own forms, not a glossary concept's
    other names)."""

    query: q.Query | None
    highlight_terms: dict[str, frozenset[str]] = field(default_factory=dict)
    word_alternatives: tuple[frozenset[frozenset[tuple[str, bytes]]], ...] = ()
    corrections: dict[str, str] = field(default_factory=dict)
    own_alternatives: tuple[frozenset[frozenset[tuple[str, bytes]]], ...] = ()
    #: The query's words, in the order of :attr:`word_alternatives`.
    words: tuple[str, ...] = ()
    #: Per query word, the rulebook a glossary concept naming it is printed in when it is one
    #: book's term (:attr:`.glossary.Concept.books`: "faction die", "White Tree", "odwaga").
    books: tuple[frozenset[str], ...] = ()

    def coverage(self, matched: Iterable[tuple[str, bytes]], *, titles_only: bool = False) -> float:
        """The share of the query's words that one hit's ``matched`` terms satisfy (only those
        of its title fields, with ``titles_only``)."""
        matched = {term for term in matched if not titles_only or term[0].startswith("title_")}
        return len(self.satisfied(matched)) / len(self.word_alternatives)

    def satisfied(self, matched: AbstractSet[tuple[str, bytes]]) -> list[int]:
        """The positions of the query's words that the ``matched`` terms satisfy, in order."""
        return self.positions(self.satisfied_mask(matched))

    def positions(self, found: int) -> list[int]:
        """The positions of the query's words set in ``found`` (:meth:`satisfied_mask`'s bits),
        in order."""
        return [
            position for position in range(len(self.word_alternatives)) if found >> position & 1
        ]

    def satisfied_mask(self, matched: AbstractSet[tuple[str, bytes]]) -> int:
        """:meth:`satisfied` as bits (bit ``k``: the word at position ``k``), looked up by each
        matched term (:attr:`_satisfiers`), not by a subset test per word and alternative (a
        hundred of them a hit)."""
        single, several, always = self._satisfiers
        found = always
        for term in matched:
            found |= single.get(term, 0)
        for bit, terms in several:
            if not found & bit and terms <= matched:
                found |= bit
        return found

    @cached_property
    def _satisfiers(
        self,
    ) -> tuple[
        dict[tuple[str, bytes], int], tuple[tuple[int, frozenset[tuple[str, bytes]]], ...], int
    ]:
        """:attr:`word_alternatives` by term, as bits of positions (:meth:`satisfied_mask`):
        the positions each one-term alternative satisfies, the alternatives of several terms
        (a phrase's words) with their position's bit, and the positions an empty alternative
        satisfies whatever matched."""
        single: dict[tuple[str, bytes], int] = {}
        several, always = [], 0
        for position, alternatives in enumerate(self.word_alternatives):
            bit = 1 << position
            for terms in alternatives:
                if len(terms) == 1:
                    (term,) = terms
                    single[term] = single.get(term, 0) | bit
                elif terms:
                    several.append((bit, terms))
                else:
                    always |= bit
        return single, tuple(several), always

    @cached_property
    def _terms_by_language(self) -> dict[str, tuple[Ways, ...]]:
        """Per language, per query word, the ways to satisfy it in that language's title and
        body fields (:data:`Ways`)."""
        return _by_language(self.word_alternatives)

    @cached_property
    def _own_terms_by_language(self) -> dict[str, tuple[Ways, ...]]:
        """:attr:`_terms_by_language` of the words as typed (:attr:`own_alternatives`)."""
        return _by_language(self.own_alternatives)

    def sentence_share(
        self,
        sentences: Iterable[frozenset[str]],
        language: str,
        number: str | None = None,
        *,
        as_typed: bool = False,
        translated: Iterable[tuple[str, frozenset[str]]] = (),
    ) -> float:
        """The largest share of the query's words that one of ``sentences`` (a document's, in
        ``language``, as analyzed forms) satisfies: how close together a document has them.
        With ``number`` (a question asking how many), a sentence holding that form (a number
        written) counts :data:`NUMBER_SHARE` of a word more; with ``as_typed``, a word counts
        only by its own forms, not by a glossary concept's other names; ``translated``: the
        document's heading in other languages (``(language, forms)``), whose words count in
        every sentence as the heading's own do. The definition: the search asks the faster
        :meth:`masked_share` and :meth:`holds_all`, which tests hold to it."""
        terms = self._own_terms_by_language if as_typed else self._terms_by_language
        words = terms.get(language, ())
        if not words:
            return 0.0
        bonus = NUMBER_SHARE if number else 0.0
        heading = _in_translated(terms, len(words), translated)
        best = max(
            (
                sum(
                    heading[position] or _holds(word, sentence)
                    for position, word in enumerate(words)
                )
                + (bonus if number in sentence else 0.0)
                for sentence in sentences
            ),
            default=0.0,
        )
        return best / (len(words) + bonus)

    def holds_all(self, forms: frozenset[str], language: str) -> bool:
        """Whether ``forms`` (one heading's, in ``language``) hold every word of the query as
        typed: :meth:`sentence_share` ``([forms], language, as_typed=True) == 1``, without
        the share."""
        words = self._own_terms_by_language.get(language, ())
        if not words:
            return False
        for ways in words:  # noqa: SIM110 (all() over a generator: a third of the time)
            if not _holds(ways, forms):
                return False
        return True

    def masked_share(
        self,
        masks: dict[str, int],
        count: int,
        language: str,
        number: str | None = None,
        *,
        as_typed: bool = False,
        translated: Iterable[tuple[str, frozenset[str]]] = (),
    ) -> float:
        """:meth:`sentence_share` of ``count`` sentences given as ``masks`` (per form, bit
        ``k`` set when sentence ``k`` holds it: :class:`.index.SentenceMasks`): the same
        share, without a set comparison per word, way and sentence."""
        terms = self._own_terms_by_language if as_typed else self._terms_by_language
        words = terms.get(language, ())
        if not words:
            return 0.0
        bonus = NUMBER_SHARE if number else 0.0
        every = (1 << count) - 1
        heading = _in_translated(terms, len(words), translated)
        held = [
            every if heading[position] else _holding(masks, ways, every)
            for position, ways in enumerate(words)
        ]
        numbered = masks.get(number, 0) if number else 0
        left = numbered
        for mask in held:
            left |= mask
        # at_least[j]: the sentences holding j of the words or more (counted for all sentences
        # at once, not sentence by sentence: a section has dozens).
        at_least = [left] + [0] * len(held)
        for mask in held:
            for j in range(len(held), 0, -1):
                at_least[j] |= at_least[j - 1] & mask
        best = 0.0
        for j, sentences in enumerate(at_least):
            exactly = sentences & ~at_least[j + 1] if j < len(held) else sentences
            if exactly:
                best = max(best, j + (bonus if numbered & exactly else 0.0))
        return best / (len(words) + bonus)


#: The ways to satisfy one query word in one language, as sets of analyzed terms: the terms
#: that do it alone, and the sets of several terms (a phrase's words) that do it together.
Ways = tuple[frozenset[str], tuple[frozenset[str], ...]]


def _holds(ways: Ways, forms: AbstractSet[str]) -> bool:
    """Whether ``forms`` hold every term of one of ``ways``."""
    alone, together = ways
    if not alone.isdisjoint(forms):
        return True
    for way in together:  # noqa: SIM110 (any() over a generator: most words have no phrase)
        if way <= forms:
            return True
    return False


def _in_translated(
    terms: dict[str, tuple[Ways, ...]],
    count: int,
    translated: Iterable[tuple[str, frozenset[str]]],
) -> list[bool]:
    """Per query word (``count`` of them, ``terms`` per language), whether a translated heading
    of the document holds it: such a word counts with every sentence."""
    found = [False] * count
    for other, forms in translated:
        words = terms.get(other)
        if words:
            for position, ways in enumerate(words):
                found[position] = found[position] or _holds(ways, forms)
    return found


def _holding(masks: dict[str, int], ways: Ways, every: int) -> int:
    """The sentences (bits of ``masks``, :meth:`PlannedQuery.masked_share`; ``every``: all of
    them) holding every term of one of ``ways``."""
    alone, together = ways
    found = 0
    for term in alone:
        found |= masks.get(term, 0)
    found &= every
    for way in together:
        mask = every
        for term in way:
            mask &= masks.get(term, 0)
            if not mask:
                break
        found |= mask
    return found


def _by_language(
    word_alternatives: tuple[frozenset[frozenset[tuple[str, bytes]]], ...],
) -> dict[str, tuple[Ways, ...]]:
    """Per language, per query word, each of its alternatives that lies in that language's title,
    body and translated-heading fields, as a set of analyzed terms."""
    words = [_word_by_language(alternatives) for alternatives in word_alternatives]
    return {language: tuple(word[language] for word in words) for language in LANGUAGES}


#: How many words' alternatives :func:`_word_by_language` keeps (~1.4 KB each, measured; its
#: keys are mostly the remembered clauses' own).
WORD_LANGUAGES_CACHE = 2048


@lru_cache(maxsize=WORD_LANGUAGES_CACHE)
def _word_by_language(alternatives: Alternatives) -> dict[str, Ways]:
    """:func:`_by_language` of one query word, worked out once per word (the words of new
    questions are mostly words asked before). Read only."""
    found = {}
    for language in LANGUAGES:
        fields = {title_field(language), body_field(language), translated_field(language)}
        ways = {
            frozenset(term.decode() for _, term in alternative)
            for alternative in alternatives
            if alternative and all(name in fields for name, _ in alternative)
        }
        found[language] = (
            frozenset(term for way in ways if len(way) == 1 for term in way),
            tuple(way for way in ways if len(way) > 1),
        )
    return found


def _allowed_edits(word: str) -> int:
    return 1 if len(word) <= 7 else 2


def _field_terms(word: str) -> list[tuple[str, str, float]]:
    """``(field, term, boost)`` for one query word across the languages' fields."""
    terms = [(SURFACE_FIELD, fold(word), SURFACE_BOOST)]
    for language in LANGUAGES:
        form = normalize(word, language)
        terms += [
            (title_field(language), form, TITLE_BOOST),
            (body_field(language), form, 1.0),
            (translated_field(language), form, TRANSLATED_BOOST),
            (keyterms_field(language), form, KEYTERMS_BOOST[language]),
            (asks_field(language), form, ASKS_BOOST[language]),
        ]
    return terms


def _word_family(reader: IndexReader, word: str) -> list[tuple[str, str, float]]:
    """The Russian fields' other lemmas that share a Cyrillic word's Snowball stem as their
    beginning ("снять": «снятие»; "скрыть": «скрытие»; "отступить": «отступление»), at most
    :data:`MAX_FAMILY`, weighing :data:`FAMILY_BOOST`: a question's verb finds a heading's noun."""
    if not is_cyrillic(word):
        return []
    stem, lemma = russian_stem(word), russian_lemma(word)
    if len(stem) < MIN_FAMILY_STEM:
        return []
    family = [
        term.decode()
        for term in reader.expand_prefix(body_field("ru"), stem)
        if term.decode() != lemma
    ][:MAX_FAMILY]
    return [
        (name, member, boost)
        for member in family
        for name, boost in (
            (title_field("ru"), TITLE_BOOST * FAMILY_BOOST),
            (body_field("ru"), FAMILY_BOOST),
        )
    ]


def _is_known(reader: IndexReader, terms: list[tuple[str, str, float]]) -> bool:
    """Whether a rulebook (or card) prints the word: a translated heading or key term does not
    count, so that a word it holds is still read as a typo or as Russian typed in Latin letters
    ("osada" is a Polish heading's word, and «осада» typed in Latin letters)."""
    return any(
        reader.doc_frequency(name, text) for name, text, _ in terms if name not in ADDED_FIELDS
    )


def lexicon(reader: IndexReader, fieldname: str) -> tuple[str, ...]:
    """The words of ``fieldname`` that whoosh's ``terms_within`` walks, sorted, read once per
    index generation when ``reader`` remembers it (:meth:`.index.FrequencyReader.remembered`)."""
    spelled = reader.schema[fieldname].spelling_fieldname(fieldname)
    return tuple(
        _remembered(
            reader, "lexicon", spelled, lambda: [t.decode() for t in reader.lexicon(spelled)]
        )
    )


def _terms_within(
    reader: IndexReader, fieldname: str, text: str, maxdist: int, prefix: int
) -> list[str]:
    """``reader.terms_within(fieldname, text, maxdist, prefix=prefix)``: whoosh's own
    Levenshtein automaton walked over the field's words in memory (:func:`lexicon`) instead of
    its term file (a millisecond or more of seeks an unknown word)."""
    words = lexicon(reader, fieldname)

    def at_least(match: str) -> str | None:
        position = bisect_left(words, match)
        return words[position] if position < len(words) else None

    automaton = lev.levenshtein_automaton(text, maxdist, prefix).to_dfa()
    return list(fsa.find_all_matches(automaton, at_least))


def _near_spellings(reader: IndexReader, word: str) -> list[str]:
    """Indexed surface words within the allowed edits of ``word``, nearest first."""
    folded = fold(word)
    if len(folded) < MIN_FUZZY_LENGTH or folded.isdigit():
        return []
    allowed = _allowed_edits(folded)
    candidates = {
        term: edit_distance(folded, term)
        for term in _terms_within(reader, SURFACE_FIELD, folded, 2, 1 if len(folded) < 7 else 2)
    }
    near = sorted(
        (d, -reader.doc_frequency(SURFACE_FIELD, t), t)
        for t, d in candidates.items()
        if d <= allowed
    )
    return [term for _, _, term in near[:MAX_FUZZY_CANDIDATES]]


def _polish_spellings(reader: IndexReader, word: str) -> list[str]:
    """When no indexed surface word is near an unknown Latin ``word``: the indexed words whose
    Polish stem is one edit from its own ("twiedza": stem "twiedz", "twierdz" of "twierdze",
    "twierdzy"), commonest first; Polish inflects, so the very form typed is often not in the
    rulebook while another form of the word is."""
    stem = normalize(word, "pl")
    if is_cyrillic(word) or len(stem) < MIN_FUZZY_LENGTH:
        return []
    stems = {term for term in _terms_within(reader, body_field("pl"), stem, 1, 2) if term != stem}
    found = {
        term.decode()
        for near in stems
        for term in reader.expand_prefix(SURFACE_FIELD, near)
        if normalize(term.decode(), "pl") in stems
    }
    return sorted(found, key=lambda w: -reader.doc_frequency(SURFACE_FIELD, w))[
        :MAX_FUZZY_CANDIDATES
    ]


def _transliterated(reader: IndexReader, word: str, translit: Transliterations) -> list[str]:
    """The indexed Russian words an unknown Latin ``word`` may be typed for (one edit away
    too), the commonest first, at most :data:`MAX_TRANSLIT_CANDIDATES`. A word the index knows
    is taken as typed ("bitwa" is Polish, not «битва»)."""
    if is_cyrillic(word) or word.isdigit() or len(word) < MIN_TRANSLIT_LENGTH:
        return []
    found = translit.cyrillic(word)
    found.sort(key=lambda w: -reader.doc_frequency(SURFACE_FIELD, w))
    return found[:MAX_TRANSLIT_CANDIDATES]


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


#: How many glossary concepts' clauses :func:`_concept_parts` keeps (every concept: a few
#: hundred, a few kilobytes each).
CONCEPTS_CACHE = 1024


@lru_cache(maxsize=CONCEPTS_CACHE)
def _concept_parts(concept: Concept) -> tuple[q.Query, Alternatives, dict[str, frozenset[str]]]:
    """:func:`_concept_clause`, its :func:`_alternatives` and the terms it marks per language,
    built once per concept (it reads no index). The clause is shared, never changed."""
    marks: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    clause = _concept_clause(concept, marks)
    found = {language: frozenset(terms) for language, terms in marks.items()}
    return clause, _alternatives([clause]), found


def concept_clauses() -> list[q.Query]:
    """Every glossary concept's clause (:func:`_concept_parts`), to be scored ahead."""
    return [_concept_parts(concept)[0] for concept in concepts()]


def _word_clause(
    word: str,
    terms: list[tuple[str, str, float]],
    spellings: list[str],
    russian: dict[str, float],
    reader: IndexReader,
) -> tuple[q.Query, dict[str, frozenset[str]]]:
    """One query word in every language's fields and as a surface form, or its near spellings,
    and the Russian lemmas it may stand for (transliterated or translated), each with its
    boost, in the Russian fields; and the terms to highlight, per language."""
    highlight: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    alternatives = [q.Term(name, term, boost=boost) for name, term, boost in terms]
    alternatives += [q.Term(SURFACE_FIELD, s, boost=FUZZY_BOOST) for s in spellings]
    for lemma, boost in russian.items():
        alternatives += [
            q.Term(title_field("ru"), lemma, boost=TITLE_BOOST * boost),
            q.Term(body_field("ru"), lemma, boost=boost),
        ]
        highlight["ru"].add(lemma)
    for language in LANGUAGES:
        highlight[language].update(normalize(w, language) for w in [word, *spellings])
    # A term no document holds matches nothing but costs whoosh a matcher in every search (a
    # Russian word's Polish stem, an English word's Russian lemma in a title...): left out.
    known = [term for term in alternatives if reader.doc_frequency(term.fieldname, term.text)]
    return q.Or(known), {language: frozenset(terms) for language, terms in highlight.items()}


def _remembered_clause(
    word: str,
    reading: tuple[list[tuple[str, str, float]], list[str], dict[str, float]],
    highlight: dict[str, set[str]],
    reader: IndexReader,
) -> tuple[q.Query, Alternatives]:
    """:func:`_word_clause` and its :func:`_alternatives`, built once per generation for the
    same ``reading`` of a word (its terms, near spellings and Russian lemmas, in order: the
    order whoosh sums them in) when ``reader`` remembers it
    (:meth:`.index.FrequencyReader.remembered`): a new question's words are mostly words asked
    before. The clause is shared, never changed; its terms to highlight go to ``highlight``."""
    terms, spellings, russian = reading

    def build() -> tuple[q.Query, Alternatives, dict[str, frozenset[str]]]:
        clause, marks = _word_clause(word, terms, spellings, russian, reader)
        return clause, _alternatives([clause]), marks

    key = (word, tuple(terms), tuple(spellings), tuple(russian.items()))
    clause, own, marks = _remember(reader, "clause", key, build)
    for language, found in marks.items():
        highlight[language].update(found)
    return clause, own


def _alternatives(clauses: list[q.Query]) -> Alternatives:
    """Each way to satisfy one query word: the terms of one of its clauses' alternatives (a
    phrase's words all together), as whoosh reports matched terms (text in UTF-8). A word's
    first letters alone do not satisfy it (they weigh in the score only): "максимум" is not
    "максимальное"."""
    return frozenset(
        frozenset((name, term.encode()) for name, term in alternative.iter_all_terms())
        for clause in clauses
        for alternative in clause.subqueries
        if PREFIX_FIELD not in {name for name, _ in alternative.iter_all_terms()}
    )


def _correction(
    word: str, russian_of: dict[str, list[str]], spellings_of: dict[str, list[str]]
) -> str:
    """What an unknown word was typed for, unless it is a dictionary word (a real word the
    rulebooks do not use is no typo): the Russian word it transliterates (``russian_of`` holds
    only a query typed in Russian's), else its nearest spelling in the index if one edit away,
    else the English word one edit away; else itself."""
    if russian_of.get(word) and word not in english_dictionary():
        return russian_of[word][0]  # "osada" is Polish too, but the query is typed Russian
    if is_dictionary_word(word) or word in english_terms():
        return word  # a glossary term is no typo ("entwood" is not "bentwood")
    if spellings_of.get(word) and edit_distance(fold(word), spellings_of[word][0]) <= 1:
        return spellings_of[word][0]
    if spellings_of.get(word) and not is_cyrillic(word):
        # "twiedza": the rules print "twierdze", "twierdzy"; the Polish word one edit from
        # what was typed with their stem is "twierdza".
        stems = {normalize(spelling, "pl") for spelling in spellings_of[word]}
        for candidate in sorted(one_edit(word)):
            if normalize(candidate, "pl") in stems and is_polish_word(candidate):
                return candidate
    return (not is_cyrillic(word) and english_correction(word, english_terms())) or word


def _russian_readings(
    words: list[str],
    russian_of: dict[str, list[str]],
    translations: Translations | None,
) -> dict[str, dict[str, float]]:
    """Per query word, the Russian lemmas it may stand for and their boosts: those of the
    Russian words it transliterates (:data:`TRANSLIT_BOOST`), else, for a Latin word, its
    nearest lemmas by the encoder (:data:`TRANSLATION_BOOST` times the cosine)."""
    readings: dict[str, dict[str, float]] = {
        word: {russian_lemma(w): TRANSLIT_BOOST for w in found}
        for word, found in russian_of.items()
        if found
    }
    latin = [
        w
        for w in words
        if w not in readings and not is_cyrillic(w) and not w.isdigit() and len(w) >= 3
    ]
    if translations is not None:
        for word, found in translations(latin, TRANSLATIONS, TRANSLATION_MINIMUM).items():
            readings[word] = {lemma: TRANSLATION_BOOST * cosine for lemma, cosine in found}
    return readings


@dataclass
class _Readings:
    """How each query word is read: its terms in every field, its near spellings, the Russian
    words it may transliterate, and what it was typed for (the unknown words')."""

    terms_of: dict[str, list[tuple[str, str, float]]]
    spellings_of: dict[str, list[str]]
    russian_of: dict[str, list[str]]
    corrections: dict[str, str]
    typed_russian: bool

    @property
    def corrected(self) -> dict[str, str]:
        """The corrections that are one word each (a suggestion may write more)."""
        return {w: c for w, c in self.corrections.items() if c != w and query_words(c) == [c]}


T = TypeVar("T")


def _remember(reader: IndexReader, kind: str, key: Hashable, look_up: Callable[[], T]) -> T:
    """``look_up()`` (what the index says of ``key``), asked once per index generation when
    ``reader`` remembers it (:meth:`.index.FrequencyReader.remembered`)."""
    remember = getattr(reader, "remembered", None)
    return look_up() if remember is None else remember(kind, key, look_up)


def _remembered(
    reader: IndexReader, kind: str, word: str, look_up: Callable[[], list[Any]]
) -> list[Any]:
    """:func:`_remember` for a list (kept as a tuple: shared, never changed)."""
    return list(_remember(reader, kind, word, lambda: tuple(look_up())))


def _typed_russian(
    words: list[str],
    unknown: list[str],
    russian_of: dict[str, list[str]],
    translit: Transliterations | None,
) -> tuple[bool, bool]:
    """Whether a query is Russian in Latin letters: most of its words read as Russian words,
    and more of them than the known Polish words that read as no Russian one ("wypda z
    twierdzy" is Polish, its typo "wypad", not «вида»; "osada citadeli" is Russian: «осада»
    reads both ways); and whether it is Polish rather (as many such Polish words, at least one).
    """
    if translit is None:
        return False, False
    russian = sum(bool(found) for found in russian_of.values())
    polish = sum(
        is_polish_word(word) and not translit.cyrillic(word)
        for word in words
        if word not in unknown
    )
    return 2 * russian >= len(words) and russian > polish, 0 < polish >= russian


def _read_words(
    words: list[str], reader: IndexReader, translit: Transliterations | None
) -> _Readings:
    terms_of = {word: _field_terms(word) for word in words}
    unknown = [word for word, terms in terms_of.items() if not _is_known(reader, terms)]
    russian_of = {
        word: _remembered(
            reader, "translit", word, lambda w=word: _transliterated(reader, w, translit)
        )
        for word in unknown
        if translit is not None
    }
    typed_russian, polish = _typed_russian(list(terms_of), unknown, russian_of, translit)
    spellings_of = {
        word: _remembered(
            reader,
            "spellings",
            word,
            lambda w=word: _near_spellings(reader, w) or _polish_spellings(reader, w),
        )
        for word in [w for w in unknown if not russian_of.get(w) or polish][:MAX_FUZZY_WORDS]
    }
    corrections = {
        word: _correction(word, russian_of if typed_russian else {}, spellings_of)
        for word in unknown
    }
    for word in terms_of:
        first = prefix(word)
        letters = [(PREFIX_FIELD, first, PREFIX_BOOST)] if first else []
        family = _remembered(reader, "family", word, lambda w=word: _word_family(reader, w))
        terms_of[word] = terms_of[word] + family + letters
    readings = _Readings(terms_of, spellings_of, russian_of, corrections, typed_russian)
    # A word corrected to a real word the index does not have ("retreet": "retreat") is also
    # searched as that word.
    for word, correction in readings.corrected.items():
        if correction not in spellings_of.get(word, []) + russian_of.get(word, []):
            terms_of[word] = terms_of[word] + _field_terms(correction)
    return readings


def plan_query(
    text: str,
    reader: IndexReader,
    translit: Transliterations | None = None,
    translations: Translations | None = None,
) -> PlannedQuery:
    """The whoosh query for ``text`` against the index ``reader`` reads (``translit``: its
    Russian words by Latin key, to read Russian typed in Latin letters; ``translations``: the
    nearest Russian lemmas of English words, :func:`.lexicon.translations`)."""
    highlight: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    words = query_words(text)
    read = _read_words(words, reader, translit)
    russian = _russian_readings(list(read.terms_of), read.russian_of, translations)
    clause_of: dict[str, q.Query] = {}
    own_of: dict[str, Alternatives] = {}
    for word, terms in read.terms_of.items():
        reading = (terms, read.spellings_of.get(word, []), russian.get(word, {}))
        clause_of[word], own_of[word] = _remembered_clause(word, reading, highlight, reader)
    corrected = read.corrected
    corrections = dict(read.corrections)
    if read.typed_russian and corrections:
        typed = re.findall(r"\w+", text.lower())
        corrections.update((w, FUNCTION_WORDS[w]) for w in typed if w in FUNCTION_WORDS)
    # The glossary reads the corrected words.
    concept_clauses = []
    concepts_of: dict[str, list[Alternatives]] = {}
    books: dict[str, frozenset[str]] = {}
    for concept, positions in matched_concepts(
        " ".join(corrected.get(w, w) for w in words)
    ).items():
        clause, alternatives, marks = _concept_parts(concept)
        for language, terms in marks.items():
            highlight[language].update(terms)
        concept_clauses.append(clause)
        for position in positions:
            concepts_of.setdefault(words[position], []).append(alternatives)
            if len(concept.books) == 1:
                books[words[position]] = concept.books
    if not clause_of:
        return PlannedQuery(None)
    return PlannedQuery(
        q.Or([*clause_of.values(), *concept_clauses]),
        {language: frozenset(terms) for language, terms in highlight.items()},
        tuple(
            own_of[word].union(*concepts_of[word]) if word in concepts_of else own_of[word]
            for word in clause_of
        ),
        {word: found for word, found in corrections.items() if found != word},
        tuple(own_of.values()),
        tuple(clause_of),
        tuple(books.get(word, frozenset()) for word in clause_of),
    )
