"""Battle: force ratio, automatic elimination, the modified die and Wyniki bitwy (rules: Bitwa).

The attacker's and the defender's unit strengths are summed; the defender's sum is multiplied
by its terrain multiplier (the terrain table is missing: the multiplier is a parameter), except
for besiegers attacked by a sortie from a fortress (rules: Twierdze). The ratio is rounded in the
defender's favour; 10:1 or more removes the defender at once. The attacking leader's Morale is
added to the die, the defending leader's subtracted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil, floor

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    Message,
    Reading,
    Reason,
    check_reading_ids,
    convolve,
    pick_reading,
    reading_of,
    uniform,
    unique_citations,
)

from . import citations as cite
from .answers import D6_ASSUMPTION
from .dice import DIE_FACES
from .tables import (
    BATTLE_TABLE_NAME,
    ENTER_TABLE,
    SPELL_CATEGORIES,
    SPELL_TABLE_NAME,
    BattleLosses,
    BattleResultsTable,
    SpellTable,
    loss,
    odds_label,
)
from .validation import MAX_ATTRIBUTE, Problems, one_of

AUTOMATIC_RATIO = 10
FACE = Fraction(1, len(DIE_FACES))
MAX_MULTIPLIER = 100

RATIO_ASSUMPTION = N_(
    "The ratio is formed from the exact sums (the defender's sum times its multiplier, not "
    "rounded on its own) and then rounded in the defender's favour: down to N:1 when the "
    "attacker is stronger, up to 1:N when the defender is."
)
BRACKETED = {
    "attacker": N_(
        "The attacking leader's Morale is in brackets: this character cannot lead units, so "
        "its Morale is not applied."
    ),
    "defender": N_(
        "The defending leader's Morale is in brackets: this character cannot lead units, so "
        "its Morale is not applied."
    ),
}
LOSS_ASSUMPTION = N_(
    "Losses are percentages of each side's own summed strength (the defender's without the "
    "terrain multiplier); the text says they are rounded but not in which direction, so the "
    "exact loss is shown."
)


@dataclass(frozen=True)
class Leader:
    """A leading character: its Morale, whether that Morale is printed in brackets (such a
    character cannot lead, rules: Morale), and either the Czary bonus its player already rolled
    for this battle or the spell category (A–D) it will roll on Czary (rules: Czary)."""

    morale: int
    bracketed: bool = False
    spell_bonus: int = 0
    spells: str | None = None


@dataclass(frozen=True)
class BattleOutcome:
    """One face of the attacker's die (None when leaders' spell rolls are summed in), the
    modified result, its probability and its row of Wyniki bitwy."""

    roll: int | None
    modified: int
    probability: Fraction
    losses: BattleLosses | None
    attacker_loss: Fraction | None
    defender_loss: Fraction | None


@dataclass(frozen=True)
class BattleAnswer(Answer):
    """One round of a battle, up to the losses (rules: Bitwa)."""

    attacker_strength: int = 0
    defender_strength: int = 0
    terrain_multiplier: Fraction = Fraction(1)
    defender_effective: Fraction = Fraction(0)
    ratio: Fraction = Fraction(0)
    column: str = ""
    automatic: bool = False
    modifier: int = 0
    outcomes: tuple[BattleOutcome, ...] = ()
    table_entered: bool = False
    missing: tuple[int, ...] = ()


LOSS_ROUNDING = "loss_rounding"
EXACT, DEFENDER_FAVOUR, DOWN, UP = "exact", "defender_favour", "down", "up"
ROUNDINGS = {
    EXACT: N_("no direction is assumed: the exact loss"),
    DEFENDER_FAVOUR: N_(
        "in the defender's favour, as the force ratio: the attacker's loss up, the defender's down"
    ),
    DOWN: N_("both losses rounded down"),
    UP: N_("both losses rounded up"),
}
ROUNDING_QUOTE = (
    "«Ułamki są zaokrąglane na korzyść obrońcy.» … «Po zaokrągleniu strat należy odjąć je od "
    "aktualnej siły oddziału»"
)
EXPECTED_LOSSES = N_("expected loss: the attacker %(attacker)s, the defender %(defender)s")


def rounded_loss(loss: Fraction, side: str, rounding: str) -> Fraction:
    """A side's loss under a reading of «Po zaokrągleniu strat» (rules: Bitwa)."""
    if rounding == EXACT:
        return loss
    up = rounding == UP or (rounding == DEFENDER_FAVOUR and side == "attacker")
    return Fraction(ceil(loss) if up else floor(loss))


