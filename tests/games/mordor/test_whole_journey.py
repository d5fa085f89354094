"""The whole journey in floats against the exact engine (``journey.py``): every state of small
setups, the last places of the real game, and every state of a journey from Bag End that the
exact engine solved once (79 s of CPU, kept in ``exact_journey_bag_end.json``)."""

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor import journey
from adjudicator.games.mordor.dice import roll_chances
from adjudicator.games.mordor.keep import Die
from adjudicator.games.mordor.model import DiceSpec, Face, GameSetup
from adjudicator.games.mordor.odds import TurnQuestion, turn_context
from adjudicator.games.mordor.track import NazgulTrack, Square
from adjudicator.games.mordor.whole_journey import (
    EXACT_STATES,
    STATED_ERROR,
    TESTED_ERROR,
    Company,
    WholeJourney,
    journey_chance,
    journey_keeps,
)
from tests.games.mordor.strategies import small_questions

LETTERS = {".": Square.EMPTY, "x": Square.MARKED, "s": Square.SPLIT}


def typed(track: str) -> NazgulTrack:
    return NazgulTrack(tuple(LETTERS[c] for c in track))


def exact_states(question: TurnQuestion, chance: Fraction) -> journey.JourneySolver:
    """The exact engine's solver after answering the question (every state it solved)."""
    journey.solver_for.cache_clear()
    journey.journey_odds(question, chance, max_new_states=None)
    return journey.solver_for(journey._anyone(question), chance)


def float_solver(question: TurnQuestion, chance: Fraction) -> WholeJourney:
    company = Company(len(question.other_colors), chance)
    return WholeJourney(question.setup, question.advanced, turn_context(question).dice, company)


def assert_every_state_agrees(question: TurnQuestion, chance: Fraction, this_turn: bool) -> int:
    """Every state's chance; with ``this_turn``, also the part reached this very turn (not
    unique where keeps tie: ending on an orc may be as good as reaching Mordor now)."""
    exact = exact_states(question, chance)
    floats = float_solver(question, chance)
    floats.value(question.position, question.track)
    for (position, track), value in exact.values.items():
        assert floats.value(position, track) == pytest.approx(float(value), abs=TESTED_ERROR)
        if this_turn:
            assert floats.this_turn(position, track) == pytest.approx(
                float(exact.reach_now[(position, track)]), abs=TESTED_ERROR
            )
    return len(exact.values)


@pytest.mark.parametrize(
    ("position", "track", "others", "chance"),
    [
        (8, "xxxxx..", ("blue",), Fraction(1, 6)),  # Shelob's Lair: a ring is lost
        (7, "xxxxxx.", ("blue", "green"), Fraction(1, 3)),  # Minas Tirith: all Nazgûl on you
        (4, "xxxxxxs", ("blue",), Fraction(1, 6)),  # Rohan: the re-roll
        (1, "xxxxxx.", (), Fraction(0)),  # Rivendell: several dice of a face
    ],
)
def test_the_last_states_of_the_real_game_agree_with_the_exact_engine(
    position, track, others, chance
):
    question = TurnQuestion(position, typed(track), "red", others, advanced=True)
    assert assert_every_state_agrees(question, chance, this_turn=True) >= 3


@settings(max_examples=15, deadline=None)
@given(small_questions(max_steps=3, chances=(Fraction(0), Fraction(1, 3), Fraction(1))))
def test_every_state_of_small_setups_agrees_with_the_exact_engine(asked):
    question, chance = asked
    assert_every_state_agrees(question, chance, this_turn=False)


def test_every_state_from_bag_end_agrees_with_the_exact_engine():
    """567 states: the float solver from Bag End against the exact fractions (as floats)."""
    reference = json.loads((Path(__file__).parent / "exact_journey_bag_end.json").read_text())
    question = TurnQuestion(0, NazgulTrack.fresh(7), "red", ("blue",), advanced=True)
    floats = float_solver(question, Fraction(1, 6))
    assert floats.value(0, question.track) == pytest.approx(0.997441215050, abs=TESTED_ERROR)
    for key, (value, this_turn) in reference["states"].items():
        position, squares = key.split("|")
        track = NazgulTrack(tuple(Square(s) for s in squares.split(",")))
        assert floats.values[(int(position), track)] == pytest.approx(value, abs=TESTED_ERROR)
        if int(position) in (0, 4, 8):  # this turn's chance costs a turn solve each
            assert floats.this_turn(int(position), track) == pytest.approx(
                this_turn, abs=TESTED_ERROR
            )
    assert len(floats.values) == len(reference["states"]) == 567


