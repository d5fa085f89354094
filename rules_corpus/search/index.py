"""The whoosh index: one schema for every document type, built in one go, opened once."""

from __future__ import annotations

import gc
import re
import shutil
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.searching import Searcher

from .analysis import (
    LANGUAGES,
    STOPWORDS,
    fold,
    forms,
    is_cyrillic,
    is_dictionary_word,
    is_polish_word,
    language_analyzer,
    prefix_analyzer,
    russian_lemma,
    surface_analyzer,
)
from .documents import SearchDocument
from .glossary import matched_concepts
from .lexicon import translations
from .passages import paragraphs, sentences
from .translit import Transliterations
from .vectors import write_vectors


class SearchIndexMissing(RuntimeError):
    """No index has been built in the configured directory (run ``build_search_index``)."""


def title_field(language: str) -> str:
    return f"title_{language}"


def body_field(language: str) -> str:
    return f"body_{language}"


SURFACE_FIELD = "surface"
PREFIX_FIELD = "prefix"


def make_schema() -> Schema:
    """Stored fields for display, and per language an analyzed title and body."""
    fields = {
        "doc_id": ID(stored=True, unique=True),
        "doc_type": ID(stored=True),
        "key": ID(stored=True),
        "game": ID(stored=True),
        "language": ID(stored=True),
        "rulebook": ID(stored=True),
        "section": NUMERIC(stored=True, signed=False),
        "source_title": STORED(),
        "title": STORED(),
        "body": STORED(),
        "url": STORED(),
        "weight": STORED(),
        SURFACE_FIELD: TEXT(analyzer=surface_analyzer(), phrase=False),
        PREFIX_FIELD: TEXT(analyzer=prefix_analyzer(), phrase=False),
    }
    for language in LANGUAGES:
        fields[title_field(language)] = TEXT(analyzer=language_analyzer(language))
        fields[body_field(language)] = TEXT(analyzer=language_analyzer(language))
    return Schema(**fields)


#: A document that is a list of bare terms (a book's index, a table of contents) holds many
#: words and answers no question: its score is multiplied by this.
WORD_LIST_WEIGHT = 0.3


def answer_weight(document: SearchDocument) -> float:
    """:data:`WORD_LIST_WEIGHT` for a word list (ten lines or more, three words a line or
    fewer on average), else 1."""
    lines = [line for line in document.body.splitlines() if line.strip()]
    words = sum(len(line.split()) for line in lines)
    return WORD_LIST_WEIGHT if len(lines) >= 10 and words <= 3 * len(lines) else 1.0


def _fields_of(document: SearchDocument) -> dict[str, object]:
    values: dict[str, object] = {
        "doc_id": document.doc_id,
        "doc_type": document.doc_type,
        "key": document.key,
        "game": document.game,
        "language": document.language,
        "source_title": document.source_title,
        "title": document.title,
        "body": document.body,
        "url": document.url,
        "weight": answer_weight(document),
        SURFACE_FIELD: f"{document.title}\n{document.body}",
        PREFIX_FIELD: f"{document.title}\n{document.body}",
        title_field(document.language): document.title,
        body_field(document.language): document.body,
    }
    if document.rulebook is not None:
        values["rulebook"] = document.rulebook
    if document.section is not None:
        values["section"] = document.section
    return values


def build_index(directory: Path, documents: Iterable[SearchDocument]) -> int:
    """Index ``documents`` into a fresh index that replaces ``directory``; returns their number.

    The index (whoosh's files and the documents' sentence vectors) is written beside the old
    one and swapped in, so searches keep working meanwhile.
    """
    directory = Path(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}-", dir=directory.parent))
    try:
        index = whoosh_index.create_in(staging, make_schema())
        writer = index.writer(limitmb=256)
        indexed = []
        for document in documents:
            writer.add_document(**_fields_of(document))
            indexed.append(document)
        writer.commit()
        write_vectors(staging, indexed)
        old = directory.with_name(f".{directory.name}-old")
        if directory.exists():
            shutil.rmtree(old, ignore_errors=True)
            directory.rename(old)
        staging.rename(directory)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    _opened.clear()
    return len(indexed)


