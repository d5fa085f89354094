"""Exact odds of a turn: small cases by hand, properties of the optimal policy."""

from collections import Counter
from fractions import Fraction
from itertools import islice, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor.advice import advise_roll
from adjudicator.games.mordor.dice import keep_options, roll_chances
from adjudicator.games.mordor.keep import Die, legal_keeps
from adjudicator.games.mordor.model import LOCATION_RULES, DiceSpec, Face, GameSetup, TurnRules
from adjudicator.games.mordor.odds import (
    FIXED_POLICIES,
    SOLVERS_KEPT,
    TurnContext,
    TurnOutcome,
    TurnQuestion,
    TurnSolver,
    solver_for,
    turn_odds,
)
from adjudicator.games.mordor.track import NazgulTrack, Square

FRESH = NazgulTrack.fresh(7)
BASIC = TurnRules()


def context(dice, *, turn=BASIC, room=9, open_divisions=7, splittable=7, goal="progress"):
    return TurnContext(turn, DiceSpec(), dice, room, open_divisions, splittable, goal)


def test_rolls_of_two_coloured_dice_sum_to_one():
    chances = roll_chances(DiceSpec(), (0, 2, 0))
    assert sum(chances.values()) == 1
    ring_pair = next(roll for roll in chances if roll == (("own", "ring", 2),))
    assert chances[ring_pair] == Fraction(1, 9)


def test_one_black_die_by_hand():
    solver = TurnSolver(context((1, 0, 0)))
    assert solver.optimal_value() == Fraction(1, 6)
    assert solver.distribution(None) == {
        TurnOutcome(0, 0, False): Fraction(4, 6),
        TurnOutcome(0, 1, False): Fraction(1, 6),
        TurnOutcome(1, 0, False): Fraction(1, 6),
    }


def test_two_coloured_dice_by_hand():
    """Worked out case by case in docs/mordor.md: 83/108 steps."""
    assert TurnSolver(context((0, 2, 0))).optimal_value() == Fraction(83, 108)


def test_one_die_against_the_last_division():
    solver = TurnSolver(context((0, 1, 0), open_divisions=1, splittable=0))
    outcomes = solver.distribution(None)
    assert sum(p for o, p in outcomes.items() if o.eliminated) == Fraction(1, 6)
    assert solver.optimal_value() == Fraction(1, 3)


def test_shelobs_lair_needs_two_rings():
    one_ring_only = TurnSolver(context((0, 1, 0), turn=LOCATION_RULES["shelobs_lair"], room=1))
    assert one_ring_only.optimal_value() == 0


@settings(max_examples=25, deadline=None)
@given(
    dice=st.tuples(st.integers(0, 1), st.integers(0, 2), st.integers(0, 2)).filter(any),
    turn=st.sampled_from([TurnRules(), *LOCATION_RULES.values()]),
    room=st.integers(1, 4),
    marked=st.integers(0, 6),
    goal=st.sampled_from(["progress", "reach_mordor"]),
    seed=st.integers(0, 1000),
)
def test_the_optimal_policy_is_never_worse_than_a_fixed_one(dice, turn, room, marked, goal, seed):
    ctx = context(
        dice, turn=turn, room=room, open_divisions=7 - marked, splittable=7 - marked, goal=goal
    )
    solver = TurnSolver(ctx)
    best = solver.optimal_value()

    def arbitrary(options):
        return options[(seed + len(options)) % len(options)]

    optimal = solver.distribution(None)
    assert sum(optimal.values()) == 1
    assert solver.worth(optimal) == best
    for chooser in (arbitrary, *FIXED_POLICIES.values()):
        fixed = solver.distribution(chooser)
        assert sum(fixed.values()) == 1
        assert solver.worth(fixed) == Fraction(solver.policy_value(chooser), solver.scale)
        assert solver.worth(fixed) <= best


def test_turn_odds_from_rohan_uses_the_reroll():
    rohan = turn_odds(TurnQuestion(4, FRESH, "red", ("blue",), advanced=True))
    basic = turn_odds(TurnQuestion(4, FRESH, "red", ("blue",)))
    assert rohan.optimal_value > basic.optimal_value
    assert rohan.location == "rohan"
    assert "4-rokhan-1-raz-mozhete-perebrasyvat-broski" in {c.anchor for c in rohan.citations}
    assert sum(rohan.steps.values()) == sum(rohan.marks.values()) == 1
    assert rohan.policy_values["optimal"] >= rohan.policy_values["one_at_a_time"]
    assert {a.code for a in rohan.assumptions} >= {"colored_die", "black_die", "tracks"}


def test_from_shelobs_lair_progress_is_the_chance_of_mordor():
    odds = turn_odds(TurnQuestion(8, FRESH, "red", advanced=True, goal="reach_mordor"))
    assert odds.value == odds.reach_mordor == odds.expected_steps
    assert 0 < odds.value < 1


