"""Pojedynek: the score difference, the table's wounds, a fight to the end."""

from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna.characters import Marks, character_status
from adjudicator.games.wojna.duel import (
    Duelist,
    DuelTables,
    resolve_duel,
    score_difference,
    strike_outcomes,
)
from adjudicator.games.wojna.tables import duel_table, spell_table


def table(striker_hit_on: int = 7, struck_hit_from: int = 4, spells=None) -> DuelTables:
    """A made-up test table: the striker is hurt on rolls ≥ striker_hit_on, the struck on
    rolls ≥ struck_hit_from, whatever the difference."""
    return DuelTables(duel=_duel_table(striker_hit_on, struck_hit_from), spells=spells)


def _duel_table(striker_hit_on: int, struck_hit_from: int):
    return duel_table(
        {
            "difference": d,
            "die": r,
            "attacker_wounds": int(r >= striker_hit_on),
            "defender_wounds": int(r >= struck_hit_from),
        }
        for d in range(-30, 31)
        for r in range(1, 7)
    )


def test_score_is_morale_plus_odwaga_minus_wounds():
    assert score_difference(Duelist(3, 4, 1), Duelist(2, 2, 0)) == 2
    answer = resolve_duel(Duelist(3, 4, 1), Duelist(2, 2, 0))
    assert (answer.attacker_total, answer.defender_total, answer.difference) == (6, 4, 2)
    assert answer.reasons[0].code == "table_missing"
    assert answer.fight is None


def test_single_wound_duel_by_hand():
    # Each strike wounds the struck on 4–6 (1/2); both have Odporność 1. The attacker strikes
    # first: it wins with 1/2 + (1/2)(1/2)(1/2) + ... = 2/3; the defender with 1/3.
    fight = resolve_duel(Duelist(1, 1, 0, 1), Duelist(1, 1, 0, 1), table()).fight
    assert fight is not None
    assert fight.defender_falls == Fraction(2, 3)
    assert fight.attacker_falls == Fraction(1, 3)
    assert fight.both_fall == fight.endless == 0


def test_strike_order_is_a_reading_with_the_other_order_computed():
    """Issue 25: the text does not say who strikes first within a round; by hand, with the
    challenged character first the odds above are mirrored (it wins 2/3)."""
    answer = resolve_duel(Duelist(1, 1, 0, 1), Duelist(1, 1, 0, 1), table())
    (reading,) = answer.readings
    assert reading.id == "strike_order" and reading.chosen.reading == "starter_first"
    (other,) = reading.others
    assert other.reading == "defender_first"
    assert other.answer.params == {"attacker": "2/3 (66.67%)", "defender": "1/3 (33.33%)"}
    flipped = resolve_duel(
        Duelist(1, 1, 0, 1), Duelist(1, 1, 0, 1), table(), {"strike_order": "defender_first"}
    )
    assert (flipped.fight.attacker_falls, flipped.fight.defender_falls) == (
        Fraction(2, 3),
        Fraction(1, 3),
    )
    assert flipped.readings[0].others[0].answer == reading.chosen.answer
    assert resolve_duel(Duelist(3, 4, 1), Duelist(2, 2, 0)).readings == ()
    with pytest.raises(InvalidInput):
        resolve_duel(Duelist(1, 1), Duelist(1, 1), table(), {"strike_order": "both"})


def test_duel_that_cannot_end():
    fight = resolve_duel(Duelist(1, 1, 0, 2), Duelist(1, 1, 0, 2), table(7, 7)).fight
    assert fight is not None and fight.endless == 1


def test_missing_cells_are_reported():
    small = duel_table([{"difference": 0, "die": 1, "attacker_wounds": 0, "defender_wounds": 1}])
    answer = resolve_duel(Duelist(1, 1), Duelist(1, 1), DuelTables(duel=small))
    assert "Wyniki pojedynku +0/2" in answer.missing
    assert answer.reasons[-1].code == "table_incomplete"


def test_dead_character_cannot_duel():
    with pytest.raises(InvalidInput) as raised:
        resolve_duel(Duelist(1, 1, 2, 2), Duelist(1, 1))
    assert "attacker_wounds" in dict(raised.value.problems)


@settings(deadline=None)  # no test depends on the machine's speed
@given(st.integers(1, 4), st.integers(1, 4), st.integers(2, 6))
def test_fight_probabilities_sum_to_one(top_a, top_d, threshold):
    fight = resolve_duel(
        Duelist(2, 2, 0, top_a), Duelist(2, 2, 0, top_d), table(6, threshold)
    ).fight
    assert fight is not None
    assert fight.attacker_falls + fight.defender_falls + fight.both_fall + fight.endless == 1


