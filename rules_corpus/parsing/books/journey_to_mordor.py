"""Journey to Mordor rules (Russian): capitalised headings, with two kinds of subsection.

A chapter heading is a line in capitals standing alone and followed by body text (the capital
lines of the cover follow one another and make the title page). Subsections:

* the die faces: the list under "СИМВОЛЫ НА ГРЯНЯХ КУБИКОВ" names each face in bold
  ("-  **Кольцо** перемещает ..."), and each face's rules start with a line repeating its name;
* the places of the advanced game: "1. Ривенделл ➔ Можно откладывать одинаковые грани".

The two game variants under "ОБЗОР ИГРЫ" and the Russian edition's credits are subsections too,
though printed in capitals like the chapters (``LEVELS``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..outline import HeadingMark, Strategy
from ._lines import lone_lines

FACE_IN_LIST = re.compile(r"^-\s+\*\*(?P<face>[^*]+)\*\*", re.MULTILINE)
PLACE = re.compile(r"^\d+\. \S.* ➔ \S")
LEVELS = {"obychnaia-igra": 2, "uslozhnennaia-igra": 2, "russkoe-izdanie-ooo-mir-khobbi": 2}


def _capitals(text: str) -> bool:
    return any(c.isalpha() for c in text) and text == text.upper()


def find_headings(lines: Sequence[str]) -> list[HeadingMark]:
    faces = set(FACE_IN_LIST.findall("\n".join(lines)))
    marks = []
    for index, text in lone_lines(lines):
        following = next((later.strip() for later in lines[index + 1 :] if later.strip()), "")
        if _capitals(text) and not _capitals(following):
            marks.append(HeadingMark(index, index + 1, text, level=1))
        elif text in faces or PLACE.match(text):
            marks.append(HeadingMark(index, index + 1, text, level=2))
    return marks


STRATEGY = Strategy(find_headings=find_headings, levels=LEVELS)
