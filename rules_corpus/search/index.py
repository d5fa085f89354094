"""The whoosh index: one schema for every document type, built in one go, opened once."""

from __future__ import annotations

import gc
import logging
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import index as whoosh_index
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.query import Query
from whoosh.reading import IndexReader
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
from .vectors import Vectors, read_vectors, vector_texts, write_vectors


class SearchIndexUnavailable(RuntimeError):
    """The index cannot be opened or read whole (a damaged file, missing vectors): search is
    unavailable, the rest of the site is not."""


class SearchIndexMissing(SearchIndexUnavailable):
    """No index has been built in the configured directory (run ``build_search_index``)."""


def title_field(language: str) -> str:
    return f"title_{language}"


def body_field(language: str) -> str:
    return f"body_{language}"


def translated_field(language: str) -> str:
    """The field of the titles translated into ``language`` (:mod:`.headings`)."""
    return f"translated_{language}"


def keyterms_field(language: str) -> str:
    """The field of a section's key terms in ``language`` (:func:`.headings.key_terms`)."""
    return f"keyterms_{language}"


def asks_field(language: str) -> str:
    """The field of the questions a section answers in ``language`` (:func:`.headings.asks_of`)."""
    return f"asks_{language}"


#: The fields written by the team (translated headings, key terms, questions), not printed by
#: any rulebook.
ADDED_KINDS = (translated_field, keyterms_field, asks_field)
ADDED_FIELDS = frozenset(field(language) for language in LANGUAGES for field in ADDED_KINDS)

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
        "translations": STORED(),
        SURFACE_FIELD: TEXT(analyzer=surface_analyzer(), phrase=False),
        PREFIX_FIELD: TEXT(analyzer=prefix_analyzer(), phrase=False),
    }
    for language in LANGUAGES:
        fields[title_field(language)] = TEXT(analyzer=language_analyzer(language))
        fields[body_field(language)] = TEXT(analyzer=language_analyzer(language))
        fields[translated_field(language)] = TEXT(analyzer=language_analyzer(language))
        fields[keyterms_field(language)] = TEXT(analyzer=language_analyzer(language))
        fields[asks_field(language)] = TEXT(analyzer=language_analyzer(language))
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
    for language, text in document.translations:
        values[translated_field(language)] = text
    if document.translations:
        values["translations"] = document.translations
    for language, text in document.keyterms:
        values[keyterms_field(language)] = text
    for language, text in document.asks:
        values[asks_field(language)] = text
    if document.rulebook is not None:
        values["rulebook"] = document.rulebook
    if document.section is not None:
        values["section"] = document.section
    return values


