"""The dice tables built before the workers fork (adjudicator/games/mordor/tables.py) are all a
question about the default game needs, under every reading of the places' text: its turns
build no table of their own."""

from fractions import Fraction
from itertools import product

import pytest

from adjudicator.games.mordor import journey, odds
from adjudicator.games.mordor.advice import advise_roll
from adjudicator.games.mordor.keep import Die
from adjudicator.games.mordor.model import DIE_COLORS, HOBBIT_COLORS, Face, GameSetup
from adjudicator.games.mordor.odds import TurnQuestion, turn_context
from adjudicator.games.mordor.tables import EVERY_READING, build_tables
from adjudicator.games.mordor.track import NazgulTrack
from adjudicator.games.mordor.whole_journey import Company, TurnGraph, WholeJourney


@pytest.mark.parametrize("others", range(len(HOBBIT_COLORS)))
@pytest.mark.parametrize("advanced", [False, True])
def test_every_turn_of_the_default_game_finds_its_tables_built(others, advanced):
    build_tables()
    journey_misses = journey._grouped_moves.cache_info().misses
    setup = GameSetup()
    track = NazgulTrack.fresh(setup.nazgul_squares)
    kinds = set()
    for position, readings in product(range(setup.hobbit_steps), EVERY_READING):
        question = TurnQuestion(position, track, "red", ("yellow", "blue", "green")[:others],
                                advanced=advanced, readings=readings)  # fmt: skip
        dice = turn_context(question).dice
        solver = WholeJourney(setup, advanced, dice, Company(others, Fraction(1, 6)), readings)
        kinds.add(solver.kind(position))
    for kind in kinds:
        TurnGraph(kind, [(kind.dice, (0, 0, 0, 0))])  # every keep of the whole turn's rolls
    assert journey._grouped_moves.cache_info().misses == journey_misses


def test_a_first_rolls_best_keep_from_any_place_finds_its_turn_solved():
    """The keep page's best keep (a fresh track, no other player, the advanced game) ranks any
    roll from the values solved before the workers fork: no new solver, no new value."""
    build_tables()
    setup = GameSetup()
    misses = odds.solver_for.cache_info().misses
    roll = [Die(face, color) for face, color in zip(list(Face)[:5], DIE_COLORS, strict=True)]
    for position in range(setup.hobbit_steps):
        question = TurnQuestion(position, NazgulTrack.fresh(setup.nazgul_squares), "blue",
                                advanced=True)  # fmt: skip
        solver = odds.solver_for(turn_context(question))
        values = len(solver._values)
        for rerolled in (False, True):
            assert advise_roll(question, roll, rerolled=rerolled).keeps
        assert len(solver._values) == values
    assert odds.solver_for.cache_info().misses == misses
