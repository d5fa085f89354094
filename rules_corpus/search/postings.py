"""whoosh's scores of a query, with each term's postings read and scored once per process.

whoosh scores a query by building a tree of matchers over the index's posting lists (a
hundred terms for a question read in three languages, with its glossary names and near
spellings) and stepping through it document by document: about 5 ms of Python a search. But a
term's BM25F score in a document does not depend on the query: so each term's (and glossary
phrase's) scores are asked of whoosh once per index generation and process (the web server
asks them all before forking its workers), and a query's scores are summed from them in the
very order whoosh's tree sums them (its Huffman-like tree of unions by estimated size, boosts
applied where its wrapping matchers apply them), so that every score, the order of the hits
and the terms each matched are whoosh's, to the bit (a test compares them with
``Searcher.search(..., terms=True)``).
"""

from __future__ import annotations

from bisect import insort
from operator import itemgetter
from typing import Any
from weakref import WeakKeyDictionary

from whoosh import query as q
from whoosh.searching import Searcher

#: A scored posting list: document number -> (score, the ``(field, bytes)`` terms matched).
Scored = dict[int, tuple[float, tuple[tuple[str, bytes], ...]]]
Hit = tuple[float, int, frozenset[tuple[str, bytes]]]
#: Document number -> terms.
Terms = dict[int, tuple[tuple[str, bytes], ...]]


def _leaf(searcher: Searcher, query: q.Query, cache: dict[Any, Any]) -> tuple[Scored, Terms, int]:
    """A term's or phrase's scores and matched terms, by whoosh's own matcher (boost 1: the
    boost is applied as whoosh's wrapping matcher applies it, :func:`_boosted`); and the terms
    its matcher leaves behind: a phrase's words stay where its last try left them, and whoosh
    counts a word there as matched in a document another clause finds; and its estimated
    size (whoosh orders its tree by it)."""
    key = (type(query), query.fieldname, getattr(query, "text", None),
           tuple(getattr(query, "words", ())), getattr(query, "slop", None))  # fmt: skip
    found = cache.get(key)
    if found is None:
        matcher = query.with_boost(1.0).matcher(searcher, searcher.context(needs_current=True))
        leaves = list(matcher.term_matchers())
        scored: Scored = {}
        while matcher.is_active():
            number = matcher.id()
            terms = tuple(t.term() for t in leaves if t.is_active() and t.id() == number)
            scored[number] = (matcher.score(), terms)
            matcher.next()
        left: Terms = {}
        for leaf in leaves:
            if leaf.is_active():
                left[leaf.id()] = (*left.get(leaf.id(), ()), leaf.term())
        found = (scored, left, query.estimate_size(searcher.reader()))
        if scored or left or isinstance(query, q.Phrase) or _known(searcher, query):
            cache[key] = found
    return found


def _known(searcher: Searcher, query: q.Query) -> bool:
    """Whether a term is in the index (only those are kept: any word can be typed)."""
    try:
        text = searcher.schema[query.fieldname].to_bytes(query.text)
    except (KeyError, ValueError):
        return False
    return (query.fieldname, text) in searcher.reader()


def _boosted(scored: Scored, boost: float) -> Scored:
    if boost == 1.0:
        return scored
    return {number: (score * boost, terms) for number, (score, terms) in scored.items()}


def _union(a: Scored, b: Scored) -> Scored:
    """whoosh's ``UnionMatcher``: a document in both scores ``a + b`` (a sum of two doubles is
    the same whichever comes first, so the smaller is added into a copy of the larger: the tree
    adds each clause into the sum of those before it). The order of the documents and of their
    terms is not kept: :func:`search` sorts the hits and makes the terms a set."""
    if not a or not b:
        return a or b
    if len(b) > len(a):
        a, b = b, a
    merged = dict(a)
    for number, (score, terms) in b.items():
        found = merged.get(number)
        merged[number] = (score, terms) if found is None else (found[0] + score, found[1] + terms)
    return merged


#: How many clauses' sums :func:`_clause` keeps per index (a query word's or glossary
#: concept's clause: a few hundred documents each; the words of a few thousand questions).
CLAUSES = 4096


def _key(query: q.Query) -> tuple[Any, ...]:
    """What makes two clauses score alike: their structure, fields, words and boosts."""
    if isinstance(query, q.Or):
        return ("or", query.boost, tuple(_key(sub) for sub in query.subqueries))
    words = tuple(getattr(query, "words", ()))
    return (type(query), query.fieldname, getattr(query, "text", None), words,
            getattr(query, "slop", None), query.boost)  # fmt: skip


def _clause(
    searcher: Searcher, query: q.Query, cache: dict[Any, Any], left: list[Terms]
) -> tuple[Scored, int]:
    """:func:`_scored` of one clause of a query (a word's, a glossary concept's), summed once
    per index and process (at most :data:`CLAUSES` of them): the words and concepts players
    ask come back in other questions."""
    clauses = cache.setdefault("clauses", {})
    key = _key(query)
    found = clauses.get(key)
    if found is None:
        behind: list[Terms] = []
        scored, size = _scored(searcher, query, cache, behind)
        if len(clauses) >= CLAUSES:
            clauses.clear()
        found = clauses[key] = (scored, size, tuple(behind))
    left.extend(found[2])
    return found[0], found[1]