#: The form that stands for "a number is written here" in :attr:`Listed.sentences`.
NUMBER = "#"


def numeral(text: str) -> frozenset[str]:
    """``{NUMBER}`` if ``text`` writes a number in digits, else nothing."""
    return frozenset([NUMBER]) if re.search(r"\d", text) else frozenset()


@dataclass(frozen=True)
class Listed:
    """What ranking needs of one indexed document, kept in memory: reading whoosh's stored
    fields of every hit (its body unpickled with them) cost a search milliseconds."""

    doc_id: str
    doc_type: str
    game: str
    language: str
    weight: float
    #: The analyzed forms (:func:`.analysis.forms`) of each sentence of the body, each with
    #: those of the title (and :data:`NUMBER` if it writes a number): where the query's words
    #: come together.
    sentences: tuple[frozenset[str], ...] = ()
    #: The analyzed forms of the title alone.
    heading: frozenset[str] = frozenset()
    #: A section's rulebook (its game's base rules or a supplement), "" for a card.
    rulebook: str = ""


@dataclass(frozen=True)
class Listing:
    """Every document of one index build by its whoosh document number, and the numbers by
    document id."""

    documents: tuple[Listed, ...] = ()
    numbers: dict[str, int] | None = None

    def number(self, doc_id: str) -> int | None:
        return (self.numbers or {}).get(doc_id)


def _listing(index: whoosh_index.Index) -> Listing:
    found: dict[int, Listed] = {}
    with index.reader() as reader:
        for number, fields in reader.iter_docs():
            language = fields["language"]
            title = forms(fields["title"], language)
            found[number] = Listed(
                fields["doc_id"],
                fields["doc_type"],
                fields["game"],
                language,
                fields.get("weight", 1.0),
                tuple(
                    frozenset(title | forms(sentence, language) | numeral(sentence))
                    for paragraph in paragraphs(fields["body"])
                    for sentence in sentences(paragraph)
                )
                or (frozenset(title),),
                frozenset(title),
                fields.get("rulebook", ""),
            )
    documents = tuple(found.get(number) for number in range(max(found, default=-1) + 1))
    numbers = {listed.doc_id: number for number, listed in found.items()}
    return Listing(documents, numbers)  # type: ignore[arg-type]


_opened: dict[tuple[str, int, int], whoosh_index.Index] = {}
_listings: dict[tuple[str, int, int], Listing] = {}
_card_names: dict[tuple[str, int, int], dict[tuple[str, ...], frozenset[str]]] = {}
_transliterations: dict[tuple[str, int, int], Transliterations] = {}
_lock = threading.Lock()


def open_index(directory: Path) -> whoosh_index.Index:
    """The index in ``directory``, opened once per build (``SearchIndexMissing`` if none)."""
    directory = Path(directory)
    try:
        stat = directory.stat()
    except OSError as error:
        raise SearchIndexMissing(str(directory)) from error
    # A rebuild swaps in a new directory and a change inside one changes its mtime: the same
    # (inode, mtime) is the same index, and only a new one pays whoosh's check (a TOC read,
    # some milliseconds, which every search paid three times).
    key = (str(directory), stat.st_ino, stat.st_mtime_ns)
    with _lock:
        if key not in _opened:
            try:
                if not whoosh_index.exists_in(directory):
                    raise SearchIndexMissing(str(directory))
            except OSError as error:
                raise SearchIndexMissing(str(directory)) from error
            _opened.clear()
            _card_names.clear()
            _transliterations.clear()
            _listings.clear()
            _opened[key] = whoosh_index.open_dir(directory)
            _listings[key] = _listing(_opened[key])
            _transliterations[key] = Transliterations.of(_warm_caches(_opened[key]))
            _card_names[key] = _names_of_cards(_opened[key])
            _settle()
        return _opened[key]