def build_index(directory: Path, documents: Iterable[SearchDocument]) -> int:
    """Index ``documents`` into a new generation of the index in ``directory`` and make it
    current; returns their number.

    The generation (whoosh's files and the documents' sentence vectors) is written into a
    directory of its own beside the current one, opened and checked as a worker would open it
    (every document listed, one vector row set per document), and only then named in
    ``directory/CURRENT`` (one atomic rename): searches keep the old generation meanwhile,
    and a build that fails leaves it current. Generations older than the previous one are
    removed (a worker still reading the previous one finishes on it).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    generation = Path(
        tempfile.mkdtemp(prefix=f"{GENERATION_PREFIX}{time.time_ns():020d}-", dir=directory)
    )
    try:
        index = whoosh_index.create_in(generation, make_schema())
        writer = index.writer(limitmb=256)
        indexed = []
        for document in documents:
            writer.add_document(**_fields_of(document))
            indexed.append(document)
        writer.commit()
        write_vectors(generation, indexed)
        built = _verified(generation, indexed)
        previous = _current_name(directory)
        _name_current(directory, generation.name)
    except BaseException:
        shutil.rmtree(generation, ignore_errors=True)
        raise
    _remove_old(directory, keep={generation.name, previous})
    _swap(built)
    return len(indexed)


def _verified(generation: Path, indexed: list[SearchDocument]) -> OpenedIndex:
    """The new generation opened as a worker opens it, if it holds every document and its
    vectors (else :class:`SearchIndexUnavailable`)."""
    built = _load(generation, _state(generation))
    count = built.index.doc_count()
    if count != len(indexed) or set(built.listing.numbers or {}) != {d.doc_id for d in indexed}:
        raise SearchIndexUnavailable(f"{generation}: {count} documents of {len(indexed)}")
    expected = sum(len(vector_texts(d)) for d in indexed)
    rows = len(built.vectors.rows) + len(built.vectors.asks_rows)
    if rows != expected:
        raise SearchIndexUnavailable(f"{generation}: {rows} of {expected} vectors")
    return built


def _current_name(directory: Path) -> str | None:
    try:
        name = (directory / CURRENT_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return name if _GENERATION.fullmatch(name) else None


def _name_current(directory: Path, name: str) -> None:
    """Write ``CURRENT`` beside it and rename it over the old one (atomic), synced to disk."""
    staged = directory / f".{CURRENT_FILE}-{name}"
    with open(staged, "w", encoding="ascii") as file:
        file.write(f"{name}\n")
        file.flush()
        os.fsync(file.fileno())
    os.replace(staged, directory / CURRENT_FILE)


#: Files of an index written straight into the directory, before generations.
_LEGACY = re.compile(r"(_MAIN_\d+\.toc|MAIN_\w+\.seg|MAIN_WRITELOCK|vectors\.(npy|json))")


def _remove_old(directory: Path, keep: set[str | None]) -> None:
    for entry in os.scandir(directory):
        if _GENERATION.fullmatch(entry.name) and entry.name not in keep:
            shutil.rmtree(entry.path, ignore_errors=True)
        elif _LEGACY.fullmatch(entry.name):
            Path(entry.path).unlink(missing_ok=True)


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
    #: ``(language, forms)``: the analyzed forms of the title translated into other languages
    #: (:mod:`.headings`).
    translated: tuple[tuple[str, frozenset[str]], ...] = ()


# This is a rules search first: a card matching as well as a rule section ranks after it.
DOC_TYPE_WEIGHT = {"section": 1.0, "card": 0.5}


def document_weight(listed: Listed) -> float:
    """The document type's weight (:data:`DOC_TYPE_WEIGHT`) times the document's own (a word
    list weighs less: :func:`answer_weight`)."""
    return DOC_TYPE_WEIGHT.get(listed.doc_type, 1.0) * listed.weight


@dataclass(frozen=True)
class Listing:
    """Every document of one index build by its whoosh document number, and the numbers by
    document id."""

    documents: tuple[Listed, ...] = ()
    numbers: dict[str, int] | None = None

    def number(self, doc_id: str) -> int | None:
        return (self.numbers or {}).get(doc_id)

    @cached_property
    def weights(self) -> tuple[float, ...]:
        """Per document number, its :func:`document_weight` (0 for a number no document has)."""
        return tuple(0.0 if d is None else document_weight(d) for d in self.documents)

    @cached_property
    def book_languages(self) -> tuple[frozenset[str], frozenset[str]]:
        """The languages whose sections come from several rulebooks (a word only the Polish book
        holds tells the language, not the book), and the translated heading, key-term and
        question fields of the languages some rulebook is written in (``engine._voting``)."""
        books: dict[str, set[str]] = {}
        for document in self.documents:
            if document is not None and document.doc_type == "section":
                books.setdefault(document.language, set()).add(document.rulebook)
        return (
            frozenset(language for language, found in books.items() if len(found) > 1),
            frozenset(field(language) for language in books for field in ADDED_KINDS),
        )

    @cached_property
    def voting_books(self) -> tuple[str | None, ...]:
        """Per document number, the rulebook a hit on it votes for when the query's words tell
        a book (``engine._ranked``): a section's in a language several rulebooks are written in
        (:attr:`book_languages`), else None."""
        several = self.book_languages[0]
        return tuple(
            d.rulebook
            if d is not None and d.doc_type == "section" and d.language in several
            else None
            for d in self.documents
        )

    @cached_property
    def kinds(self) -> Kinds:
        """Per document number, what ordering the hits reads of it (``engine._ordered``), as
        arrays: whole hit lists are weighed and sorted at once, not hit by hit."""
        return Kinds.of(self)

    @cached_property
    def sentence_masks(self) -> tuple[SentenceMasks | None, ...]:
        """Per document number, its :attr:`Listed.sentences` as :class:`SentenceMasks`
        (worked out once per listing, before the web server forks)."""
        return tuple(
            None if listed is None else SentenceMasks.of(listed) for listed in self.documents
        )


@dataclass(frozen=True)
class Kinds:
    """Per document number (:class:`Listing`): its weight (:func:`document_weight`), whether
    it is Polish, whether a card, and its rulebook's and game's codes (their positions in
    ``rulebooks`` and ``games``; a number without a document: -1)."""

    weights: np.ndarray
    polish: np.ndarray
    card: np.ndarray
    rulebook: np.ndarray
    game: np.ndarray
    rulebooks: dict[str, int]
    games: dict[str, int]

    @classmethod
    def of(cls, listing: Listing) -> Kinds:
        present = [d for d in listing.documents if d is not None]
        rulebooks = {
            name: code for code, name in enumerate(dict.fromkeys(d.rulebook for d in present))
        }
        games = {name: code for code, name in enumerate(dict.fromkeys(d.game for d in present))}

        def each(value: Callable[[Listed], Any], dtype: Any, missing: Any) -> np.ndarray:
            return np.array(
                [missing if d is None else value(d) for d in listing.documents], dtype=dtype
            )

        return cls(
            np.array(listing.weights, dtype=np.float64),
            each(lambda d: d.language == "pl", bool, False),
            each(lambda d: d.doc_type == "card", bool, False),
            each(lambda d: rulebooks[d.rulebook], np.int64, -1),
            each(lambda d: games[d.game], np.int64, -1),
            rulebooks,
            games,
        )


@dataclass(frozen=True)
class SentenceMasks:
    """A document's sentences by form: bit ``k`` of ``sentences[form]`` says its sentence
    ``k`` holds ``form``, so that which of a query's words one sentence holds together is a
    few ``&`` and ``|`` of integers."""

    sentences: dict[str, int]
    count: int

    @classmethod
    def of(cls, listed: Listed) -> SentenceMasks:
        masks: dict[str, int] = {}
        for position, sentence in enumerate(listed.sentences):
            for form in sentence:
                masks[form] = masks.get(form, 0) | 1 << position
        return cls(masks, len(listed.sentences))


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
                tuple(
                    (other, frozenset(forms(text, other)))
                    for other, text in fields.get("translations", ())
                ),
            )
    documents = tuple(found.get(number) for number in range(max(found, default=-1) + 1))
    numbers = {listed.doc_id: number for number, listed in found.items()}
    return Listing(documents, numbers)  # type: ignore[arg-type]


#: The file in an index directory that names its current generation.
CURRENT_FILE = "CURRENT"
GENERATION_PREFIX = "gen-"
_GENERATION = re.compile(rf"{GENERATION_PREFIX}\d{{20}}-\w+")


#: How many terms' document frequencies one generation remembers (the words of the questions
#: asked: a few thousand; a flood of garbage words cannot grow it past this).
FREQUENCY_CACHE = 50_000
#: ... and of the things looked up (:meth:`FrequencyReader.remembered`), as many over all
#: kinds together, except the kinds with a bound of their own: words' query clauses
#: (:func:`.query._remembered_clause`), ~11 KB each with the rest kept of a word, so at most
#: 2,048 of them (~23 MB; the question sets' 1,444 words fit).
REMEMBERED_LIMITS = {"clause": 2048}


class FrequencyReader:
    """An index reader whose ``doc_frequency`` is remembered for the generation: planning a
    query asks it about a hundred times (is a word known, which of its terms any document
    holds), mostly of words earlier questions asked too; every other method is the reader's."""

    __slots__ = ("_known", "_looked_up", "_reader")

    def __init__(
        self,
        reader: IndexReader,
        known: dict[tuple[str, str], int],
        looked_up: dict[str, dict[Hashable, Any]] | None = None,
    ) -> None:
        self._reader, self._known = reader, known
        self._looked_up = {} if looked_up is None else looked_up

    def remembered(self, kind: str, word: Hashable, look_up: Callable[[], Any]) -> Any:
        """``look_up()``, what the index says of ``word`` (its near spellings, its word clause,
        its family...: ``kind``), asked once per generation: the words players type come back."""
        of_kind = self._looked_up.setdefault(kind, {})
        found = of_kind.get(word)
        if found is None:
            found = look_up()
            if kind in REMEMBERED_LIMITS:
                if len(of_kind) >= REMEMBERED_LIMITS[kind]:
                    of_kind.clear()
            else:
                shared = [
                    kept for k, kept in list(self._looked_up.items()) if k not in REMEMBERED_LIMITS
                ]
                if sum(map(len, shared)) >= FREQUENCY_CACHE:
                    for kept in shared:
                        kept.clear()
            of_kind[word] = found
        return found

    def doc_frequency(self, fieldname: str, text: str) -> int:
        key = (fieldname, text)
        found = self._known.get(key)
        if found is None:
            found = self._reader.doc_frequency(fieldname, text)
            if len(self._known) >= FREQUENCY_CACHE:
                self._known.clear()
            self._known[key] = found
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


