"""Run a search: plan the query, page the hits, highlight a snippet for each."""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import highlight
from whoosh import query as q
from whoosh.searching import Searcher

from . import postings
from .analysis import STOPWORDS, WORD_PATTERN, forms, normalize, query_words
from .index import (
    NUMBER,
    SURFACE_FIELD,
    Listing,
    OpenedIndex,
    body_field,
    named_cards,
    opened,
)
from .lexicon import translations
from .passages import answering_passage, paragraph_anchor, text_directive
from .passages import prepare as prepare_passages
from .query import PlannedQuery, lexicon, plan_query
from .question import Question, query_language, understand
from .vectors import Near, embed_query

PAGE_SIZE = 10
SNIPPET_CHARS = 240
# Scores are multiplied by the share of the query's clauses a hit matches to this power.
COORDINATION = 2


class PageOutOfRange(ValueError):
    """The requested page is past the last page of results."""

    def __init__(self, page: int, num_pages: int) -> None:
        super().__init__(page, num_pages)
        self.page = page
        self.num_pages = num_pages


@dataclass(frozen=True)
class SearchHit:
    """One result: what it is, where it leads, and its snippet (HTML: escaped text, ``<mark>``)."""

    doc_type: str
    key: str
    title: str
    source_title: str
    game: str
    language: str
    rulebook: str | None
    section: int | None
    url: str
    snippet: str
    score: float
    answer: str = ""
    passage_url: str = ""


@dataclass(frozen=True)
class SearchPage:
    """One page of results; ``count`` is the number of hits over all pages; ``suggestion``, the
    query with the words the index does not know replaced by those it took them for ("did you
    mean"), or None."""

    hits: tuple[SearchHit, ...]
    count: int
    page: int
    num_pages: int
    suggestion: str | None = None

    @property
    def has_previous(self) -> bool:
        return self.page > 1

    @property
    def has_next(self) -> bool:
        return self.page < self.num_pages


#: How many documents' tokens :func:`_tokens` keeps (a few megabytes at most).
TOKEN_CACHE = 1024
_WORD = re.compile(WORD_PATTERN)
#: Shorter words are stop words to the analyzers (:func:`.analysis.language_analyzer`).
MIN_WORD = 2


@lru_cache(maxsize=TOKEN_CACHE)
def _tokens(text: str, language: str) -> tuple[tuple[str, int, int], ...]:
    """``(indexed form, start, end)`` of each word of ``text`` as the language's analyzer gives
    them for highlighting (stop words kept, lowercase, not normalized), analyzed once per
    document, not per snippet, and without whoosh's token pipeline (a test checks the
    snippets equal whoosh's own highlighting)."""
    found = []
    for match in _WORD.finditer(text):
        word = match.group().lower()
        stopped = len(word) < MIN_WORD or word in STOPWORDS
        found.append((word if stopped else normalize(word, language), match.start(), match.end()))
    return tuple(found)


#: Context around the matches in a snippet (whoosh's ``ContextFragmenter(surround=...)``).
SNIPPET_SURROUND = 60


#: A fragment of a snippet: its start and end in the text, and its matched tokens'
#: ``(form, start, end)`` (whoosh's ``Fragment``, as plain values).
Fragment = tuple[int, int, list[tuple[str, int, int]]]


def _fragment(
    text: str, matches: list[tuple[str, int, int]], first: int | None, endchar: int
) -> Fragment:
    """whoosh's ``highlight.mkfrag(text, matches, startchar=first, endchar=endchar)``."""
    start = first if first is not None else (matches[0][1] if matches else 0)
    return max(0, start), min(len(text), endchar), matches


