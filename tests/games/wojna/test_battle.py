"""Bitwa: the ratio rounded in the defender's favour, 10-1, the Morale-modified die."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna.battle import Leader, odds_column, resolve_battle
from adjudicator.games.wojna.tables import battle_table


@pytest.mark.parametrize(
    ("attacker", "defender", "column"),
    [
        (7, 3, (2, 1)),  # 2.33 → 2:1, never 3:1
        (6, 3, (2, 1)),
        (3, 3, (1, 1)),
        (3, 4, (1, 2)),  # 1:1.33 → 1:2, the defender's favour
        (1, 5, (1, 5)),
        (10, Fraction(7, 2), (2, 1)),
    ],
)
def test_ratio_rounded_in_defenders_favour(attacker, defender, column):
    assert odds_column(Fraction(attacker), Fraction(defender)) == column


def test_terrain_multiplier_applies_to_the_defender():
    answer = resolve_battle([6], [2], Fraction(3, 2))
    assert answer.defender_effective == 3
    assert answer.column == "2:1"


def test_sortie_ignores_the_multiplier():
    answer = resolve_battle([6], [2], Fraction(3), sortie=True)
    assert answer.column == "3:1"
    assert "twierdze" in {c.anchor for c in answer.citations}


def test_ten_to_one_removes_the_defender():
    answer = resolve_battle([20], [2])
    assert answer.automatic and answer.column == "10:1"
    assert answer.outcomes == ()
    assert not resolve_battle([19], [2]).automatic


def test_leaders_morale_modifies_the_die():
    answer = resolve_battle([4], [4], attacker_leader=Leader(3), defender_leader=Leader(1))
    assert answer.modifier == 2
    assert [o.modified for o in answer.outcomes] == [3, 4, 5, 6, 7, 8]
    assert sum(o.probability for o in answer.outcomes) == 1


def test_bracketed_morale_cannot_lead_and_spells_add():
    answer = resolve_battle(
        [4], [4], attacker_leader=Leader(3, bracketed=True), defender_leader=Leader(1, False, 2)
    )
    assert answer.modifier == -3
    assert "bracketed_morale" in {r.code for r in answer.reasons}
    assert "czary-2" in {c.anchor for c in answer.citations}


def test_missing_table_is_said_and_cited():
    answer = resolve_battle([4], [2])
    assert not answer.table_entered
    assert answer.reasons[-1].code == "table_missing"
    assert "tabele-i-zestawienia" in {c.anchor for c in answer.citations}


def test_entered_table_rows_and_exact_losses():
    table = battle_table(
        [{"odds": "2:1", "die": d, "attacker_loss": 10, "defender_loss": 25} for d in range(1, 6)]
    )
    answer = resolve_battle([6], [3], table=table, attacker_leader=Leader(0))
    assert answer.outcomes[0].defender_loss == Fraction(3, 4)
    assert answer.missing == (6,)
    assert answer.reasons[-1].code == "table_incomplete"


def test_loss_rounding_is_a_reading_with_every_direction_computed():
    """Issue 25: «Po zaokrągleniu strat» gives no direction: the exact loss by default, and
    the expected losses under each rounding; ``readings`` picks one."""
    table = battle_table(
        [{"odds": "2:1", "die": d, "attacker_loss": 10, "defender_loss": 25} for d in range(1, 7)]
    )
    answer = resolve_battle([6], [3], table=table)
    (reading,) = answer.readings
    assert reading.id == "loss_rounding" and reading.chosen.reading == "exact"
    assert reading.chosen.answer.params == {"attacker": "3/5 (0.60)", "defender": "3/4 (0.75)"}
    others = {o.reading: o.answer.params for o in reading.others}
    assert others == {
        "defender_favour": {"attacker": "1 (1.00)", "defender": "0 (0.00)"},
        "down": {"attacker": "0 (0.00)", "defender": "0 (0.00)"},
        "up": {"attacker": "1 (1.00)", "defender": "1 (1.00)"},
    }
    favour = resolve_battle([6], [3], table=table, readings={"loss_rounding": "defender_favour"})
    assert (favour.outcomes[0].attacker_loss, favour.outcomes[0].defender_loss) == (1, 0)
    assert resolve_battle([6], [3]).readings == ()  # no table: no losses to round
    with pytest.raises(InvalidInput):
        resolve_battle([6], [3], table=table, readings={"loss_rounding": "nearest"})


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"attacker_units": [3], "defender_units": []}, "defender_units"),
        ({"attacker_units": [3], "defender_units": [0]}, "defender_units.0"),
        (
            {"attacker_units": [3], "defender_units": [1], "terrain_multiplier": 0},
            "terrain_multiplier",
        ),
        (
            {"attacker_units": [3], "defender_units": [1], "attacker_leader": Leader(-1)},
            "attacker_morale",
        ),
    ],
)
def test_bad_battles(kwargs, field):
    with pytest.raises(InvalidInput) as raised:
        resolve_battle(**kwargs)
    assert field in dict(raised.value.problems)


strengths = st.lists(st.integers(1, 20), min_size=1, max_size=4)


@given(strengths, strengths, st.integers(1, 20))
def test_column_never_favours_the_attacker(attackers, defenders, extra):
    answer = resolve_battle(attackers, defenders)
    a, d = (int(x) for x in answer.column.split(":"))
    assert Fraction(a, d) <= answer.ratio
    stronger = resolve_battle([*attackers, extra], defenders)
    assert stronger.ratio > answer.ratio


def test_leader_rolling_on_czary_spreads_the_die():
    from adjudicator.games.wojna.tables import spell_table

    czary = spell_table([{"category": "A", "die": r, "value": max(r - 3, 0)} for r in range(1, 7)])
    answer = resolve_battle([4], [4], attacker_leader=Leader(1, spells="A"), spells=czary)
    chances = {o.modified: o.probability for o in answer.outcomes}
    assert min(chances) == 2 and max(chances) == 10
    assert chances[2] == Fraction(1, 12)  # die 1, Czary 0 (1/2)
    assert chances[10] == Fraction(1, 36)  # die 6, Czary 3
    assert sum(chances.values()) == 1
    assert all(o.roll is None for o in answer.outcomes)
    # without the Czary table the die's spread is unknown: no outcome is given, none guessed
    without = resolve_battle([4], [4], attacker_leader=Leader(1, spells="A"))
    assert "table_missing" in {r.code for r in without.reasons}
    assert without.outcomes == ()
    incomplete = spell_table([{"category": "A", "die": 1, "value": 0}])
    partly = resolve_battle([4], [4], attacker_leader=Leader(1, spells="A"), spells=incomplete)
    assert "table_incomplete" in {r.code for r in partly.reasons} and partly.outcomes == ()


def test_leader_cannot_have_both_a_rolled_bonus_and_a_category():
    with pytest.raises(InvalidInput) as raised:
        resolve_battle([4], [4], attacker_leader=Leader(1, spell_bonus=2, spells="A"))
    assert "attacker_spells" in dict(raised.value.problems)


def test_column_reads_as_players_say_it():
    """Bitwa: "stosunek sił oddziału atakującego do broniącego": attacker first, "3:1", "1:2"
    (the text writes "10-1"; a "-" reads as a minus sign to a player)."""
    assert resolve_battle([9], [3]).column == "3:1"
    assert resolve_battle([3], [5]).column == "1:2"


@pytest.mark.parametrize(
    ("attacker", "defender", "multiplier", "column", "other"),
    [
        (9, 3, Fraction(3, 2), "2:1", "1:1"),  # 9 : 4.5 = 2; 9 : 5 = 1.8
        (3, 3, Fraction(3, 2), "1:2", "1:2"),  # 3 : 4.5 and 3 : 5 agree
    ],
)
def test_other_reading_of_the_rounding_is_shown_when_it_differs(
    attacker, defender, multiplier, column, other
):
    """Bitwa: "broniący się uwzględnia także mnożnik (...) Ułamki są zaokrąglane na korzyść
    obrońcy" does not say whether the defender's multiplied strength or the ratio is rounded;
    when the two readings give different columns, the answer says so."""
    answer = resolve_battle([attacker], [defender], multiplier)
    assert answer.column == column
    notes = [r for r in answer.reasons if r.code == "rounding_reading"]
    if column == other:
        assert notes == []
    else:
        assert len(notes) == 1 and notes[0].params["column"] == other
        assert notes[0].params["rounded"] == "5"


def test_other_reading_can_deny_the_automatic_removal():
    """10 : 1.5 is 10:1 on the exact ratio, but 10 : 2 only 5:1 if the defender's 1.5 is rounded
    up first."""
    answer = resolve_battle([10], [1], Fraction(3, 2))
    assert answer.automatic is False  # 6.67 : 1 → 6:1
    answer = resolve_battle([20], [1], Fraction(3, 2))  # 20 : 2 is 10:1 too: no dispute
    assert answer.automatic and answer.column == "13:1"
    assert [r for r in answer.reasons if r.code == "rounding_reading"] == []
    answer = resolve_battle([19], [1], Fraction(3, 2))
    assert answer.automatic and answer.column == "12:1"
    assert [r.params["column"] for r in answer.reasons if r.code == "rounding_reading"] == ["9:1"]


def test_one_to_ten_is_fought_and_the_silence_is_said():
    """Bitwa: "Stosunek sił 10-1 lub większy oznacza automatyczne usunięcie sił przeciwnika":
    the ratio is the attacker's to the defender's; what 1:10 does is not said."""
    answer = resolve_battle([1], [10])
    assert answer.column == "1:10" and not answer.automatic and len(answer.outcomes) == 6
    assert "one_to_ten" in {r.code for r in answer.reasons}
    assert "one_to_ten" not in {r.code for r in resolve_battle([1], [9]).reasons}


def test_a_leaders_czary_roll_holds_for_the_whole_battle():
    """Czary: leaders "mogą na czas bitwy dodać do swojego Morale liczbę odczytaną z tabeli
    Czary": one roll for the battle, not one per round; the answer says to give the number
    rolled as the bonus in the later rounds."""
    answer = resolve_battle([4], [4], attacker_leader=Leader(1, spells="A"))
    notes = [r for r in answer.reasons if r.code == "spell_for_the_battle"]
    assert len(notes) == 1 and notes[0].citation.anchor == "czary-2"
    rolled = resolve_battle([4], [4], attacker_leader=Leader(1, spell_bonus=2))
    assert "spell_for_the_battle" not in {r.code for r in rolled.reasons}


def test_which_fraction_is_rounded_is_a_reading_with_the_other_column():
    """Issue 25: «Ułamki są zaokrąglane na korzyść obrońcy» after the multiplied strength: the
    ratio rounded (9 : 4.5 = 2:1, the default) or the strength first (9 : 5 → 1:1). The answer
    carries the column under the other reading, and ``readings`` picks it; where both agree
    (or both remove the defender at once) there is no reading."""
    answer = resolve_battle([9], [3], Fraction(3, 2))
    (reading,) = (r for r in answer.readings if r.id == "ratio_rounding")
    assert reading.chosen.answer.params == {"column": "2:1"}
    assert reading.others[0].reading == "strength_first"
    assert reading.others[0].answer.params == {"column": "1:1"}
    assert "Ułamki są zaokrąglane na korzyść obrońcy" in reading.quote
    first = resolve_battle([9], [3], Fraction(3, 2), readings={"ratio_rounding": "strength_first"})
    assert first.column == "1:1" and first.defender_effective == 5
    assert first.readings[0].others[0].answer == reading.chosen.answer
    assert all(r.id != "ratio_rounding" for r in resolve_battle([3], [3], Fraction(3, 2)).readings)
    removed = resolve_battle([20], [1], Fraction(3, 2))  # 13:1 or 10:1: removed either way
    assert all(r.id != "ratio_rounding" for r in removed.readings)
    denied = resolve_battle(
        [19], [1], Fraction(3, 2), readings={"ratio_rounding": "strength_first"}
    )
    assert not denied.automatic and denied.column == "9:1"
    assert denied.readings[0].others[0].answer.message.startswith("10:1 or more")