@dataclass(frozen=True, eq=False)
class OpenedIndex:
    """One generation of the index, opened whole: whoosh's index and everything a search keeps
    of it in memory. Built complete before it is swapped in (one reference), so a search
    never sees parts of two generations, and an open that fails or is interrupted (the CPU
    budget) leaves the previous one in place."""

    key: tuple[object, ...]
    index: whoosh_index.Index
    listing: Listing
    transliterations: Transliterations
    card_names: dict[tuple[str, ...], frozenset[str]]
    vectors: Vectors
    #: The document frequencies asked of this generation (:class:`FrequencyReader`).
    frequencies: dict[tuple[str, str], int] = field(default_factory=dict)
    #: What each word looked up finds, by kind (:meth:`FrequencyReader.remembered`).
    looked_up: dict[str, dict[Hashable, Any]] = field(default_factory=dict)
    #: Each term's and phrase's scored postings, asked of whoosh once (:mod:`.postings`).
    postings: dict[Any, Any] = field(default_factory=dict)
    #: The documents of each filter (game, language, type) asked.
    filtered: dict[str, frozenset[int]] = field(default_factory=dict)
    #: The stored fields of each document shown (:meth:`stored_fields`; at most every
    #: document: 947, about 2 MB).
    stored: dict[int, dict[str, Any]] = field(default_factory=dict)

    def stored_fields(self, number: int) -> dict[str, Any]:
        """Document ``number``'s stored fields, read (unpickled) once per generation. Read
        only: the same dict is every search's."""
        found = self.stored.get(number)
        if found is None:
            found = self.stored[number] = self.searcher().stored_fields(number)
        return found

    def allowed(self, restriction: Query | None) -> frozenset[int] | None:
        """The documents ``restriction`` (a filter) matches, or None for no filter."""
        if restriction is None:
            return None
        key = repr(restriction)
        if key not in self.filtered:
            self.filtered[key] = frozenset(self.searcher().docs_for_query(restriction))
        return self.filtered[key]

    def reader(self, searcher: Searcher) -> FrequencyReader:
        """``searcher``'s reader, its document frequencies remembered for the generation."""
        return FrequencyReader(searcher.reader(), self.frequencies, self.looked_up)

    def searcher(self) -> Searcher:
        """A searcher of this generation, kept by each thread until the generation changes."""
        cached = getattr(_local, "searcher", None)
        if cached is None or cached[0] is not self:
            if cached is not None:
                cached[1].close()
            _local.searcher = (self, self.index.searcher())
        return _local.searcher[1]


