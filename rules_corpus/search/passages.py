"""A section's text as paragraphs: one numbering for the search (which passage answers) and
the section page (``id="p-<number>"`` on each paragraph, so that a result opens at it); and
the passage of a section that answers a query, down to its sentence."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote

from .analysis import forms


def paragraphs(text: str) -> list[str]:
    """The non-blank paragraphs of a stored section text (separated by a blank line), stripped."""
    return [paragraph.strip() for paragraph in text.split("\n\n") if paragraph.strip()]


def paragraph_anchor(number: int) -> str:
    """The HTML id of paragraph ``number`` (from 0) on a section page."""
    return f"p-{number}"


_SENTENCE_END = re.compile(r"(?<=[.!?…:;])\s+")


def sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences (and list items, one a line), in order."""
    return [
        sentence.strip()
        for line in paragraph.split("\n")
        for sentence in _SENTENCE_END.split(line)
        if sentence.strip()
    ]


#: What a number in a paragraph or sentence counts for when the question asks how many, and
#: what being the passage nearest by sentence vector counts for (in query words matched).
NUMBER_BONUS = 0.5
NEAREST_BONUS = 0.25
_DIGIT = re.compile(r"\d")


#: How many paragraphs' and sentences' forms :func:`_forms` keeps: the same sections answer
#: query after query, and analyzing their text again cost a search a tenth of its time.
FORMS_CACHE = 8192


@lru_cache(maxsize=FORMS_CACHE)
def _forms(text: str, language: str) -> frozenset[str]:
    return frozenset(forms(text, language))


def _matched(text: str, terms: frozenset[str], language: str, numbers: bool) -> float:
    bonus = NUMBER_BONUS if numbers and _DIGIT.search(text) else 0
    return len(terms.intersection(_forms(text, language))) + bonus


def prepare(text: str, language: str) -> int:
    """The forms of each paragraph and sentence of a section's ``text``, and each sentence's
    text fragment (:func:`text_directive`), worked out now (the web server's, before it forks
    its workers); how many paragraphs and sentences."""
    found = paragraphs(text)
    said = [sentence for paragraph in found for sentence in sentences(paragraph)]
    for part in found + said:
        _forms(part, language)
    for sentence in said:
        text_directive(sentence)
    return len(found) + len(said)


@dataclass(frozen=True)
class Passage:
    """Where in a section the answer is: its paragraph's number and the sentence that answers."""

    paragraph: int
    sentence: str


def answering_passage(
    text: str,
    terms: frozenset[str],
    language: str,
    nearest: int | None = None,
    *,
    numbers: bool = False,
) -> Passage | None:
    """The paragraph of ``text`` holding the most of the query's analyzed ``terms`` (the
    paragraph the sentence vectors found nearest, ``nearest``, counts :data:`NEAREST_BONUS`; with
    ``numbers``, for a question asking how many, a number counts :data:`NUMBER_BONUS`), and
    its sentence holding the most of them; None for an empty text."""
    found = paragraphs(text)
    if not found:
        return None
    scores = [
        _matched(paragraph, terms, language, numbers) + (NEAREST_BONUS if number == nearest else 0)
        for number, paragraph in enumerate(found)
    ]
    best = max(range(len(found)), key=lambda number: (scores[number], -number))
    candidates = sentences(found[best])
    sentence = max(
        candidates,
        key=lambda s: (_matched(s, terms, language, numbers), -candidates.index(s)),
    )
    return Passage(best, sentence)


#: A sentence longer than this is pointed at by its first and last words (``start,end``).
_DIRECTIVE_WHOLE = 160
_DIRECTIVE_PART = 48
_MARKUP = re.compile(r"[*_`\[\]#<>]")


#: How many sentences' text fragments :func:`text_directive` keeps (a few hundred bytes each):
#: the same sentences answer question after question, and quoting one cost a result 15 µs.
DIRECTIVE_CACHE = 4096


@lru_cache(maxsize=DIRECTIVE_CACHE)
def text_directive(sentence: str) -> str:
    """A URL text fragment (``:~:text=...``) that makes the browser scroll to ``sentence`` on
    its section's page and highlight it (after the paragraph's ``#p-<n>``, which a browser
    without text fragments, or a sentence the page renders otherwise, falls back to); "" for a
    sentence holding markup, which the page does not show as written."""
    sentence = " ".join(sentence.split())
    if not sentence or _MARKUP.search(sentence):
        return ""

    def encoded(text: str) -> str:
        return quote(text, safe="").replace("-", "%2D")

    if len(sentence) <= _DIRECTIVE_WHOLE:
        return f":~:text={encoded(sentence)}"
    start = sentence[:_DIRECTIVE_PART].rsplit(" ", 1)[0]
    end = sentence[-_DIRECTIVE_PART:].split(" ", 1)[-1]
    return f":~:text={encoded(start)},{encoded(end)}"
