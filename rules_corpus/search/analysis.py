"""Text analysis for the three languages of the corpus, script by script.

A token is routed by its script, whatever the document's language: Cyrillic words are
lemmatized with pymorphy3 (so "армиями", "армии", "армию" all become "армия"), Latin words are
stemmed with Snowball, English by default and Polish in Polish documents (so the English card
names inside the Russian TCG rulebook are stemmed as English). Lemmas and stems are cached:
this is the hot path of both indexing and searching.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator
from functools import cache, lru_cache

import pymorphy3
import snowballstemmer
from spellchecker import SpellChecker
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter, Token
from whoosh.lang.stopwords import stoplists

from .polish import is_polish, lemma

LANGUAGES = ("ru", "pl", "en")

# whoosh ships Russian and English stop lists but no Polish one: the commonest Polish function
# words (prepositions, conjunctions, pronouns, particles) are listed here.
_POLISH_STOPWORDS_TEXT = """a aby ale albo ani bo by być był była było były co czy dla do gdy
gdzie go i ich im jak jako je jego jej jest jeśli jeżeli już ją ku lub ma mu na nad nie niż o od
oraz po pod przez przy się są ta tak tam te tego tej ten to tu tym tylko u w we z za ze że"""
POLISH_STOPWORDS = frozenset(_POLISH_STOPWORDS_TEXT.split())
STOPWORDS = frozenset(stoplists["ru"]) | frozenset(stoplists["en"]) | POLISH_STOPWORDS

WORD_PATTERN = r"\w+"

# Letters that NFKD does not decompose but a keyboard without Polish layout replaces.
_FOLD_EXTRA = str.maketrans({"ł": "l", "ё": "е"})


@cache
def _morph() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer(lang="ru")


# Snowball stemmers keep their work in instance attributes: one per thread and language.
_stemmers = threading.local()


def _stemmer(language: str) -> snowballstemmer.stemmer:
    stemmers = _stemmers.__dict__
    if language not in stemmers:
        names = {"en": "english", "pl": "polish", "ru": "russian"}
        stemmers[language] = snowballstemmer.stemmer(names[language])
    return stemmers[language]


def is_cyrillic(word: str) -> bool:
    """Whether the word's first letter is Cyrillic."""
    return "\u0400" <= next((c for c in word if c.isalpha()), "a") <= "\u04ff"


def russian_part_of_speech(word: str) -> str | None:
    """pymorphy3's part of speech of a lowercase Russian word ("NOUN", "VERB", "PREP"...)."""
    return _morph().parse(word)[0].tag.POS


@lru_cache(maxsize=200_000)
def russian_lemma(word: str) -> str:
    """The dictionary form of a lowercase Russian word (pymorphy3's likeliest parse), ё as е."""
    return _morph().parse(word)[0].normal_form.replace("ё", "е")


@cache
def english_dictionary() -> SpellChecker:
    """pyspellchecker's English word list (160,000 words, loaded once per process, ~0.5 s)."""
    return SpellChecker(language="en", distance=1)


def polish_lemma(word: str) -> str:
    """The lemma of a lowercase Polish word form by simplemma's dictionary (:mod:`.polish`):
    "armii" → "armia", "pojedynku" → "pojedynek"; the word itself when the dictionary does not
    have it (typed without Polish letters, a typo, a name) or gives a lemma of several words."""
    found = lemma(word)
    if not found or not found.isalpha() or (found.endswith("ć") and not word.endswith("ć")):
        return word
    return found


def is_polish_word(word: str) -> bool:
    """Whether a lowercase word is a form in simplemma's Polish dictionary ("armia", "armii",
    "oblężona"), by :mod:`.polish`."""
    return is_polish(word)


@lru_cache(maxsize=20_000)
def is_dictionary_word(word: str) -> bool:
    """Whether a lowercase word is a word of Russian (pymorphy3's dictionary), English
    (pyspellchecker's) or Polish (simplemma's), rather than a slip of the keyboard: a word the
    rulebooks do not use but the language has ("armia", which the Polish rules call "wojsko")
    is never "corrected" into one they use ("aria")."""
    if is_cyrillic(word):
        return _morph().word_is_known(word)
    return word in english_dictionary() or is_polish_word(word)


#: A word's first letters as the ``prefix`` field holds them (the prefix search of FTS5
#: baselines: "кубиков", "кубики" → «кубик»; "oblężonej" → "obleż").
PREFIX_LETTERS = 5


def prefix(word: str) -> str | None:
    """The folded first :data:`PREFIX_LETTERS` letters of a word that long or longer, else
    None (a shorter word's prefix is the word, which its lemma already finds)."""
    folded = fold(word)
    if len(folded) < PREFIX_LETTERS or folded.isdigit():
        return None
    return folded[:PREFIX_LETTERS]


