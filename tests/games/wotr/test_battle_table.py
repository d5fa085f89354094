"""The kept end distributions of battles fought to the end (``battle._EndTable``, issue 29)
against the plain forward walk (``battle._Chain``): the same fractions in the same order, and
a bounded table."""

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr import battle as engine
from adjudicator.games.wotr.battle import (
    CASUALTY_POLICIES,
    SETTLEMENT_TYPES,
    Army,
    Battle,
    battle_odds,
    check_battle,
)

armies = st.builds(
    Army,
    regular=st.integers(0, 7),
    elite=st.integers(0, 3),
    leadership=st.integers(0, 7),  # past 5 it re-rolls no more (tables shared from 5 up)
    strength_bonus=st.sampled_from([0, 0, 1, -1, -2]),
    roll_modifier=st.sampled_from([0, 0, 1, -1]),
    reroll_modifier=st.sampled_from([0, 0, 1, -2]),
    casualty_policy=st.sampled_from(CASUALTY_POLICIES),
)


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    """Battles fought until decided, of every kind the API takes (sieges and thresholds too)."""
    settlement = draw(st.sampled_from(SETTLEMENT_TYPES))
    battle = Battle(
        draw(armies), draw(armies), settlement=settlement,
        siege=settlement == "stronghold" and draw(st.booleans()), rounds=None,
        attacker_stops_below=draw(st.sampled_from([0, 0, 0, 2, 4])),
    )  # fmt: skip
    try:
        check_battle(battle)
    except InvalidInput:
        assume(False)
    return battle


def _chances(walked: tuple) -> tuple:
    rounds, denominator, ended = walked
    return rounds, [(state, Fraction(int(count), int(denominator))) for state, count in ended]


@settings(max_examples=150, deadline=None)
@given(battles())
def test_the_kept_tables_answer_as_the_walk(battle):
    """Each example adds to the tables of its rules, which later examples of the same rules
    reuse, made in another order: any wrong kept distribution changes an answer."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "TABLE_BUILD_LIMIT", 10**6)  # never walked for its size
        tabled = engine._to_the_end(battle)
    assert _chances(tabled) == _chances(engine._walked(battle))


CITY_OF_EQUAL_CHANCES = Battle(
    Army(1, 0, 1, roll_modifier=1, reroll_modifier=-1),
    Army(2, 2, strength_bonus=-1, roll_modifier=1, reroll_modifier=-1),
    settlement="city",
    rounds=None,
)


@pytest.mark.parametrize(
    "battle",
    [Battle(Army(6, 2), Army(6, 2), settlement="town", rounds=None), CITY_OF_EQUAL_CHANCES],
    ids=["town", "city"],
)
def test_equal_chances_come_in_the_walks_order_from_the_tables(monkeypatch, battle):
    """End states of equal chances are listed as the walk first records them (the answer's
    order since the walk was the only engine), from the kept tables: the start's kept state
    (a town) and the first round summed (a city), without walking."""
    monkeypatch.setattr(engine, "TABLE_BUILD_LIMIT", 10**6)  # never walked for its size
    walked = engine._walked(battle)[2]
    counts = [count for _state, count in walked]
    assert len(set(counts)) < len(counts)  # equal chances
    tabled = engine._to_the_end(battle)
    assert tabled is not None and _chances(tabled) == _chances(engine._walked(battle))
    assert list(battle_odds(battle).outcomes) == [state for state, _count in walked]


def test_a_battle_that_would_fill_much_of_a_table_is_walked(monkeypatch):
    rules = {"roll_modifier": 1, "leadership": 4}
    battle = Battle(Army(9, 1, **rules), Army(8, 2, **rules), rounds=None)
    monkeypatch.setattr(engine, "TABLE_BUILD_LIMIT", 50)
    table = engine._end_table(battle)
    table.ends.clear()
    assert engine._to_the_end(battle) is None and not table.ends
    walked = engine._walked(battle)[2]
    assert tuple(battle_odds(battle).outcomes.counts.items()) == tuple(
        (state, int(count)) for state, count in walked
    )


def test_the_kept_states_are_bounded(monkeypatch):
    """Past MAX_KEPT_STATES over all rules, the least recently used rules' tables go; one
    battle adds at most TABLE_BUILD_LIMIT states to its rules' table."""
    monkeypatch.setattr(engine, "MAX_KEPT_STATES", 400)
    monkeypatch.setattr(engine, "TABLE_BUILD_LIMIT", 200)
    monkeypatch.setattr(engine, "_tables", {})
    for leadership in range(6):
        for size in range(1, 9):
            battle_odds(Battle(Army(size, 1, leadership), Army(size, 0, 2), rounds=None))
            kept = sum(len(table.ends) for table in engine._tables.values())
            assert kept <= 400 + 200
    assert len(engine._tables) < 6


