"""Characters' marks, the Ringwraith transformation, and Gollum's side in the Ring Phase.

Duel wounds are crosses (X) in the Odporność squares; a Ring-bearer wearing the Ring at the
start of the Ring Phase gets a circle; a square may hold both. All squares crossed: the
character dies; all circled: it becomes a Ringwraith under Sauron. Nazgûl wounded by someone
with neither a Magic Sword nor spells get strokes instead, heal them in Barad-Dur or Dol Guldur,
and with all squares filled by such wounds cannot duel (rules: Odporność, Pierścień).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.games.common import (
    N_,
    Answer,
    Message,
    Reading,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
    unique_citations,
)

from . import citations as cite
from .answers import D6_ASSUMPTION
from .dice import DIE_FACES, ring_removal_odds
from .validation import MAX_ATTRIBUTE, Problems

SHADOW_VICTORY_CHARACTERS = ("aragorn", "gandalf")
ONE_WOUND_PER_SQUARE = N_(
    "Each wound (cross or stroke) fills one square; a circle may share a square with a wound."
)
MAGIC_WOUND_ASSUMPTION = N_(
    "A Nazgûl gets real (cross) wounds from a character who has a Magic Sword or uses spells, "
    "strokes from anyone else."
)
MIXED_WOUNDS_ASSUMPTION = N_(
    "The text covers a Nazgûl whose squares are all crossed (it dies) or all filled with "
    "ordinary wounds (it cannot duel); a mix of crosses and strokes is read as the latter."
)
ATTEMPT_EVERY_STAGE = N_(
    "The Ring is put on before a Ring Phase, gets its circle at the start of each Ring Phase and "
    "its player tries to take it off in every Ring Phase after the circle is drawn."
)

ALIVE, DEAD, RINGWRAITH, CANNOT_DUEL = "alive", "dead", "ringwraith", "cannot_duel"
CROSS, STROKE = "cross", "stroke"

NAZGUL_MIXED_MARKS = "nazgul_mixed_marks"
CAN_DUEL = "can_duel"
MIXED_MARKS_READINGS = {
    CANNOT_DUEL: N_(
        "a Nazgûl whose squares are all filled, crosses and strokes mixed, cannot duel, as with "
        "strokes only"
    ),
    CAN_DUEL: N_(
        "only squares all filled with strokes keep a Nazgûl out of duels: with a mix it still duels"
    ),
}
MIXED_MARKS_QUOTE = (
    "«Postać, której wszystkie kwadraty zapełnione zostaną krzyżykami natychmiast ginie (…) "
    "Jeżeli kwadraty oznaczające jego Odporność zostaną zapełnione ranami zwykłymi (nie "
    "iksowymi) nie może po prostu uczestniczyć w pojedynkach.»"
)
MIXED_MARKS_UNDER = {
    CANNOT_DUEL: N_("cannot take part in duels until it heals"),
    CAN_DUEL: N_("alive and may still duel (no square is left free)"),
}


@dataclass(frozen=True)
class Marks:
    """The marks in one character's Odporność squares."""

    odpornosc: int
    crosses: int = 0
    circles: int = 0
    strokes: int = 0
    nazgul: bool = False


@dataclass(frozen=True)
class CharacterStatus(Answer):
    """What the marks mean: alive, dead, a Ringwraith, or a Nazgûl unable to duel."""

    marks: Marks | None = None
    status: str = ALIVE
    new_mark: str = ""
    free_squares: int = 0
    shadow_wins: bool = False


def wound_mark(nazgul: bool, magic_sword: bool, spells: bool) -> str:
    """Cross, or a stroke for a Nazgûl hurt without a Magic Sword or spells (rules: Odporność)."""
    return STROKE if nazgul and not (magic_sword or spells) else CROSS