@lru_cache(maxsize=20_000)
def english_correction(word: str, preferred: frozenset[str] = frozenset()) -> str | None:
    """The English word one edit from a lowercase Latin ``word`` that is no English word: one
    of the ``preferred`` words (the game's terms: "seige" is "siege", not "seize") if any,
    else the commonest; or None."""
    dictionary = english_dictionary()
    candidates = dictionary.candidates(word) or set()
    game_words = sorted(candidates & preferred)
    found = game_words[0] if game_words else dictionary.correction(word)
    return found if found and found != word else None


@lru_cache(maxsize=100_000)
def russian_stem(word: str) -> str:
    """The Snowball stem of a lowercase Russian word ("снятие", "снять": "снят")."""
    return _stemmer("ru").stemWord(word.replace("ё", "е"))


def latin_stem(word: str, language: str) -> str:
    """The Snowball stem of a lowercase Latin-script word, in English or Polish."""
    return _stemmer(language).stemWord(word)


@lru_cache(maxsize=200_000)
def fold(word: str) -> str:
    """Lowercase, without diacritics on Latin letters (ż → z, ł → l) and with ё as е."""
    word = word.lower().translate(_FOLD_EXTRA)
    if is_cyrillic(word):
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=400_000)
def normalize(word: str, language: str) -> str:
    """The indexed form of a lowercase word in a document (or query) of ``language``."""
    if word.isdigit():
        return word
    if is_cyrillic(word):
        return russian_lemma(word)
    if language == "pl":
        # Stemmed with its diacritics (the stemmer needs them), then folded: "drużyny" and
        # "druzyny", typed without Polish letters, both give "druzyn". A dictionary form is
        # stemmed by its lemma: Snowball alone stems "armia" "arm" but "armii" "armi", and
        # leaves "pojedynek" whole but stems "pojedynku" "pojedynk".
        return fold(latin_stem(polish_lemma(word), "pl"))
    return latin_stem(fold(word), "en")


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


class ScriptNormalizeFilter(Filter):
    """Lemmatize Cyrillic tokens, stem Latin ones by the document's ``language``."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScriptNormalizeFilter) and other.language == self.language

    def __hash__(self) -> int:
        return hash(("ScriptNormalizeFilter", self.language))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            if not token.stopped:
                token.text = normalize(token.text, self.language)
            yield token


class _WordFilter(Filter):
    """A filter mapping each token's text by :meth:`word` (a token mapped to "" is dropped);
    filters of one class are equal (whoosh compares analyzers)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self).__name__)

    @staticmethod
    def word(text: str) -> str:
        raise NotImplementedError

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = self.word(token.text)
            if token.text:
                yield token


class FoldFilter(_WordFilter):
    """Fold each token with :func:`fold` (diacritics off), for typo-tolerant surface matching."""

    word = staticmethod(fold)


class PrefixFilter(_WordFilter):
    """Each token's :func:`prefix` (a shorter word is dropped)."""

    @staticmethod
    def word(text: str) -> str:
        return prefix(text) or ""


def _base():
    return (
        RegexTokenizer(WORD_PATTERN)
        | LowercaseFilter()
        | StopFilter(stoplist=STOPWORDS, minsize=2, renumber=False)
    )


@cache
def language_analyzer(language: str):
    """The analyzer of the ``title_<language>``/``body_<language>`` fields."""
    return _base() | ScriptNormalizeFilter(language)


@cache
def surface_analyzer():
    """Folded word forms, unstemmed: the field that typo tolerance matches against."""
    return _base() | FoldFilter()


@cache
def prefix_analyzer():
    """The words' first letters (:func:`prefix`): what a lemmatizer or stemmer misses (a rare
    form, an unknown word's inflection) the prefix still finds."""
    return _base() | PrefixFilter()


def analyze(text: str, language: str) -> list[str]:
    """The indexed forms of ``text`` as a query in ``language``, in order (stop words dropped)."""
    return [token.text for token in language_analyzer(language)(text)]


_WORD = re.compile(WORD_PATTERN)


def forms(text: str, language: str) -> set[str]:
    """The set of :func:`analyze`'s forms of ``text``, computed without whoosh's token
    pipeline (a search computes it for every paragraph of every hit it shows)."""
    return {
        normalize(word, language)
        for word in _WORD.findall(text.lower())
        if len(word) >= 2 and word not in STOPWORDS
    }


def query_words(text: str) -> list[str]:
    """The lowercase words of ``text``, unnormalized (stop words dropped)."""
    return [token.text for token in _base()(text)]
