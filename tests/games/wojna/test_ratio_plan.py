"""The ratio planner against a brute-force walk over every attacking strength."""

from fractions import Fraction
from math import ceil, floor
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna import validation
from adjudicator.games.wojna.battle import Leader, resolve_battle
from adjudicator.games.wojna.ratio_plan import plan_ratio
from adjudicator.games.wojna.tables import battle_table
from tests.memory import MB, peak_bytes

COLUMNS = [f"1:{n}" for n in range(6, 1, -1)] + [f"{n}:1" for n in range(1, 10)]
#: A made-up Wyniki bitwy: the defender loses more in better columns and with a higher die
#: (all of it at 9:1 from a modified 7).
TABLE = battle_table(
    {
        "odds": c,
        "die": d,
        "attacker_loss": max(0, 30 - 3 * i - d),
        "defender_loss": min(100, max(0, 5 * i + 8 * d - 20)),
    }
    for i, c in enumerate(COLUMNS)
    for d in range(-6, 13)
)


def resolve_past_limit(*args, **kwargs):
    """``resolve_battle`` past the input limit on units a side: the walk to 10:1 may add
    hundreds of units, as the plan's bands do."""
    with mock.patch.object(validation, "MAX_UNITS", 10_000):
        return resolve_battle(*args, **kwargs)


def walk(attacker_units, defender_units, multiplier, leader, unit):
    """Every column reached by adding 0, 1, 2, ... units of strength ``unit``, with the fewest
    units for it."""
    first: dict[str, int] = {}
    added = 0
    while True:
        answer = resolve_past_limit(
            [*attacker_units, *[unit] * added],
            defender_units,
            multiplier,
            attacker_leader=leader,
            table=TABLE,
        )
        column = "10:1" if answer.automatic else answer.column
        first.setdefault(column, added)
        if answer.automatic:
            return first
        added += 1


@settings(max_examples=40, deadline=None)
@given(
    attacker=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    defender=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    multiplier=st.sampled_from([Fraction(1), Fraction(3, 2), Fraction(2), Fraction(1, 2)]),
    morale=st.sampled_from([None, 0, 2]),
    unit=st.integers(1, 4),
)
def test_each_band_is_the_least_strength_a_brute_force_walk_finds(
    attacker, defender, multiplier, morale, unit
):
    leader = None if morale is None else Leader(morale)
    plan = plan_ratio(
        attacker, defender, multiplier, unit_strength=unit, attacker_leader=leader, table=TABLE
    )
    expected = walk(attacker, defender, multiplier, leader, unit)
    assert {b.column: b.added_units for b in plan.bands} == expected
    for band in plan.bands:
        assert band.added_strength == band.added_units * unit
        assert band.attacker_strength == sum(attacker) + band.added_strength
        units = [*attacker, *[unit] * band.added_units]
        direct = resolve_past_limit(
            units, defender, multiplier, attacker_leader=leader, table=TABLE
        )
        assert band.outcomes == direct.outcomes
        assert band.column == ("10:1" if direct.automatic else direct.column)
        if not band.automatic and not direct.missing:
            expected_loss = sum(o.probability * o.defender_loss for o in direct.outcomes)
            assert band.defender_loss == expected_loss
        elif not band.automatic:
            assert band.defender_loss is None  # the table lacks that column (below 1:6)


def test_what_one_more_unit_buys_by_hand():
    """7 against 5 × 3/2 = 15/2: ratio 14/15, column 1:2 (in the defender's favour). 1:1 needs
    8: one unit of 2 gives 9; 2:1 needs 15: four units; 10:1 needs 75 and removes the defender
    for sure. At 9:1 the leader's Morale 2 makes a 5 or a 6 a modified 7 or 8: the defender
    loses all, chance 1/3."""
    leader = Leader(2)
    plan = plan_ratio(
        [4, 3], [5], Fraction(3, 2), unit_strength=2, attacker_leader=leader, table=TABLE
    )
    first, second, *_, last = plan.bands
    assert (first.column, first.added_strength, first.added_units) == ("1:2", 0, 0)
    assert (second.column, second.attacker_strength, second.added_units) == ("1:1", 9, 1)
    assert (plan.bands[2].attacker_strength, plan.bands[2].added_units) == (15, 4)
    assert (last.column, last.attacker_strength, last.automatic) == ("10:1", 75, True)
    assert last.defender_destroyed == 1 and last.attacker_loss == 0
    destroyed = [b.defender_destroyed for b in plan.bands]
    assert destroyed[0] == 0 and destroyed[-2] == Fraction(1, 3)


def test_without_the_table_the_bands_have_no_odds():
    plan = plan_ratio([4], [2])
    assert [b.column for b in plan.bands][:2] == ["2:1", "3:1"]
    assert plan.bands[0].defender_loss is None and plan.bands[-1].defender_destroyed == 1
    assert "table_missing" in {r.code for r in plan.reasons}


@pytest.mark.parametrize(
    ("units", "unit", "field"), [([1], 0, "unit_strength"), ([1], 1, "attacker_units")]
)
def test_bad_input_names_the_field(units, unit, field):
    defender = [100] if field == "attacker_units" else [1]
    with pytest.raises(InvalidInput) as error:
        plan_ratio(units, defender * 2, unit_strength=unit)
    assert field in dict(error.value.problems)


