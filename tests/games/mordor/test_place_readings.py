"""Rivendell's Nazgûl and Rohan's re-roll as readings (issue 25): each reading of the text
against a brute force over the dice one by one in fractions, the whole journey under each
against the exact engine, and the answers carrying the other reading's answer."""

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor import journey
from adjudicator.games.mordor.advice import advise_roll
from adjudicator.games.mordor.journey_readings import journey_with_readings
from adjudicator.games.mordor.keep import Die, check_keep
from adjudicator.games.mordor.model import DiceSpec, Face, GameSetup, PlaceReadings, turn_rules
from adjudicator.games.mordor.odds import (
    TurnContext,
    TurnQuestion,
    TurnSolver,
    shown_fraction,
    turn_odds,
)
from adjudicator.games.mordor.track import NazgulTrack, Square
from adjudicator.games.mordor.whole_journey import TESTED_ERROR, Company, WholeJourney

ONCE = PlaceReadings(reroll_once_a_turn=True)
ONE = PlaceReadings(one_nazgul=True)
TREE = PlaceReadings(tree_one_each=True)
FACES = {"black": DiceSpec().black, "own": DiceSpec().colored}
MAY, NOT_NOW, NEVER = "may", "not now", "never"


def brute_steps(place: str, readings: PlaceReadings, left: tuple[str, ...], kept=()) -> Fraction:
    """Expected ring steps of the rest of a turn under the best play, die by die: every face
    of every die rolled, every subset kept that the text allows read so (rules: Броски
    кубиков, Белое древо, Ривенделл, Рохан), the orcs against the warriors at the end. The
    re-roll: each roll once (``each_roll``), or one roll a turn (``once_a_turn``)."""
    rivendell, rohan = place == "rivendell", place == "rohan"

    def allowed(shown: tuple[Face, ...]) -> bool:
        counts = Counter(shown)
        one_each = all(n == 1 for n in counts.values())
        if rivendell and not (readings.tree_one_each and Face.WHITE_TREE in counts):
            return not (readings.one_nazgul and counts[Face.NAZGUL] > 1)
        return one_each

    @cache
    def value(left: tuple[str, ...], faces: tuple[Face, ...], reroll: str) -> Fraction:
        if not left:
            counts = Counter(faces)
            return Fraction(counts[Face.RING] if counts[Face.ORC] <= counts[Face.WARRIOR] else 0)
        after_keep = NEVER if readings.reroll_once_a_turn and reroll != MAY else MAY
        after_reroll = NEVER if readings.reroll_once_a_turn else NOT_NOW
        total = Fraction(0)
        rolls = list(product(*(FACES[kind] for kind in left)))
        for roll in rolls:
            options = []
            for size in range(1, len(left) + 1):
                for keep in combinations(range(len(left)), size):
                    shown = tuple(roll[i] for i in keep)
                    if (Face.NAZGUL in roll and Face.NAZGUL not in shown) or not allowed(shown):
                        continue
                    rest = tuple(k for i, k in enumerate(left) if i not in keep)
                    if Face.WHITE_TREE in shown:
                        rest = ()
                    options.append(value(rest, tuple(sorted((*faces, *shown))), after_keep))
            best = max(options)
            if rohan and reroll == MAY:
                best = max(best, value(left, faces, after_reroll))
            total += best
        return total / len(rolls)

    return value(left, tuple(sorted(kept)), MAY)


def solver(place: str, readings: PlaceReadings, dice=(1, 2, 0)) -> TurnSolver:
    turn = turn_rules(place, True, readings)
    return TurnSolver(TurnContext(turn, DiceSpec(), dice, 9, 7, 7, "progress"))


@pytest.mark.parametrize(
    ("place", "readings"),
    [
        ("rohan", PlaceReadings()),
        ("rohan", ONCE),
        ("rivendell", PlaceReadings()),
        ("rivendell", ONE),
        ("rivendell", TREE),
        ("moria", ONCE),  # the readings change only their place
    ],
)
def test_each_reading_of_a_turn_equals_the_brute_force(place, readings):
    """Three dice (the black die and two of yours): the solver's optimum under each reading
    equals the die-by-die brute force, and its policy's distribution is worth as much."""
    turn = solver(place, readings)
    expected = brute_steps(place, readings, ("black", "own", "own"))
    assert turn.optimal_value() == expected
    assert turn.worth(turn.distribution(None)) == expected


