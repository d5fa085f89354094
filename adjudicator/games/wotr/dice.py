"""Exact dice arithmetic shared by battles, faction attacks and the hunt.

A roll of ``dice`` d6, each a success with probability ``first``, followed by a re-roll of up to
``rerolls`` of the failed dice, each a success with probability ``second``. Distributions are
tuples indexed by the number of successes; they are computed once per argument tuple (cached).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from adjudicator.games.common import binomial

SIDES = 6


@cache
def die_success(target: int, modifier: int = 0, *, natural_one_fails: bool = True) -> Fraction:
    """P(one die succeeds): ``face + modifier >= target``; a natural 6 always succeeds.

    In combat a natural 1 always fails (rules: Модифицирование броска); the hunt's text has no
    such exception (rules: Охота за Содружеством), hence ``natural_one_fails``.
    """
    faces = sum(
        1
        for face in range(1, SIDES + 1)
        if face == SIDES or (face + modifier >= target and not (natural_one_fails and face == 1))
    )
    return Fraction(faces, SIDES)


@cache
def successes(
    dice: int, first: Fraction, rerolls: int = 0, second: Fraction | None = None
) -> tuple[Fraction, ...]:
    """P(k successes) for k = 0..dice after re-rolling up to ``rerolls`` failed dice.

    ``second`` (default ``first``) is the success chance of a re-rolled die.
    """
    second = first if second is None else second
    total = [Fraction(0)] * (dice + 1)
    for hits, p_first in enumerate(binomial(dice, first)):
        again = min(rerolls, dice - hits)
        for extra, p_again in enumerate(binomial(again, second)):
            total[hits + extra] += p_first * p_again
    return tuple(total)