def character_status(
    marks: Marks,
    *,
    character: str = "",
    new_wounds: int = 0,
    magic_sword: bool = False,
    spells: bool = False,
    readings: Mapping[str, str] | None = None,
) -> CharacterStatus:
    """Apply ``new_wounds`` from a duel, then read the squares (rules: Odporność, Pierścień).
    ``readings`` may pick ``nazgul_mixed_marks`` (``cannot_duel`` by default, or ``can_duel``):
    a Nazgûl whose squares are all filled with crosses and strokes mixed carries both."""
    readings = readings or {}
    check_reading_ids(readings, (NAZGUL_MIXED_MARKS,))
    chosen = pick_reading(readings, NAZGUL_MIXED_MARKS, MIXED_MARKS_READINGS)
    _check_marks(marks, new_wounds)
    mark = wound_mark(marks.nazgul, magic_sword, spells)
    if new_wounds:
        room = marks.odpornosc - marks.crosses - marks.strokes
        added = min(new_wounds, room)
        marks = Marks(
            marks.odpornosc,
            marks.crosses + (added if mark == CROSS else 0),
            marks.circles,
            marks.strokes + (added if mark == STROKE else 0),
            marks.nazgul,
        )
    reasons: list[Reason] = []
    cited = [cite.ENDURANCE]
    if new_wounds and marks.nazgul:
        reasons.append(_nazgul_wound_reason(mark))
    status = ALIVE
    read = _mixed_marks_reading(marks, chosen)
    if marks.crosses >= marks.odpornosc:
        status = DEAD
        reasons.append(
            Reason(
                N_("All squares are crossed: the character dies at once."),
                cite.ENDURANCE,
                code="dead",
            )
        )
    elif marks.circles >= marks.odpornosc and not marks.nazgul:
        status = RINGWRAITH
        reasons.append(
            Reason(
                N_(
                    "All squares are circled: the character becomes a Ringwraith and passes to "
                    "Sauron for the rest of the game."
                ),
                cite.THE_RING,
                code="ringwraith",
            )
        )
        cited.append(cite.THE_RING)
    elif read and chosen == CAN_DUEL:
        reasons.append(
            Reason(
                N_(
                    "All of this Nazgûl's squares hold wounds, crosses and strokes mixed: read "
                    "so that only squares all filled with strokes keep it out of duels, it may "
                    "still duel."
                ),
                cite.ENDURANCE,
                code="mixed_can_duel",
            )
        )
    elif marks.nazgul and marks.crosses + marks.strokes >= marks.odpornosc:
        status = CANNOT_DUEL
        reasons.append(
            Reason(
                N_(
                    "All of this Nazgûl's squares hold wounds, not all of them crosses: it does "
                    "not die but cannot take part in duels until it heals."
                ),
                cite.ENDURANCE,
                code="cannot_duel",
            )
        )
    shadow_wins = status == RINGWRAITH and is_shadow_victory_character(character)
    if shadow_wins:
        reasons.append(_shadow_victory_reason(character))
    return CharacterStatus(
        marks=marks,
        status=status,
        new_mark=mark if new_wounds else "",
        free_squares=marks.odpornosc - marks.crosses - marks.strokes,
        shadow_wins=shadow_wins,
        reasons=tuple(reasons),
        citations=unique_citations(cited),
        readings=read,
        assumptions=(
            ONE_WOUND_PER_SQUARE,
            *((MAGIC_WOUND_ASSUMPTION,) if marks.nazgul else ()),
            *((MIXED_WOUNDS_ASSUMPTION,) if status == CANNOT_DUEL and marks.crosses else ()),
        ),
    )


def _nazgul_wound_reason(mark: str) -> Reason:
    return Reason(
        N_(
            "Wounds dealt to a Nazgûl by a character with a Magic Sword or spells are "
            "crosses; by anyone else, strokes, which heal in Barad-Dur or Dol Guldur."
        )
        if mark == CROSS
        else N_(
            "These wounds are strokes: the striker has no Magic Sword and uses no "
            "spells. The Nazgûl heals them in Barad-Dur or Dol Guldur."
        ),
        cite.ENDURANCE,
        code=f"nazgul_{mark}",
    )


def _mixed_marks_reading(marks: Marks, chosen: str) -> tuple[Reading, ...]:
    """The ``nazgul_mixed_marks`` reading, for a Nazgûl whose squares are all filled with crosses
    and strokes mixed (the text covers all crosses, dead, and all strokes, unable to duel)."""
    full = marks.crosses + marks.strokes >= marks.odpornosc
    if not (marks.nazgul and marks.crosses and marks.strokes and full):
        return ()
    return (
        reading_of(
            NAZGUL_MIXED_MARKS,
            cite.ENDURANCE,
            MIXED_MARKS_QUOTE,
            chosen,
            MIXED_MARKS_READINGS,
            MIXED_MARKS_UNDER.__getitem__,
        ),
    )


