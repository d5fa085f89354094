"""Poszukiwania: search points in either phase and the odds from an entered table."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna.search import ALLIANCE_MOVE, SEARCH_PHASE, search_odds
from adjudicator.games.wojna.tables import search_table


def test_search_phase_counts_nazgul_and_orcs_only():
    answer = search_odds(
        SEARCH_PHASE, nazgul=3, orc_units=[2, 4], other_units=[5], other_characters=2
    )
    assert answer.points == 3 * 2 + 6
    assert "not_counted" in {r.code for r in answer.reasons}
    assert answer.reasons[-1].code == "table_missing"


def test_alliance_move_counts_characters_and_all_units():
    answer = search_odds(
        ALLIANCE_MOVE, nazgul=1, orc_units=[3], other_units=[2], other_characters=2
    )
    assert answer.points == 2 + 3 + 2 + 2
    assert answer.assumptions  # the Nazgûl's value there is an assumption
    assert "faza-ruchu-przymierza" in {c.anchor for c in answer.citations}


def test_odds_from_the_table():
    table = search_table(
        [
            {"points_from": 0, "points_to": 3, "die": 1, "capture": False},
            {"points_from": 4, "points_to": None, "die": 1, "capture": True},
            {"points_from": 4, "points_to": None, "die": 2, "capture": False},
        ]
    )
    answer = search_odds(SEARCH_PHASE, orc_units=[4], niewola=2, table=table)
    assert answer.success_faces == (1, 2)
    assert answer.found == Fraction(1, 3)
    assert answer.captured == Fraction(1, 6) * Fraction(1, 3)


def test_overlapping_table_rows_are_rejected():
    with pytest.raises(InvalidInput):
        search_table(
            [
                {"points_from": 0, "points_to": 3, "die": 1},
                {"points_from": 2, "points_to": None, "die": 1},
            ]
        )


@given(st.integers(0, 9), st.lists(st.integers(1, 8), max_size=4))
def test_more_nazgul_more_points(nazgul, orcs):
    base = search_odds(SEARCH_PHASE, nazgul=nazgul, orc_units=orcs).points
    if nazgul < 9:
        assert search_odds(SEARCH_PHASE, nazgul=nazgul + 1, orc_units=orcs).points == base + 2


def test_alliance_move_gives_the_pool_without_the_nazgul_too():
    """Poszukiwania: in the Alliance's move "wszystkie postacie należące do sił Ciemności
    (oprócz Nazguli) dodają (...) jeden": read either as the Nazgûl keeping their 2 points or
    as adding nothing; the answer counts 2 and gives the other pool."""
    answer = search_odds(ALLIANCE_MOVE, nazgul=2, orc_units=[3], other_characters=1)
    assert answer.points == 4 + 3 + 1
    other = [r for r in answer.reasons if r.code == "nazgul_reading"]
    assert len(other) == 1 and other[0].params["points"] == 4
    assert not [
        r for r in search_odds(ALLIANCE_MOVE, orc_units=[3]).reasons if r.code == "nazgul_reading"
    ]


def test_the_nazgul_in_the_alliances_move_are_a_reading_with_the_other_pool():
    """Issue 25: «wszystkie postacie należące do sił Ciemności (oprócz Nazguli) dodają … jeden»
    leaves the Nazgûl without a value in the Alliance's move: their general 2 points (the
    default) or nothing. Two Nazgûl, an Orc unit of 3, one other character: 8 or 4 points; the
    answer carries the other pool and ``readings`` picks it."""
    answer = search_odds(ALLIANCE_MOVE, nazgul=2, orc_units=[3], other_characters=1)
    (reading,) = answer.readings
    assert reading.id == "nazgul_search" and "oprócz Nazguli" in reading.quote
    assert (answer.points, reading.others[0].answer.params) == (8, {"points": 4})
    nothing = search_odds(
        ALLIANCE_MOVE,
        nazgul=2,
        orc_units=[3],
        other_characters=1,
        readings={"nazgul_search": "nothing"},
    )
    assert nothing.points == 4 and nothing.readings[0].others[0].answer.params == {"points": 8}
    assert "nazgul_reading" not in [r.code for r in nothing.reasons]
    assert search_odds(SEARCH_PHASE, nazgul=2).readings == ()  # 2 each in the Search Phase
    with pytest.raises(InvalidInput):
        search_odds(ALLIANCE_MOVE, nazgul=2, readings={"nazgul_search": "half"})