@lru_cache(maxsize=TOKEN_CACHE)
def _highlighted(
    text: str, language: str
) -> tuple[tuple[tuple[str, int, int], ...], dict[str, tuple[int, ...]]]:
    """The tokens of ``text`` (:func:`_tokens`) whoosh's highlighting reads (those ending
    within its ``DEFAULT_CHARLIMIT``) and, by form, their positions among them, worked out once
    per document: a snippet finds its matches by its few terms (:func:`_matches`), not by
    testing each of a long section's tokens (most of a snippet's time, issue 29)."""
    tokens = _tokens(text, language)
    tokens = tokens[: bisect_right(tokens, highlight.DEFAULT_CHARLIMIT, key=lambda t: t[2])]
    places: dict[str, list[int]] = defaultdict(list)
    for position, (form, _start, _end) in enumerate(tokens):
        places[form].append(position)
    return tokens, {form: tuple(found) for form, found in places.items()}


def _matches(places: dict[str, tuple[int, ...]], terms: frozenset[str]) -> list[int]:
    """The positions, in order, of the tokens whose form is one of ``terms`` (``places``:
    :func:`_highlighted`'s; a token has one form, so none is found twice)."""
    return sorted(position for term in terms for position in places.get(term, ()))


def _fragments(
    text: str,
    tokens: tuple[tuple[str, int, int], ...],
    terms: frozenset[str],
    matches: list[int],
) -> list[Fragment]:
    """whoosh's ``ContextFragmenter(maxchars=SNIPPET_CHARS, surround=SNIPPET_SURROUND)
    .fragment_tokens`` over ``tokens`` (``matches``: the positions of those whose form is one
    of ``terms``), its loop as written, except that a stretch between fragments holding no
    match is stepped over at once (it only keeps the starts within ``surround`` of its last
    token's end, as whoosh's loop leaves them): most of a long section's words are no match,
    and a ``Token`` object each cost a snippet a millisecond."""
    found, tks, firsts = [], [], []
    first, countdown, endchar, currentlen, i, following = None, -1, None, 0, 0, 0
    while i < len(tokens):
        form, startchar, endchar = tokens[i]
        matched = form in terms
        if countdown < 0 and not matched:
            following = bisect_right(matches, i, lo=following)
            if following == len(matches):
                break  # no fragment left to begin
            stretch, i = i, matches[following]
            end, before = tokens[i - 1][2], i
            while before > stretch and end - tokens[before - 1][1] <= SNIPPET_SURROUND:
                before -= 1
            firsts = [start for _, start, _ in tokens[before:i]]
            continue
        tlength = endchar - startchar
        if currentlen + tlength > SNIPPET_CHARS:
            countdown = 0
        elif matched:
            countdown = SNIPPET_SURROUND
            if first is None:
                if firsts:
                    first = firsts[0]
                else:
                    first = startchar
                    countdown += SNIPPET_SURROUND
            tks.append(tokens[i])
        if countdown >= 0:
            currentlen += tlength
            countdown -= tlength
            if countdown <= 0:
                found.append(_fragment(text, tks, first, endchar))
                tks, firsts, first, currentlen = [], [], None, 0
        i += 1
    if tks:
        found.append(_fragment(text, tks, first, endchar))
    return found


#: What whoosh's ``HtmlFormatter(tagname="mark")`` writes around a matched word, and how many
#: ``term<n>`` classes it cycles through.
_MARK = '<mark class="match term{}">{}</mark>'
_TERM_CLASSES = 5


def _score(fragment: Fragment) -> int:
    """whoosh's ``BasicFragmentScorer``: a fragment's matches times a hundred per distinct
    word matched (its matches' boosts are 1)."""
    matches = fragment[2]
    return len(matches) * (len({form for form, _, _ in matches}) * 100 or 1)


def _best(fragments: list[Fragment]) -> list[Fragment]:
    """whoosh's ``top_fragments(fragments, 2, BasicFragmentScorer(), FIRST)``: the two
    fragments scoring most (a tie to the later one, as whoosh's ``nlargest`` over ``(score,
    fragment)`` leaves it), those scoring at least 1, in the text's order."""
    best = sorted(fragments, key=lambda fragment: (_score(fragment), fragment[0]), reverse=True)
    return sorted((f for f in best[:2] if _score(f) >= 1), key=itemgetter(0))