def _settle() -> None:
    """Keep what opening an index loaded (dictionaries, lexicon, listing: some 200,000 objects)
    out of the garbage collector's full passes, which otherwise scan them all again and again
    and made a search now and then take 100 ms or more: collect once, then freeze what is left
    (``gc.freeze``). The previous index's objects were unfrozen first, so they can go."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _name_words(text: str) -> tuple[str, ...]:
    """The words of a name as a query's words are compared with it: folded, an article first
    left out ("The One Ring": "one ring")."""
    words = [fold(word) for word in re.findall(r"\w+", text)]
    return tuple(words[1:] if words[:1] in (["the"], ["a"]) else words)


def _names_of_cards(index: whoosh_index.Index) -> dict[tuple[str, ...], frozenset[str]]:
    """Each card's names' words (its title with and without its subtitle: "Gandalf, The Grey
    Wizard" and "Gandalf" of "Gandalf, The Grey Wizard (1R364)") and the documents of the cards
    so named."""
    names: dict[tuple[str, ...], set[str]] = {}
    with index.searcher() as searcher:
        for fields in searcher.documents(doc_type="card"):
            full = fields["title"].rsplit(" (", 1)[0]
            for name in {full, full.split(",")[0]}:
                words = _name_words(name)
                if words:
                    names.setdefault(words, set()).add(fields["doc_id"])
    return {words: frozenset(ids) for words, ids in names.items()}


def named_cards(directory: Path, text: str) -> tuple[frozenset[str], float]:
    """The documents of the cards whose title ``text`` names ("mount doom", "Gandalf's staff":
    the title's words, in order, among the text's), and the share of the text's words their
    titles cover."""
    open_index(directory)
    names = next(iter(_card_names.values()), {})
    words = _name_words(text)
    longest = max((len(name) for name in names), default=0)
    found: set[str] = set()
    covered: set[int] = set()
    for start in range(len(words)):
        for size in range(1, min(longest, len(words) - start) + 1):
            cards = names.get(words[start : start + size], frozenset())
            if cards:
                found |= cards
                covered.update(range(start, start + size))
    content = [i for i, word in enumerate(words) if word not in STOPWORDS]
    return frozenset(found), len(covered.intersection(content)) / max(1, len(content))


def _warm_caches(index: whoosh_index.Index) -> list[str]:
    """Analyze the glossary and lemmatize the index's Russian vocabulary once per process, so
    that no search pays pymorphy3's price for the words of the snippets it highlights, and load
    the English dictionary and the encoder lexicon; returns that vocabulary."""
    matched_concepts("")
    is_dictionary_word("warm")
    is_polish_word("warm")
    translations(["warm"], 1, 1.0)
    cyrillic = []
    with index.reader() as reader:
        for word in reader.lexicon(SURFACE_FIELD):
            text = word.decode()
            if is_cyrillic(text):
                russian_lemma(text)
                cyrillic.append(text)
    return cyrillic


def listing(directory: Path) -> Listing:
    """The documents of the index in ``directory``, by number (:class:`Listing`)."""
    open_index(directory)
    return next(iter(_listings.values()), Listing())


def transliterations(directory: Path) -> Transliterations:
    """The Cyrillic words of the index in ``directory`` by their Latin keys."""
    open_index(directory)
    return next(iter(_transliterations.values()), Transliterations())


_local = threading.local()


def open_searcher(directory: Path) -> Searcher:
    """A searcher of the index in ``directory``, kept by each thread until the index changes."""
    index = open_index(directory)
    cached = getattr(_local, "searcher", None)
    if cached is None or cached[0] is not index:
        if cached is not None:
            cached[1].close()
        _local.searcher = (index, index.searcher())
    return _local.searcher[1]
