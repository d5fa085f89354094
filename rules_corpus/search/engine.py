"""Run a search: plan the query, page the hits, highlight a snippet for each."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from whoosh import highlight
from whoosh import query as q
from whoosh.searching import Hit, Searcher

from .analysis import language_analyzer
from .index import open_searcher
from .query import PlannedQuery, plan_query

PAGE_SIZE = 10
SNIPPET_CHARS = 240
# Scores are multiplied by the share of the query's clauses a hit matches to this power.
COORDINATION = 2
# This is a rules search first: a card matching as well as a rule section ranks after it.
DOC_TYPE_WEIGHT = {"section": 1.0, "card": 0.5}


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


@dataclass(frozen=True)
class SearchPage:
    """One page of results; ``count`` is the number of hits over all pages."""

    hits: tuple[SearchHit, ...]
    count: int
    page: int
    num_pages: int

    @property
    def has_previous(self) -> bool:
        return self.page > 1

    @property
    def has_next(self) -> bool:
        return self.page < self.num_pages


def snippet(text: str, terms: frozenset[str], language: str) -> str:
    """The best fragments of ``text`` around ``terms``, marked; else the text's beginning."""
    fragments = highlight.highlight(
        text,
        terms,
        language_analyzer(language),
        highlight.ContextFragmenter(maxchars=SNIPPET_CHARS, surround=60),
        highlight.HtmlFormatter(tagname="mark", between=" … "),
        top=2,
    )
    if fragments:
        return fragments
    beginning = text[:SNIPPET_CHARS].rsplit(" ", 1)[0] if len(text) > SNIPPET_CHARS else text
    return html.escape(beginning) + (" …" if len(text) > SNIPPET_CHARS else "")


def _filter(game: str | None, language: str | None, doc_type: str | None) -> q.Query | None:
    wanted = (("game", game), ("language", language), ("doc_type", doc_type))
    terms = [q.Term(name, value) for name, value in wanted if value]
    return q.And(terms) if terms else None


def _ranked(searcher: Searcher, planned: PlannedQuery, restriction: q.Query | None) -> list:
    """``(score, hit)`` for every hit, best first: BM25F times the squared word coverage,
    times the document type's weight (:data:`DOC_TYPE_WEIGHT`).

    Every hit is scored (``limit=None``): the corpus is small, one pass gives the exact count,
    and whoosh's count with a limit re-runs the query (and ignores a filter matching nothing).
    """
    if planned.query is None:
        return []
    found = searcher.search(planned.query, limit=None, filter=restriction, terms=True)
    scored = (
        (
            hit.score
            * planned.coverage(hit.matched_terms()) ** COORDINATION
            * DOC_TYPE_WEIGHT.get(hit["doc_type"], 1.0),
            hit,
        )
        for hit in found
    )
    return sorted(scored, key=lambda pair: -pair[0])


def _hit(score: float, hit: Hit, planned: PlannedQuery) -> SearchHit:
    language = hit["language"]
    return SearchHit(
        doc_type=hit["doc_type"],
        key=hit["key"],
        title=hit["title"],
        source_title=hit["source_title"],
        game=hit["game"],
        language=language,
        rulebook=hit.get("rulebook"),
        section=hit.get("section"),
        url=hit["url"],
        snippet=snippet(hit["body"], planned.highlight_terms[language], language),
        score=round(score, 4),
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
) -> SearchPage:
    """Page ``page`` of the hits for ``text``, best first, optionally of one game, language
    and document type (``section`` or ``card``).

    Raises ``SearchIndexMissing`` without an index and :class:`PageOutOfRange` past the last page
    (page 1 always exists, if empty).
    """
    searcher = open_searcher(directory)
    planned = plan_query(text, searcher.reader())
    ranked = _ranked(searcher, planned, _filter(game, language, doc_type))
    num_pages = max(1, -(-len(ranked) // page_size))
    if page > num_pages:
        raise PageOutOfRange(page, num_pages)
    on_page = ranked[(page - 1) * page_size : page * page_size]
    return SearchPage(
        hits=tuple(_hit(score, hit, planned) for score, hit in on_page),
        count=len(ranked),
        page=page,
        num_pages=num_pages,
    )
