"""The whole journey's dice tables of the default game built ahead of any question.

Which keeps every roll offers, and what each does, depend only on the dice and the place's
rules, not on the question; building them for every place, reading of the places' text and
number of players costs about 1.3 s of CPU and 42 MB (Rivendell's other readings 0.6 s and
11 MB of it: a whole-journey answer from before Rivendell computes the chance under each), the
larger part of a whole-journey question's first answer. Built in
gunicorn's master before it forks its workers (``preload_app``, adjudicator/wsgi.py), they are
every worker's from its first request. (One turn's odds, :mod:`odds`, keep their own tables,
left to be built on demand: another 32 MB in every worker's data segment, WORKER_MEMORY_MB, for
about 0.1 s; but the first turn's values from each place of the advanced game, which the keep
page reads for every roll, are solved here too: ``solve_first_turns``.)
"""

from __future__ import annotations

from dataclasses import fields
from itertools import product

from adjudicator.games.mordor.dice import dice_effects
from adjudicator.games.mordor.journey import _grouped_moves
from adjudicator.games.mordor.model import (
    HOBBIT_COLORS,
    GameSetup,
    PlaceReadings,
    location_at,
    turn_rules,
)
from adjudicator.games.mordor.odds import TurnQuestion, solver_for, turn_context
from adjudicator.games.mordor.track import NazgulTrack

#: Every choice of readings of the places' text (docs/mordor.md).
EVERY_READING = tuple(
    PlaceReadings(*flags) for flags in product((False, True), repeat=len(fields(PlaceReadings)))
)


def build_tables(setup: GameSetup | None = None) -> int:
    """Build the whole journey's move tables of every place of ``setup`` (the default game),
    basic and advanced, under every reading, for every number of dice a turn may have left;
    returns how many."""
    setup = setup or GameSetup()
    players = len(HOBBIT_COLORS)
    kinds = {
        dice_effects(turn_rules(location_at(position, setup), advanced, readings))
        for position in range(setup.hobbit_steps)
        for advanced in (False, True)
        for readings in EVERY_READING
    }
    # a turn rolls the black die, 4 − k dice of yours or nobody's, k of the k other players'
    left = [
        d for d in product(range(2), range(players + 1), range(players)) if sum(d[1:]) <= players
    ]
    for effects, dice in product(kinds, left):
        _grouped_moves(setup.dice, dice, effects)
    solve_first_turns(setup)
    return len(kinds) * len(left)


def solve_first_turns(setup: GameSetup) -> None:
    """One turn's optimal values from each place of the advanced game (before Mordor), with a
    fresh Nazgûl track, no other player and the default readings: the keep page's best keep
    (adjudicator/web/mordor/views.py) reads them for every roll it ranks, which a worker
    solved in its first questions (7-10 ms of CPU a place, a sixth of its first 200 keep
    pages: issue 29). About 0.3 s of CPU and 4.5 MB, nine of the turn solvers kept
    (``odds.SOLVERS_KEPT``)."""
    track = NazgulTrack.fresh(setup.nazgul_squares)
    for position in range(setup.hobbit_steps):
        question = TurnQuestion(position, track, HOBBIT_COLORS[0], advanced=True, setup=setup)
        solver_for(turn_context(question)).optimal_value()