def _formatted(text: str, fragments: list[Fragment]) -> str:
    """whoosh's ``HtmlFormatter(tagname="mark", between=" … ")`` of ``fragments``: the text
    escaped, each matched word in ``<mark>`` with its word's class (numbered as first met,
    across the fragments, cycling through :data:`_TERM_CLASSES`)."""
    seen: dict[str, int] = {}
    written = []
    for start, end, matches in fragments:
        output, index = [], start
        for _form, startchar, endchar in matches:  # in order, none overlapping: one regex's
            if startchar > index:
                output.append(html.escape(text[index:startchar], quote=False))
            word = html.escape(text[startchar:endchar], quote=False)
            number = seen.setdefault(word, len(seen) % _TERM_CLASSES)
            output.append(_MARK.format(number, word))
            index = endchar
        output.append(html.escape(text[index:end], quote=False))
        written.append("".join(output))
    return " … ".join(written)


def snippet(text: str, terms: frozenset[str], language: str) -> str:
    """The best fragments of ``text`` around ``terms``, marked; else the text's beginning.
    (whoosh's ``highlight.highlight``, over the cached tokens of :func:`_tokens`, its
    fragments as plain tuples, chosen and written as its scorer and formatter do.)"""
    tokens, places = _highlighted(text, language)
    fragments = _best(_fragments(text, tokens, terms, _matches(places, terms)))
    if fragments:
        return _formatted(text, fragments)
    beginning = text[:SNIPPET_CHARS].rsplit(" ", 1)[0] if len(text) > SNIPPET_CHARS else text
    return html.escape(beginning) + (" …" if len(text) > SNIPPET_CHARS else "")


def _filter(game: str | None, language: str | None, doc_type: str | None) -> q.Query | None:
    wanted = (("game", game), ("language", language), ("doc_type", doc_type))
    terms = [q.Term(name, value) for name, value in wanted if value]
    return q.And(terms) if terms else None


def _ranked(
    searcher: Searcher,
    planned: PlannedQuery,
    restriction: q.Query | None,
    listed: Listing,
    numbers: bool = False,
) -> tuple[list[tuple[float, int]], str | None, set[int]]:
    """``(score, document number)`` for every hit, best first: BM25F times the squared word
    coverage, times the document's weight (:func:`.index.document_weight`); the rulebook the query's
    words tell (:func:`_book_of`); and the positions of the query's words some hit holds.

    Every hit is scored (``limit=None``): the corpus is small, one pass gives the exact count,
    and whoosh's count with a limit re-runs the query (and ignores a filter matching nothing).
    No hit's stored fields are read: what ranking needs of a document is in ``listed``.
    """
    if planned.query is None:
        return [], None, set()
    found = postings.search(searcher, planned.query, restriction)
    words = len(planned.word_alternatives)
    _several, written = listed.book_languages
    weights, voters = listed.weights, listed.voting_books
    held = 0  # the positions of the words some hit satisfies, as bits
    scored = []
    coordination: dict[frozenset[tuple[str, bytes]], float] = {}  # hits share term sets
    masks: dict[frozenset[tuple[str, bytes]], int] = {}  # the words each set satisfies
    books_by: dict[frozenset[tuple[str, bytes]], set[str]] = {}  # the voters' books per set
    for score, number, terms in found:
        times = coordination.get(terms)
        if times is None:
            satisfied = masks[terms] = planned.satisfied_mask(terms)
            held |= satisfied
            times = coordination[terms] = (satisfied.bit_count() / words) ** COORDINATION
        book = voters[number]
        if book is not None:
            books_by.setdefault(terms, set()).add(book)
        scored.append((score * times * weights[number], number))
    scored.sort(key=itemgetter(0), reverse=True)  # stable: as by -score, ties kept in order
    books_of_word: list[set[str]] = [set() for _ in range(words)]
    for terms, books in books_by.items():
        for position in _voting(planned, terms, written, masks[terms]):
            books_of_word[position] |= books
    together = _together(scored, planned, listed, NUMBER if numbers else None)
    for position, books in enumerate(planned.books):
        if books:  # one book's glossary term: that book, whatever language the hits are in
            books_of_word[position] = set(books)
    return together, _book_of(books_of_word), {p for p in range(words) if held >> p & 1}


