"""The browser's search index (issue 26): the rulebook sections analysed by the server's own
analysis (:mod:`rules_corpus.search.analysis`: Russian lemmas, Polish and English stems, the
first letters of words), the glossary's concepts and the English→Russian lexicon, written as
one JSON file that ``static/offline/search.js`` ranks from when the network is gone.

The browser has no lemmatizer: the index carries a map from word forms to their indexed forms,
for every word of the rulebooks and every inflected form of their Russian lemmas (pymorphy3's
paradigms), and the English words whose stems or translations the rulebooks hold; a form it
does not know is read by its longest known beginning (``search.js``). Built by
``manage.py build_offline_search`` (``make data``), after ``build_search_index``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pymorphy3
from whoosh import scoring

from rules_corpus.search import analysis, engine, query
from rules_corpus.search.documents import SearchDocument, section_documents
from rules_corpus.search.glossary import concepts
from rules_corpus.search.index import answer_weight
from rules_corpus.search.lexicon import translations
from rules_corpus.search.passages import paragraphs, sentences
from rules_corpus.search.question import QUESTIONS_FILE
from rules_corpus.search.translit import cyrillic_key

#: The two languages of the rulebooks' fields (English words in Russian books are stemmed
#: as English by the Russian analysis, exactly as the server indexes them).
FIELDS = ("ru", "pl")
SNIPPET_CHARS = 240
#: The fields the server adds to a section from its data (:mod:`rules_corpus.search.headings`):
#: its heading translated, and its key terms, in the languages its book is not written in, and the
#: questions it answers, in all three, each analysed in its language (English as the "ru"
#: analysis reads a Latin word: its English stem).
ADDED = ("translated", "keyterms", "asks")
ADDED_LANGUAGES = ("ru", "pl", "en")
_WORD = re.compile(analysis.WORD_PATTERN)


def words(text: str) -> list[str]:
    """The lowercase words of ``text`` the analysis keeps (two letters or more, no stop words)."""
    return [w for w in _WORD.findall(text.lower()) if len(w) >= 2 and w not in analysis.STOPWORDS]


def _added(doc: SearchDocument) -> dict[str, str]:
    """A section's translated headings, key terms and questions by field (``translated_en``...)."""
    return {
        f"{kind}_{language}": text
        for kind, pairs in zip(ADDED, (doc.translations, doc.keyterms, doc.asks), strict=True)
        for language, text in pairs
    }


def _postings(docs: list[SearchDocument]) -> dict[str, dict[str, list[int]]]:
    """Per field (``title_ru``, ``body_pl``, ``prefix``, ``translated_en``...) per term,
    ``[doc, count, ...]``."""
    fields: dict[str, dict[str, list[int]]] = {}
    for number, doc in enumerate(docs):
        parts = {
            name: [analysis.normalize(w, name.split("_")[1]) for w in words(text)]
            for name, text in _added(doc).items()
        }
        parts |= {
            f"title_{doc.language}": [
                analysis.normalize(w, doc.language) for w in words(doc.title)
            ],
            f"body_{doc.language}": [analysis.normalize(w, doc.language) for w in words(doc.body)],
            "prefix": [p for w in words(f"{doc.title}\n{doc.body}") if (p := analysis.prefix(w))],
        }
        for name, terms in parts.items():
            for term, count in Counter(terms).items():
                fields.setdefault(name, {}).setdefault(term, []).extend((number, count))
    return fields


def _sentences(docs: list[SearchDocument]) -> tuple[list[str], list[list[list[int]]]]:
    """Each section's sentences as the numbers of their analysed forms in one vocabulary:
    where the question's words come together (the server's ``Listed.sentences``)."""
    vocabulary: dict[str, int] = {}
    found = []
    for doc in docs:
        found.append(
            [
                sorted({vocabulary.setdefault(form, len(vocabulary)) for form in forms})
                for paragraph in paragraphs(doc.body)
                for sentence in sentences(paragraph)
                if (forms := analysis.forms(sentence, doc.language))
            ]
        )
    return list(vocabulary), found


def _lengths(docs: list[SearchDocument]) -> dict[str, list[int]]:
    added = [{name: len(words(text)) for name, text in _added(doc).items()} for doc in docs]
    return {
        "title": [len(words(doc.title)) for doc in docs],
        "body": [len(words(doc.body)) for doc in docs],
    } | {
        f"{kind}_{language}": [lengths.get(f"{kind}_{language}", 0) for lengths in added]
        for kind in ADDED
        for language in ADDED_LANGUAGES
    }