_current: OpenedIndex | None = None
#: The last generation that failed to open, by its key, and why (not retried until it changes).
_failed: tuple[tuple[object, ...], str] | None = None
_lock = threading.Lock()
_local = threading.local()
logger = logging.getLogger(__name__)


def _generation(directory: Path) -> Path:
    name = _current_name(directory)
    if name is None:
        raise SearchIndexMissing(str(directory))
    return directory / name


def _state(generation: Path) -> tuple[object, ...]:
    """What identifies a generation's files as they are now: a file changed, truncated or
    removed in place changes it, and the index is opened again (and found damaged)."""
    try:
        files = sorted(
            (entry.name, stat.st_size, stat.st_mtime_ns, stat.st_ino)
            for entry in os.scandir(generation)
            for stat in [entry.stat()]
        )
    except OSError as error:
        raise SearchIndexMissing(str(generation)) from error
    return (str(generation), *files)


def opened(directory: Path) -> OpenedIndex:
    """The current generation of the index in ``directory``, opened once per generation and
    process. ``SearchIndexMissing`` if none was built, ``SearchIndexUnavailable`` if its files
    cannot be read whole (logged once)."""
    global _current, _failed
    key = _state(_generation(Path(directory)))
    current = _current
    if current is not None and current.key == key:
        return current
    with _lock:
        if _current is not None and _current.key == key:
            return _current
        if _failed is not None and _failed[0] == key:
            raise SearchIndexUnavailable(_failed[1])
        try:
            loaded = _load(Path(str(key[0])), key)
        except Exception as error:  # any damage: whoosh, numpy and json raise many kinds
            _failed = (key, f"{key[0]}: {error!r}")
            logger.exception("The search index in %s cannot be opened", key[0])
            raise SearchIndexUnavailable(_failed[1]) from error
        _swap(loaded)
        return loaded


