"""Collecting the findings of one check: problems, rules applied, assumptions, consequences."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.games.common import Citation, Reason, Verdict, unique_citations


@dataclass(frozen=True)
class MoveVerdict(Verdict):
    """A :class:`Verdict` plus what the move sets off (activation, captures, a hunt...) and,
    for moves that travel, the length of the shortest legal path (``None`` otherwise)."""

    effects: tuple[Reason, ...] = ()
    path_length: int | None = None


class Findings:
    """Every reason a move is illegal (not just the first), with the rules it rests on."""

    def __init__(self) -> None:
        self.problems: list[Reason] = []
        self.applied: list[Citation] = []
        self.assumptions: list[str] = []
        self.effects: list[Reason] = []
        self.path_length: int | None = None

    def fail(self, code: str, message: str, citation: Citation, **params: Any) -> None:
        """Record a broken rule."""
        self.problems.append(Reason(message, citation, params, code))

    def cite(self, *citations: Citation) -> None:
        """Record rules that were checked (and held)."""
        self.applied.extend(citations)

    def assume(self, text: str) -> None:
        """Record a reading of the rules the answer depends on (said once)."""
        if text not in self.assumptions:
            self.assumptions.append(text)

    def effect(self, code: str, message: str, citation: Citation, **params: Any) -> None:
        """Record a consequence the move sets off if it is made."""
        reason = Reason(message, citation, params, code)
        if reason not in self.effects:
            self.effects.append(reason)

    @property
    def ok(self) -> bool:
        return not self.problems

    def verdict(self) -> MoveVerdict:
        """The answer: legal exactly when nothing was found."""
        problems = tuple(dict.fromkeys(self.problems))
        cited = [*self.applied, *(r.citation for r in problems if r.citation)]
        cited += [r.citation for r in self.effects if r.citation]
        return MoveVerdict(
            legal=not problems,
            reasons=problems,
            citations=unique_citations(cited),
            assumptions=tuple(self.assumptions),
            effects=tuple(self.effects) if not problems else (),
            path_length=self.path_length if not problems else None,
        )