def _rounded(outcomes: Sequence[BattleOutcome], rounding: str) -> tuple[BattleOutcome, ...]:
    return tuple(
        replace(
            o,
            attacker_loss=rounded_loss(o.attacker_loss, "attacker", rounding),
            defender_loss=rounded_loss(o.defender_loss, "defender", rounding),
        )
        if o.attacker_loss is not None and o.defender_loss is not None
        else o
        for o in outcomes
    )


def _rounding_reading(outcomes: Sequence[BattleOutcome], rounding: str) -> tuple[Reading, ...]:
    """The losses' rounding direction (rules: Bitwa): the expected losses under each reading,
    when every outcome's losses are known."""
    if not outcomes or any(o.attacker_loss is None for o in outcomes):
        return ()

    def expected(reading: str) -> Reason:
        shown = _rounded(outcomes, reading)
        losses = {
            side: sum((o.probability * getattr(o, f"{side}_loss") for o in shown), Fraction(0))
            for side in ("attacker", "defender")
        }
        params = {side: f"{value} ({float(value):.2f})" for side, value in losses.items()}
        return Reason(EXPECTED_LOSSES, params=params)

    return (reading_of(LOSS_ROUNDING, cite.BATTLE, ROUNDING_QUOTE, rounding, ROUNDINGS, expected),)


RATIO_ROUNDING = "ratio_rounding"
RATIO_FIRST, STRENGTH_FIRST = "ratio", "strength_first"
RATIO_READINGS = {
    RATIO_FIRST: N_("the force ratio is rounded in the defender's favour"),
    STRENGTH_FIRST: N_(
        "the defender's multiplied strength is rounded up first, then the ratio in his favour"
    ),
}
RATIO_QUOTE = (
    "«Gracze sumują siłę własnych oddziałów znajdujących się na polu, przy czym broniący się "
    "uwzględnia także mnożnik wyszczególniony w tabeli Wpływ rodzaju terenu na poruszanie się "
    "i obronę. Ułamki są zaokrąglane na korzyść obrońcy.»"
)
COLUMN_UNDER = N_("column %(column)s")
REMOVED_AT_ONCE = N_("10:1 or more: the defender is removed at once")


def _defender_effective(defending: Fraction, reading: str) -> Fraction:
    """The defender's multiplied strength as a reading of «Ułamki» divides by it."""
    return defending if reading == RATIO_FIRST else Fraction(ceil(defending))


def _ratio_reading(attacking: int, multiplied: Fraction, chosen: str) -> tuple[Reading, ...]:
    """Which fraction «Ułamki są zaokrąglane na korzyść obrońcy» rounds (rules: Bitwa): the
    column under each reading, carried when they differ."""

    def column(reading: str) -> Reason:
        effective = _defender_effective(multiplied, reading)
        if Fraction(attacking) / effective >= AUTOMATIC_RATIO:
            return Reason(REMOVED_AT_ONCE)
        label = odds_label(*odds_column(Fraction(attacking), effective))
        return Reason(COLUMN_UNDER, params={"column": label})

    if column(RATIO_FIRST) == column(STRENGTH_FIRST):
        return ()
    return (reading_of(RATIO_ROUNDING, cite.BATTLE, RATIO_QUOTE, chosen, RATIO_READINGS, column),)


