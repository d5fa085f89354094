"""Wojna o Pierścień rules (Polish web page): headings are the lines that are not indented.

The body text is indented (four spaces, list items two); a heading starts at the margin and is
followed by indented text. The page's chrome also starts at the margin: its title lines
(followed by more margin lines: they make the title page) and the links closing the page
("Przejdź do ..."), which follow the last heading, "Tabele i zestawienia" (its tables were
pictures and are missing from the text).
The phases of a turn (under "Przebieg gry") and the attributes of a character card (under
"Postacie") are subsections; the text shows that only by their order, so ``LEVELS`` says it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..outline import HeadingMark, Strategy

NAVIGATION_PREFIX = "Przejdź do "

PHASES = (
    "faza-pierscienia",
    "faza-zdarzen",
    "faza-poszukiwan",
    "faza-ruchu-przymierza",
    "faza-ruchu-saurona",
    "faza-koncowa",
)
CHARACTER_ATTRIBUTES = ("odwaga", "morale", "odpornosc", "pierscien", "niewola-ucieczka", "czary")
LEVELS = dict.fromkeys((*PHASES, *CHARACTER_ATTRIBUTES), 2)


def _at_margin(line: str) -> bool:
    return bool(line.strip()) and not line[0].isspace()


def _is_navigation(line: str) -> bool:
    return line.strip().startswith(NAVIGATION_PREFIX)


def find_headings(lines: Sequence[str]) -> list[HeadingMark]:
    marks = []
    for index, line in enumerate(lines):
        if not _at_margin(line) or _is_navigation(line):
            continue
        following = next((later for later in lines[index + 1 :] if later.strip()), "")
        if not _at_margin(following) or _is_navigation(following):
            marks.append(HeadingMark(index, index + 1, line.strip().removesuffix(".")))
    return marks


STRATEGY = Strategy(find_headings=find_headings, levels=LEVELS, body_line=str.strip)