def test_a_column_whole_units_overshoot_is_not_listed():
    """3 against 3, units of 5: one unit makes 8 (2:1), two make 13 (4:1): 3:1 cannot be had
    with whole units, so it is not offered (its odds would be for a strength no army fields)."""
    plan = plan_ratio([3], [3], unit_strength=5, table=TABLE)
    columns = {band.column: band.added_units for band in plan.bands}
    assert "3:1" not in columns and columns["2:1"] == 1 and columns["4:1"] == 2


#: Everything the API's schema allows at its extremes (200 units of 10,000, multipliers 0.01 and
#: 100): the plan lists at most MAX_BANDS columns, so a weak attacker is refused before any
#: column is built and a strong one adds units as their sum (issue 27).
EXTREMES = [
    ([1], [10_000] * 200, Fraction(100)),
    ([10_000] * 8, [10_000] * 7, Fraction(100)),
    ([10_000] * 200, [10_000] * 200, Fraction(100)),
    ([1] * 200, [10_000] * 200, Fraction(1, 100)),
    ([10_000] * 200, [1], Fraction(1, 100)),
]


@pytest.mark.parametrize(("attacker", "defender", "multiplier"), EXTREMES)
def test_the_schema_s_extremes_are_planned_in_bounded_memory(attacker, defender, multiplier):
    assert peak_bytes(lambda: plan_ratio(attacker, defender, multiplier, table=TABLE)) < 4 * MB


def test_a_hopeless_attacker_is_refused_before_its_columns_are_listed():
    with pytest.raises(InvalidInput) as refused:
        plan_ratio([1], [10_000] * 200, Fraction(100))
    assert [field for field, _message in refused.value.problems] == ["attacker_units"]


def test_the_plan_counts_its_columns_under_the_ratio_reading_picked():
    """Issue 25: 9 against 3 in ×1.5 terrain is 2:1 (the ratio rounded) or 1:1 (the defender's
    4.5 rounded up first); the plan starts from the battle's column under the reading picked,
    needs strength against 4.5 or 5, and carries the other reading's column."""
    plan = plan_ratio([9], [3], Fraction(3, 2))
    first = plan_ratio([9], [3], Fraction(3, 2), readings={"ratio_rounding": "strength_first"})
    assert (plan.defender_effective, first.defender_effective) == (Fraction(9, 2), 5)
    assert (plan.bands[0].column, first.bands[0].column) == ("2:1", "1:1")
    assert plan.readings[0].others[0].answer.params == {"column": "1:1"}
    assert first.readings[0].others[0].answer.params == {"column": "2:1"}
    with pytest.raises(InvalidInput):
        plan_ratio([9], [3], readings={"loss_rounding": "nearest"})


@pytest.mark.parametrize("rounding", ["exact", "defender_favour", "down", "up"])
def test_the_plan_s_losses_follow_the_loss_reading_and_carry_the_others(rounding):
    """Issue 25: the expected losses of every column depend on how the losses are rounded, so
    the plan takes ``loss_rounding`` and carries every column's under the other roundings;
    checked against each column's exact outcomes rounded by hand (ceil/floor per side)."""
    up = {"attacker": ceil, "defender": ceil}
    by_hand = {
        "exact": {"attacker": lambda x: x, "defender": lambda x: x},
        "defender_favour": {"attacker": ceil, "defender": floor},
        "down": {"attacker": floor, "defender": floor},
        "up": up,
    }[rounding]
    plan = plan_ratio([4, 3], [5], Fraction(3, 2), unit_strength=2, table=TABLE,
                      readings={"loss_rounding": rounding})  # fmt: skip
    exact = plan_ratio([4, 3], [5], Fraction(3, 2), unit_strength=2, table=TABLE)
    for band, unrounded in zip(plan.bands, exact.bands, strict=True):
        if band.automatic:
            assert band.attacker_loss == 0
            continue
        for side in ("attacker", "defender"):
            expected = sum(
                (
                    o.probability * by_hand[side](getattr(o, f"{side}_loss"))
                    for o in unrounded.outcomes
                ),
                Fraction(0),
            )
            assert getattr(band, f"{side}_loss") == expected
    (loss,) = [r for r in plan.readings if r.id == "loss_rounding"]
    assert loss.chosen.reading == rounding and len(loss.others) == 3
    first = plan.bands[0]
    shown = f"{first.column} {float(first.attacker_loss):.2f} / {float(first.defender_loss):.2f}"
    assert loss.chosen.answer.params["bands"].startswith(shown)
    under_up = plan_ratio([4, 3], [5], Fraction(3, 2), unit_strength=2, table=TABLE,
                          readings={"loss_rounding": "up"})  # fmt: skip
    answers = {o.reading: o.answer for o in (loss.chosen, *loss.others)}
    (up_reading,) = [r for r in under_up.readings if r.id == "loss_rounding"]
    assert answers["up"] == up_reading.chosen.answer
    assert [r.id for r in plan_ratio([9], [3]).readings] == []  # no table, no losses