def _voting(
    planned: PlannedQuery,
    terms: frozenset[tuple[str, bytes]],
    written: frozenset[str],
    satisfied: int,
) -> list[int]:
    """The positions of the query's words a hit's ``terms`` satisfy, for telling its rulebook: a
    heading translated (:mod:`.headings`) into a language some rulebook is written in does not
    count ("plansza" is only one Russian book's Polish heading, but a word of the Polish book:
    it tells the language), one translated into English (which no rulebook is) does.
    ``satisfied``: what all of ``terms`` satisfy (:meth:`.query.PlannedQuery.satisfied_mask`),
    the answer when none of them is such a heading's (most hits: looked up once)."""
    voting = {term for term in terms if term[0] not in written}
    mask = satisfied if len(voting) == len(terms) else planned.satisfied_mask(voting)
    return planned.positions(mask)


#: A question whose words only one rulebook's sections hold (its components, terms, places:
#: "twilight", «фракция», "hobbit"), or that names a glossary term only one rulebook prints
#: ("faction die", "White Tree", "odwaga"), is about that book: its sections weigh this much more.
GAME_WEIGHT = 1.5


def _book_of(books_of_word: list[set[str]]) -> str | None:
    """The rulebook most of the query's one-book words belong to (a word found in one book's
    sections only), if one has more of them than any other."""
    votes: dict[str, int] = defaultdict(int)
    for books in books_of_word:
        if len(books) == 1:
            votes[next(iter(books))] += 1
    ranked = sorted(votes.items(), key=lambda pair: -pair[1])
    if not ranked or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]


#: The best hits are scored up by how many of the query's words one sentence of theirs holds
#: (with the heading's): ``1 + PROXIMITY * share``; "сколько юнитов может быть в регионе" is
#: answered by "Один регион может содержать не более 10 юнитов", not by a section that says
#: "регион" and "юнит" paragraphs apart.
PROXIMITY = 1.0
PROXIMITY_CANDIDATES = 30
#: ... and by this when the heading alone holds every one of them as typed (its lemma, stem,
#: word family, near spelling or encoder translation, not a glossary concept's other names: a
#: heading says what its section answers: "как снять осаду" is «Снятие осады» more than
#: «Ведение осады»; but "Ring-bearer" names a notion of two games, and the glossary's name of
#: it in one of them, «Носитель кольца», does not make that game's section the answer). A
#: heading translated into the query's language (:mod:`.headings`) counts as its heading.
HEADING = 1.5


def _together(
    scored: list[tuple[float, int]],
    planned: PlannedQuery,
    listed: Listing,
    number_form: str | None,
) -> list[tuple[float, int]]:
    """The first :data:`PROXIMITY_CANDIDATES` of ``scored`` re-scored by :data:`PROXIMITY`
    (``number_form``: the form of a number written, for a question asking how many)."""
    if len(planned.word_alternatives) < 2:
        return scored
    top = []
    for score, number in scored[:PROXIMITY_CANDIDATES]:
        document, masks = listed.documents[number], listed.sentence_masks[number]
        together = planned.masked_share(
            masks.sentences,
            masks.count,
            document.language,
            number_form,
            translated=document.translated,
        )
        named = planned.holds_all(document.heading, document.language) or any(
            planned.holds_all(heading, language) for language, heading in document.translated
        )
        top.append((score * (1 + PROXIMITY * together) * (HEADING if named else 1), number))
    top.sort(key=itemgetter(0), reverse=True)  # stable: as by -score, ties kept in order
    return top + scored[PROXIMITY_CANDIDATES:]


#: How many sentences' words :func:`_markable` keeps (a few hundred bytes each): the same
#: sentences answer question after question.
MARKABLE_CACHE = 4096


@lru_cache(maxsize=MARKABLE_CACHE)
def _markable(text: str, language: str) -> tuple[tuple[str, int, int], ...]:
    """``(indexed form, start, end)`` of each word of ``text`` that is not a stop word (nor
    shorter than :data:`MIN_WORD`): what :func:`marked` may mark, read once per sentence."""
    found = []
    for match in _WORD.finditer(text):
        lowered = match.group().lower()
        if lowered not in STOPWORDS and len(lowered) >= MIN_WORD:
            found.append((normalize(lowered, language), match.start(), match.end()))
    return tuple(found)


