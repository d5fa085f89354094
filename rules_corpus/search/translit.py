"""Russian typed in Latin letters ("skolko yunitov v regione", "okhota za koltsom"), read back.

There is no one way to write Russian in Latin letters: "юнит" is "iunit" (the ICAO rule that
python-slugify follows, and the section anchors), "yunit" or "junit"; "цитадель" is "tsitadel"
or "citadel"; "охота" is "okhota" or "ohota". So both sides are brought to one key: each
Cyrillic word of the index is written in Latin by python-slugify (pinned, already the anchors'
transliterator), then it and the typed word lose the differences between the usual schemes
(:data:`_VARIANTS`, from the Russian romanization tables of ICAO Doc 9303, BGN/PCGN, ISO 9 /
GOST 7.79 system B, and the habits of informal "translit": "y"/"j"/"i" for й and the glide of
я, ю, ё; "h"/"kh"/"x" for х; "c"/"ts"/"tz" for ц; "w" for в; the soft and hard signs dropped).
A typed word whose key is an indexed word's key, or one edit from it for a word of five letters
or more, stands for that Russian word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from slugify import slugify

from .analysis import edit_distance, fold

# Longest first: each sequence is replaced before the shorter ones it contains.
_VARIANTS = (
    ("shch", "W"),
    ("sch", "W"),
    ("tch", "Q"),
    ("ch", "Q"),
    ("sh", "S"),
    ("zh", "Z"),
    ("kh", "H"),
    ("ts", "C"),
    ("tz", "C"),
    ("x", "H"),
    ("h", "H"),
    ("c", "C"),
    ("w", "v"),
    ("y", "i"),
    ("j", "i"),
    ("'", ""),
    ("`", ""),
)
_VARIANT = re.compile("|".join(re.escape(a) for a, _ in _VARIANTS))
_REPLACEMENT = dict(_VARIANTS)
MIN_FUZZY_LENGTH = 5
#: Short Russian function words (prepositions, conjunctions) as typed in Latin letters: the
#: search leaves them out, a suggestion writes them back in Cyrillic.
FUNCTION_WORDS = {
    "v": "в", "s": "с", "k": "к", "o": "о", "u": "у", "i": "и", "a": "а", "za": "за",
    "na": "на", "po": "по", "do": "до", "ot": "от", "iz": "из", "ne": "не", "ili": "или",
    "pri": "при", "bez": "без", "dlia": "для", "dlya": "для", "kak": "как", "chto": "что",
}  # fmt: skip


def latin_key(word: str) -> str:
    """The key of a word typed in Latin letters: folded, the schemes' differences removed."""
    return _VARIANT.sub(lambda m: _REPLACEMENT[m.group()], fold(word))


def cyrillic_key(word: str) -> str:
    """The key of a Cyrillic word: python-slugify's Latin spelling, then :func:`latin_key`."""
    return latin_key(slugify(word, separator=""))


def _deletions(key: str) -> set[str]:
    return {key[:i] + key[i + 1 :] for i in range(len(key))}


@dataclass(frozen=True)
class Transliterations:
    """The index's Cyrillic words by key, and by key with one letter deleted (so that a key one
    edit away is found without comparing it with every word)."""

    words: dict[str, frozenset[str]] = field(default_factory=dict)
    near: dict[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, cyrillic_words: Iterable[str]) -> Transliterations:
        words: dict[str, set[str]] = {}
        for word in cyrillic_words:
            words.setdefault(cyrillic_key(word), set()).add(word)
        near: dict[str, set[str]] = {}
        for key in words:
            if len(key) >= MIN_FUZZY_LENGTH:
                for deleted in _deletions(key):
                    near.setdefault(deleted, set()).add(key)
        return cls(
            {key: frozenset(found) for key, found in words.items()},
            {key: frozenset(found) for key, found in near.items()},
        )

    def cyrillic(self, word: str, *, fuzzy: bool = True) -> list[str]:
        """The indexed Cyrillic words that Latin ``word`` may stand for, the exact key first,
        then (with ``fuzzy``, for five letters or more) those one edit away."""
        key = latin_key(word)
        exact = sorted(self.words.get(key, ()))
        if exact or not fuzzy or len(key) < MIN_FUZZY_LENGTH:
            return exact
        keys = set(self.near.get(key, ())) | {
            other for deleted in _deletions(key) for other in self.near.get(deleted, ())
        }
        keys |= {deleted for deleted in _deletions(key) if deleted in self.words}
        close = sorted(k for k in keys if edit_distance(key, k) <= 1)
        return sorted({w for k in close for w in self.words[k]})
