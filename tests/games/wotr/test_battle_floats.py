"""The battle in floats against the exact engine: every end state within 10⁻¹²."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.wotr.battle import CASUALTY_POLICIES, Army, Battle, battle_odds
from adjudicator.games.wotr.battle_floats import battle_chances

armies = st.builds(
    Army,
    regular=st.integers(0, 6),
    elite=st.integers(0, 4),
    leadership=st.integers(0, 3),
    strength_bonus=st.integers(-2, 1),  # negative: an army may run out of dice mid-battle
    roll_modifier=st.integers(-1, 1),
    reroll_modifier=st.integers(-1, 1),
    casualty_policy=st.sampled_from(CASUALTY_POLICIES),
).filter(lambda army: army.units > 0 and army.dice(army.regular, army.elite) > 0)


def assert_agrees(battle: Battle) -> None:
    exact = battle_odds(battle).outcomes
    floats = battle_chances(battle).outcomes
    assert set(floats) <= set(exact)
    for state, p in exact.items():
        assert floats.get(state, 0.0) == pytest.approx(float(p), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    attacker=armies,
    defender=armies,
    settlement=st.sampled_from(["none", "city", "fortification", "stronghold"]),
    stops_below=st.integers(0, 4),
)
def test_every_end_state_agrees_with_the_exact_fractions(
    attacker, defender, settlement, stops_below
):
    assert_agrees(
        Battle(attacker, defender, settlement, rounds=None, attacker_stops_below=stops_below)
    )


def test_the_benchmark_battle():
    """10 v 10 (5 elites each), leadership 3 v 2, a city: P(defender destroyed) 0.527019."""
    battle = Battle(
        Army(regular=5, elite=5, leadership=3),
        Army(regular=5, elite=5, leadership=2),
        settlement="city",
        rounds=None,
    )
    assert_agrees(battle)
    assert battle_chances(battle).defender_destroyed == pytest.approx(0.527019047, abs=1e-9)


def test_only_battles_fought_to_the_end():
    with pytest.raises(ValueError):
        battle_chances(Battle(Army(regular=3), Army(regular=3), rounds=2))