def marked(text: str, terms: frozenset[str], language: str) -> str:
    """``text`` escaped, with the words whose indexed form is one of ``terms`` in ``<mark>``
    (as the snippets mark them, without whoosh's token pipeline: one sentence, every hit;
    its words read once per sentence, :func:`_markable`)."""

    # The text between two marked words escaped at once: escaping is character by character.
    parts, written = [], 0
    for form, start, end in _markable(text, language):
        if form in terms:
            parts.append(html.escape(text[written:start]))
            parts.append(f'<mark class="match">{html.escape(text[start:end])}</mark>')
            written = end
    parts.append(html.escape(text[written:]))
    return "".join(parts)


#: The stored fields a result shows, in :class:`SearchHit`'s order (the body last).
_SHOWN = ("doc_type", "key", "title", "source_title", "game", "language", "rulebook",
          "section", "url", "body")  # fmt: skip
#: How many results :func:`_shown` keeps (a few kilobytes each).
SHOWN_CACHE = 4096


@lru_cache(maxsize=TOKEN_CACHE)
def _words_of(text: str, language: str) -> frozenset[str]:
    """Every analyzed form a result's snippet, answering sentence and marks may look up in
    ``text``: what they show depends on the query's terms among these only."""
    return frozenset(form for form, _, _ in _tokens(text, language)) | forms(text, language)


def prepare(source: OpenedIndex) -> int:
    """What showing any document as a result reads of it, worked out now: its tokens and forms
    (:func:`_words_of`, :func:`_highlighted`), a section's paragraphs' and sentences' forms,
    the listing's sentence masks, weights, book languages and voting books, and the words
    near spellings are looked for among (the web server's, before it forks its workers: 0.3 s
    of CPU, shared, instead of each worker's first searches paying for every section they
    show); how many documents."""
    listing = source.listing
    listing.sentence_masks, listing.weights, listing.book_languages, listing.voting_books  # noqa: B018
    listing.kinds  # noqa: B018
    reader = source.reader(source.searcher())
    for name in (SURFACE_FIELD, body_field("pl")):  # what a word's near spellings walk
        lexicon(reader, name)
    count = 0
    for fields in source.searcher().all_stored_fields():
        _words_of(fields["body"], fields["language"])
        _highlighted(fields["body"], fields["language"])
        if fields["doc_type"] == "section":
            prepare_passages(fields["body"], fields["language"])
        count += 1
    return count


def _hit(
    score: float,
    hit: dict[str, Any],
    planned: PlannedQuery,
    nearest: int | None,
    question: Question,
) -> SearchHit:
    """The result of one document; a section's with its answering sentence (HTML) and a link
    to its paragraph (``nearest``: the paragraph its nearest sentence vector is of); ``hit``:
    its stored fields. Worked out once for the query's terms the document holds
    (:func:`_shown`): the same sections answer many questions; the result made at once with
    its score (``dataclasses.replace`` of a kept one took a tenth of a hit's time)."""
    fields = tuple(map(hit.get, _SHOWN))
    language = hit["language"]
    terms = planned.highlight_terms[language] & _words_of(hit["body"], language)
    before, after = _shown(fields, terms, nearest, question.asks_number)
    return SearchHit(*before, round(score, 4), *after)


@lru_cache(maxsize=SHOWN_CACHE)
def _shown(
    fields: tuple[Any, ...], terms: frozenset[str], nearest: int | None, numbers: bool
) -> tuple[tuple[Any, ...], tuple[str, str]]:
    """A result without its score: the values of :class:`SearchHit`'s fields before the score
    and after it; ``fields`` its stored fields (:data:`_SHOWN`)."""
    doc_type, language, url, body = fields[0], fields[5], fields[8], fields[9]
    passage = (
        answering_passage(body, terms, language, nearest, numbers=numbers)
        if doc_type == "section"
        else None
    )
    before = (*fields[:-1], snippet(body, terms, language))
    if passage is None:
        return before, ("", "")
    return before, (
        marked(passage.sentence, terms, language),
        f"{url}#{paragraph_anchor(passage.paragraph)}{text_directive(passage.sentence)}",
    )


