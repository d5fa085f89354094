"""What a typed question asks: its words without the question's frame, and the game it names.

A player types "how many units can be in one region" or "сколько юнитов может быть в регионе":
"how many", "сколько", "can", "может" say that it is a question, not what it is about. Those
frame words (``data/questions.json``, beyond the stop lists of :mod:`.analysis`) are left out
of the words whoosh looks for, so that a section is not ranked up for saying "many" or for
missing "сколько". A game's name in the question ("... in wojna", "в Войне Кольца") is taken out
of the words too and ranks that game's documents first.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from whoosh.lang.stopwords import stoplists
from whoosh.reading import IndexReader

from .analysis import POLISH_STOPWORDS, fold, is_cyrillic, normalize, query_words, russian_lemma
from .index import body_field, title_field

QUESTIONS_FILE = Path(__file__).resolve().parent / "data" / "questions.json"
_TOKEN = re.compile(r"\w+")


def _key(word: str) -> str:
    """How a word is compared with the frame words and game names: a Russian word by its lemma,
    a Latin one folded."""
    word = word.lower()
    return russian_lemma(word) if is_cyrillic(word) else fold(word)


@cache
def _data() -> tuple[frozenset[str], dict[tuple[str, ...], str], frozenset[str]]:
    data = json.loads(QUESTIONS_FILE.read_text(encoding="utf-8"))
    frame = frozenset(_key(word) for words in data["frame_words"].values() for word in words)
    games = {
        tuple(_key(word) for word in _TOKEN.findall(name)): game
        for game, names in data["games"].items()
        for name in names
    }
    numbers = frozenset(_key(word) for words in data["number_words"].values() for word in words)
    return frame, games, numbers


def frame_words() -> frozenset[str]:
    """Every frame word, as :func:`_key` gives it."""
    return _data()[0]


#: Letters only Polish (of the three languages) writes.
_POLISH_LETTERS = frozenset("ąćęłńóśźż")


def query_language(text: str, reader: IndexReader | None = None) -> str:
    """The language a query is typed in, as far as its letters and words tell: Cyrillic is
    Russian; Latin with Polish letters or Polish function words (:data:`.analysis.
    POLISH_STOPWORDS` that are not English words too) is Polish, and so is Latin whose words
    the index knows more often as Polish words than as English ones ("bitwa", "niewola");
    other Latin is English."""
    words = [word.lower() for word in _TOKEN.findall(text)]
    if any(is_cyrillic(word) for word in words):
        return "ru"
    if _POLISH_LETTERS & set(text.lower()) or any(w in _POLISH_ONLY for w in words):
        return "pl"
    if reader is not None:
        votes = sum(
            _known_in(reader, "pl", word) - _known_in(reader, "en", word)
            for word in query_words(text)
        )
        if votes > 0:
            return "pl"
    return "en"


def _known_in(reader: IndexReader, language: str, word: str) -> bool:
    form = normalize(word, language)
    return any(
        reader.doc_frequency(name, form) for name in (title_field(language), body_field(language))
    )


# Polish function words that are not also English words or common Latin-script tokens.
_POLISH_ONLY = (
    POLISH_STOPWORDS
    - frozenset(stoplists["en"])
    - frozenset(
        [
            "a",
            "i",
            "o",
            "u",
            "w",
            "z",
            "go",
            "im",
            "je",
            "na",
            "po",
            "ta",
            "te",
            "ten",
            "to",
            "tu",
            "do",
            "ale",
            "tam",
        ]
    )
)


@dataclass(frozen=True)
class Question:
    """``words``: what the question is about, to search by words; ``game``: the game it names;
    ``asks_number``: whether it asks how many ("how many", "сколько", "ile")."""

    text: str
    words: str
    game: str | None = None
    asks_number: bool = False


def understand(text: str) -> Question:
    """The question's own words (frame words and the game's name left out) and its game.

    When no word to search is left, the words are the whole text: "how does it work" still
    searches.
    """
    frame, games, numbers = _data()
    tokens = _TOKEN.findall(text)
    keys = [_key(token) for token in tokens]
    longest = max(len(name) for name in games)
    kept: list[str] = []
    game = None
    position = 0
    while position < len(tokens):
        for size in range(min(longest, len(tokens) - position), 0, -1):
            named = games.get(tuple(keys[position : position + size]))
            if named is not None:
                game = game or named
                position += size
                break
        else:
            if keys[position] not in frame:
                kept.append(tokens[position])
            position += 1
    words = " ".join(kept)
    return Question(
        text=text,
        words=words if query_words(words) else text,
        game=game,
        asks_number=bool(numbers.intersection(keys)),
    )