def test_the_readings_change_the_odds():
    """One re-roll a turn is worth less than one a roll; one Nazgûl a roll in Rivendell
    less than several (with five dice this turn, and over the journey with room to spare)."""
    assert solver("rohan", ONCE).optimal_value() < solver("rohan", PlaceReadings()).optimal_value()
    rivendell_one = solver("rivendell", ONE, (1, 4, 0)).optimal_value()
    assert rivendell_one < solver("rivendell", PlaceReadings(), (1, 4, 0)).optimal_value()
    tree = solver("rivendell", TREE).optimal_value()
    assert tree < solver("rivendell", PlaceReadings()).optimal_value()
    company = Company(1, Fraction(1, 6))
    track = NazgulTrack((Square.MARKED,) * 4 + (Square.EMPTY,) * 3)
    one = WholeJourney(GameSetup(), True, (1, 3, 1), company, ONE).value(1, track)
    several = WholeJourney(GameSetup(), True, (1, 3, 1), company).value(1, track)
    assert several - one > 1e-8 > TESTED_ERROR


def _dice(*pairs):
    return [Die(face, color) for face, color in pairs]


KEPT = _dice((Face.RING, "yellow"), (Face.WARRIOR, "blue"), (Face.GANDALF, "green"))
ROLLED = _dice((Face.ORC, "black"), (Face.NAZGUL, "red"))


@pytest.mark.parametrize("rerolled", [False, True])
def test_advice_after_the_turns_reroll_equals_the_brute_force(rerolled):
    """Rohan, three dice kept, an orc and a Nazgûl in hand: under ``once_a_turn`` a keep is
    worth the rest of the turn with the re-roll still there (``rerolled`` false) or spent."""
    question = TurnQuestion(4, NazgulTrack.fresh(7), "red", advanced=True, readings=ONCE)
    advice = advise_roll(question, ROLLED, KEPT, rerolled=rerolled)
    kept = (Face.RING, Face.WARRIOR, Face.GANDALF)
    for keep in advice.keeps:
        shown = [ROLLED[i].face for i in keep.keep]
        left = tuple("black" if ROLLED[i].color == "black" else "own" for i in (0, 1))
        rest = tuple(kind for i, kind in enumerate(left) if i not in keep.keep)
        if rerolled:
            expected = _spent(rest, (*kept, *shown))
        else:
            expected = brute_steps("rohan", ONCE, rest, (*kept, *shown))
        assert keep.value == expected
    assert (advice.reroll is None) is rerolled


def _spent(left: tuple[str, ...], kept: tuple[Face, ...]) -> Fraction:
    """The rest of a turn whose re-roll is spent: the turn of a place without one."""
    return brute_steps("bag_end", PlaceReadings(), left, kept)


def test_this_turns_odds_carry_the_places_reading_with_the_other_answer():
    rohan = turn_odds(TurnQuestion(4, NazgulTrack.fresh(7), "red", ("blue",), advanced=True))
    (reading,) = rohan.readings
    assert reading.id == "rohan_reroll" and reading.chosen.reading == "each_roll"
    assert "1 раз перебросить все кубики только что сделанного броска" in reading.quote
    once = turn_odds(
        TurnQuestion(4, NazgulTrack.fresh(7), "red", ("blue",), advanced=True, readings=ONCE)
    )
    (other,) = reading.others
    assert other.reading == "once_a_turn" and once.value < rohan.value
    assert other.answer.params["value"] == f"{float(once.value):.4f}"  # a long fraction
    assert once.readings[0].others[0].answer.params["value"] == f"{float(rohan.value):.4f}"
    assert [a.code for a in once.assumptions if a.code == "rohan_reroll"] == ["rohan_reroll"]
    moria = turn_odds(TurnQuestion(2, NazgulTrack.fresh(7), "red", advanced=True))
    assert moria.readings == ()


def test_keep_check_in_rivendell_gives_the_verdict_with_the_white_tree_under_each_reading():
    """Pippin in Rivendell: the White Tree with two rings. Rivendell lifts «не более 1 кубика
    с одинаковыми результатами» (the default), or the White Tree keeps its own rule."""
    rolled = _dice((Face.WHITE_TREE, "black"), (Face.RING, "red"), (Face.RING, "blue"))
    rivendell = {"player_color": "red", "location": "rivendell", "advanced": True}
    check = check_keep(rolled, [0, 1, 2], **rivendell)
    reading = next(r for r in check.readings if r.id == "rivendell_white_tree")
    assert check.legal and reading.chosen.answer == "This keep is legal."
    assert reading.others[0].reading == "one_each"
    assert reading.others[0].answer.code == "duplicate_face"
    strict = check_keep(
        rolled, [0, 1, 2], **rivendell, readings={"rivendell_white_tree": "one_each"}
    )
    assert not strict.legal and (0, 1) in strict.legal_keeps
    assert (0, 1, 2) not in strict.legal_keeps and (1, 2) in strict.legal_keeps
    assert "rivendell_white_tree" in [a.code for a in strict.assumptions]