@cache
def _morph() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer(lang="ru")


def _russian_paradigm(lemma: str) -> set[str]:
    """Every form of a Russian lemma (pymorphy3's paradigm of its likeliest parse)."""
    parses = _morph().parse(lemma)
    return {form.word.replace("ё", "е") for form in parses[0].lexeme} if parses else set()


def _forms(
    docs: list[SearchDocument], known: dict[str, set[str]], english: Iterable[str]
) -> dict[str, dict[str, str]]:
    """Per field language, word form → indexed form, for the forms whose indexed form the
    field (or a translated heading or key term read by that language's analysis) holds and
    differs from the form itself."""
    vocabulary = {w for doc in docs for w in words(f"{doc.title}\n{doc.body}")}
    vocabulary |= {w for doc in docs for text in _added(doc).values() for w in words(text)}
    vocabulary |= {
        w for lemma in known["ru"] if analysis.is_cyrillic(lemma) for w in _russian_paradigm(lemma)
    }
    vocabulary |= set(english)
    found: dict[str, dict[str, str]] = {language: {} for language in FIELDS}
    for word in sorted(vocabulary):
        for language in FIELDS:
            form = analysis.normalize(word, language)
            if form != word and form in known[language]:
                found[language][word] = form
    return found


def _glossary() -> tuple[list[list[list[object]]], dict[str, dict[str, int]]]:
    """The concepts as per-field-language token lists, and per query analysis ("ru" reads
    Russian and English, "pl" Polish) the analysed term → concept number."""
    listed: list[list[list[object]]] = []
    keys: dict[str, dict[str, int]] = {"ru": {}, "pl": {}}
    for number, concept in enumerate(concepts()):
        terms = []
        for language, term in concept.terms:
            fields = ("pl",) if language == "pl" else ("ru",)
            for field in fields:
                tokens = analysis.analyze(term, field)
                if tokens:
                    terms.append([field, tokens])
            key = " ".join(analysis.analyze(term, "pl" if language == "pl" else "ru"))
            if key:
                keys["pl" if language == "pl" else "ru"].setdefault(key, number)
        listed.append(terms)
    return listed, keys


def _surface(docs: list[SearchDocument]) -> tuple[list[str], dict[str, list[str]]]:
    """The rulebooks' words as typed (folded), commonest first, for near spellings; and their
    Cyrillic words by transliteration key (:func:`rules_corpus.search.translit.cyrillic_key`),
    for Russian typed in Latin letters."""
    counts = Counter(w for doc in docs for w in words(f"{doc.title}\n{doc.body}"))
    folded: Counter[str] = Counter()
    for word, count in counts.items():
        folded[analysis.fold(word)] += count
    keys: dict[str, list[str]] = {}
    for word, _ in counts.most_common():
        if analysis.is_cyrillic(word):
            keys.setdefault(cyrillic_key(word), []).append(word)
    return [word for word, _ in folded.most_common()], keys


def _question_words() -> dict[str, object]:
    """How a question is framed (``rules_corpus/search/data/questions.json``, as
    :func:`rules_corpus.search.question.understand` reads it): its frame words and the games'
    names by key (a Russian word's lemma, a Latin one folded), and the key of every form of
    their Russian words (the browser has no lemmatizer)."""
    data = json.loads(QUESTIONS_FILE.read_text(encoding="utf-8"))

    def key(word: str) -> str:
        word = word.lower()
        return analysis.russian_lemma(word) if analysis.is_cyrillic(word) else analysis.fold(word)

    frame = sorted({key(w) for words in data["frame_words"].values() for w in words})
    games = {
        " ".join(key(w) for w in _WORD.findall(name)): game
        for game, names in data["games"].items()
        for name in names
    }
    russian = {k for k in [*frame, *" ".join(games).split()] if analysis.is_cyrillic(k)}
    lemmas = {
        form: lemma for lemma in russian for form in _russian_paradigm(lemma) if form != lemma
    }
    return {"frame": frame, "games": games, "lemmas": lemmas}