def odds_column(attacker: Fraction, defender: Fraction) -> tuple[int, int]:
    """The ratio attacker:defender rounded in the defender's favour (rules: Bitwa)."""
    ratio = Fraction(attacker) / Fraction(defender)
    if ratio >= 1:
        return floor(ratio), 1
    return 1, ceil(1 / ratio)


def resolve_battle(
    attacker_units: Sequence[int],
    defender_units: Sequence[int],
    terrain_multiplier: Fraction = Fraction(1),
    *,
    attacker_leader: Leader | None = None,
    defender_leader: Leader | None = None,
    sortie: bool = False,
    table: BattleResultsTable | None = None,
    spells: SpellTable | None = None,
    readings: Mapping[str, str] | None = None,
) -> BattleAnswer:
    """One round of battle: the column, the automatic result or the die's distribution.
    ``readings`` may pick ``loss_rounding`` (``exact`` by default, ``defender_favour``, ``down``,
    ``up``); with the losses known the answer carries the expected losses under each; and
    ``ratio_rounding`` (``ratio`` by default, or ``strength_first``), carried with the column
    under the other where they differ."""
    readings = readings or {}
    check_reading_ids(readings, (LOSS_ROUNDING, RATIO_ROUNDING))
    rounding = pick_reading(readings, LOSS_ROUNDING, ROUNDINGS)
    ratio_rounding = pick_reading(readings, RATIO_ROUNDING, RATIO_READINGS)
    _check(attacker_units, defender_units, terrain_multiplier, attacker_leader, defender_leader)
    multiplier, reasons = _sortie_multiplier(Fraction(terrain_multiplier), sortie)
    attacking, defending = sum(attacker_units), sum(defender_units)
    effective = _defender_effective(defending * multiplier, ratio_rounding)
    ratio_read = _ratio_reading(attacking, defending * multiplier, ratio_rounding)
    column_sides = odds_column(Fraction(attacking), effective)
    column = odds_label(*column_sides)
    ratio = Fraction(attacking) / effective
    common = {
        "attacker_strength": attacking,
        "defender_strength": defending,
        "terrain_multiplier": multiplier,
        "defender_effective": effective,
        "ratio": ratio,
        "column": column,
    }
    cited = [cite.BATTLE, *((cite.FORTRESSES,) if sortie else ())]
    reasons += _other_rounding(attacking, effective)
    if column_sides[1] >= AUTOMATIC_RATIO:
        reasons.append(
            Reason(
                N_(
                    "The text removes the defender at 10:1 or more; it does not say what an "
                    "attack at 1:10 or worse does, so this battle is fought as any other."
                ),
                cite.BATTLE,
                code="one_to_ten",
            )
        )
    if ratio >= AUTOMATIC_RATIO:
        reasons.append(
            Reason(
                N_(
                    "A force ratio of 10:1 or more removes the defender from the board at once; "
                    "the attacker may go on with its move."
                ),
                cite.BATTLE,
                code="automatic",
            )
        )
        return BattleAnswer(
            **common,
            automatic=True,
            reasons=tuple(reasons),
            citations=unique_citations(cited),
            assumptions=(RATIO_ASSUMPTION,),
            readings=ratio_read,
        )
    modifier, casting = _leaders_modifier(attacker_leader, defender_leader, reasons, cited)
    spell_shift, spell_reasons = _spell_shift(casting, spells)
    reasons += spell_reasons
    if spell_reasons:
        cited.append(cite.TABLES)
    # a Czary roll still to make whose table values are not known: the die's distribution is
    # not known either, and no value is guessed (the answer says which table to enter)
    outcomes = (
        ()
        if spell_reasons
        else _die_outcomes(modifier, spell_shift, attacking, defending, column, table)
    )
    missing = tuple(o.modified for o in outcomes if o.losses is None) if table else ()
    read = _rounding_reading(outcomes, rounding)
    outcomes = _rounded(outcomes, rounding)
    if table is None:
        cited.append(cite.TABLES)
    reasons += _table_reasons(table, column, missing)
    return BattleAnswer(
        **common,
        modifier=modifier,
        outcomes=outcomes,
        table_entered=table is not None,
        missing=missing,
        reasons=tuple(reasons),
        citations=unique_citations(cited),
        assumptions=(
            RATIO_ASSUMPTION,
            D6_ASSUMPTION,
            *((LOSS_ASSUMPTION,) if rounding == EXACT else ()),
        ),
        readings=(*ratio_read, *read),
    )


