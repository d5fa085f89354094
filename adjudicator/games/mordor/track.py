"""A player's Nazgûl track: squares marked left to right, split in two by Gandalf.

Rules: Назгул (each Nazgûl marks the next division), Гэндальф (split one *empty* square, Mordor
too, never one already split), Выбывание из игры (marking the last division eliminates).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.games.common import N_, InvalidInput, Message


class Square(StrEnum):
    """One square of the Nazgûl track and how much of it is marked."""

    EMPTY = "empty"
    MARKED = "marked"
    SPLIT = "split"
    SPLIT_HALF = "split_half"
    SPLIT_MARKED = "split_marked"


DIVISIONS = {
    Square.EMPTY: 1,
    Square.MARKED: 1,
    Square.SPLIT: 2,
    Square.SPLIT_HALF: 2,
    Square.SPLIT_MARKED: 2,
}
MARKED_DIVISIONS = {
    Square.EMPTY: 0,
    Square.MARKED: 1,
    Square.SPLIT: 0,
    Square.SPLIT_HALF: 1,
    Square.SPLIT_MARKED: 2,
}
AFTER_MARK = {
    Square.EMPTY: Square.MARKED,
    Square.SPLIT: Square.SPLIT_HALF,
    Square.SPLIT_HALF: Square.SPLIT_MARKED,
}


@dataclass(frozen=True)
class NazgulTrack:
    """The squares of one player's Nazgûl track, the last one Mordor."""

    squares: tuple[Square, ...]

    @classmethod
    def fresh(cls, length: int) -> NazgulTrack:
        return cls((Square.EMPTY,) * length)

    @classmethod
    def parse(cls, values: list[str], length: int, field_name: str) -> NazgulTrack:
        """A track from its squares' names; marks must fill the track from the left."""
        problems = []
        if len(values) != length:
            problems.append(
                (field_name, Message(N_("the Nazgûl track has %(length)s squares"), length=length))
            )
        squares = []
        for index, value in enumerate(values):
            try:
                squares.append(Square(value))
            except ValueError:
                known = ", ".join(s.value for s in Square)
                message = Message(
                    N_("unknown square %(value)s (%(known)s)"), value=repr(value), known=known
                )
                problems.append((f"{field_name}[{index}]", message))
        if not problems:
            full = [MARKED_DIVISIONS[s] == DIVISIONS[s] for s in squares]
            first_open = full.index(False) if False in full else len(full)
            if any(MARKED_DIVISIONS[s] for s in squares[first_open + 1 :]):
                problems.append(
                    (
                        field_name,
                        Message(N_("the Nazgûl mark squares from the left: no gaps before a mark")),
                    )
                )
        if problems:
            raise InvalidInput(problems)
        return cls(tuple(squares))

    @property
    def open_divisions(self) -> int:
        """Divisions still unmarked; a split empty square counts two (rules: Конец игры)."""
        return sum(DIVISIONS[s] - MARKED_DIVISIONS[s] for s in self.squares)

    @property
    def splittable(self) -> tuple[int, ...]:
        """Indexes of the empty, unsplit squares Gandalf may split."""
        return tuple(i for i, s in enumerate(self.squares) if s is Square.EMPTY)

    @property
    def eliminated(self) -> bool:
        """The last division is marked (rules: Выбывание из игры)."""
        return self.open_divisions == 0

    def split(self, index: int) -> NazgulTrack:
        """Gandalf splits the empty square ``index`` in two."""
        if self.squares[index] is not Square.EMPTY:
            raise ValueError(f"square {index} is not an empty unsplit square")
        return NazgulTrack((*self.squares[:index], Square.SPLIT, *self.squares[index + 1 :]))

    def mark(self) -> NazgulTrack:
        """A Nazgûl marks the next unmarked division, left to right."""
        for index, square in enumerate(self.squares):
            if square in AFTER_MARK:
                return NazgulTrack(
                    (*self.squares[:index], AFTER_MARK[square], *self.squares[index + 1 :])
                )
        return self