def is_shadow_victory_character(character: str) -> bool:
    """Aragorn or Gandalf: the Shadow wins if either becomes a Ringwraith (rules: Pierścień)."""
    return character.strip().casefold() in SHADOW_VICTORY_CHARACTERS


def _shadow_victory_reason(character: str) -> Reason:
    return Reason(
        N_("%(character)s has become a Ringwraith: the forces of Darkness win."),
        cite.THE_RING,
        {"character": character.strip()},
        code="shadow_wins",
    )


@dataclass(frozen=True)
class RingwraithOdds(Answer):
    """Wearing the Ring until it comes off or the bearer turns (rules: Odporność, Pierścień)."""

    stages_left: int = 0
    per_attempt: Fraction = Fraction(0)
    removed_at: tuple[tuple[int, Fraction], ...] = ()
    becomes_ringwraith: Fraction = Fraction(0)
    shadow_wins: Fraction = Fraction(0)


def ringwraith_odds(
    odpornosc: int, circles: int, pierscien: int, character: str = ""
) -> RingwraithOdds:
    """The bearer gets a circle each Ring Phase, then tries to take the Ring off (roll ≤
    Pierścień); with every square circled it becomes a Ringwraith."""
    problems = Problems()
    problems.integer("odpornosc", odpornosc, 1, MAX_ATTRIBUTE)
    problems.integer("circles", circles, 0, MAX_ATTRIBUTE)
    problems.integer("pierscien", pierscien, 0, MAX_ATTRIBUTE)
    if not problems.found and circles >= odpornosc:
        problems.add(
            "circles", Message(N_("Every square is already circled: this is a Ringwraith."))
        )
    problems.raise_if_any()
    stages = odpornosc - circles
    p = ring_removal_odds(pierscien).per_attempt
    removed = tuple((k, (1 - p) ** (k - 1) * p) for k in range(1, stages))
    turned = (1 - p) ** (stages - 1)
    reasons = [
        Reason(
            N_(
                "%(stages)s more Ring Phases with the Ring on fill the last square; there are "
                "%(attempts)s chances to take it off before that."
            ),
            cite.ENDURANCE,
            {"stages": stages, "attempts": stages - 1},
            code="stages_left",
        )
    ]
    victory = is_shadow_victory_character(character)
    if victory:
        reasons.append(
            Reason(
                N_("If %(character)s becomes a Ringwraith, the forces of Darkness win."),
                cite.THE_RING,
                {"character": character.strip()},
                code="shadow_wins",
            )
        )
    return RingwraithOdds(
        stages_left=stages,
        per_attempt=p,
        removed_at=removed,
        becomes_ringwraith=turned,
        shadow_wins=turned if victory else Fraction(0),
        reasons=tuple(reasons),
        citations=(cite.ENDURANCE, cite.RING_ATTRIBUTE, cite.RING_PHASE, cite.THE_RING),
        assumptions=(ATTEMPT_EVERY_STAGE, D6_ASSUMPTION),
    )


ALLIANCE, SAURON, UNSTATED = "alliance", "sauron", "unstated"


@dataclass(frozen=True)
class GollumOdds(Answer):
    """Who controls Gollum this stage (rules: Faza Pierścienia)."""

    distribution: tuple[tuple[str, Fraction], ...] = ()


GOLLUM_THREE_FOUR = "gollum_three_four"
NOBODY, KEEPS = "nobody", "keeps"
GOLLUM_READINGS = {
    NOBODY: N_("on 3 or 4 the text gives Gollum to nobody: unstated"),
    KEEPS: N_("on 3 or 4 the last stage's controller keeps Gollum"),
}
GOLLUM_QUOTE = (
    "«Liczba oczek 1 lub 2 oddaje na ten etap postać pod kontrolę Przymierza, wynik 5 lub 6 "
    "oznacza, że Golluma porusza Sauron. Strona, która w poprzednim etapie kontrolowała "
    "Golluma, może dodać lub odjąć jedno oczko na swoją korzyść.»"
)
GOLLUM_UNDER = N_("the Alliance %(alliance)s, Sauron %(sauron)s, unstated %(unstated)s")


