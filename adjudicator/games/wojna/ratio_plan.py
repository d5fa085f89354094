"""The ratio planner: what more strength buys in a battle (rules: Bitwa).

The force ratio is rounded in the defender's favour to a column of Wyniki bitwy (1:N below
1:1, N:1 above), and 10:1 or more removes the defender at once. For every column from the
battle's own up to 10:1 this gives the smallest attacking strength that reaches it (N:1 needs
``N × defender`` or more, 1:N needs ``defender / N`` or more, the defender's strength multiplied
by its terrain), how many whole units of a given strength reach it and the strength they add, and
the round's outcome there: its exact distribution of losses from the user's table, the expected
losses and the chance that the defender loses everything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from math import ceil

from adjudicator.games.common import (
    N_,
    Answer,
    Message,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
)

from . import citations as cite
from .battle import (
    AUTOMATIC_RATIO,
    EXACT,
    LOSS_ROUNDING,
    RATIO_ROUNDING,
    ROUNDING_QUOTE,
    ROUNDINGS,
    BattleAnswer,
    BattleOutcome,
    Leader,
    resolve_battle,
    rounded_loss,
)
from .tables import BattleResultsTable, SpellTable, odds_label
from .validation import MAX_ATTRIBUTE, Problems

#: The most columns a plan lists (from 1:100 up to 10:1).
MAX_BANDS = 110


@dataclass(frozen=True)
class Band:
    """One column the attacker can reach: the least strength for it, what that adds to the
    attacker (in strength and in units of the planned strength), and the round there."""

    column: str
    attacker_strength: int
    added_strength: int
    added_units: int
    automatic: bool
    outcomes: tuple[BattleOutcome, ...]
    attacker_loss: Fraction | None  # expected, strength points; None without the table
    defender_loss: Fraction | None
    defender_destroyed: Fraction | None  # chance the defender loses 100% or is removed


@dataclass(frozen=True, kw_only=True)
class RatioPlan(Answer):
    """The battle's own column first, then each better one up to the automatic removal."""

    defender_effective: Fraction
    unit_strength: int
    bands: tuple[Band, ...]


def least_strength(column: tuple[int, int], defender: Fraction) -> int:
    """The smallest attacking strength whose ratio to ``defender`` rounds (in the defender's
    favour) to ``column`` or better: ``N × defender`` for N:1, ``defender / N`` for 1:N."""
    attacker, against = column
    return max(ceil(attacker * defender if against == 1 else defender / against), 1)


def _columns(attacking: int, defender: Fraction) -> list[tuple[int, int]] | None:
    """The battle's column, then every better one up to 10:1; None past MAX_BANDS columns
    (counted before any is listed: a weak attacker would have hundreds of millions)."""
    ratio = Fraction(attacking) / defender
    if ratio >= 1:
        return [(n, 1) for n in range(min(int(ratio), AUTOMATIC_RATIO), AUTOMATIC_RATIO + 1)]
    worst = ceil(1 / ratio)
    if worst - 1 + AUTOMATIC_RATIO > MAX_BANDS:
        return None
    return [(1, n) for n in range(worst, 1, -1)] + [(n, 1) for n in range(1, AUTOMATIC_RATIO + 1)]


def plan_ratio(
    attacker_units: Sequence[int],
    defender_units: Sequence[int],
    terrain_multiplier: Fraction = Fraction(1),
    *,
    unit_strength: int = 1,
    attacker_leader: Leader | None = None,
    defender_leader: Leader | None = None,
    sortie: bool = False,
    table: BattleResultsTable | None = None,
    spells: SpellTable | None = None,
    readings: Mapping[str, str] | None = None,
) -> RatioPlan:
    """Each column from the battle's own up to 10:1: the least strength, the units of
    ``unit_strength`` to add, and the exact outcome of a round there. ``readings`` may pick
    ``ratio_rounding`` (:data:`battle.RATIO_READINGS`): the columns are counted under it, and
    the plan carries the battle's column under the other reading; and ``loss_rounding``
    (:data:`battle.ROUNDINGS`): each column's losses are rounded so, and with the losses known
    the plan carries every column's expected losses under each other rounding."""
    readings = readings or {}
    check_reading_ids(readings, (RATIO_ROUNDING, LOSS_ROUNDING))
    rounding = pick_reading(readings, LOSS_ROUNDING, ROUNDINGS)
    battle = partial(
        resolve_battle,
        defender_units=defender_units,
        terrain_multiplier=terrain_multiplier,
        attacker_leader=attacker_leader,
        defender_leader=defender_leader,
        sortie=sortie,
        table=table,
        spells=spells,
    )
    plan = partial(_plan, battle, attacker_units, unit_strength)
    answer = plan(readings=readings)
    if not any(band.attacker_loss is not None and not band.automatic for band in answer.bands):
        return answer

    # the other roundings round the same exact outcomes: one more plan at most, not three
    exact = answer if rounding == EXACT else plan(readings={**readings, LOSS_ROUNDING: EXACT})

    def losses(reading: str) -> Reason:
        bands = answer.bands if reading == rounding else [
            _rounded_band(band, reading) for band in exact.bands
        ]  # fmt: skip
        return Reason(PLAN_LOSSES, params={"bands": _losses_line(bands)})

    read = reading_of(LOSS_ROUNDING, cite.BATTLE, ROUNDING_QUOTE, rounding, ROUNDINGS, losses)
    return replace(answer, readings=(*answer.readings, read))


