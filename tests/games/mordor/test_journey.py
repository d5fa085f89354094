"""The chance to reach Mordor over the whole journey: tiny setups by hand, and properties."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor import journey
from adjudicator.games.mordor.journey import journey_odds
from adjudicator.games.mordor.model import DiceSpec, Face, GameSetup
from adjudicator.games.mordor.odds import TurnQuestion, turn_odds
from adjudicator.games.mordor.track import NazgulTrack, Square
from tests.games.mordor.strategies import BLACK, COLORED, OTHERS

#: Coloured dice that always show a warrior; the black die a ring, a Nazgûl or an orc.
RACE = GameSetup(
    dice=DiceSpec(colored=(Face.WARRIOR,), black=(Face.RING, Face.NAZGUL, Face.ORC)),
    hobbit_steps=1,
    nazgul_squares=1,
)


def race(others=()):
    return TurnQuestion(0, NazgulTrack.fresh(1), "red", others, goal="reach_mordor", setup=RACE)


def test_a_one_step_race_by_hand():
    """One step to Mordor, one Nazgûl square. Each roll the black die is a ring (Mordor), a
    Nazgûl (kept perforce: out) or an orc; keeping a warrior re-rolls it, five rolls at most,
    and a turn that ends on an orc changes nothing. Ring and Nazgûl are equally likely, so
    over the journey: 1/2. This turn alone: (1/3)(1 + 1/3 + ... + 1/3⁴) = 121/243."""
    assert turn_odds(race()).optimal_value == Fraction(121, 243)
    odds = journey_odds(race())
    assert odds.reach_mordor == Fraction(1, 2)
    assert odds.this_turn <= Fraction(121, 243)  # ending on an orc is as good: a tie


def test_another_players_turn_marking_you():
    """The same race with one other player whose turn marks you with chance 1/2: five orcs
    (1/243) leave you where you were, to be caught half the time before your next turn:
    V = 121/243 + (1/243)(1/2)V, so V = 242/485."""
    odds = journey_odds(race(("blue",)), Fraction(1, 2))
    assert odds.reach_mordor == Fraction(242, 485)
    assert any(a.code == "solitaire" and a.params["chance"] == "1/2" for a in odds.assumptions)


def test_the_last_division_already_marked_is_refused():
    question = TurnQuestion(0, NazgulTrack((Square.MARKED,)), "red", setup=RACE)
    with pytest.raises(InvalidInput) as error:
        journey_odds(question)
    assert error.value.problems[0][0] == "nazgul_track"


@pytest.mark.parametrize("chance", [Fraction(-1, 2), Fraction(3, 2)])
def test_a_chance_outside_zero_and_one_is_refused(chance):
    with pytest.raises(InvalidInput):
        journey_odds(race(("blue",)), chance)


def test_marks_by_others_need_other_players():
    with pytest.raises(InvalidInput) as error:
        journey_odds(race(), Fraction(1, 6))
    assert error.value.problems == (("other_mark_chance", "no other players to mark you"),)


@settings(max_examples=12, deadline=None)
@given(
    colored=COLORED,
    black=BLACK,
    steps=st.integers(1, 2),
    squares=st.integers(1, 2),
    others=OTHERS,
    chance=st.sampled_from([Fraction(0), Fraction(1, 3)]),
)
def test_the_journey_is_worth_at_least_reaching_mordor_this_turn(
    colored, black, steps, squares, others, chance
):
    """Reaching Mordor this turn is one way to reach it before elimination."""
    setup = GameSetup(DiceSpec(colored, black), hobbit_steps=steps, nazgul_squares=squares)
    question = TurnQuestion(
        0, NazgulTrack.fresh(squares), "red", others, goal="reach_mordor", setup=setup
    )
    odds = journey_odds(question, chance if others else Fraction(0))
    this_turn = turn_odds(question).optimal_value
    assert this_turn <= odds.reach_mordor <= 1
    assert odds.this_turn <= this_turn


def test_a_journey_too_long_for_one_request_is_refused_and_its_progress_kept():
    """A request starts no new state once it has solved ``max_new_states``; what it solved
    stays cached, so the same question asked again goes further and finally answers the
    same as an unlimited one."""
    longer = GameSetup(dice=RACE.dice, hobbit_steps=3, nazgul_squares=3)
    question = TurnQuestion(0, NazgulTrack.fresh(3), "red", goal="reach_mordor", setup=longer)
    journey.solver_for.cache_clear()
    unlimited = journey_odds(question, max_new_states=None).reach_mordor
    journey.solver_for.cache_clear()
    with pytest.raises(journey.JourneyTooLong) as error:
        journey_odds(question, max_new_states=0)
    assert error.value.problems[0][0] == "horizon"
    refusals = 0
    while True:
        try:
            odds = journey_odds(question, max_new_states=1)
            break
        except journey.JourneyTooLong:
            refusals += 1
            assert refusals < 50, "each request must keep the states it solved"
    assert refusals >= 2
    assert odds.reach_mordor == unlimited


@pytest.mark.parametrize("others, chance", [((), Fraction(0)), (("blue",), Fraction(1, 3))])
def test_rounds_share_only_what_the_guess_cannot_change(monkeypatch, others, chance):
    """The policy rounds of a state keep the positions past every loop end (a Gandalf or a
    mark already kept); recomputing every position each round gives the same exact chance."""
    setup = GameSetup(
        dice=DiceSpec(
            colored=(Face.WARRIOR, Face.GANDALF, Face.RING),
            black=(Face.RING, Face.NAZGUL, Face.ORC),
        ),
        hobbit_steps=2,
        nazgul_squares=2,
    )
    question = TurnQuestion(0, NazgulTrack.fresh(2), "red", others, setup=setup)
    journey.solver_for.cache_clear()
    shared = journey_odds(question, chance, max_new_states=None)
    journey.solver_for.cache_clear()
    monkeypatch.setattr(journey.SharedRounds, "steady", lambda self, acc: False)
    unshared = journey_odds(question, chance, max_new_states=None)
    journey.solver_for.cache_clear()
    assert shared.reach_mordor == unshared.reach_mordor
    assert shared.this_turn == unshared.this_turn


def test_a_chance_too_long_to_print_is_refused(monkeypatch):
    """Python writes integers of at most ``sys.get_int_max_str_digits()`` digits in decimal
    (a Bag End solve has about 6 800): such a chance is refused on ``horizon``, not a 500."""
    monkeypatch.setattr(journey, "get_int_max_str_digits", lambda: 3)
    assert journey_odds(race()).reach_mordor == Fraction(1, 2)
    with pytest.raises(journey.JourneyTooLong) as error:
        journey_odds(race(("blue",)), Fraction(1, 2))  # 242/485
    assert error.value.problems[0][0] == "horizon"
    monkeypatch.setattr(journey, "get_int_max_str_digits", lambda: 0)  # no limit
    assert journey_odds(race(("blue",)), Fraction(1, 2)).reach_mordor == Fraction(242, 485)
