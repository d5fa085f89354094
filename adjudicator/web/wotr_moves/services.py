"""Reading a request (position, move or piece, faction figures) and running the checker.

Every problem in any part of the request is reported at once, with field paths from the root
of the request (``position.armies.edoras.rohan.regular``, ``move.to``).
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.utils.translation import gettext

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.messages import translate_problems
from adjudicator.games.wotr.moves import (
    Destination,
    MoveVerdict,
    Situation,
    check_move,
    legal_destinations,
    parse_move,
    read_factions,
)
from adjudicator.games.wotr.moves.model import Move

__all__ = [
    "Situation",
    "check",
    "check_move",
    "destinations",
    "legal_destinations",
    "read_factions",
    "read_position",
]
from adjudicator.games.wotr.position import Position
from adjudicator.games.wotr.reading import read_position
from adjudicator.web.links.services import SharedInputError, share_input, shared_input


def _translated(problems: Any) -> InvalidInput:
    """The engine's problems in the active language, their parameters filled in."""
    return InvalidInput(translate_problems(problems, gettext))


@contextmanager
def _translating() -> Iterator[None]:
    """Re-raise the checker's own ``InvalidInput`` (figures not there...) translated."""
    try:
        yield
    except InvalidInput as error:
        raise _translated(error.problems) from error


def _collect(*readers: Any) -> list[Any]:
    results, problems = [], []
    for reader in readers:
        try:
            results.append(reader())
        except InvalidInput as error:
            problems.extend(error.problems)
            results.append(None)
    if problems:
        raise _translated(problems)
    return results


POSITIONS_KEPT = 128
"""Positions each worker keeps read (the board asks about one piece after another in one
position, so most questions repeat their position)."""
POSITION_TEXT_KEPT = 16 * 1024
"""A position whose pickled form is longer than this is read again each time (the setup's is
~2 KB): what is kept stays under ~2 MB a worker."""


def read_request_position(data: Any) -> Position:
    """:func:`read_position`, reusing the position read from the same JSON value before
    (positions are immutable values; a position with problems is never kept: its
    ``InvalidInput`` is raised again). The value is known by its pickled form: equal bytes
    load as equal values of the same types, and pickling is 5x quicker than JSON text (issue
    29: 6 µs against 33 for a position; a key that differs for equal values is only a miss)."""
    if not isinstance(data, Mapping):
        return read_position(data)
    try:
        text = pickle.dumps(data, protocol=5)
    except (TypeError, ValueError, AttributeError, pickle.PicklingError):
        return read_position(data)
    if len(text) > POSITION_TEXT_KEPT:
        return read_position(data)
    with _keeping:  # taken out and put back last: the least recently asked goes first
        position = _kept.pop(text, None)
    if position is None:
        position = read_position(data)  # the value at hand, not its text decoded again
    with _keeping:
        _kept[text] = position
        if len(_kept) > POSITIONS_KEPT:
            del _kept[next(iter(_kept))]
    return position


_kept: dict[bytes, Position] = {}
"""Positions read, by their pickled value, least recently asked first (a dict keeps its order)."""
_keeping = threading.Lock()


def read_situation_and_move(data: Mapping[str, Any]) -> tuple[Situation, Move]:
    """Position, faction figures and move, all validated together."""
    position, factions, move = _collect(
        lambda: read_request_position(data.get("position")),
        lambda: read_factions(data.get("factions")),
        lambda: parse_move(data.get("move")),
    )
    return Situation(position, factions), move


def check(data: Mapping[str, Any]) -> MoveVerdict:
    """The verdict for ``{"position", "move", "factions"}``."""
    situation, move = read_situation_and_move(data)
    with _translating():
        return check_move(situation, move)


def destinations(data: Mapping[str, Any]) -> tuple[Situation, tuple[Destination, ...]]:
    """The legal destinations for ``{"position", "piece", "factions"}``."""
    position, factions = _collect(
        lambda: read_request_position(data.get("position")),
        lambda: read_factions(data.get("factions")),
    )
    situation = Situation(position, factions)
    with _translating():
        return situation, legal_destinations(situation, data.get("piece"))


POSITION_KIND = "wotr-position"
"""The kind under which board positions are stored for links (``?position=<key>``)."""


def piece_destinations(data: Mapping[str, Any]) -> tuple[Mapping[str, Any], Any]:
    """The piece asked about and its legal destinations (the API's legal-destinations
    question)."""
    _, found = destinations(data)
    return data["piece"], found


def share_position(data: Any) -> str:
    """Validate a position and store its complete form; the key of that form."""
    position = read_position(data)
    try:
        return share_input(kind=POSITION_KIND, payload=position.to_dict())
    except SharedInputError as error:
        raise InvalidInput([("position", str(error))]) from None


def shared_position(key: str) -> Position:
    """The position stored under a link key."""
    try:
        return read_position(shared_input(kind=POSITION_KIND, key=key))
    except SharedInputError:
        message = gettext("No position is stored under this link.")
        raise InvalidInput([("position", message)]) from None