def test_a_nearly_caught_hobbit_counts_its_elimination():
    track = NazgulTrack((Square.MARKED,) * 6 + (Square.EMPTY,))
    odds = turn_odds(TurnQuestion(0, track, "red", ("blue", "green", "yellow")))
    assert 0 < odds.eliminated < 1
    assert odds.marks[0] == 1 - sum(p for m, p in odds.marks.items() if m)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"position": 9}, "position"),
        ({"goal": "glory"}, "goal"),
        ({"policy": "random"}, "policy"),
        ({"other_colors": ("red",)}, "other_colors"),
        ({"player_color": "black"}, "player_color"),
        ({"track": NazgulTrack((Square.MARKED,) * 7)}, "nazgul_track"),
    ],
)
def test_bad_questions_name_the_field(kwargs, field):
    question = {"position": 0, "track": FRESH, "player_color": "red", **kwargs}
    policy = question.pop("policy", "optimal")
    with pytest.raises(InvalidInput) as error:
        turn_odds(TurnQuestion(**question), policy)
    assert field in {f for f, _ in error.value.problems}


def _dice(*pairs):
    return [Die(face, color) for face, color in pairs]


KEPT_FOUR = _dice(
    (Face.RING, "red"), (Face.WARRIOR, "blue"), (Face.ORC, "green"), (Face.GANDALF, "yellow")
)


def test_advice_for_the_last_die_by_hand():
    ring = advise_roll(TurnQuestion(0, FRESH, "red"), _dice((Face.RING, "black")), KEPT_FOUR)
    assert [(a.keep, a.value) for a in ring.keeps] == [((0,), 2)] and ring.reroll is None
    tree = advise_roll(TurnQuestion(0, FRESH, "red"), _dice((Face.WHITE_TREE, "black")), KEPT_FOUR)
    assert tree.keeps[0].value == 1


def test_advice_in_rohan_prices_the_reroll():
    """Re-rolling the black die: ring 2, orc 0 (two orcs, one warrior), anything else 1."""
    rohan = TurnQuestion(4, FRESH, "red", advanced=True)
    advice = advise_roll(rohan, _dice((Face.ORC, "black")), KEPT_FOUR)
    assert advice.keeps[0].value == 0
    assert advice.reroll == 1


def test_advice_ranks_the_issue_roll_best_first():
    roll = _dice(
        (Face.RING, "black"),
        (Face.RING, "red"),
        (Face.ORC, "yellow"),
        (Face.NAZGUL, "blue"),
        (Face.GANDALF, "green"),
    )
    advice = advise_roll(TurnQuestion(0, FRESH, "red", ("blue",)), roll)
    values = [a.value for a in advice.keeps]
    assert values == sorted(values, reverse=True) and len(values) == 12
    assert all(3 in a.keep for a in advice.keeps)
    assert 2 not in advice.keeps[0].keep  # never the orc when rings are wanted


def test_advice_needs_the_five_dice_once_each():
    with pytest.raises(InvalidInput) as error:
        advise_roll(TurnQuestion(0, FRESH, "red"), _dice((Face.RING, "red")), KEPT_FOUR)
    assert error.value.problems[0][0] == "rolled"


@settings(max_examples=60, deadline=None)
@given(
    faces=st.fixed_dictionaries(
        {
            color: st.one_of(st.none(), st.sampled_from(DiceSpec().faces(color)))
            for color in ("black", "yellow", "red", "blue", "green")
        }
    ).filter(lambda d: any(d.values())),
    rivendell=st.booleans(),
)
def test_the_solver_keeps_exactly_what_the_keep_checker_allows(faces, rivendell):
    """The odds engine enumerates keeps over classes of dice; the checker over real dice."""
    turn = LOCATION_RULES["rivendell"] if rivendell else BASIC
    rolled = [Die(face, color) for color, face in faces.items() if face is not None]
    klass = {"black": "black", "red": "own", "yellow": "own", "blue": "other", "green": "other"}
    as_classes = [(klass[d.color], d.face) for d in rolled]
    roll = tuple((cls, face, n) for (cls, face), n in Counter(as_classes).items())

    def shape(items):
        return frozenset(Counter(items).items())

    checker = {shape(as_classes[i] for i in keep) for keep in legal_keeps(rolled, turn)}
    solver = {
        shape((cls, face) for cls, face, k in keep for _ in range(k))
        for keep in keep_options(roll, turn.duplicates_allowed)
    }
    assert checker == solver


def test_the_tables_kept_for_the_dice_faces_a_setup_gives_are_bounded():
    """A setup may give any faces (issue: memory at the maxima): the solvers and the tables
    keyed by them are the least recently used, not one more per setup asked."""
    faces = list(Face)
    for colored in islice(product(faces, repeat=2), SOLVERS_KEPT + 2):
        setup = GameSetup(dice=DiceSpec(colored=colored))
        turn_odds(TurnQuestion(4, FRESH, "red", setup=setup))
    assert solver_for.cache_info().currsize <= SOLVERS_KEPT
