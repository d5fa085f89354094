"""The exact-distribution helpers every engine builds its odds from (adjudicator.games.common),
checked against enumeration of the underlying trials."""

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import (
    binomial,
    convolve,
    loop_closure,
    marginal,
    over,
    total,
    uniform,
)

chances = st.fractions(min_value=0, max_value=1, max_denominator=12)


def test_two_dice_sum_is_the_triangle():
    die = uniform(range(1, 7))
    two = convolve(die, die)
    assert two == {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def test_convolve_combines_with_any_operation():
    coin = uniform("HT")
    pairs = convolve(coin, coin, lambda a, b: a + b)
    assert pairs == {
        "HH": Fraction(1, 4),
        "HT": Fraction(1, 4),
        "TH": Fraction(1, 4),
        "TT": Fraction(1, 4),
    }


def test_uniform_adds_repeated_outcomes():
    assert uniform([1, 1, 2]) == {1: Fraction(2, 3), 2: Fraction(1, 3)}


@given(st.integers(min_value=0, max_value=6), chances)
def test_binomial_equals_enumeration_of_every_trial(trials, success):
    enumerated = [Fraction(0)] * (trials + 1)
    for outcome in product((True, False), repeat=trials):
        chance = Fraction(1)
        for hit in outcome:
            chance *= success if hit else 1 - success
        enumerated[sum(outcome)] += chance
    assert binomial(trials, success) == tuple(enumerated)


@given(
    st.dictionaries(st.tuples(st.integers(0, 4), st.integers(0, 4)), st.integers(1, 50), min_size=1)
)
def test_marginal_keeps_the_mass_and_sorts_the_images(weights):
    first = marginal(weights, lambda outcome: outcome[0])
    assert sum(first.values()) == sum(weights.values())
    assert list(first) == sorted(first)
    for image, weight in first.items():
        assert weight == total(weights, lambda outcome, image=image: outcome[0] == image)


def test_over_turns_counts_into_chances():
    assert over({"a": 1, "b": 3}, 4) == {"a": Fraction(1, 4), "b": Fraction(3, 4)}


@settings(deadline=None)  # 400 exact powers: slow on a busy machine, not a failure
@given(st.integers(min_value=0, max_value=30), st.integers(min_value=1, max_value=20))
def test_loop_closure_sums_the_geometric_series(stay, leave):
    """A state that stays with ``stay`` of 36 and leaves by one way with ``leave`` of 36 (the
    rest of the mass leaves elsewhere): the closed form equals the series' sum, which a long
    truncation approaches from below."""
    whole = max(36, stay + leave)
    closed = leave * loop_closure(stay, whole)
    partial = sum(Fraction(stay, whole) ** k * Fraction(leave, whole) for k in range(400))
    assert partial <= closed
    assert closed - partial < Fraction(1, 10**6)


def test_loop_closure_of_a_state_never_left_is_none():
    assert loop_closure(36, 36) is None
    assert loop_closure(Fraction(1)) is None
    assert loop_closure(Fraction(1, 3)) == Fraction(3, 2)
