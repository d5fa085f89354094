"""A battle fought to the end in floating point: the headline odds in a millisecond.

The same chain as :mod:`battle` (rules: Бросок на атаку, Атака города или укрепления,
Перекидывание результатов из-за лидерства, Модифицирование броска, Определение потерь,
Прекращение сражения или отступление) for a battle fought until decided (``rounds=None``, no
siege), solved with numpy instead of exact fractions, for the planners that ask many battles
and for the headline; the exact fractions stay in :func:`battle.battle_odds`.

Each side's hit points only fall, and the hits one side takes depend on the other's dice
alone, so the joint states form a grid (attacker armies × defender armies). The first round
(6+ to hit against a city or fortification) is rolled from the start; then each attacker army
is taken once, most hit points first: the defender armies it meets form a chain that moves
only when the attacker takes no hit (a triangular system, its round without hits solved in
closed form), and what leaves the chain — the attacker hit — is one matrix product onto the
weaker attacker armies. The tests hold every end state to the exact engine within 10⁻¹².
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from adjudicator.games.wotr.battle import (
    HIT,
    MAX_DICE,
    Army,
    Battle,
    EndState,
    EndStateChances,
    Side,
    _reachable,
    apply_hits,
    check_battle,
)
from adjudicator.games.wotr.dice import die_success


@dataclass(frozen=True)
class BattleChances(EndStateChances):
    """A battle's end states with their chances (floats within 10⁻¹² of the exact ones)."""

    outcomes: dict[EndState, float]


def _hits(army: Army, dice: int, target: int) -> np.ndarray:
    """P(k hits), k = 0..MAX_DICE, of ``dice`` dice with the army's re-rolls and modifiers
    (as :func:`dice.successes`, in floats: the exact fractions cost more than the battle)."""
    first = float(die_success(target, army.roll_modifier))
    again = float(die_success(target, army.reroll_modifier))
    rerolls = min(army.rerolls, dice)
    chances = np.zeros(MAX_DICE + 1)
    for hits in range(dice + 1):
        p_first = comb(dice, hits) * first**hits * (1 - first) ** (dice - hits)
        tries = min(rerolls, dice - hits)
        for extra in range(tries + 1):
            p_again = comb(tries, extra) * again**extra * (1 - again) ** (tries - extra)
            chances[hits + extra] += p_first * p_again
    return chances


class _Side:
    """One army's reachable states (most hit points first) and, for each number of enemy
    dice and a target, where the enemy's hits send it (a states × states matrix)."""

    def __init__(self, army: Army):
        self.army = army
        states = sorted(
            _reachable((army.regular, army.elite), army, False),
            key=lambda s: (-(s[0] + 2 * s[1]), s),
        )
        self.states: list[Side] = states
        self.index = {s: i for i, s in enumerate(states)}
        self.dice = np.array([army.dice(*s) for s in states])
        self.units = np.array([r + e for r, e in states])
        #: hits[h] is the state each state goes to under h hits
        self.after = np.array(
            [
                [self.index[apply_hits(*s, h, army.casualty_policy)] for s in states]
                for h in range(6)
            ]
        )

    def moves(self, hit_chances: np.ndarray) -> np.ndarray:
        """For each enemy dice count (rows of ``hit_chances``): states × states chances."""
        n = len(self.states)
        moves = np.zeros((len(hit_chances), n, n))
        rows = np.arange(n)
        for h in range(MAX_DICE + 1):
            np.add.at(moves, (slice(None), rows, self.after[h]), hit_chances[:, h, None])
        return moves


def battle_chances(battle: Battle) -> BattleChances:
    """The end states of a battle fought until decided (``rounds=None``, no siege), floats."""
    check_battle(battle)
    if battle.rounds is not None or battle.siege:
        raise ValueError("floats answer battles fought until decided, outside a siege")
    a, d = _Side(battle.attacker), _Side(battle.defender)
    first_target = battle.attacker_target(first_round=True)
    dice = range(MAX_DICE + 1)
    a_hits = np.array([_hits(battle.attacker, n, HIT) for n in dice])  # attacker rolls n dice
    d_hits = np.array([_hits(battle.defender, n, HIT) for n in dice])
    first = np.array([_hits(battle.attacker, n, first_target) for n in dice])
    a_moves = a.moves(d_hits)  # [defender dice][attacker state, next attacker state]
    d_moves, d_first = d.moves(a_hits), d.moves(first)
    # the first round, from the start (a no-hit round leaves the start to the later rounds)
    grid = np.outer(a_moves[d.dice[0], 0], d_first[a.dice[0], 0])
    # units left, a die to roll (an army with strength 0 cannot attack), not below the threshold
    a_on = (a.units > 0) & (a.dice > 0) & (a.units >= battle.attacker_stops_below)
    d_on = d.units > 0
    alive = np.flatnonzero(d_on)
    for row in np.flatnonzero(a_on):
        incoming = grid[row, alive]
        if not incoming.any():
            continue
        # the chain along the row: the attacker takes no hit, the defender may
        stay = a_moves[d.dice[alive], row, row]  # P(no hit on the attacker) per defender
        along = d_moves[a.dice[row]][np.ix_(alive, alive)] * stay[:, None]
        visits = np.linalg.solve(np.eye(len(alive)) - along.T, incoming)
        grid[row, alive] = 0.0
        # everything that leaves a visit: attacker moves × defender moves
        leave = a_moves[d.dice[alive], row, :] * visits[:, None]  # [defender, next attacker]
        flow = leave.T @ d_moves[a.dice[row]][alive]  # [next attacker, next defender]
        flow[row, alive] = 0.0  # the chain's own moves, counted in ``visits``
        grid += flow
    ends = {}
    for i, j in zip(*np.nonzero(grid), strict=True):
        if not (a_on[i] and d_on[j]) and grid[i, j] > 0:
            ends[(*a.states[i], *d.states[j])] = float(grid[i, j])
    return BattleChances(ends)