def test_a_short_journey_is_answered_exactly_a_long_one_in_floats():
    short = TurnQuestion(8, typed("xxxxxx."), "red", ("blue",), advanced=True)
    exact = journey_chance(short, Fraction(1, 6))
    assert isinstance(exact.reach_mordor, Fraction)
    assert exact.precision == 0
    assert exact.reach_mordor == journey.journey_odds(short, Fraction(1, 6)).reach_mordor
    assert any(a.code == "journey_policy" for a in exact.assumptions)
    bag_end = TurnQuestion(0, NazgulTrack.fresh(7), "red", ("blue",), advanced=True)
    floats = journey_chance(bag_end, Fraction(1, 6))
    assert isinstance(floats.reach_mordor, float)
    assert floats.precision == STATED_ERROR
    assert floats.reach_mordor == pytest.approx(0.997441215050, abs=TESTED_ERROR)
    assert floats.this_turn == 0  # nine steps: not in one turn
    stated = next(a for a in floats.assumptions if a.code == "journey_precision")
    assert stated.params == {"error": "10⁻⁹", "states": EXACT_STATES}


def test_a_setup_with_too_many_states_is_refused_on_horizon():
    setup = GameSetup(hobbit_steps=30, nazgul_squares=30)
    question = TurnQuestion(0, NazgulTrack.fresh(30), "red", setup=setup)
    with pytest.raises(InvalidInput) as error:
        journey_chance(question, Fraction(0))
    assert error.value.problems[0][0] == "horizon"


def test_bad_chances_are_refused_as_by_the_exact_engine():
    question = TurnQuestion(0, NazgulTrack.fresh(7), "red", advanced=True)
    with pytest.raises(InvalidInput) as error:
        journey_chance(question, Fraction(1, 6))
    assert error.value.problems == (("other_mark_chance", "no other players to mark you"),)


#: Coloured dice always show a warrior; the black die a ring, a Nazgûl or an orc (as in
#: test_journey.py's one-step race, worth 1/2 over the journey).
RACE = GameSetup(
    dice=DiceSpec(colored=(Face.WARRIOR,), black=(Face.RING, Face.NAZGUL, Face.ORC)),
    hobbit_steps=1,
    nazgul_squares=1,
)
WARRIORS = [Die(Face.WARRIOR, c) for c in ("yellow", "red", "blue", "green")]


def test_the_keeps_of_the_roll_in_hand_by_hand():
    """The black die's ring kept: Mordor for sure (1); its Nazgûl: out (0); its orc: keep a
    warrior and roll on, or keep the orc with warriors. A fresh roll's best keep is worth the
    journey's chance on average: (1 + 0 + orc) / 3 = 1/2, so the orc roll is worth 1/2."""
    question = TurnQuestion(0, NazgulTrack.fresh(1), "red", setup=RACE)
    worth = {}
    for face in (Face.RING, Face.NAZGUL, Face.ORC):
        advice = journey_keeps(question, Fraction(0), [Die(face, "black"), *WARRIORS])
        best = advice.keeps[0]
        assert all(best.value >= k.value for k in advice.keeps)
        worth[face] = best.value
    assert worth[Face.RING] == pytest.approx(1, abs=TESTED_ERROR)
    assert worth[Face.NAZGUL] == pytest.approx(0, abs=TESTED_ERROR)
    assert sum(worth.values()) / 3 == pytest.approx(0.5, abs=TESTED_ERROR)
    assert worth[Face.ORC] == pytest.approx(0.5, abs=TESTED_ERROR)


def test_a_fresh_rolls_best_keeps_average_to_the_journeys_chance():
    """Over every roll of the five dice, the best keep's chance weighted by the roll's chance
    is the state's own chance (a small setup: 24 rolls); Rohan offers a re-roll."""
    setup = GameSetup(
        DiceSpec(colored=(Face.RING, Face.NAZGUL), black=(Face.RING, Face.ORC, Face.GANDALF)),
        hobbit_steps=2,
        nazgul_squares=2,
    )
    question = TurnQuestion(0, NazgulTrack.fresh(2), "red", ("blue",), setup=setup)
    total = 0.0
    for roll, chance in roll_chances(setup.dice, turn_context(question).dice).items():
        own = iter(("yellow", "red", "green"))
        rolled = [
            Die(face, {"black": "black", "other": "blue"}.get(cls) or next(own))
            for cls, face, count in roll
            for _ in range(count)
        ]
        advice = journey_keeps(question, Fraction(1, 3), rolled)
        total += float(chance) * advice.keeps[0].value
        assert advice.reroll is None  # not Rohan
    expected = journey_chance(question, Fraction(1, 3)).reach_mordor
    assert total == pytest.approx(float(expected), abs=TESTED_ERROR)
    rohan = TurnQuestion(4, typed("xxxxx.."), "red", ("blue",), advanced=True)
    rolled = [Die(Face.NAZGUL, "black"), Die(Face.NAZGUL, "red"), *WARRIORS[2:], WARRIORS[0]]
    advice = journey_keeps(rohan, Fraction(1, 6), rolled)
    assert advice.reroll is not None and advice.reroll > advice.keeps[0].value
    assert journey_keeps(rohan, Fraction(1, 6), rolled, rerolled=True).reroll is None
