"""English words and the Russian rulebooks' own words nearest to them, by the sentence encoder.

A player asks in English about a Russian rulebook: "what happens to leaders when the army is
destroyed". The glossary knows "army" and "leader"; nothing written by hand says "destroyed" is
«уничтожение». The multilingual encoder does: it puts "destroyed" beside «уничтожение» (cosine
0.87), "steps" beside «шаг», "strength" beside «сила», "allocate" beside «распределять».

``data/lexicon_en_ru.json`` holds, for each English word of pyspellchecker's word list used at
least :data:`MIN_FREQUENCY` times in its corpus (about 25,000 words), the Russian lemmas of the
Russian rulebooks nearest to it (at most :data:`PER_WORD`, cosine at least :data:`MINIMUM`).
It is computed once (``python -m rules_corpus.search.lexicon``, a minute or two of CPU) and
committed, so neither building the index nor a search encodes a word; a test checks that its
lemmas are still the rulebooks' words.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np

from .analysis import analyze, english_dictionary, is_cyrillic

LEXICON_FILE = Path(__file__).resolve().parent / "data" / "lexicon_en_ru.json"
MIN_FREQUENCY = 500
PER_WORD = 3
MINIMUM = 0.75
RUSSIAN_BOOKS = ("wotr-rules", "wotr-warriors", "lotr-tcg-rules", "journey-to-mordor")


def russian_lemmas() -> list[str]:
    """The lemmas of the Russian rulebooks' headings and texts (three letters or more)."""
    from rules_corpus.parsing import parse_rulebook

    lemmas = {
        lemma
        for slug in RUSSIAN_BOOKS
        for section in parse_rulebook(slug).sections
        for lemma in analyze(f"{section.heading}\n{section.text}", "ru")
        if len(lemma) >= 3 and is_cyrillic(lemma)
    }
    return sorted(lemmas)


def english_words() -> list[str]:
    """pyspellchecker's English words used at least :data:`MIN_FREQUENCY` times."""
    frequencies = english_dictionary().word_frequency.dictionary
    return sorted(
        word
        for word, count in frequencies.items()
        if count >= MIN_FREQUENCY and word.isascii() and word.isalpha() and len(word) >= 3
    )


def write_lexicon() -> int:
    """Compute the lexicon into :data:`LEXICON_FILE`; returns the number of English words."""
    from .vectors import embed

    lemmas, words = russian_lemmas(), english_words()
    lemma_vectors = embed(lemmas)
    pairs: dict[str, list[list[object]]] = {}
    for start in range(0, len(words), 2000):
        batch = words[start : start + 2000]
        similarity = lemma_vectors @ embed(batch).T
        for column, word in enumerate(batch):
            best = np.argsort(-similarity[:, column])[:PER_WORD]
            near = [
                [lemmas[row], round(float(similarity[row, column]), 3)]
                for row in best
                if similarity[row, column] >= MINIMUM
            ]
            if near:
                pairs[word] = near
    payload = {
        "_about": "Computed by rules_corpus.search.lexicon (see its docstring): English word → "
        f"the Russian rulebooks' nearest lemmas by the sentence encoder, cosine >= {MINIMUM}.",
        "pairs": pairs,
    }
    LEXICON_FILE.write_text(
        json.dumps(payload, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    return len(pairs)


@cache
def _pairs() -> dict[str, list[tuple[str, float]]]:
    pairs = json.loads(LEXICON_FILE.read_text(encoding="utf-8"))["pairs"]
    return {word: [(lemma, cosine) for lemma, cosine in near] for word, near in pairs.items()}


def translations(
    words: list[str], limit: int, minimum: float
) -> dict[str, list[tuple[str, float]]]:
    """For each English word the lexicon has, its ``limit`` nearest Russian lemmas of cosine
    at least ``minimum``, nearest first."""
    pairs = _pairs()
    return {
        word: [(lemma, cosine) for lemma, cosine in pairs[word][:limit] if cosine >= minimum]
        for word in words
        if word in pairs
    }


if __name__ == "__main__":
    print(f"{write_lexicon()} English words written to {LEXICON_FILE}")