def _gollum_distribution(previous: str | None, reading: str) -> tuple[tuple[str, Fraction], ...]:
    """Who controls Gollum after each roll, the last controller shifting it by a pip towards
    its side whenever that helps (its own side first, then unstated, then the other's)."""
    shift = {None: 0, ALLIANCE: -1, SAURON: 1}[previous]
    counts = dict.fromkeys((ALLIANCE, UNSTATED, SAURON), 0)
    for roll in DIE_FACES:
        sides = [_controller(roll, previous, reading)]
        if shift:
            sides.append(_controller(roll + shift, previous, reading))
        counts[min(sides, key=lambda side: (side != previous, side != UNSTATED))] += 1
    return tuple((side, Fraction(n, len(DIE_FACES))) for side, n in counts.items())


def _controller(roll: int, previous: str | None, reading: str) -> str:
    side = _gollum_side(roll)
    return previous if side == UNSTATED and reading == KEEPS and previous else side


def gollum_control(previous: str | None, readings: Mapping[str, str] | None = None) -> GollumOdds:
    """Sauron rolls: 1–2 Alliance, 5–6 Sauron; last stage's controller may shift the roll by
    one pip in its favour (assumed used whenever it helps); 3–4 the text leaves unstated, or
    (``readings``: ``gollum_three_four: keeps``) to the last stage's controller."""
    if previous not in (None, ALLIANCE, SAURON):
        problems = Problems()
        problems.add("previous", Message(N_("Must be alliance, sauron or empty.")))
        problems.raise_if_any()
    readings = readings or {}
    check_reading_ids(readings, (GOLLUM_THREE_FOUR,))
    chosen = pick_reading(readings, GOLLUM_THREE_FOUR, GOLLUM_READINGS)
    distribution = _gollum_distribution(previous, chosen)

    def shown(reading: str) -> Reason:
        chances = dict(_gollum_distribution(previous, reading))
        return Reason(GOLLUM_UNDER, params={side: str(p) for side, p in chances.items()})

    read = (
        (
            reading_of(
                GOLLUM_THREE_FOUR, cite.RING_PHASE, GOLLUM_QUOTE, chosen, GOLLUM_READINGS, shown
            ),
        )
        if previous
        else ()
    )
    reasons = [
        Reason(
            N_(
                "The text gives 1 or 2 to the Alliance and 5 or 6 to Sauron; it does not say "
                "who controls Gollum on 3 or 4."
            ),
            cite.RING_PHASE,
            code="unstated",
        )
    ]
    return GollumOdds(
        distribution=distribution,
        readings=read,
        reasons=tuple(reasons),
        citations=(cite.RING_PHASE,),
        assumptions=(
            D6_ASSUMPTION,
            N_(
                "The last stage's controller shifts the roll by one pip whenever that moves it "
                "towards its own side."
            ),
        ),
    )


def _gollum_side(roll: int) -> str:
    return ALLIANCE if roll <= 2 else SAURON if roll >= 5 else UNSTATED


def _check_marks(marks: Marks, new_wounds: int) -> None:
    problems = Problems()
    problems.integer("odpornosc", marks.odpornosc, 1, MAX_ATTRIBUTE)
    for field in ("crosses", "circles", "strokes"):
        problems.integer(field, getattr(marks, field), 0, MAX_ATTRIBUTE)
    problems.integer("new_wounds", new_wounds, 0, MAX_ATTRIBUTE)
    if problems.found:
        problems.raise_if_any()
    if marks.strokes and not marks.nazgul:
        problems.add("strokes", Message(N_("Only a Nazgûl's wounds are marked with strokes.")))
    if marks.crosses + marks.strokes > marks.odpornosc:
        problems.add("crosses", Message(N_("More wounds than Odporność squares.")))
    if marks.circles > marks.odpornosc:
        problems.add("circles", Message(N_("More circles than Odporność squares.")))
    problems.raise_if_any()
