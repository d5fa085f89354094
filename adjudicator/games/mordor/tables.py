"""The dice tables of the default game built ahead of any question.

Which keeps every roll offers, and what each does, depend only on the dice and the place's
rules, not on the question; building them for every place and number of players costs about
half a second of CPU, the larger part of a whole-journey question's. Built in gunicorn's master
before it forks its workers (``preload_app``, adjudicator/wsgi.py), they are every worker's
from its first request.
"""

from __future__ import annotations

from itertools import product

from adjudicator.games.mordor.dice import dice_effects
from adjudicator.games.mordor.journey import _grouped_moves
from adjudicator.games.mordor.model import HOBBIT_COLORS, GameSetup, location_at, turn_rules
from adjudicator.games.mordor.odds import _roll_moves


def build_tables(setup: GameSetup | None = None) -> int:
    """Build the move tables of every place of ``setup`` (the default game), basic and
    advanced, for every number of dice a turn may have left; returns how many were built."""
    setup = setup or GameSetup()
    players = len(HOBBIT_COLORS)
    kinds = {
        dice_effects(turn_rules(location_at(position, setup), advanced))
        for position in range(setup.hobbit_steps)
        for advanced in (False, True)
    }
    # a turn rolls the black die, 4 − k dice of yours or nobody's, k of the k other players'
    left = [
        d for d in product(range(2), range(players + 1), range(players)) if sum(d[1:]) <= players
    ]
    for effects, dice in product(kinds, left):
        _grouped_moves(setup.dice, dice, effects)
        _roll_moves(setup.dice, dice, effects)
    return len(kinds) * len(left)
