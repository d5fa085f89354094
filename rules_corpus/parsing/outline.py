"""Shared by every book: turn the headings a book's strategy found into the section tree.

A strategy finds where headings are (that differs per rulebook); this module gives each
section its anchor (python-slugify, ``-2``, ``-3``... for repeats), its level, number path,
parent and text, and checks that the tree is well formed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from slugify import slugify

from .model import Correction, ParsedSection


@dataclass(frozen=True)
class HeadingMark:
    """A heading found by a strategy: source lines ``[start, end)`` and its clean text.

    ``level`` is the level the source itself gives (markdown ``#``), if any.
    """

    start: int
    end: int
    heading: str
    level: int | None = None


@dataclass(frozen=True)
class Strategy:
    """How one rulebook marks its headings, and the depth of those the text leaves flat.

    ``levels`` maps anchors to levels where the source does not say it (read from the book's
    printed structure); every other heading gets its own ``HeadingMark.level`` or
    ``default_level``. ``one_paragraph_per_line``: the source puts each paragraph on one line
    with no blank line between. ``body_line`` cleans one line of body text.
    """

    find_headings: Callable[[Sequence[str]], list[HeadingMark]]
    levels: Mapping[str, int]
    default_level: int = 1
    one_paragraph_per_line: bool = False
    body_line: Callable[[str], str] = str.rstrip


def anchor_for(heading: str) -> str:
    """The anchor of a heading, before repeats are numbered (see docs/conventions.md)."""
    return slugify(heading, max_length=80, word_boundary=True)


def unique_anchors(headings: Sequence[str]) -> list[str]:
    """Anchors for headings in document order; the n-th repeat gets ``-n``."""
    seen: dict[str, int] = {}
    anchors = []
    for heading in headings:
        base = anchor_for(heading)
        seen[base] = seen.get(base, 0) + 1
        anchors.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return anchors


def body_text(lines: Sequence[str], strategy: Strategy) -> str:
    """Body lines as paragraphs separated by one blank line."""
    paragraphs: list[list[str]] = [[]]
    for raw in lines:
        line = strategy.body_line(raw)
        if not line.strip():
            paragraphs.append([])
        elif strategy.one_paragraph_per_line:
            paragraphs.extend([[line], []])
        else:
            paragraphs[-1].append(line)
    return "\n\n".join("\n".join(p) for p in paragraphs if p)


def build_sections(
    lines: Sequence[str],
    strategy: Strategy,
    title: str,
    corrections: Sequence[Correction] = (),
) -> tuple[ParsedSection, ...]:
    """The sections of a book, in document order.

    Lines before the first heading (a title page, a translator's note) become a level-1
    section headed by the manifest ``title``, numbered ``0``.
    """
    marks = strategy.find_headings(lines)
    if not marks:
        raise ValueError("no headings found")
    entries: list[tuple[str, str, int | None, int, int, int]] = []  # heading, source, level, ...
    front = lines[: marks[0].start]
    if any(line.strip() for line in front):
        entries.append((title, "", 1, 0, 0, marks[0].start))
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        end_of_body = following.start if following else len(lines)
        source = "\n".join(line.rstrip() for line in lines[mark.start : mark.end])
        entries.append((mark.heading, source, mark.level, mark.start, mark.end, end_of_body))

    anchors = unique_anchors([entry[0] for entry in entries])
    unknown = set(strategy.levels) - set(anchors)
    if unknown:
        raise ValueError(f"levels given for anchors that do not exist: {sorted(unknown)}")

    sections: list[ParsedSection] = []
    counters: list[int] = []
    stack: list[tuple[int, str]] = []  # (level, anchor) of the open ancestors
    for position, (anchor, (heading, source, own_level, start, body_start, end)) in enumerate(
        zip(anchors, entries, strict=True)
    ):
        level = strategy.levels.get(anchor, own_level or strategy.default_level)
        previous_level = sections[-1].level if sections else 0
        if level > previous_level + 1:
            raise ValueError(f"{anchor!r} jumps from level {previous_level} to {level}")
        if not source:  # the title page
            number_path = "0"
        else:
            del counters[level:]
            counters.extend([0] * (level - len(counters)))
            counters[level - 1] += 1
            number_path = ".".join(str(n) for n in counters)
        while stack and stack[-1][0] >= level:
            stack.pop()
        sections.append(
            ParsedSection(
                anchor=anchor,
                heading=heading,
                heading_source=source,
                level=level,
                number_path=number_path,
                text=body_text(lines[body_start:end], strategy),
                parent_anchor=stack[-1][1] if stack else None,
                position=position,
                first_line=start + 1,
                corrections=tuple(c for c in corrections if start < c.line <= end),
            )
        )
        stack.append((level, anchor))
    return tuple(sections)
