"""What the search index holds: documents of several types, each yielded by a registered source.

Rulebook sections are the first source (registered below). Another app adds its own document
type by registering a callable that yields :class:`SearchDocument`s, typically in its
``AppConfig.ready()``::

    from rules_corpus.search.documents import SearchDocument, register_source

    def card_documents():
        for card in Card.objects.all():
            yield SearchDocument(doc_type="card", key=card.key, game="lotr-tcg", language="en",
                                 title=card.title, body=card.text, url=card.get_absolute_url(),
                                 source_title="LOTR TCG cards")

    register_source(card_documents)

``manage.py build_search_index`` then indexes them alongside the sections.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .analysis import LANGUAGES


@dataclass(frozen=True)
class SearchDocument:
    """One searchable unit: ``(doc_type, key)`` identifies it; ``url`` is where a hit leads."""

    doc_type: str
    key: str
    game: str
    language: str
    title: str
    body: str
    url: str
    source_title: str = ""
    rulebook: str | None = None
    section: int | None = None
    #: ``(language, text)``: the title translated into other languages (:mod:`.headings`).
    translations: tuple[tuple[str, str], ...] = ()
    #: ``(language, terms)``: the key terms a section states, in other languages (:mod:`.headings`).
    keyterms: tuple[tuple[str, str], ...] = ()
    #: ``(language, questions)``: the questions a section answers, in all three languages
    #: (:mod:`.headings`).
    asks: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"language {self.language!r} is not one of {LANGUAGES}")
        if not self.doc_type or not self.key:
            raise ValueError("a search document needs a doc_type and a key")

    @property
    def doc_id(self) -> str:
        return f"{self.doc_type}:{self.key}"


DocumentSource = Callable[[], Iterable[SearchDocument]]

_sources: dict[str, DocumentSource] = {}


def register_source(source: DocumentSource) -> DocumentSource:
    """Add a source of documents to the index (idempotent; usable as a decorator)."""
    _sources[f"{source.__module__}.{source.__qualname__}"] = source
    return source


def iter_documents() -> Iterator[SearchDocument]:
    """Every document of every registered source."""
    for source in _sources.values():
        yield from source()


@register_source
def section_documents() -> Iterator[SearchDocument]:
    """The rulebook sections stored in the database, one document each."""
    from rules_corpus.models import Section

    from .headings import asks_of, key_terms_of, translations_of

    for section in Section.objects.select_related("rulebook").order_by("rulebook", "position"):
        rulebook = section.rulebook
        yield SearchDocument(
            doc_type="section",
            key=str(section.pk),
            game=rulebook.game,
            language=rulebook.language,
            title=section.heading,
            body=section.text,
            url=section.get_absolute_url(),
            source_title=rulebook.title,
            rulebook=rulebook.slug,
            section=section.pk,
            translations=translations_of(rulebook.slug, section.anchor),
            keyterms=key_terms_of(rulebook.slug, section.anchor),
            asks=asks_of(rulebook.slug, section.anchor),
        )