def _sortie_multiplier(multiplier: Fraction, sortie: bool) -> tuple[Fraction, list[Reason]]:
    """Besiegers attacked from the fortress defend without the terrain multiplier (rules:
    Twierdze)."""
    if not sortie or multiplier == 1:
        return multiplier, []
    return Fraction(1), [
        Reason(
            N_(
                "Besiegers attacked from the fortress defend without the terrain "
                "multiplier (%(multiplier)s ignored)."
            ),
            cite.FORTRESSES,
            {"multiplier": str(multiplier)},
            code="sortie",
        )
    ]


def _leaders_modifier(
    attacker: Leader | None,
    defender: Leader | None,
    reasons: list[Reason],
    cited: list[Citation],
) -> tuple[int, list[tuple[int, str]]]:
    """The leaders' Morale (and spell bonuses) as the die's modifier, and the leaders who cast
    a Czary roll with its sign (rules: Morale, Czary); their reasons and rules are added."""
    modifier = 0
    casting: list[tuple[int, str]] = []
    for side, leader, sign in (("attacker", attacker, 1), ("defender", defender, -1)):
        if leader is None:
            continue
        if leader.bracketed:
            reasons.append(Reason(BRACKETED[side], cite.MORALE, code="bracketed_morale"))
            continue
        modifier += sign * (leader.morale + leader.spell_bonus)
        if leader.spell_bonus or leader.spells:
            cited.append(cite.SPELLS)
        if leader.spells:
            casting.append((sign, leader.spells))
    if casting:
        reasons.append(
            Reason(
                N_(
                    "A leader's Czary roll adds to its Morale for the whole battle: roll it once, "
                    "and in the later rounds give the number rolled as its Czary bonus."
                ),
                cite.SPELLS,
                code="spell_for_the_battle",
            )
        )
    return modifier, casting


def _die_outcomes(
    modifier: int,
    spell_shift: dict[int, Fraction],
    attacking: int,
    defending: int,
    column: str,
    table: BattleResultsTable | None,
) -> tuple[BattleOutcome, ...]:
    """Each modified die's result: one per face, or per modified total when a spell's roll
    shifts it."""
    if spell_shift == {0: Fraction(1)}:
        return tuple(
            _outcome(roll, roll + modifier, FACE, attacking, defending, column, table)
            for roll in DIE_FACES
        )
    modified = convolve(uniform(roll + modifier for roll in DIE_FACES), spell_shift)
    return tuple(
        _outcome(None, die, p, attacking, defending, column, table)
        for die, p in sorted(modified.items())
    )


def _table_reasons(
    table: BattleResultsTable | None, column: str, missing: tuple[int, ...]
) -> list[Reason]:
    """Your copy's Wyniki bitwy table: absent, or without some rows this battle needs."""
    if table is None:
        return [
            Reason(ENTER_TABLE, cite.TABLES, {"table": BATTLE_TABLE_NAME}, code="table_missing")
        ]
    if not missing:
        return []
    return [
        Reason(
            N_(
                "Your Wyniki bitwy table has no row for column %(column)s and modified die "
                "%(dice)s: complete it from your copy."
            ),
            cite.TABLES,
            {"column": column, "dice": ", ".join(str(d) for d in missing)},
            code="table_incomplete",
        )
    ]


