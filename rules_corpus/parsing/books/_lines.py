"""Line helpers the strategies share."""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def blank(lines: Sequence[str], index: int) -> bool:
    """Whether line ``index`` is blank (out of range counts as blank)."""
    return not (0 <= index < len(lines)) or not lines[index].strip()


def lone_lines(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """Lines standing alone between blank lines: ``(index, stripped text)``."""
    for index, line in enumerate(lines):
        if line.strip() and blank(lines, index - 1) and blank(lines, index + 1):
            yield index, line.strip()
