"""War of the Ring: Warriors of Middle-earth (Russian): markdown headings, levels normalised.

The file is a conversion of the printed booklet: headings are markdown ``#`` lines, but their
``#`` count follows the typography, not the structure. The booklet has three chapters
("ГЛАВА I." ...); so:

* a chapter heading is a "ГЛАВА" line; when it carries no title ("ГЛАВА I."), the heading line
  right after it is its title and joins it ("ГЛАВА I. ВСТУПЛЕНИЕ");
* in chapters I and II, ``##`` is a section, ``###`` a subsection, ``####`` one level deeper;
  the component catalogue of chapter I also has bare capitalised headings ("КАРТЫ");
* in chapter III every faction is a section ("ОРЛЫ МГЛИСТЫХ ГОР (ОРЛЫ)": a capitalised name
  with its short name in brackets), whatever its ``#`` count, and every heading under it is a
  subsection;
* the cover before chapter I is the title page; the credits after chapter III are a chapter
  of their own, headed by the game's byline ("Игра РОБЕРТО ДИ МЕЛЬО, ..."), with the
  booklet's back-page title (``#``) as its section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..outline import HeadingMark, Strategy
from ._lines import lone_lines

MARKDOWN_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<text>.+?)\s*$")
CHAPTER = re.compile(r"^ГЛАВА [IVX]+\.")
UNTITLED_CHAPTER = re.compile(r"^ГЛАВА [IVX]+\.$")
FACTION = re.compile(r"^[А-ЯЁ ]+\([А-ЯЁ]+\)$")
BYLINE = re.compile(r"^Игра [А-ЯЁ]")
# Chapter I's component catalogue: "КАРТЫ" is a section, the kinds of card under it captions.
LEVELS = {"karty": 2}
CATALOGUE_LEVEL = 3


def _capitals(text: str) -> bool:
    return sum(c.isalpha() for c in text) > 3 and text == text.upper()


def _markdown_marks(lines: Sequence[str]) -> list[tuple[int, int, str]]:
    """``(line index, # count, text)`` of every markdown heading."""
    found = []
    for index, line in enumerate(lines):
        match = MARKDOWN_HEADING.match(line)
        if match:
            found.append((index, len(match["hashes"]), match["text"]))
    return found


def _catalogue_headings(lines: Sequence[str], after: int, before: int) -> dict[int, str]:
    """Chapter I's bare capitalised headings ("КАРТЫ"), between lines ``after`` and ``before``."""
    return {
        index: text
        for index, text in lone_lines(lines)
        if after < index < before and _capitals(text) and text[0] != "#"
    }


def _titles_untitled_chapter(
    lines: Sequence[str], previous: HeadingMark | None, index: int
) -> bool:
    """The heading at ``index`` is the title of the untitled chapter heading just before it
    ("ГЛАВА I." then "ВСТУПЛЕНИЕ"), with only blank lines between them.
    """
    return bool(
        previous
        and UNTITLED_CHAPTER.match(previous.heading)
        and _only_blank_between(lines, previous.end, index)
    )


def _level(index: int, hashes: int, text: str, last_chapter: int) -> int:
    """A heading's level: a chapter 1, a bare catalogue heading CATALOGUE_LEVEL; in chapter III
    a ``#`` heading 1, a faction 2 and anything else 3; elsewhere its ``#`` count.
    """
    if CHAPTER.match(text):
        return 1
    if hashes == 0:
        return CATALOGUE_LEVEL
    if index > last_chapter and hashes == 1:
        return 1
    if index > last_chapter:
        return 2 if FACTION.match(text) else 3
    return hashes


def find_headings(lines: Sequence[str]) -> list[HeadingMark]:
    """Every heading from chapter I on, levelled by the booklet's rules (module docstring)."""
    markdown = _markdown_marks(lines)
    chapter_starts = [index for index, _, text in markdown if CHAPTER.match(text)]
    first_chapter, last_chapter = chapter_starts[0], chapter_starts[-1]
    bare = _catalogue_headings(lines, after=first_chapter, before=chapter_starts[1])
    byline = _byline(lines, after=last_chapter)
    marks: list[HeadingMark] = []
    for index, hashes, text in sorted([*markdown, *((i, 0, t) for i, t in bare.items())]):
        if index < first_chapter:
            continue
        previous = marks[-1] if marks else None
        if byline and index > byline.start:
            if previous.start < byline.start:
                marks.append(byline)
            marks.append(HeadingMark(index, index + 1, text, level=2))
        elif not CHAPTER.match(text) and _titles_untitled_chapter(lines, previous, index):
            marks[-1] = HeadingMark(previous.start, index + 1, f"{previous.heading} {text}", 1)
        else:
            level = _level(index, hashes, text, last_chapter)
            marks.append(HeadingMark(index, index + 1, text, level=level))
    return marks


def _byline(lines: Sequence[str], after: int) -> HeadingMark | None:
    """The credits' byline: the first paragraph after ``after`` starting "Игра <NAME>"."""
    for index in range(after, len(lines)):
        if BYLINE.match(lines[index]):
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            heading = " ".join(line.strip() for line in lines[index:end])
            return HeadingMark(index, end, heading, level=1)
    return None


def _only_blank_between(lines: Sequence[str], start: int, end: int) -> bool:
    return not any(line.strip() for line in lines[start:end])


STRATEGY = Strategy(find_headings=find_headings, levels=LEVELS)
