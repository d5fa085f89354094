"""Search points and the odds of a search (rules: Poszukiwania, Faza poszukiwań, Niewola).

In the Search Phase each Nazgûl is worth 2 points and an Orc unit its strength. A search in the
Alliance's move (Alliance characters entered a hex held by Sauron's forces) costs no Shadow
Points; every Shadow character except the Nazgûl adds 1 and every unit its strength.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.games.common import (
    N_,
    Answer,
    Reading,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
    unique_citations,
)

from . import citations as cite
from .answers import D6_ASSUMPTION
from .dice import DIE_FACES, capture_odds
from .tables import ENTER_TABLE, SEARCH_TABLE_NAME, SearchTable
from .validation import MAX_ATTRIBUTE, Problems, one_of

SEARCH_PHASE, ALLIANCE_MOVE = "search_phase", "alliance_move"
NAZGUL_POINTS = 2
NAZGUL_IN_ALLIANCE_MOVE = N_(
    "In a search during the Alliance's move the text excludes the Nazgûl from the 1 point per "
    "character without giving them another value: they are counted at their general 2 points."
)


NAZGUL_SEARCH = "nazgul_search"
GENERAL_POINTS, NOTHING = "general_points", "nothing"
NAZGUL_SEARCH_READINGS = {
    GENERAL_POINTS: N_("in a search in the Alliance's move each Nazgûl adds its general 2 points"),
    NOTHING: N_("in a search in the Alliance's move the Nazgûl add nothing"),
}
NAZGUL_SEARCH_QUOTE = (
    "«…wszystkie postacie należące do sił Ciemności (oprócz Nazguli) dodają do puli Punktów "
    "Poszukiwań jeden, a oddziały wojsk swoją siłę.»"
)
POOL_UNDER = N_("%(points)s search points")


@dataclass(frozen=True)
class SearchAnswer(Answer):
    """The pool of search points, its parts, and (with the table) the odds of finding."""

    phase: str = SEARCH_PHASE
    points: int = 0
    breakdown: tuple[tuple[str, int], ...] = ()
    table_entered: bool = False
    success_faces: tuple[int, ...] = ()
    capture_faces: tuple[int, ...] = ()
    found: Fraction | None = None
    capture_allowed: Fraction | None = None
    captured: Fraction | None = None


#: The Nazgûl that may take part in a search, and the other Shadow characters counted.
MAX_NAZGUL = 9
MAX_OTHER_CHARACTERS = 100


def search_points(
    phase: str,
    nazgul: int = 0,
    orc_units: Sequence[int] = (),
    other_units: Sequence[int] = (),
    other_characters: int = 0,
    nazgul_reading: str = GENERAL_POINTS,
) -> tuple[int, tuple[tuple[str, int], ...], list[Reason], list[str]]:
    """The pool of search points and where each part comes from (``nazgul_reading``: what a
    Nazgûl adds in the Alliance's move, :data:`NAZGUL_SEARCH_READINGS`)."""
    reasons: list[Reason] = []
    assumptions: list[str] = []
    nothing = phase == ALLIANCE_MOVE and nazgul_reading == NOTHING
    parts = [("nazgul", 0 if nothing else NAZGUL_POINTS * nazgul), ("orc_units", sum(orc_units))]
    if phase == ALLIANCE_MOVE:
        parts += [("other_units", sum(other_units)), ("other_characters", other_characters)]
        reasons.append(
            Reason(
                N_(
                    "A search in the Alliance's move costs no Shadow Points; every Shadow "
                    "character except the Nazgûl adds 1 and every unit its strength."
                ),
                cite.SEARCH,
                code="alliance_move",
            )
        )
        if nazgul and not nothing:
            assumptions.append(NAZGUL_IN_ALLIANCE_MOVE)
            reasons.append(
                Reason(
                    N_(
                        'If your group reads "oprócz Nazguli" as the Nazgûl adding nothing '
                        "here, the pool is %(points)s."
                    ),
                    cite.SEARCH,
                    {"points": sum(points for _, points in parts[1:])},
                    code="nazgul_reading",
                )
            )
    elif other_units or other_characters:
        reasons.append(
            Reason(
                N_(
                    "In the Search Phase only Nazgûl (2 each) and Orc units (their strength) "
                    "give search points: the other characters and units were not counted."
                ),
                cite.SEARCH,
                code="not_counted",
            )
        )
    return sum(points for _, points in parts), tuple(parts), reasons, assumptions


def search_odds(
    phase: str,
    *,
    nazgul: int = 0,
    orc_units: Sequence[int] = (),
    other_units: Sequence[int] = (),
    other_characters: int = 0,
    niewola: int | None = None,
    table: SearchTable | None = None,
    readings: Mapping[str, str] | None = None,
) -> SearchAnswer:
    """Search points, then with the Poszukiwania table the exact odds of finding and of a
    capture ("n" on the face, then a roll ≤ Niewola). ``readings`` may pick
    ``nazgul_search`` (``general_points`` by default, or ``nothing``): with Nazgûl in a search
    in the Alliance's move the answer carries the pool under each."""
    readings = readings or {}
    check_reading_ids(readings, (NAZGUL_SEARCH,))
    chosen = pick_reading(readings, NAZGUL_SEARCH, NAZGUL_SEARCH_READINGS)
    _check(phase, nazgul, orc_units, other_units, other_characters, niewola)
    points, breakdown, reasons, assumptions = search_points(
        phase, nazgul, orc_units, other_units, other_characters, chosen
    )
    if phase == ALLIANCE_MOVE and nazgul:

        def pool(reading: str) -> Reason:
            counted = search_points(
                phase, nazgul, orc_units, other_units, other_characters, reading
            )
            return Reason(POOL_UNDER, params={"points": counted[0]})

        read: tuple[Reading, ...] = (
            reading_of(
                NAZGUL_SEARCH,
                cite.SEARCH,
                NAZGUL_SEARCH_QUOTE,
                chosen,
                NAZGUL_SEARCH_READINGS,
                pool,
            ),
        )
    else:
        read = ()
    cited = [cite.SEARCH, cite.SEARCH_PHASE if phase == SEARCH_PHASE else cite.ALLIANCE_MOVE]
    common = {"phase": phase, "points": points, "breakdown": breakdown}
    if table is None or not table.covers(points):
        message = (
            ENTER_TABLE
            if table is None
            else N_(
                "Your Poszukiwania table has no row for %(points)s search points: complete "
                "it from your copy."
            )
        )
        reasons.append(
            Reason(
                message,
                cite.TABLES,
                {"table": SEARCH_TABLE_NAME, "points": points},
                code="table_missing" if table is None else "table_incomplete",
            )
        )
        return SearchAnswer(
            **common,
            table_entered=table is not None,
            reasons=tuple(reasons),
            citations=unique_citations([*cited, cite.TABLES]),
            assumptions=tuple(assumptions),
            readings=read,
        )
    reasons.append(
        Reason(
            N_(
                "A found Hobbit is not turned face up: the Alliance only tells Sauron that a "
                "Hobbit has been found."
            ),
            cite.SEARCH,
            code="hobbits",
        )
    )
    successes = table.successes(points)
    faces = tuple(sorted(successes))
    capture_faces = tuple(face for face in faces if successes[face])
    found = Fraction(len(faces), len(DIE_FACES))
    allowed = Fraction(len(capture_faces), len(DIE_FACES))
    captured = None
    if niewola is not None:
        captured = allowed * capture_odds(niewola).per_attempt
        cited += [cite.CAPTIVITY]
    return SearchAnswer(
        **common,
        table_entered=True,
        success_faces=faces,
        capture_faces=capture_faces,
        found=found,
        capture_allowed=allowed,
        captured=captured,
        reasons=tuple(reasons),
        citations=unique_citations(cited),
        assumptions=(*assumptions, D6_ASSUMPTION),
        readings=read,
    )


def _check(
    phase: str,
    nazgul: int,
    orc_units: Sequence[int],
    other_units: Sequence[int],
    other_characters: int,
    niewola: int | None,
) -> None:
    problems = Problems()
    if phase not in (SEARCH_PHASE, ALLIANCE_MOVE):
        problems.add("phase", one_of((SEARCH_PHASE, ALLIANCE_MOVE)))
    problems.integer("nazgul", nazgul, 0, MAX_NAZGUL)
    problems.integers("orc_units", orc_units, 1)
    problems.integers("other_units", other_units, 1)
    problems.integer("other_characters", other_characters, 0, MAX_OTHER_CHARACTERS)
    if niewola is not None:
        problems.integer("niewola", niewola, 0, MAX_ATTRIBUTE)
    problems.raise_if_any()