def _scored(
    searcher: Searcher,
    query: q.Query,
    cache: dict[Any, Any],
    left: list[Terms],
    *,
    whole: bool = False,
) -> tuple[Scored, int]:
    """What whoosh's matcher for ``query`` scores (``Or`` of ``Term``/``Phrase``/``Or``), and
    the query's estimated size; ``left`` gets the terms each leaf leaves behind
    (:func:`_leaf`). The clauses of the ``whole`` query are remembered (:func:`_clause`)."""
    if isinstance(query, q.Or):
        subqueries = query.subqueries
        if not subqueries:
            return {}, 0
        each = _clause if whole else _scored
        weighted = [each(searcher, sub, cache, left)[::-1] for sub in subqueries]
        size = min(sum(weight for weight, _ in weighted), searcher.reader().doc_count())
        if len(subqueries) == 1:  # whoosh uses the one subquery's matcher, without the boost
            return weighted[0][1], size
        # whoosh's make_weighted_tree: sorted by weight, ties kept in order (its matchers
        # compare equal), the two lightest joined and put back after those of equal weight.
        weighted.sort(key=lambda pair: pair[0])
        while len(weighted) > 1:
            (weight_a, a), (weight_b, b) = weighted.pop(0), weighted.pop(0)
            insort(weighted, (weight_a + weight_b, _union(a, b)), key=lambda pair: pair[0])
        return _boosted(weighted[0][1], query.boost), size
    if isinstance(query, (q.Term, q.Phrase)):
        scored, behind, size = _leaf(searcher, query, cache)
        if behind:
            left.append(behind)
        return _boosted(scored, query.boost), size
    raise TypeError(f"not a query the search plans: {query!r}")


#: Fields whose terms :func:`fill` scores ahead: the words' (the others are filters and ids).
WORD_FIELDS = ("title_", "body_", "translated_", "keyterms_", "asks_", "surface", "prefix")


def fill(searcher: Searcher) -> int:
    """Score every word term of the index now (about 18,700 terms, a second of CPU), so that
    no search reads a term's postings for the first time; the number of terms scored."""
    cache = _cache(searcher)
    scored = 0
    for name, text in searcher.reader().all_terms():
        if name.startswith(WORD_FIELDS):
            _leaf(searcher, q.Term(name, text.decode()), cache)
            scored += 1
    return scored


def fill_clauses(searcher: Searcher, clauses: list[q.Query]) -> int:
    """Score ``clauses`` now as a query holding them scores them (:func:`_clause`: their
    phrases' postings with them): the glossary concepts', whose phrases :func:`fill` does not
    reach (a question naming "faza ruchu" paid 20 ms for them the first time); how many."""
    cache = _cache(searcher)
    for clause in clauses:
        _clause(searcher, clause, cache, [])
    return len(clauses)


#: Per index (each generation is opened once; its threads' searchers share it): each leaf's
#: scored postings (:func:`_leaf`) and each filter's documents.
_caches: WeakKeyDictionary[Any, dict[Any, Any]] = WeakKeyDictionary()


def _cache(searcher: Searcher) -> dict[Any, Any]:
    # whoosh keeps the index a searcher was opened from as ``_ix`` (None for a bare reader's).
    return _caches.setdefault(getattr(searcher, "_ix", None) or searcher, {})


def _set(
    sets: dict[tuple[tuple[str, bytes], ...], frozenset[tuple[str, bytes]]],
    terms: tuple[tuple[str, bytes], ...],
) -> frozenset[tuple[str, bytes]]:
    """``frozenset(terms)``, one object for the hits matching the same terms in the same order
    (a question's hundred and fifty hits hold about forty sets: the engine looks each up by its
    set, and a set made once keeps its hash)."""
    found = sets.get(terms)
    if found is None:
        found = sets[terms] = frozenset(terms)
    return found


def search(searcher: Searcher, query: q.Query, restriction: q.Query | None) -> list[Hit]:
    """``(score, document number, matched terms)`` of every hit, as
    ``searcher.search(query, limit=None, filter=restriction, terms=True)`` gives them: best
    first, then by document number."""
    cache = _cache(searcher)
    allowed = None
    if restriction is not None:
        key = ("filter", repr(restriction))
        if key not in cache:
            cache[key] = frozenset(searcher.docs_for_query(restriction))
        allowed = cache[key]
    left: list[Terms] = []
    scored, _size = _scored(searcher, query, cache, left, whole=True)
    behind: dict[int, frozenset[tuple[str, bytes]]] = {}  # the few documents leaves stopped at
    for terms_left in left:
        for number, terms in terms_left.items():
            behind[number] = behind.get(number, frozenset()).union(terms)
    sets: dict[tuple[tuple[str, bytes], ...], frozenset[tuple[str, bytes]]] = {}
    hits = [
        (score, number, _set(sets, terms) if number not in behind else behind[number].union(terms))
        for number, (score, terms) in scored.items()
        if allowed is None or number in allowed
    ]
    # as by (-score, number), without a tuple a hit: by number, then stably by score
    hits.sort(key=itemgetter(1))
    hits.sort(key=itemgetter(0), reverse=True)
    return hits