#: Reciprocal rank fusion: a document's fused score is the sum over the rankings that hold it
#: of weight / (RRF_K + rank) (whoosh's ranking weighs 1).
RRF_K = 10
#: The sentence vectors' weight: an English question about a Russian or Polish book shares few
#: words with its answer, while a Russian or Polish one is found by its words.
VECTOR_WEIGHT = {"latin": 1.0, "other": 0.25}
#: The nearest documents by sentence vector taken into the fusion, and how close they must be.
VECTOR_CANDIDATES = 30
VECTOR_MINIMUM = 0.3


def _script(text: str) -> str:
    """The script a query is typed in: "latin" (no letter beyond ASCII), else "other"."""
    return "other" if any(not ch.isascii() for ch in text if ch.isalpha()) else "latin"


def _sentence_share(text: str, planned: PlannedQuery) -> float:
    """How much a query is a sentence, by its length: nothing for a term ("siege", "hunt for
    the ring": the index and glossary know it), two thirds for three words, all from four on,
    counting the words that say something, or all but two of them (the question's "how",
    "can"...)."""
    words = max(len(planned.word_alternatives), len(text.split()) - 2)
    return min(1.0, max(0, words - 2) * 2 / 3)


def vector_weight(text: str, planned: PlannedQuery) -> float:
    """How much the sentence vectors count for this query: by its length
    (:func:`_sentence_share`), the full weight for Latin script, a quarter for Cyrillic or
    Polish (:data:`VECTOR_WEIGHT`)."""
    return VECTOR_WEIGHT[_script(text)] * _sentence_share(text, planned)


#: How sure the sentence vectors are of a document, by its cosine: nothing at
#: :data:`VECTOR_MINIMUM`, rising to all at :data:`VECTOR_SURE`.
VECTOR_SURE = 0.65


def _sure(similarity: float, minimum: float = VECTOR_MINIMUM, sure: float = VECTOR_SURE) -> float:
    span = sure - minimum
    return min(1.0, max(0.0, (similarity - minimum) / span)) if span > 0 else 1.0


#: The questions sections answer (:attr:`.documents.SearchDocument.asks`), by sentence vector:
#: a typed question meets the written ones (what the encoder is trained for, across languages:
#: a Polish question finds a Russian section's questions), a ranking of its own in the fusion
#: weighing this (times :func:`_sentence_share`) in every script, each near section by how sure
#: its nearest question's cosine is: nothing at :data:`ASKS_VECTOR_MINIMUM`, all at
#: :data:`ASKS_VECTOR_SURE` (a question says it as a passage does not: higher than the
#: text's). Chosen on every set the repository has, pooled (docs/search.md, "Ninth pass":
#: 0.25-0.75 and a minimum of 0.55-0.7 a plateau).
ASKS_VECTOR_WEIGHT = 0.5
ASKS_VECTOR_MINIMUM = 0.65
ASKS_VECTOR_SURE = 0.95
#: The nearest sections by their questions taken into the fusion (10 or 30: the same ranks).
ASKS_VECTOR_CANDIDATES = 10