def test_a_whole_table_is_a_few_kilobytes_a_state():
    """The widest rules' table (leadership 5, a roll modifier, armies of 10 with any elites):
    its numbers take under 5 KB a state (MAX_KEPT_STATES's bound assumes 6 KB with the
    objects around them; they are GMP integers, which tracemalloc does not see)."""
    army = Army(0, 0, leadership=5, roll_modifier=1)
    table = engine._EndTable(Battle(army, Army(0, 0, leadership=5), rounds=None))
    sides = [(r, e) for e in range(11) for r in range(11 - e) if r + e]
    for attacker in sides:
        for defender in sides:
            table.of((2, attacker, defender))
    assert len(table.ends) == len(sides) ** 2 == 4225
    kept = table.ends.values()
    numbers = sum(int(n).bit_length() // 8 + 16 for d, _e, counts, _f in kept for n in (d, *counts))
    firsts = sum(ranks.itemsize * len(ranks) + 64 for _d, _e, _c, ranks in kept)
    assert (numbers + firsts) / len(table.ends) < 5 * 1024


def test_a_walked_battle_leaves_no_table(monkeypatch):
    """A battle past TABLE_BUILD_LIMIT is walked without making its rules' table: the API
    takes billions of rules, and each empty table kept would cost memory and every later
    battle's bound check (found in review: 20,000 empty tables, 34 MB, 0.74 ms a battle)."""
    monkeypatch.setattr(engine, "_tables", {})
    for modifier in range(-2, 3):
        for bonus in range(-1, 2):
            rules = {"roll_modifier": modifier, "strength_bonus": bonus}
            battle_odds(Battle(Army(10, 0, 2, **rules), Army(10, 0, 1), rounds=None))
    assert engine._tables == {}


def test_the_kept_tables_are_bounded_in_number(monkeypatch):
    monkeypatch.setattr(engine, "MAX_TABLES", 5)
    monkeypatch.setattr(engine, "_tables", {})
    for leadership in range(4):
        for modifier in (-1, 0, 1):
            battle_odds(
                Battle(Army(3, 0, leadership, roll_modifier=modifier), Army(2, 1), rounds=None)
            )
            assert len(engine._tables) <= 5
    assert len(engine._tables) == 5


def test_leadership_past_five_shares_the_table_of_five():
    """Leadership re-rolls at most 5 dice (Army.rerolls): 5 to 20 are the same rules."""
    keys = {
        engine._later_key(Battle(Army(4, 1, lead), Army(3, 0, 2), rounds=None))
        for lead in (5, 9, 20)
    }
    assert len(keys) == 1
    assert engine._later_key(Battle(Army(4, 1, 4), Army(3, 0, 2), rounds=None)) not in keys


@pytest.mark.parametrize("settlement", ["none", "town", "stronghold"])
def test_a_battle_opening_as_its_later_rounds_is_its_kept_state(monkeypatch, settlement):
    """Without walls the first round is fought as the later ones: the answer is the start's
    kept end distribution, summed from nothing (its fractions and order the walk's)."""
    battle = Battle(Army(5, 2, 2), Army(4, 1, 1), settlement=settlement, rounds=None)
    engine._end_table(battle).of((2, (5, 2), (4, 1)))

    def not_summed(*_args: object) -> None:
        raise AssertionError("summed")

    monkeypatch.setattr(engine, "_summed", not_summed)
    assert _chances(engine._to_the_end(battle)) == _chances(engine._walked(battle))


def test_an_attacker_below_its_threshold_at_the_start_fights_one_round():
    """The attacker fights the first round whatever it has, then ceases (Прекращение
    сражения): its start is no later-round state, whose round repeats until a hit."""
    battle = Battle(Army(1, 0, 0), Army(6, 0, 0), settlement="town", rounds=None,
                    attacker_stops_below=2)  # fmt: skip
    tabled = engine._to_the_end(battle)
    assert tabled is not None and _chances(tabled) == _chances(engine._walked(battle))


@settings(max_examples=60, deadline=None)
@given(battles())
def test_the_destroyed_chances_are_sums_over_the_end_states(battle):
    """The three headline chances, summed together in one pass, are each end state's chance
    summed by its condition (EndStateChances' definitions)."""
    odds = battle_odds(battle)
    by_condition = engine.EndStateChances.probability
    assert (odds.defender_destroyed, odds.attacker_destroyed, odds.both_destroyed) == (
        by_condition(odds, lambda ar, ae, dr, de: dr + de == 0),
        by_condition(odds, lambda ar, ae, dr, de: ar + ae == 0),
        by_condition(odds, lambda ar, ae, dr, de: ar + ae == 0 and dr + de == 0),
    )