def _swap(loaded: OpenedIndex) -> None:
    global _current
    _current = loaded
    _settle()


def _load(generation: Path, key: tuple[object, ...]) -> OpenedIndex:
    """Open a generation whole: whoosh's index, its listing, vocabulary, card names and
    sentence vectors, each vector's document among the listed ones."""
    index = whoosh_index.open_dir(generation)
    listed = _listing(index)
    vectors = read_vectors(generation)
    unknown = {row[0] for row in vectors.rows + vectors.asks_rows} - set(listed.numbers or {})
    if unknown:
        raise SearchIndexUnavailable(f"{generation}: vectors of unknown documents")
    return OpenedIndex(
        key,
        index,
        listed,
        Transliterations.of(_warm_caches(index)),
        _names_of_cards(index),
        vectors,
    )


def open_index(directory: Path) -> whoosh_index.Index:
    """The whoosh index of the current generation in ``directory`` (:func:`opened`)."""
    return opened(directory).index


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


_longest: list[tuple[dict[tuple[str, ...], frozenset[str]], int]] = []


def _longest_name(names: dict[tuple[str, ...], frozenset[str]]) -> int:
    """The most words a card's title has, worked out once per generation's names."""
    known = _longest[-1] if _longest else None
    if known is None or known[0] is not names:
        known = (names, max((len(name) for name in names), default=0))
        _longest[:] = [known]
    return known[1]


def named_cards(source: OpenedIndex, text: str) -> tuple[frozenset[str], float]:
    """The documents of the cards whose title ``text`` names ("mount doom", "Gandalf's staff":
    the title's words, in order, among the text's), and the share of the text's words their
    titles cover."""
    names = source.card_names
    words = _name_words(text)
    longest = _longest_name(names)
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


def open_searcher(directory: Path) -> Searcher:
    """A searcher of the current generation of the index in ``directory``."""
    return opened(directory).searcher()