def _english_words() -> list[str]:
    """The common English words (the spelling dictionary's, 500 occurrences or more) whose
    stems and Russian translations the browser may look up."""
    english_words = analysis.english_dictionary().word_frequency.dictionary
    return [w for w, count in english_words.items() if count >= 500 and w.isascii() and w.isalpha()]


def _added_terms(postings: dict[str, dict[str, list[int]]]) -> dict[str, set[str]]:
    """Per query analysis ("ru" reads Russian and English, "pl" Polish), the terms of the
    translated headings, key terms and questions it reads."""
    return {
        language: {
            term
            for kind in ADDED
            for field in ((language, "en") if language == "ru" else (language,))
            for term in postings.get(f"{kind}_{field}", {})
        }
        for language in FIELDS
    }


def weights() -> dict[str, object]:
    """The server's ranking weights, by the names ``search.js`` reads them: one source for both
    rankings (whoosh's BM25F, the boosts of :mod:`rules_corpus.search.query`, the weights of
    :mod:`rules_corpus.search.engine`)."""
    bm25f = scoring.BM25F()
    return {
        "k1": bm25f.K1, "b": bm25f.B, "title": query.TITLE_BOOST, "prefix": query.PREFIX_BOOST,
        "glossary": query.GLOSSARY_BOOST, "translation": query.TRANSLATION_BOOST,
        "fuzzy": query.FUZZY_BOOST, "translit": query.TRANSLIT_BOOST,
        "family": query.FAMILY_BOOST, "maxFamily": query.MAX_FAMILY,
        "maxNear": query.MAX_FUZZY_CANDIDATES, "maxTranslit": query.MAX_TRANSLIT_CANDIDATES,
        "translated": query.TRANSLATED_BOOST, "keyterms": query.KEYTERMS_BOOST,
        "asks": query.ASKS_BOOST, "heading": engine.HEADING, "coordination": engine.COORDINATION,
        "proximity": engine.PROXIMITY, "candidates": engine.PROXIMITY_CANDIDATES,
        "language": engine.LANGUAGE_WEIGHT, "book": engine.GAME_WEIGHT,
    }  # fmt: skip


def build(docs: list[SearchDocument] | None = None) -> dict[str, object]:
    """The whole browser index of the rulebook sections."""
    docs = list(section_documents()) if docs is None else docs
    postings = _postings(docs)
    known = {
        language: set(postings.get(f"title_{language}", {}))
        | set(postings.get(f"body_{language}", {}))
        for language in FIELDS
    }
    added = _added_terms(postings)
    glossary, glossary_keys = _glossary()
    for terms in glossary:
        for field, tokens in terms:
            known[field].update(tokens)
    english = _english_words()
    nearest = translations(english, query.TRANSLATIONS, query.TRANSLATION_MINIMUM)
    lexicon = {
        word: [[lemma, cosine] for lemma, cosine in near if lemma in known["ru"]]
        for word, near in nearest.items()
    }
    lexicon = {word: near for word, near in lexicon.items() if near}
    indexed = {language: known[language] | added[language] for language in FIELDS}
    surface, translit = _surface(docs)
    vocabulary, in_sentences = _sentences(docs)
    return {
        "surface": surface,
        "translit": translit,
        "docs": [
            {
                "u": doc.url,
                "t": doc.title,
                "s": doc.source_title,
                "g": doc.game,
                "l": doc.language,
                "w": answer_weight(doc),
                "x": doc.body[:SNIPPET_CHARS],
                "h": [list(pair) for pair in doc.translations],
            }
            for doc in docs
        ],
        "vocabulary": vocabulary,
        "sentences": in_sentences,
        "lengths": _lengths(docs),
        "postings": postings,
        "forms": _forms(docs, indexed, english),
        "stop": sorted(analysis.STOPWORDS),
        "prefixLetters": analysis.PREFIX_LETTERS,
        "glossary": glossary,
        "glossaryKeys": glossary_keys,
        "lexicon": lexicon,
        "question": _question_words(),
        "weights": weights(),
    }


def write(path: Path, docs: list[SearchDocument] | None = None) -> int:
    """Write the index to ``path`` (atomically); returns its size in bytes."""
    body = json.dumps(build(docs), ensure_ascii=False, separators=(",", ":")).encode()
    partial = path.with_suffix(".partial")
    partial.parent.mkdir(parents=True, exist_ok=True)
    partial.write_bytes(body)
    partial.replace(path)
    return len(body)