def _other_rounding(attacking: int, effective: Fraction) -> list[Reason]:
    """The column if the defender's multiplied strength were rounded up before dividing: the
    text does not say which fraction "Ułamki są zaokrąglane na korzyść obrońcy" means (rules:
    Bitwa). Said only when it changes the column or the automatic removal."""
    rounded = ceil(effective)
    ratio, other_ratio = Fraction(attacking) / effective, Fraction(attacking, rounded)
    both_automatic = min(ratio, other_ratio) >= AUTOMATIC_RATIO
    other = odds_column(Fraction(attacking), Fraction(rounded))
    if both_automatic or other == odds_column(Fraction(attacking), effective):
        return []
    return [
        Reason(
            N_(
                "The text does not say which fraction is rounded: if your group rounds the "
                "defender's multiplied strength up first (%(effective)s → %(rounded)s), the "
                "column is %(column)s."
            ),
            cite.BATTLE,
            {"effective": str(effective), "rounded": str(rounded), "column": odds_label(*other)},
            code="rounding_reading",
        )
    ]


def _spell_shift(
    casting: list[tuple[int, str]], spells: SpellTable | None
) -> tuple[dict[int, Fraction], list[Reason]]:
    """The leaders' Czary rolls still to make, as a distribution of their net effect on the
    die (rules: Czary): the attacker's result added, the defender's subtracted."""
    shift = {0: Fraction(1)}
    if not casting:
        return shift, []
    if spells is None:
        reason = Reason(ENTER_TABLE, cite.TABLES, {"table": SPELL_TABLE_NAME}, code="table_missing")
        return shift, [reason]
    missing = []
    for sign, category in casting:
        values = [spells.lookup(category, roll) for roll in DIE_FACES]
        missing += [f"{category}/{r}" for r, v in zip(DIE_FACES, values, strict=True) if v is None]
        shift = convolve(shift, uniform(sign * (value or 0) for value in values))
    if missing:
        reason = Reason(
            N_("Your Czary table has no entry for %(cells)s: complete it from your copy."),
            cite.TABLES,
            {"cells": ", ".join(missing)},
            code="table_incomplete",
        )
        return {0: Fraction(1)}, [reason]
    return shift, []


def _outcome(
    roll: int | None,
    modified: int,
    probability: Fraction,
    attacking: int,
    defending: int,
    column: str,
    table: BattleResultsTable | None,
) -> BattleOutcome:
    losses = table.lookup(column, modified) if table else None
    return BattleOutcome(
        roll=roll,
        modified=modified,
        probability=probability,
        losses=losses,
        attacker_loss=loss(attacking, losses.attacker_percent) if losses else None,
        defender_loss=loss(defending, losses.defender_percent) if losses else None,
    )


def _check(
    attacker_units: Sequence[int],
    defender_units: Sequence[int],
    multiplier: Fraction,
    attacker_leader: Leader | None,
    defender_leader: Leader | None,
) -> None:
    problems = Problems()
    for field, units, side in (
        ("attacker_units", attacker_units, "attacker"),
        ("defender_units", defender_units, "defender"),
    ):
        if not units:
            problems.add(
                field,
                Message(
                    N_("The %(side)s has no units: a force ratio needs a strength on both sides."),
                    side=side,
                ),
            )
        problems.units(field, units)
    if not isinstance(multiplier, int | Fraction) or not 0 < multiplier <= MAX_MULTIPLIER:
        problems.add(
            "terrain_multiplier",
            Message(N_("Must be above 0 and at most %(high)s."), high=MAX_MULTIPLIER),
        )
    for side, leader in (("attacker", attacker_leader), ("defender", defender_leader)):
        if leader is not None:
            problems.integer(f"{side}_morale", leader.morale, 0, MAX_ATTRIBUTE)
            problems.integer(f"{side}_spell_bonus", leader.spell_bonus, 0, MAX_ATTRIBUTE)
            if leader.spells is not None and leader.spells not in SPELL_CATEGORIES:
                problems.add(f"{side}_spells", one_of(SPELL_CATEGORIES))
            elif leader.spells and leader.spell_bonus:
                problems.add(
                    f"{side}_spells",
                    Message(
                        N_(
                            "Give either the Czary bonus already rolled or the category to roll, "
                            "not both."
                        )
                    ),
                )
    problems.raise_if_any()
