"""Single-die tests of a character's attributes: Niewola, Ucieczka, Pierścień.

Capture succeeds on a roll ≤ Niewola, escape on a roll ≥ Ucieczka (rules: Niewola/Ucieczka,
Niewola); the Ring comes off on a roll ≤ Pierścień (rules: Pierścień).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.games.common import N_, Answer, Citation, Reason, unique_citations

from . import citations as cite
from .answers import D6_ASSUMPTION
from .validation import MAX_ATTEMPTS, MAX_ATTRIBUTE, Problems

DIE_FACES = tuple(range(1, 7))
INDEPENDENT_ATTEMPTS = N_("Successive attempts are independent rolls of the die.")


@dataclass(frozen=True)
class AttemptOdds(Answer):
    """Exact odds of a die test, per attempt and over ``attempts`` attempts."""

    test: str = ""
    attribute: int = 0
    attempts: int = 1
    allowed: bool = True
    success_faces: tuple[int, ...] = ()
    per_attempt: Fraction = Fraction(0)
    over_attempts: Fraction = Fraction(0)
    first_success: tuple[tuple[int, Fraction], ...] = ()
    never: Fraction = Fraction(1)


def _odds(
    test: str,
    attribute: int,
    attempts: int,
    succeeds: set[int],
    *,
    allowed: bool = True,
    reasons: tuple[Reason, ...] = (),
    cited: tuple[Citation, ...] = (),
) -> AttemptOdds:
    faces = tuple(face for face in DIE_FACES if face in succeeds) if allowed else ()
    p = Fraction(len(faces), len(DIE_FACES))
    first = tuple((k, (1 - p) ** (k - 1) * p) for k in range(1, attempts + 1))
    never = (1 - p) ** attempts
    return AttemptOdds(
        test=test,
        attribute=attribute,
        attempts=attempts,
        allowed=allowed,
        success_faces=faces,
        per_attempt=p,
        over_attempts=1 - never,
        first_success=first,
        never=never,
        reasons=reasons,
        citations=unique_citations((*cited, *(r.citation for r in reasons if r.citation))),
        assumptions=(D6_ASSUMPTION, INDEPENDENT_ATTEMPTS),
    )


def _check(field: str, attribute: int, attempts: int) -> None:
    problems = Problems()
    problems.integer(field, attribute, 0, MAX_ATTRIBUTE)
    problems.integer("attempts", attempts, 1, MAX_ATTEMPTS)
    problems.raise_if_any()


def capture_odds(
    niewola: int, attempts: int = 1, *, found: bool = True, own_army_area: bool = False
) -> AttemptOdds:
    """Sauron captures on a roll ≤ Niewola (rules: Niewola); only a found character outside
    an area occupied by its own armies can be captured (rules: Poszukiwania, Niewola)."""
    _check("niewola", niewola, attempts)
    reasons = []
    if not found:
        reasons.append(
            Reason(
                N_("A character not yet found cannot be attacked or captured."),
                cite.SEARCH,
                code="not_found",
            )
        )
    if own_army_area:
        reasons.append(
            Reason(
                N_(
                    "Alliance characters in an area occupied by their own armies cannot be "
                    "captured."
                ),
                cite.CAPTIVITY,
                code="own_army_area",
            )
        )
    allowed = not reasons
    if allowed:
        reasons.append(
            Reason(
                N_(
                    "Each attempt needs its own occasion: a successful search whose die face "
                    'shows "n", or the found character entering a hex held by a Shadow unit.'
                ),
                cite.CAPTIVITY,
                code="capture_occasion",
            )
        )
    return _odds(
        "capture",
        niewola,
        attempts,
        {face for face in DIE_FACES if face <= niewola},
        allowed=allowed,
        reasons=tuple(reasons),
        cited=(cite.CAPTURE_ESCAPE_ATTRIBUTES, cite.CAPTIVITY),
    )


def escape_odds(ucieczka: int, attempts: int = 1) -> AttemptOdds:
    """Escape succeeds on a roll ≥ Ucieczka, one attempt at the start of each Alliance move
    phase (rules: Niewola, Faza ruchu Przymierza)."""
    _check("ucieczka", ucieczka, attempts)
    note = Reason(
        N_(
            "One escape attempt at the start of each Alliance move phase: %(attempts)s attempts "
            "take %(attempts)s stages."
        ),
        cite.ALLIANCE_MOVE,
        {"attempts": attempts},
        code="one_per_stage",
    )
    return _odds(
        "escape",
        ucieczka,
        attempts,
        {face for face in DIE_FACES if face >= ucieczka},
        reasons=(note,),
        cited=(cite.CAPTURE_ESCAPE_ATTRIBUTES, cite.CAPTIVITY),
    )


def ring_removal_odds(pierscien: int, attempts: int = 1) -> AttemptOdds:
    """The Ring comes off on a roll ≤ Pierścień; after a failure the next attempt waits for the
    next stage (rules: Pierścień, Faza Pierścienia)."""
    _check("pierscien", pierscien, attempts)
    note = Reason(
        N_(
            "One attempt to take the Ring off per stage, in the Ring Phase: %(attempts)s "
            "attempts take %(attempts)s stages."
        ),
        cite.RING_PHASE,
        {"attempts": attempts},
        code="one_per_stage",
    )
    return _odds(
        "ring_removal",
        pierscien,
        attempts,
        {face for face in DIE_FACES if face <= pierscien},
        reasons=(note,),
        cited=(cite.RING_ATTRIBUTE,),
    )
