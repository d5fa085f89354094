"""Mojibake in the vendored sources, fixed before parsing and recorded.

Each fix names the broken spelling found in a source and its repair; only the fixes that
actually apply to a file are recorded for it. ``suspicious_characters`` is what a test uses to
check that no broken character is left.
"""

from __future__ import annotations

import re

from .model import Correction

# (broken, repaired, why). The Polish page was re-encoded once through a wrong code page:
# "ź" (ISO-8859-2 0xBC) survived everywhere but in one word, where it became a caron "ˇ".
KNOWN_FIXES: tuple[tuple[str, str, str], ...] = (
    ("póˇniej", "później", "caron '\u02c7' in place of 'ź' (code-page mojibake)"),
)

# Characters that never belong in these texts: spacing diacritics left over from code-page
# confusion and the Unicode replacement character.
SUSPICIOUS = re.compile("[\u02c7\u02d8\u02d9\u02db\u02dd\u00b8\ufffd]")
_WORD = re.compile(r"\w+")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_LATIN = re.compile("[A-Za-z]")


def fix_mojibake(text: str) -> tuple[str, tuple[Correction, ...]]:
    """The text with every known fix applied, and the corrections made (by line)."""
    corrections = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        for broken, repaired, reason in KNOWN_FIXES:
            while broken in line:
                line = line.replace(broken, repaired, 1)
                corrections.append(Correction(number, broken, repaired, reason))
        lines[number - 1] = line
    return "\n".join(lines), tuple(corrections)


def suspicious_characters(text: str) -> list[str]:
    """Words of ``text`` that still look broken: stray diacritics or mixed Latin/Cyrillic."""
    found = [match.group() for match in SUSPICIOUS.finditer(text)]
    found += [
        word for word in _WORD.findall(text) if _CYRILLIC.search(word) and _LATIN.search(word)
    ]
    return found