def _fused(
    ranked: list[tuple[float, int]],
    nearest: list[Near],
    weight: float,
    listed: Listing,
    asked: tuple[list[Near], float] = ([], 0.0),
) -> list[tuple[float, int]]:
    """``(score, document number)`` of whoosh's hits, the nearest documents (``nearest``, of
    ``weight``) and the sections nearest by their questions (``asked``: them and their
    weight), fused by rank (:data:`RRF_K`), each times its document type's weight, best
    first. Whoosh's hits are scored at once (numpy: the same operations on the same doubles
    as one by one, issue 29); each vector list's share is added after them, in turn."""
    numbers = [number for _score, number in ranked]
    scores = 1.0 / (RRF_K + np.arange(1, len(numbers) + 1, dtype=np.float64))
    shares: dict[int, list[float]] = {}  # the vectors' shares of a document, in order
    asks, asks_weight = asked
    for found, times, limits in (
        (nearest, weight, (VECTOR_MINIMUM, VECTOR_SURE)),
        (asks, asks_weight, (ASKS_VECTOR_MINIMUM, ASKS_VECTOR_SURE)),
    ):
        for rank, near in enumerate(found, start=1):
            number = listed.number(near.doc_id)
            if number is not None:
                share = times * _sure(near.similarity, *limits) / (RRF_K + rank)
                shares.setdefault(number, []).append(share)
    if shares:
        at = {number: place for place, number in enumerate(numbers) if number in shares}
        more = []  # the documents whoosh did not find, as first found
        for number, each in shares.items():
            place = at.get(number)
            total = 0.0 if place is None else float(scores[place])
            for share in each:
                total += share
            if place is None:
                numbers.append(number)
                more.append(total)
            else:
                scores[place] = total
        scores = np.concatenate((scores, np.array(more, dtype=np.float64)))
    found = np.array(numbers, dtype=np.int64)
    fused = scores * listed.kinds.weights[found]
    order = np.argsort(-fused, kind="stable")
    return list(zip(fused[order].tolist(), found[order].tolist(), strict=True))


#: A question typed in Polish ranks the Polish rulebook this much higher: a player asking in
#: Polish reads the Polish rules first (Russian ones still come where they answer better).
LANGUAGE_WEIGHT = 2.0
#: The cards a question names come first only when their titles are more than this share of
#: its words ("mount doom", "gandalf"; not "what does the gandalf face do").
NAMED_SHARE = 0.5


def _ordered(
    ranked: list[tuple[float, int]],
    games: tuple[str | None, str | None],
    language: str,
    named: frozenset[str],
    listed: Listing,
) -> list[tuple[float, int]]:
    """Rules before cards: the cards the question names first, then the rule sections (those of
    the game the question names first), then the other cards; each group by score, a Polish
    question's Polish documents weighed up (:data:`LANGUAGE_WEIGHT`), and those of the
    rulebook its words tell (:data:`GAME_WEIGHT`). ``games``: the game named and the rulebook
    told. Every hit weighed and sorted at once (numpy: the same products of the same doubles
    as hit by hit, and stable sorts by score, then by group, as one by ``(group, -score)``:
    issue 29)."""
    if not ranked:
        return []
    game, told = games
    kinds = listed.kinds
    pairs = np.array(ranked, dtype=np.float64)
    numbers = pairs[:, 1].astype(np.int64)
    polish = kinds.polish[numbers] if language == "pl" else np.zeros(len(numbers), dtype=bool)
    book = np.where(kinds.rulebook[numbers] == kinds.rulebooks.get(told, -2), GAME_WEIGHT, 1.0)
    weighed = pairs[:, 0] * (np.where(polish, LANGUAGE_WEIGHT, 1.0) * book)
    # the group: 0 the cards named, 2 or 3 a rule section (of another game: 3), 4 or 5 a card
    group = np.where(kinds.card[numbers], 4, 2) + (kinds.game[numbers] != kinds.games.get(game, -2))
    if named:
        wanted = [listed.number(doc_id) for doc_id in named]
        group[np.isin(numbers, [n for n in wanted if n is not None])] = 0
    order = np.argsort(-weighed, kind="stable")
    order = order[np.argsort(group[order], kind="stable")]
    return list(zip(weighed[order].tolist(), numbers[order].tolist(), strict=True))


def _named_first(source: OpenedIndex, question: Question) -> frozenset[str]:
    """The cards to show first: those the question names, when their titles make most of its
    words and it names no other game than the TCG (:data:`NAMED_SHARE`)."""
    if question.game not in (None, "lotr-tcg"):
        return frozenset()
    named, share = named_cards(source, question.words)
    return named if share > NAMED_SHARE else frozenset()