def test_keep_check_in_rohan_says_whether_the_roll_may_be_rerolled_under_each_reading():
    """«Можете 1 раз перебросить все кубики только что сделанного броска … и т. д.»: Sam's
    three dice after a keep may be re-rolled under ``each_roll``; under ``once_a_turn`` only
    if no roll of the turn was."""
    rolled = _dice((Face.NAZGUL, "black"), (Face.ORC, "red"), (Face.ORC, "blue"))
    rohan = {"player_color": "red", "location": "rohan", "advanced": True}
    check = check_keep(rolled, [], **rohan)
    (reading,) = check.readings
    assert reading.id == "rohan_reroll" and check.legal
    assert reading.chosen.answer.startswith("This roll may be re-rolled whole, once")
    assert reading.others[0].answer.startswith("This roll may be re-rolled whole only if no")
    spent = check_keep(rolled, [], **rohan, rerolled=True, readings={"rohan_reroll": "once_a_turn"})
    assert not spent.legal
    assert spent.readings[0].chosen.answer.startswith("This turn's re-roll is used")
    with pytest.raises(InvalidInput) as error:
        check_keep(rolled, [0], **rohan, readings={"rohan_reroll": "twice"})
    assert error.value.problems[0][0] == "readings.rohan_reroll"


@pytest.mark.parametrize(
    ("position", "squares", "readings", "differs"),
    [(4, "xxxxxxs", ONCE, True), (1, "xxxxxx.", ONE, False)],  # near the end: no difference
)
def test_the_whole_journey_under_the_other_reading_agrees_with_the_exact_engine(
    position, squares, readings, differs
):
    """Every state of the last places, in floats and in exact fractions, under the reading
    that is not the default."""
    letters = {".": Square.EMPTY, "x": Square.MARKED, "s": Square.SPLIT}
    track = NazgulTrack(tuple(letters[c] for c in squares))
    question = TurnQuestion(position, track, "red", ("blue",), advanced=True, readings=readings)
    journey.solver_for.cache_clear()
    journey.journey_odds(question, Fraction(1, 6), max_new_states=None)
    exact = journey.solver_for(journey._anyone(question), Fraction(1, 6))
    company = Company(1, Fraction(1, 6))
    floats = WholeJourney(question.setup, True, (1, 3, 1), company, readings)
    default = WholeJourney(question.setup, True, (1, 3, 1), company)
    gaps = []
    for (place, state), value in exact.values.items():
        assert floats.value(place, state) == pytest.approx(float(value), abs=TESTED_ERROR)
        gaps.append(abs(default.value(place, state) - float(value)))
    assert (max(gaps) > 1e-6) is differs


def test_the_journey_carries_each_reading_ahead_with_the_other_chance():
    """From Bag End both places are ahead: each reading's other answer is the chance a fresh
    solver finds under it (the states past the place are shared, and must not differ)."""
    question = TurnQuestion(0, NazgulTrack.fresh(7), "red", ("blue",), advanced=True)
    answer = journey_with_readings(question, Fraction(1, 6))
    ids = ["rivendell_nazgul", "rivendell_white_tree", "rohan_reroll"]
    assert [r.id for r in answer.readings] == ids
    company = Company(1, Fraction(1, 6))
    for reading, changed in zip(answer.readings, (ONE, TREE, ONCE), strict=True):
        fresh = WholeJourney(question.setup, True, (1, 3, 1), company, changed)
        shown = reading.others[0].answer.params["chance"]
        assert shown == f"{fresh.value(0, question.track):.6%}"
    later = journey_with_readings(
        TurnQuestion(5, NazgulTrack.fresh(7), "red", ("blue",), advanced=True), Fraction(1, 6)
    )
    assert later.readings == ()  # past Rohan: no place ahead rests on a reading


def test_a_readings_value_is_exact_when_short_else_its_decimal():
    assert shown_fraction(Fraction(83, 108)) == "83/108 (0.7685)"
    assert shown_fraction(Fraction(2)) == "2"
    assert shown_fraction(Fraction(4809774240193991, 1828079220031488)) == "2.6311"
