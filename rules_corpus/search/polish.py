"""The Polish dictionary: is a word Polish, and what is its lemma? (simplemma's 3.7 million
Polish word forms, each with its lemma: "armii" → "armia", "pojedynku" → "pojedynek").

simplemma's own lookup holds its whole dictionary in every process (about 400 MB and 2.7 s of
CPU to load): too much for each web worker. So its forms are written once, lowercased and
sorted, one a line with its lemma (``form<TAB>lemma``), to a file in the user's cache directory
(by a child process, whose memory goes when it ends: a few seconds, the first time on a
machine), and every process maps that file (``mmap``, shared between processes by the page
cache) and finds a word by binary search. Run ``python -m rules_corpus.search.polish`` to
write it.
"""

from __future__ import annotations

import mmap
import os
import subprocess
import sys
import tempfile
from functools import cache
from importlib.metadata import version
from pathlib import Path


def words_path() -> Path:
    """Where the sorted word list is (one per simplemma version)."""
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache_home) / "rules-adjudicator" / f"polish-lemmas-{version('simplemma')}.txt"


def write_words(path: Path) -> None:
    """Write simplemma's Polish forms, lowercased, sorted, one a line with its lemma after a
    tab (atomically). A form written in capitals and in lowercase ("Bitwa", "bitwa") keeps the
    lowercase form's lemma."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    forms = DefaultDictionaryFactory().get_dictionary("pl")
    lemmas: dict[str, str] = {}
    for form, lemma in forms.items():
        key = form.lower()
        if any(c in key + lemma for c in "\n\t") or (key in lemmas and form != key):
            continue
        lemmas[key] = lemma.lower()
    lines = sorted(f"{form}\t{lemma}".encode() for form, lemma in lemmas.items())
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as staging:
        staging.write(b"\n" + b"\n".join(lines) + b"\n")
    os.replace(staging.name, path)


@cache
def _words() -> mmap.mmap | None:
    """The mapped word list, written first if missing; None if it cannot be written (a
    read-only home): then no word is taken for Polish, and "did you mean" may correct one."""
    path = words_path()
    try:
        if not path.exists():
            command = [sys.executable, "-m", "rules_corpus.search.polish"]
            subprocess.run(command, check=True, cwd=Path(__file__).resolve().parents[2])
        with path.open("rb") as file:
            return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, subprocess.CalledProcessError):
        return None


def lemma(word: str) -> str | None:
    """The lemma of a Polish word form, lowercased ("armii" → "armia"), or None if the
    dictionary does not have it (or cannot be written)."""
    wanted = word.lower().encode()
    if not wanted or b"\n" in wanted or b"\t" in wanted:
        return None
    words = _words()
    if words is None:
        return None
    low, high = 0, len(words) - 1  # every line sits between two newlines
    while low < high:
        middle = (low + high) // 2
        start = words.rfind(b"\n", 0, middle + 1) + 1
        end = words.find(b"\n", start)
        if end < 0:
            return None
        tab = words.find(b"\t", start, end)
        found = words[start : tab if tab >= 0 else end]
        if found == wanted:
            return words[tab + 1 : end].decode() if tab >= 0 else None
        if found < wanted:
            low = end + 1
        else:
            high = start - 1
    return None


def is_polish(word: str) -> bool:
    """Whether a word, lowercased, is a Polish word form ("armia", "oblężona")."""
    return lemma(word) is not None


_LETTERS = "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"


def one_edit(word: str) -> set[str]:
    """The strings one deletion, transposition, replacement or insertion from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return (
        {a + b[1:] for a, b in splits if b}
        | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
        | {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
        | {a + c + b for a, b in splits for c in _LETTERS}
    )


if __name__ == "__main__":
    write_words(words_path())