@settings(deadline=None)  # no test depends on the machine's speed
@given(st.integers(1, 4), st.integers(1, 3))
def test_more_odpornosc_never_hurts(top, extra):
    base = resolve_duel(Duelist(2, 2, 0, top), Duelist(2, 2, 0, 2), table(6, 4)).fight
    tougher = resolve_duel(Duelist(2, 2, 0, top + extra), Duelist(2, 2, 0, 2), table(6, 4)).fight
    assert base is not None and tougher is not None
    assert tougher.attacker_falls <= base.attacker_falls


# A made-up Czary table: category A gives the die's value minus 3 (at least 0), B half that.
SPELLS = spell_table(
    [{"category": "A", "die": r, "value": max(r - 3, 0)} for r in range(1, 7)]
    + [{"category": "B", "die": r, "value": max(r - 3, 0) // 2} for r in range(1, 7)]
)


def test_caster_wounds_only_its_opponent():
    answer = resolve_duel(Duelist(1, 1, spells="A"), Duelist(5, 5), table(spells=SPELLS))
    strike = {(s.striker, s.struck): s.probability for s in answer.attacker_strike}
    assert strike == {
        (0, 0): Fraction(1, 2),
        (0, 1): Fraction(1, 6),
        (0, 2): Fraction(1, 6),
        (0, 3): Fraction(1, 6),
    }
    assert answer.exchanges == ()  # the caster's strike is not read from Wyniki pojedynku
    assert "czary-2" in {c.anchor for c in answer.citations}


def test_both_casting_only_the_lower_is_wounded():
    answer = resolve_duel(
        Duelist(1, 1, spells="A"), Duelist(1, 1, spells="A"), table(spells=SPELLS)
    )
    strike = {(s.striker, s.struck): s.probability for s in answer.attacker_strike}
    # A vs A: results 0,0,0,1,2,3 each; P(margin +1) = (1·3 + 1·1 + 1·1)/36 = 5/36.
    assert strike[0, 1] == Fraction(5, 36) == strike[1, 0]
    assert sum(strike.values()) == 1
    assert all(a == 0 or d == 0 for a, d in strike)


def test_spells_without_the_czary_table():
    answer = resolve_duel(Duelist(1, 1, spells="B"), Duelist(1, 1), table())
    assert "table_missing" in {r.code for r in answer.reasons}
    assert answer.attacker_strike == () and answer.defender_strike != ()


@settings(deadline=None)  # no test depends on the machine's speed
@given(st.integers(1, 3), st.integers(1, 3))
def test_fight_with_spells_sums_to_one(top_a, top_d):
    fight = resolve_duel(
        Duelist(2, 2, 0, top_a, "A"), Duelist(2, 2, 0, top_d, "B"), table(6, 4, SPELLS)
    ).fight
    assert fight is not None
    assert fight.attacker_falls + fight.defender_falls + fight.both_fall + fight.endless == 1


def _oracle(attacker: Duelist, defender: Duelist, tables: DuelTables) -> tuple[Fraction, ...]:
    """The fight by backward recursion in plain fractions, round by round (both strikes; the
    second only if the first ended nothing), a wound-free round divided out: (attacker falls,
    defender falls, both fall) — independent of the engine's forward flow in GMP rationals."""
    top_a, top_d = attacker.odpornosc, defender.odpornosc

    def strike(striker: Duelist, struck: Duelist) -> list[tuple[int, int, Fraction]]:
        outcomes = strike_outcomes(striker, struck, tables)
        total = sum(outcomes.values())
        return [(a, d, Fraction(n, total)) for (a, d), n in outcomes.items()]

    @cache
    def value(wa: int, wd: int) -> tuple[Fraction, Fraction, Fraction]:
        if wa >= top_a or wd >= top_d:
            return (
                Fraction(int(wa >= top_a and wd < top_d)),
                Fraction(int(wd >= top_d and wa < top_a)),
                Fraction(int(wa >= top_a and wd >= top_d)),
            )
        a = replace(attacker, wounds=wa)
        d = replace(defender, wounds=wd)
        stay, moved = Fraction(0), [Fraction(0)] * 3
        for hurt_a, hurt_d, p in strike(a, d):
            wa1, wd1 = wa + hurt_a, wd + hurt_d
            follow = [(0, 0, Fraction(1))]
            if wa1 < top_a and wd1 < top_d:
                back = strike(replace(defender, wounds=wd1), replace(attacker, wounds=wa1))
                follow = [(h_a, h_d, q) for h_d, h_a, q in back]
            for h_a, h_d, q in follow:
                if (wa1 + h_a, wd1 + h_d) == (wa, wd):
                    stay += p * q
                else:
                    after = value(wa1 + h_a, wd1 + h_d)
                    moved = [m + p * q * x for m, x in zip(moved, after, strict=True)]
        return tuple(m / (1 - stay) for m in moved)

    return value(attacker.wounds, defender.wounds)


@settings(deadline=None)  # no test depends on the machine's speed
@given(st.integers(1, 4), st.integers(1, 4), st.sampled_from([None, "A", "B"]))
def test_fight_equals_a_recursion_in_plain_fractions(top_a, top_d, spells):
    attacker, defender = Duelist(2, 3, 0, top_a, "A"), Duelist(2, 2, 0, top_d, spells)
    tables = table(6, 4, SPELLS)
    fight = resolve_duel(attacker, defender, tables).fight
    assert fight is not None and isinstance(fight.attacker_falls, Fraction)
    expected = _oracle(attacker, defender, tables)
    assert (fight.attacker_falls, fight.defender_falls, fight.both_fall) == expected


# A Nazgûl in a duel (issue 25): strokes, crosses, and the nazgul_mixed_marks reading.
MIXED = "nazgul_mixed_marks"


def test_a_nazgul_filled_with_both_marks_is_the_wounds_checkers_reading_by_hand():
    """A Nazgûl (Odporność 2, one stroke) against a Magic Sword: its next wound is a cross, and
    its squares then hold both. Each strike wounds the struck on 4–6. Read as ordinary wounds
    (the default) it leaves the duel at its first wound: 2/3 against 1/3, as in the hand count
    above. Read as still able to duel it can never leave, so the attacker falls at last: 1."""
    sword = Duelist(1, 1, 0, 1, magic_sword=True)
    nazgul = Duelist(1, 1, 0, 2, nazgul=True, strokes=1)
    answer = resolve_duel(sword, nazgul, table())
    assert (answer.fight.attacker_falls, answer.fight.defender_falls) == (
        Fraction(1, 3),
        Fraction(2, 3),
    )
    assert (answer.attacker_mark, answer.defender_mark) == ("cross", "cross")
    order, mixed = answer.readings
    assert order.id == "strike_order" and mixed.id == MIXED
    assert mixed.chosen.reading == "cannot_duel"
    (other,) = mixed.others
    assert other.reading == "can_duel"
    assert other.answer.params == {"attacker": "1 (100.00%)", "defender": "0 (0.00%)"}
    picked = resolve_duel(sword, nazgul, table(), {MIXED: "can_duel"})
    assert (picked.fight.attacker_falls, picked.fight.defender_falls) == (1, 0)
    assert picked.readings[1].others[0].answer == mixed.chosen.answer
    # Without the sword its wounds are strokes: all strokes, no reading, it leaves at 2/3.
    plain = resolve_duel(replace(sword, magic_sword=False), nazgul, table())
    assert plain.defender_mark == "stroke" and [r.id for r in plain.readings] == ["strike_order"]
    assert plain.fight.defender_falls == Fraction(2, 3)
    assert "nazgul_stroke" in {r.code for r in plain.reasons}


def test_a_nazgul_already_full_of_both_marks_cannot_duel_or_duels_by_the_reading():
    nazgul = Duelist(3, 2, 1, 3, nazgul=True, strokes=2)
    other = Duelist(2, 2, 0, 2)
    barred = resolve_duel(nazgul, other, table())
    assert barred.cannot_duel == ("attacker",) and barred.fight is None
    assert barred.attacker_strike == () and barred.attacker_total == 2
    (reading,) = barred.readings
    assert reading.id == MIXED and reading.chosen.answer.message == (
        "the attacker cannot take part in duels until it heals"
    )
    duels = resolve_duel(nazgul, other, table(), {MIXED: "can_duel"})
    assert duels.cannot_duel == () and duels.fight is not None
    assert reading.others[0].answer == duels.readings[-1].chosen.answer
    # Without the defender's Odporność there is no fight: the other answer is the score.
    scored = resolve_duel(nazgul, replace(other, odpornosc=None), table())
    assert scored.readings[0].others[0].answer.params == {"difference": "-2"}


def test_full_squares_that_are_not_mixed_are_refused():
    for duelist, field in (
        (Duelist(1, 1, 2, 2, nazgul=True), "attacker_wounds"),  # all crosses: dead
        (Duelist(1, 1, 0, 2, nazgul=True, strokes=2), "attacker_strokes"),  # cannot duel
        (Duelist(1, 1, 2, 3, nazgul=True, strokes=2), "attacker_wounds"),  # more than squares
        (Duelist(1, 1, 0, 3, strokes=1), "attacker_strokes"),  # strokes on a non-Nazgûl
    ):
        with pytest.raises(InvalidInput) as raised:
            resolve_duel(duelist, Duelist(1, 1), table(), {MIXED: "can_duel"})
        assert field in dict(raised.value.problems)


def test_strokes_count_in_the_score():
    assert Duelist(3, 4, 1, nazgul=True, strokes=2).total == 4
    assert resolve_duel(Duelist(3, 4, 1, nazgul=True, strokes=2), Duelist(2, 2)).difference == 0


def _marked_oracle(attacker: Duelist, defender: Duelist, tables: DuelTables, mixed: str):
    """The fight with each side's marks read by the wounds checker itself (``character_status``:
    crosses or strokes by the striker's sword and spells, then dead, unable to duel, or alive
    under ``mixed``), by backward recursion in plain fractions over (crosses, strokes) pairs."""
    readings = {MIXED: mixed}

    def hurt(who: Duelist, marks: tuple[int, int], by: Duelist, wounds: int):
        status = character_status(
            Marks(who.odpornosc, marks[0], 0, marks[1], who.nazgul),
            new_wounds=wounds,
            magic_sword=by.magic_sword,
            spells=bool(by.spells),
            readings=readings,
        )
        return (status.marks.crosses, status.marks.strokes), status.status != "alive"

    def strike(striker, s_marks, struck, t_marks):
        plain_striker = Duelist(striker.morale, striker.odwaga, sum(s_marks), spells=striker.spells)
        plain_struck = Duelist(struck.morale, struck.odwaga, sum(t_marks), spells=struck.spells)
        outcomes = strike_outcomes(plain_striker, plain_struck, tables)
        total = sum(outcomes.values())
        for (to_striker, to_struck), n in outcomes.items():
            s_after, s_out = hurt(striker, s_marks, struck, to_striker)
            t_after, t_out = hurt(struck, t_marks, striker, to_struck)
            yield s_after, s_out, t_after, t_out, Fraction(n, total)

    @cache
    def value(ma, md):
        stay, moved = Fraction(0), [Fraction(0)] * 3
        for a1, a_out, d1, d_out, p in strike(attacker, ma, defender, md):
            if a_out or d_out:
                ends = [int(a_out and not d_out), int(d_out and not a_out), int(a_out and d_out)]
                moved = [m + p * e for m, e in zip(moved, ends, strict=True)]
                continue
            for d2, d_out2, a2, a_out2, q in strike(defender, d1, attacker, a1):
                if a_out2 or d_out2:
                    after = (int(a_out2 and not d_out2), int(d_out2 and not a_out2),
                             int(a_out2 and d_out2))  # fmt: skip
                elif (a2, d2) == (ma, md):
                    stay += p * q
                    continue
                else:
                    after = value(a2, d2)
                moved = [m + p * q * x for m, x in zip(moved, after, strict=True)]
        if stay == 1:
            return (Fraction(0),) * 3  # nothing can ever change: endless
        return tuple(m / (1 - stay) for m in moved)

    return value((attacker.wounds, attacker.strokes), (defender.wounds, defender.strokes))


@st.composite
def duellists(draw):
    odpornosc = draw(st.integers(1, 4))
    nazgul = draw(st.booleans())
    crosses = draw(st.integers(0, odpornosc - 1))
    strokes = draw(st.integers(0, odpornosc - crosses)) if nazgul else 0
    if strokes >= odpornosc or (crosses + strokes >= odpornosc and not crosses):
        strokes = odpornosc - crosses - 1  # full of strokes only is refused
    return Duelist(
        draw(st.integers(0, 3)),
        draw(st.integers(0, 3)),
        crosses,
        odpornosc,
        draw(st.sampled_from([None, None, "A"])),
        nazgul=nazgul,
        strokes=strokes,
        magic_sword=draw(st.booleans()),
    )


@settings(deadline=None)  # no test depends on the machine's speed
@given(
    duellists(),
    duellists(),
    st.integers(4, 7),
    st.integers(2, 7),
    st.sampled_from(["cannot_duel", "can_duel"]),
)
def test_fight_with_nazgul_marks_equals_the_wounds_checker_recursion(
    attacker, defender, striker_hit_on, struck_hit_from, mixed
):
    tables = table(striker_hit_on, struck_hit_from, SPELLS)
    answer = resolve_duel(attacker, defender, tables, {MIXED: mixed})
    if answer.cannot_duel:
        assert mixed == "cannot_duel" and answer.fight is None
        return
    fight = answer.fight
    assert fight.attacker_falls + fight.defender_falls + fight.both_fall + fight.endless == 1
    expected = _marked_oracle(attacker, defender, tables, mixed)
    assert (fight.attacker_falls, fight.defender_falls, fight.both_fall) == expected
    ids = [r.id for r in answer.readings]
    mixed_possible = any(
        who.nazgul and (who.strokes if who.mark_from(by) == "cross" else who.wounds)
        for who, by in ((attacker, defender), (defender, attacker))
    )
    assert (MIXED in ids) == mixed_possible
