"""What every Wojna answer carries besides its numbers: notes, citations, assumptions."""

from dataclasses import dataclass

from adjudicator.games.common import N_, Citation, Reason

D6_ASSUMPTION = N_(
    "The die is a six-sided die (1–6): the only die the text describes reads 1 to 6 "
    "(Faza Pierścienia: 1 or 2 … 5 or 6)."
)


@dataclass(frozen=True)
class Answer:
    """Notes (rules applied to this case), the sections cited and the assumptions made."""

    reasons: tuple[Reason, ...] = ()
    citations: tuple[Citation, ...] = ()
    assumptions: tuple[str, ...] = ()