def corrected_text(text: str, corrections: dict[str, str]) -> str:
    """``text`` with each word that ``corrections`` has (as :func:`.analysis.query_words` gives
    it, lowercase) replaced."""
    return re.sub(r"\w+", lambda m: corrections.get(m.group().lower(), m.group()), text)


def _understood(source: OpenedIndex, text: str, reader: Any) -> tuple[Question, PlannedQuery]:
    """What ``text`` asks and its query. A question whose typo hid one of its frame words
    ("сколко юнитов ...": «сколько») is understood again as corrected, so that the frame word
    is left out as it would have been typed right (the suggestion still names every
    correction)."""
    question = understand(text)
    planned = plan_query(question.words, reader, source.transliterations, translations)
    if not planned.corrections:
        return question, planned
    again = understand(corrected_text(text, planned.corrections))
    if len(query_words(again.words)) >= len(query_words(question.words)):
        return question, planned
    replanned = plan_query(again.words, reader, source.transliterations, translations)
    return replace(again, text=text), replace(replanned, corrections=planned.corrections)


def _finds_more(planned: PlannedQuery, found: set[int]) -> bool:
    """Whether "did you mean" is worth offering: a corrected word was found (``found``: the
    positions of the query's words some hit holds; a typed word the index does not know is
    found only through what it was taken for). A frame word's correction («сколько») finds
    nothing alone, but is written in a suggestion offered for another word."""
    corrected = set(planned.corrections) | set(planned.corrections.values())
    return any(
        position in found for position, word in enumerate(planned.words) if word in corrected
    )


def search(
    directory: Path,
    text: str,
    *,
    game: str | None = None,
    language: str | None = None,
    doc_type: str | None = None,
    page: int = 1,
    page_size: int = PAGE_SIZE,
    source: OpenedIndex | None = None,
) -> SearchPage:
    """Page ``page`` of the hits for ``text``, best first, optionally of one game, language
    and document type (``section`` or ``card``).

    Raises ``SearchIndexMissing`` without an index, ``SearchIndexUnavailable`` when its files
    cannot be read, and :class:`PageOutOfRange` past the last page (page 1 always exists, if
    empty). ``source``: the generation of ``directory``'s index to search, already opened
    (:func:`.index.opened`, as the API does for its answer's cache key), else opened now.
    """
    source = source or opened(directory)
    searcher = source.searcher()
    reader = source.reader(searcher)
    question, planned = _understood(source, text, reader)
    corrected = corrected_text(text, planned.corrections)
    listed = source.listing
    ranked, told, found = _ranked(
        searcher, planned, _filter(game, language, doc_type), listed, question.asks_number
    )
    weight = vector_weight(text, planned)
    nearest: list[Near] = []
    if weight and planned.query is not None:
        wanted = {"doc_type": doc_type, "game": game, "language": language}
        vector = embed_query([corrected])[0]
        nearest = source.vectors.nearest(vector, VECTOR_CANDIDATES, VECTOR_MINIMUM, wanted)
        asks = source.vectors.nearest(
            vector, ASKS_VECTOR_CANDIDATES, ASKS_VECTOR_MINIMUM, wanted, asks=True
        )
        asks_weight = ASKS_VECTOR_WEIGHT * _sentence_share(text, planned)
        ranked = _fused(ranked, nearest, weight, listed, (asks, asks_weight))
    named = _named_first(source, question)
    language_typed = query_language(corrected, reader)
    ranked = _ordered(ranked, (question.game, told), language_typed, named, listed)
    num_pages = max(1, -(-len(ranked) // page_size))
    if page > num_pages:
        raise PageOutOfRange(page, num_pages)
    on_page = ranked[(page - 1) * page_size : page * page_size]
    paragraphs = {near.doc_id: near.paragraph for near in nearest}
    stored = [(score, source.stored_fields(number)) for score, number in on_page]
    return SearchPage(
        hits=tuple(
            _hit(score, hit, planned, paragraphs.get(hit["doc_id"]), question)
            for score, hit in stored
        ),
        count=len(ranked),
        page=page,
        num_pages=num_pages,
        suggestion=corrected if _finds_more(planned, found) else None,
    )
