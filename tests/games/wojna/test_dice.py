"""Niewola, Ucieczka, Pierścień: exact odds by hand, and monotonic properties."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna.dice import capture_odds, escape_odds, ring_removal_odds

attributes = st.integers(min_value=0, max_value=8)
attempts = st.integers(min_value=1, max_value=30)


def test_capture_niewola_3_is_one_half():
    odds = capture_odds(3)
    assert odds.success_faces == (1, 2, 3)
    assert odds.per_attempt == Fraction(1, 2)
    assert odds.over_attempts == Fraction(1, 2)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_capture_over_n_attempts(n):
    assert capture_odds(3, n).over_attempts == 1 - Fraction(1, 2) ** n


def test_escape_is_at_least_ucieczka():
    odds = escape_odds(5, 2)
    assert odds.success_faces == (5, 6)
    assert odds.over_attempts == 1 - Fraction(4, 6) ** 2 == Fraction(5, 9)
    assert odds.first_success == ((1, Fraction(1, 3)), (2, Fraction(2, 9)))


def test_ring_removal_is_at_most_pierscien():
    assert ring_removal_odds(1).per_attempt == Fraction(1, 6)
    assert ring_removal_odds(0).per_attempt == 0
    assert ring_removal_odds(6).per_attempt == 1


def test_escape_edges():
    assert escape_odds(1).per_attempt == 1
    assert escape_odds(7).per_attempt == 0


def test_capture_forbidden_when_not_found_or_among_own_armies():
    assert capture_odds(6, found=False).over_attempts == 0
    odds = capture_odds(6, own_army_area=True)
    assert not odds.allowed
    assert [r.code for r in odds.reasons] == ["own_army_area"]
    assert {c.anchor for c in odds.citations} >= {"niewola"}


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: capture_odds(-1), "niewola"),
        (lambda: escape_odds(3, 0), "attempts"),
        (lambda: ring_removal_odds(True), "pierscien"),
    ],
)
def test_bad_values_name_the_field(call, field):
    with pytest.raises(InvalidInput) as raised:
        call()
    assert field in dict(raised.value.problems)


@given(attributes, attempts)
def test_capture_monotonic_in_niewola_and_attempts(niewola, n):
    assert capture_odds(niewola + 1, n).over_attempts >= capture_odds(niewola, n).over_attempts
    assert capture_odds(niewola, n + 1).over_attempts >= capture_odds(niewola, n).over_attempts


@given(attributes, attempts)
def test_escape_antitonic_in_ucieczka(ucieczka, n):
    assert escape_odds(ucieczka + 1, n).over_attempts <= escape_odds(ucieczka, n).over_attempts


@given(attributes, attempts)
def test_first_success_and_never_sum_to_one(value, n):
    odds = ring_removal_odds(value, n)
    assert sum(p for _, p in odds.first_success) + odds.never == 1


def test_each_capture_attempt_needs_its_own_occasion():
    """Niewola: Sauron may try to capture a found character "jeżeli przy liczbie oczek podczas
    udanej próby poszukiwania figuruje literka "n"", or one that "weszła na pole zajmowane przez
    oddział sił Ciemności": N attempts are not free to take, each needs such an occasion."""
    odds = capture_odds(3, 2)
    occasion = [r for r in odds.reasons if r.code == "capture_occasion"]
    assert len(occasion) == 1
    assert occasion[0].citation.anchor == "niewola"
    assert "n" in occasion[0].message and "hex" in occasion[0].message
    assert odds.allowed
