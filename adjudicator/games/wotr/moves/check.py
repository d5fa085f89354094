"""The entry points: is this move legal, and where may this piece legally go.

Layered like python-chess: the parsers reject malformed input (:class:`InvalidInput`), the
pseudo-legal layer (dice, adjacency, the figures really being there) and the legal layer (enemy
units, stacking, sieges, politics, characters' limits) both report *every* problem found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.messages import Message, not_one_of
from adjudicator.games.wotr.moves import graph
from adjudicator.games.wotr.moves.army import check_army_move, check_attack
from adjudicator.games.wotr.moves.characters import check_character_move, check_nazgul_move
from adjudicator.games.wotr.moves.context import Situation
from adjudicator.games.wotr.moves.factions import check_faction, check_faction_hand
from adjudicator.games.wotr.moves.fellowship import (
    check_declare,
    check_fellowship_move,
    check_guide,
    check_hide,
    check_rejoin,
    check_reveal,
    check_separate,
    highest_level,
)
from adjudicator.games.wotr.moves.findings import Findings, MoveVerdict
from adjudicator.games.wotr.moves.model import PIECE_KINDS, Move, parse_move
from adjudicator.games.wotr.moves.muster import check_muster
from adjudicator.games.wotr.moves.politics import check_politics
from adjudicator.games.wotr.position import Position

Checker = Callable[[Situation, Move, Findings], None]

CHECKERS: Mapping[str, Checker] = {
    "army": check_army_move,
    "attack": check_attack,
    "muster": check_muster,
    "politics": check_politics,
    "character": check_character_move,
    "nazgul": check_nazgul_move,
    "fellowship": check_fellowship_move,
    "hide": check_hide,
    "declare": check_declare,
    "reveal": check_reveal,
    "separate": check_separate,
    "guide": check_guide,
    "rejoin": check_rejoin,
    "faction": check_faction,
    "faction_hand": check_faction_hand,
}


def _situation(position: Position | Situation) -> Situation:
    return position if isinstance(position, Situation) else Situation(position)


def check_move(position: Position | Situation, move: Move | Mapping[str, Any]) -> MoveVerdict:
    """Is ``move`` legal in ``position``? Every reason, with its rule, and the assumptions.

    ``move`` is a :class:`Move` or its dict form (see ``docs/wotr-moves.md``). Raises
    :class:`InvalidInput` for malformed moves (unknown region or character, figures that are not
    where the move says).
    """
    if not isinstance(move, Move):
        move = parse_move(move)
    return _findings(_situation(position), move).verdict()


def _findings(situation: Situation, move: Move) -> Findings:
    """What the checks of ``move``'s kind found (every problem, rule and effect)."""
    findings = Findings()
    CHECKERS[move.kind](situation, move, findings)
    return findings


@dataclass(frozen=True)
class Destination:
    """A region the piece may legally end in, the length of its shortest legal path, and what
    arriving there sets off."""

    region: str
    steps: int | None
    verdict: MoveVerdict


def legal_destinations(
    position: Position | Situation, piece: Mapping[str, Any]
) -> tuple[Destination, ...]:
    """Every region ``piece`` may legally end in, with the path length.

    ``piece`` is a move without ``to`` (``{"kind": "army", "from": "minas-tirith", "units":
    {...}, "die": "army"}``; ``{"kind": "character", "characters": ["strider"]}``;
    ``{"kind": "nazgul", "from": "morannon", "count": 1}``; ``{"kind": "declare"}``;
    ``{"kind": "separate", "companions": ["gimli"]}``; ``{"kind": "faction", "faction":
    "pirates", "from": "umbar"}``). Each candidate region is run through :func:`check_move`, so
    the two never disagree.
    """
    if not isinstance(piece, Mapping):
        raise InvalidInput([("piece", Message(N_("must be an object")))])
    kind = piece.get("kind")
    if kind not in PIECE_KINDS:
        raise InvalidInput([("piece.kind", not_one_of(PIECE_KINDS, kind))])
    situation = _situation(position)
    template = {**piece, "to": _any_region(piece)}
    if kind == "faction":
        template["action"] = "move"
    move = parse_move(template, "piece")  # malformed pieces fail here, once
    found = []
    try:
        for region in _candidates(situation, move):
            findings = _findings(situation, move.ending_in(region))
            if findings.ok:  # the verdict check_move gives, made for legal regions only
                verdict = findings.verdict()
                found.append(Destination(region, verdict.path_length, verdict))
    except InvalidInput as error:
        raise InvalidInput([(_as_piece(field), text) for field, text in error.problems]) from error
    return tuple(sorted(found, key=lambda d: (d.steps if d.steps is not None else 99, d.region)))


def _candidates(situation: Situation, move: Move) -> Iterable[str]:
    """The regions worth checking: an army's move ends across one passable border (rules:
    Перемещение армий; ``check_adjacent`` refuses every other region), so only those and its own
    region (whose check reports a malformed piece) are run; companions separating from the
    Fellowship end within progress + their level regions of its last known region, or in it
    (rules: Отделение героев от Содружества; ``walk_to`` refuses every region farther over the
    open board), so only those; every other piece tries the board."""
    if move.kind == "army":
        return (move.origin, *sorted(graph.neighbours(move.origin)))
    if move.kind == "separate":
        fellowship = situation.position.fellowship
        return graph.distances(
            fellowship.region, fellowship.progress + highest_level(move.characters)
        )
    return BOARD.regions


def _as_piece(field: str) -> str:
    """The checks name the figures they miss ``move.*``; here the request calls them a piece."""
    return "piece" + field[len("move") :] if field.split(".")[0].split("[")[0] == "move" else field


def _any_region(piece: Mapping[str, Any]) -> str:
    origin = piece.get("from")
    return origin if isinstance(origin, str) else next(iter(BOARD.regions))