PLAN_LOSSES = N_("expected losses by column, the attacker's / the defender's: %(bands)s")


def _rounded_band(band: Band, rounding: str) -> Band:
    """A column of the plan under ``exact`` with its expected losses rounded so (each
    outcome's loss rounded, then the expectation; the automatic removal is not rounded)."""
    if band.automatic or band.attacker_loss is None:
        return band
    attacker, defender = _expected_losses(
        [
            (o.probability, rounded_loss(o.attacker_loss, "attacker", rounding),
             rounded_loss(o.defender_loss, "defender", rounding))
            for o in band.outcomes
        ]
    )  # fmt: skip
    return replace(band, attacker_loss=attacker, defender_loss=defender)


def _expected_losses(
    outcomes: Sequence[tuple[Fraction, Fraction, Fraction]],
) -> tuple[Fraction, Fraction]:
    """The expected (attacker's, defender's) loss of (probability, losses) outcomes."""
    return (
        sum((p * attacker for p, attacker, _ in outcomes), Fraction(0)),
        sum((p * defender for p, _, defender in outcomes), Fraction(0)),
    )


def _losses_line(bands: Sequence[Band]) -> str:
    return "; ".join(
        f"{band.column} {float(band.attacker_loss):.2f} / {float(band.defender_loss):.2f}"
        for band in bands
        if band.attacker_loss is not None and band.defender_loss is not None
    )


def _plan(
    battle_under: Callable[..., BattleAnswer],
    attacker_units: Sequence[int],
    unit_strength: int,
    readings: Mapping[str, str],
) -> RatioPlan:
    """The plan under ``readings``, carrying the battle's ``ratio_rounding`` reading;
    ``battle_under(units, readings=...)`` is a round of this battle with ``units`` attacking."""
    problems = Problems()
    problems.integer("unit_strength", unit_strength, 1, MAX_ATTRIBUTE)
    problems.raise_if_any()

    def battle(units: Sequence[int]) -> BattleAnswer:
        return battle_under(units, readings=readings)

    current = battle(attacker_units)
    attacking, defender = current.attacker_strength, current.defender_effective
    columns = _columns(attacking, defender)
    if columns is None:
        problems.add(
            "attacker_units",
            Message(
                N_("The attacker is too weak to plan for: below 1:%(worst)s."),
                worst=MAX_BANDS - AUTOMATIC_RATIO + 1,  # 1:101 still fits in MAX_BANDS
            ),
        )
        problems.raise_if_any()
    bands: list[Band] = []
    reasons = list(current.reasons)
    for column in columns:
        # whole units of the planned strength: the column they reach may be a better one
        units = ceil(max(least_strength(column, defender) - attacking, 0) / unit_strength)
        # a round reads only the sides' total strengths: the added units are passed as their
        # sum, not as a list of up to 10 × 200 × 10,000 × 100 entries
        answer = battle([*attacker_units, units * unit_strength]) if units else current
        band = _band(answer, units, unit_strength)
        if not bands or band.column != bands[-1].column:  # a column the next one skips over
            bands.append(band)
            reasons += [reason for reason in answer.reasons if reason not in reasons]
    return RatioPlan(
        defender_effective=defender,
        unit_strength=unit_strength,
        bands=tuple(bands),
        reasons=tuple(reasons),
        readings=tuple(r for r in current.readings if r.id == RATIO_ROUNDING),
        citations=current.citations,
        assumptions=(
            *current.assumptions,
            N_(
                "The strength added is whole units of the planned strength under the same "
                "leaders (a column they overshoot is not listed); losses are percentages of the "
                "attacker's new total."
            ),
        ),
    )


def _band(answer: BattleAnswer, units: int, unit_strength: int) -> Band:
    """A column's round: expected losses and the defender's destruction when the table gives
    every row (the automatic removal destroys it for sure and costs nothing)."""
    complete = answer.automatic or (answer.table_entered and answer.outcomes and not answer.missing)
    attacker_loss = defender_loss = destroyed = None
    if answer.automatic:
        attacker_loss, defender_loss = Fraction(0), Fraction(answer.defender_strength)
        destroyed = Fraction(1)
    elif complete:
        outcomes = answer.outcomes
        attacker_loss, defender_loss = _expected_losses(
            [(o.probability, o.attacker_loss, o.defender_loss) for o in outcomes]
        )
        destroyed = sum(
            (o.probability for o in outcomes if o.losses and o.losses.defender_percent >= 100),
            Fraction(0),
        )
    return Band(
        column=odds_label(*_column_of(answer)),
        attacker_strength=answer.attacker_strength,
        added_strength=units * unit_strength,
        added_units=units,
        automatic=answer.automatic,
        outcomes=answer.outcomes,
        attacker_loss=attacker_loss,
        defender_loss=defender_loss,
        defender_destroyed=destroyed,
    )


def _column_of(answer: BattleAnswer) -> tuple[int, int]:
    """The column of a battle answer as (attacker, defender); 10:1 and more is "10:1"."""
    attacker, defender = (int(part) for part in answer.column.split(":"))
    return (min(attacker, AUTOMATIC_RATIO), defender)
