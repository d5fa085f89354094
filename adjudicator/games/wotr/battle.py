"""Exact battle odds: a Markov chain over (attacker regular, elite, defender regular, elite).

Rules applied (wotr-rules): dice = strength (units + bonus) up to 5, a hit on 5+ (Бросок на
атаку); the attacker needs 6+ in the first round against a city or fortification (Атака города
или укрепления) and in every siege round (Ведение осады); leadership re-rolls failed dice, up to
5 (Перекидывание результатов из-за лидерства); modifiers add to the die, a natural 1 always
misses and a 6 always hits (Модифицирование броска); both sides roll, then each removes its
casualties: 1 hit removes a regular or turns an elite into a regular, 2 hits remove an elite
(Определение потерь); an army wiped out loses its leaders (Уничтожение лидеров).

The chain is walked forward once from the starting armies in order of decreasing hit points,
so every state is expanded once; the per-round hit distribution of a side depends only on
(dice, target, modifier, re-rolls) and is computed once (``dice.successes`` is cached). The
walk counts in integers over one common denominator (see ``_Chain``); answers are
``Fraction``s. A battle fought until decided plays only its first round and adds up the end
distributions of the states it leads to, kept across calls for every battle of the same rules
(``_EndTable``, a tablebase: the same fractions, several times faster than the walk).
"""

from __future__ import annotations

import heapq
import itertools
import threading
from array import array
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from math import fsum
from operator import itemgetter
from typing import Any

from gmpy2 import divexact, gcd, lcm, mpz

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    InvalidInput,
    exact_sum,
    unique_citations,
)
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.board import FORTIFICATION, MAX_UNITS_BESIEGED, MAX_UNITS_PER_REGION
from adjudicator.games.wotr.dice import SIDES, die_success, successes
from adjudicator.games.wotr.messages import Message, one_of

SETTLEMENT_TYPES = ("none", "town", "city", "fortification", "stronghold")
KEEP_STRENGTH, KEEP_ELITES = "keep_strength", "keep_elites"
CASUALTY_POLICIES = (KEEP_STRENGTH, KEEP_ELITES)
MAX_DICE = 5
"""At most 5 dice are rolled and 5 re-rolled (rules: Сила армии и лидерство)."""
HIT, SIEGE_HIT = 5, 6
MAX_LEADERSHIP = 20
"""The most leadership an army may be given (leaders + Nazgûl + characters)."""
MAX_MODIFIER = 5
"""The most a strength, roll or re-roll modifier may add or take (a die has six faces)."""
MAX_ROUNDS = 50
"""Longer fixed-round requests are refused; ``None`` (until decided) is exact and unlimited."""
MAX_FIXED_ROUND_STATES = 8_000
"""A battle of fixed rounds walks up to ``rounds`` × (the attacker's reachable armies × the
defender's) states, over a denominator that grows with the rounds (10 elites a side for 50
rounds: 22,050 states, over 2 s); past this estimate it is refused before the walk."""

MAX_KEPT_STATES = 40_000
"""The most states whose end distributions (``_EndTable``) a worker keeps over all rules, the
least recently used rules' tables dropped past it: 2.8 KB a state for the warmed tables
(``warm_tables``: 21,904 states, 61 MB; the order of their ends 0.2 KB of it), up to 6 KB with
leadership 5 and modifiers (a whole table of 4,225 states: 25 MB), so at most about 240 MB."""
MAX_TABLES = 64
"""The most rules whose tables a worker keeps (the 16 warmed and 48 others), the least recently
used dropped past it: every rules' table costs its chain and its counts even with few states,
and the API takes billions of rules (leadership, three modifiers a side, casualties, limits)."""
TABLE_BUILD_LIMIT = 100
"""The most states one battle may add to its rules' table (up to 0.1 ms each: under 10 ms, as
long as a cold walk); a battle that would add more is walked (``_Chain``: 10 v 10 units with 5
elites each, 3 ms), its states left to be made by smaller battles of the same rules, whose
states the bigger ones then reuse."""

Side = tuple[int, int]
"""(regular, elite) of one army."""
EndState = tuple[int, int, int, int]
"""(attacker regular, attacker elite, defender regular, defender elite) when the battle ends."""


@dataclass(frozen=True)
class Army:
    """One side of a battle: its units, leadership and the modifiers of cards or abilities."""

    regular: int
    elite: int = 0
    leadership: int = 0
    strength_bonus: int = 0
    roll_modifier: int = 0
    reroll_modifier: int = 0
    casualty_policy: str = KEEP_STRENGTH

    @property
    def units(self) -> int:
        """Regular + elite units."""
        return self.regular + self.elite

    def dice(self, regular: int, elite: int) -> int:
        """Combat dice for the given units: strength capped at 5 (rules: Бросок на атаку)."""
        return max(0, min(MAX_DICE, regular + elite + self.strength_bonus))

    @property
    def rerolls(self) -> int:
        """Failed dice re-rolled: leadership capped at 5 (rules: Перекидывание результатов)."""
        return max(0, min(MAX_DICE, self.leadership))

    def hits(self, dice: int, target: int) -> tuple[Fraction, ...]:
        """P(k hits), k = 0..dice, of a roll of ``dice`` dice against ``target`` with this
        army's re-rolls and modifiers."""
        return hit_chances(dice, self.rerolls, target, self.roll_modifier, self.reroll_modifier)


@cache
def hit_chances(
    dice: int, rerolls: int, target: int, roll_mod: int, reroll_mod: int
) -> tuple[Fraction, ...]:
    """P(k hits) of ``dice`` dice, then up to ``rerolls`` failed ones rolled again (rules:
    Бросок на атаку, Перекидывание результатов из-за лидерства, Модифицирование броска)."""
    rerolls = min(rerolls, dice)
    return successes(dice, die_success(target, roll_mod), rerolls, die_success(target, reroll_mod))


@dataclass(frozen=True)
class Battle:
    """A battle to compute. ``rounds=None`` means until one side has no units left.

    In a siege (``siege=True``, stronghold only) the battle lasts one round, and each further
    round (up to ``rounds``) costs the attacker one elite turned into a regular (rules: Ведение
    осады). The attacker ceases attacking at the end of a round in which it has fewer than
    ``attacker_stops_below`` units left (rules: Прекращение сражения или отступление).
    """

    attacker: Army
    defender: Army
    settlement: str = "none"
    siege: bool = False
    rounds: int | None = 1
    attacker_stops_below: int = 0

    def attacker_target(self, first_round: bool) -> int:
        """The attacker hits on 6+ in every siege round and in the first round against a city
        or fortification (rules: Атака города или укрепления, Ведение осады), else on 5+."""
        walls = self.settlement in ("city", FORTIFICATION) and first_round
        return SIEGE_HIT if self.siege or walls else HIT


@dataclass(frozen=True)
class RoundHits:
    """Round ``number``: the chance the battle reaches it and each side's hits in it."""

    number: int
    reached: Fraction
    attacker_hits: tuple[Fraction, ...]
    """P(k hits | the round is fought), k = 0..5."""
    defender_hits: tuple[Fraction, ...]

    @cached_property
    def floats(self) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
        """(reached, attacker_hits, defender_hits) as floats, made once per round (a battle to
        the end shares its first round's with every battle of the same first rolls)."""
        return (
            float(self.reached),
            tuple(map(float, self.attacker_hits)),
            tuple(map(float, self.defender_hits)),
        )


class EndStateChances:
    """What every battle answer says of its end states (``outcomes``: end state → chance)."""

    outcomes: Mapping[EndState, Any]

    def probability(self, condition: Callable[[int, int, int, int], bool]) -> Any:
        """P(end state satisfies ``condition(ar, ae, dr, de)``)."""
        return exact_sum(p for state, p in self.outcomes.items() if condition(*state))

    @property
    def defender_destroyed(self) -> Any:
        """No defending units left (its leaders and characters die with it)."""
        return self.probability(lambda ar, ae, dr, de: dr + de == 0)

    @property
    def attacker_destroyed(self) -> Any:
        """No attacking units left."""
        return self.probability(lambda ar, ae, dr, de: ar + ae == 0)

    @property
    def both_destroyed(self) -> Any:
        """Both armies wiped out in the same round."""
        return self.probability(lambda ar, ae, dr, de: ar + ae == 0 and dr + de == 0)


class Chances(Mapping[EndState, Fraction]):
    """End state → chance, from whole-number ``counts`` over one ``denominator``, in their
    order; each ``Fraction`` is made (reduced) when first read, so that an answer which shows
    only floats (``count / denominator``, the same correctly rounded float) never makes them."""

    def __init__(self, counts: tuple[tuple[EndState, int], ...], denominator: int) -> None:
        self.counts = dict(counts)
        self.denominator = denominator

    @cached_property
    def _fractions(self) -> dict[EndState, Fraction]:
        return {state: Fraction(count, self.denominator) for state, count in self.counts.items()}

    def __getitem__(self, state: EndState) -> Fraction:
        return self._fractions[state]

    def __iter__(self) -> Iterator[EndState]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    def __repr__(self) -> str:
        return repr(self._fractions)


@dataclass(frozen=True, kw_only=True)
class BattleOdds(EndStateChances, Answer):
    """The exact outcome of a battle."""

    battle: Battle
    outcomes: Chances
    rounds: tuple[RoundHits, ...]

    def probability(self, condition: Callable[[int, int, int, int], bool]) -> Any:
        """P(end state satisfies ``condition(ar, ae, dr, de)``): the whole-number counts summed
        over their one denominator (the same fraction as the chances' exact sum, reduced once)."""
        counts = self.outcomes.counts
        counted = sum(count for state, count in counts.items() if condition(*state))
        return Fraction(counted, self.outcomes.denominator)

    @cached_property
    def _destroyed(self) -> tuple[Fraction, Fraction, Fraction]:
        """(defender, attacker, both) destroyed: the counts of the three summed in one pass
        (an answer reads all three), each over the one denominator."""
        defender = attacker = both = 0
        for (a_regular, a_elite, d_regular, d_elite), count in self.outcomes.counts.items():
            if not a_regular + a_elite:
                attacker += count
                if not d_regular + d_elite:
                    both += count
            if not d_regular + d_elite:
                defender += count
        denominator = self.outcomes.denominator
        return tuple(Fraction(count, denominator) for count in (defender, attacker, both))

    @property
    def defender_destroyed(self) -> Fraction:
        """No defending units left (its leaders and characters die with it)."""
        return self._destroyed[0]

    @property
    def attacker_destroyed(self) -> Fraction:
        """No attacking units left."""
        return self._destroyed[1]

    @property
    def both_destroyed(self) -> Fraction:
        """Both armies wiped out in the same round."""
        return self._destroyed[2]

    @cached_property
    def floats(self) -> list[tuple[EndState, float]]:
        """Each end state's chance as a float, in order: ``count / denominator`` (Python's
        division of integers rounds correctly: the float of the fraction, never made)."""
        denominator = self.outcomes.denominator
        return [(state, count / denominator) for state, count in self.outcomes.counts.items()]

    def expected_losses(self, exact: bool = True) -> dict[str, dict[str, Any]]:
        """Expected units and elites lost by each side (an elite turned regular counts as an
        elite lost, not a unit lost); with ``exact=False`` the correctly rounded sums of the
        chances' floats (``math.fsum``: within 1e-15 of the fractions, and the same float under
        every Python, the offline odds' 3.13 included, whose ``sum`` compensates)."""
        a, d = self.battle.attacker, self.battle.defender
        chances = self.outcomes.items() if exact else self.floats
        a_units, a_elite, d_units, d_elite = a.units, a.elite, d.units, d.elite
        lost = [
            (
                p * (a_units - ar - ae),
                p * (a_elite - ae),
                p * (d_units - dr - de),
                p * (d_elite - de),
            )
            for (ar, ae, dr, de), p in chances
        ]  # a row per end state, a column per figure (one pass over the chances)
        add = exact_sum if exact else fsum
        sums = [add(column) for column in zip(*lost, strict=True)]
        return {
            "attacker": {"units": sums[0], "elite": sums[1]},
            "defender": {"units": sums[2], "elite": sums[3]},
        }


def check_battle(battle: Battle) -> None:
    """Raise ``InvalidInput`` listing every problem with a battle request."""
    problems: list[tuple[str, str]] = []
    for name, army in (("attacker", battle.attacker), ("defender", battle.defender)):
        limit = MAX_UNITS_BESIEGED if battle.siege and name == "defender" else MAX_UNITS_PER_REGION
        for kind in ("regular", "elite", "leadership"):
            if getattr(army, kind) < 0:
                problems.append((f"{name}.{kind}", Message(N_("must not be negative"))))
        if army.units > limit:
            template = (
                N_("%(units)s units; a besieged stronghold holds at most %(limit)s")
                if limit == MAX_UNITS_BESIEGED
                else N_("%(units)s units; an army holds at most %(limit)s")
            )
            problems.append((name, Message(template, units=army.units, limit=limit)))
        if army.casualty_policy not in CASUALTY_POLICIES:
            problems.append((f"{name}.casualty_policy", one_of(CASUALTY_POLICIES)))
    if battle.attacker.units <= 0 or battle.attacker.dice(*_start(battle.attacker)) <= 0:
        problems.append(("attacker", Message(N_("an army with strength 0 cannot attack"))))
    if battle.defender.units <= 0:
        problems.append(("defender", Message(N_("there is no army to attack"))))
    if battle.settlement not in SETTLEMENT_TYPES:
        problems.append(("settlement", one_of(SETTLEMENT_TYPES)))
    if battle.siege and battle.settlement != "stronghold":
        problems.append(("siege", Message(N_("only a stronghold can be besieged"))))
    if battle.rounds is not None and not 1 <= battle.rounds <= MAX_ROUNDS:
        problems.append(
            ("rounds", Message(N_("must be between 1 and %(high)s, or null"), high=MAX_ROUNDS))
        )
    if battle.attacker_stops_below < 0:
        problems.append(("attacker_stops_below", Message(N_("must not be negative"))))
    if problems:
        raise InvalidInput(problems)
    _check_size(battle)


def _check_size(battle: Battle) -> None:
    """Refuse a fixed-round battle whose walk is over MAX_FIXED_ROUND_STATES, before it."""
    if battle.rounds is None:
        return
    pairs = 1
    for army in (battle.attacker, battle.defender):
        pairs *= len(_reachable(_start(army), army, battle.siege))
    if battle.rounds * pairs > MAX_FIXED_ROUND_STATES:
        message = N_(
            "%(rounds)s fixed rounds between these armies are about %(states)s battle states, "
            "more than one question may compute (%(limit)s): ask for at most %(fit)s rounds, "
            "or until the battle is decided (null)."
        )
        fit = MAX_FIXED_ROUND_STATES // pairs
        sizes = {"rounds": battle.rounds, "states": battle.rounds * pairs, "fit": fit}
        raise InvalidInput([("rounds", Message(message, limit=MAX_FIXED_ROUND_STATES, **sizes))])


def _start(army: Army) -> Side:
    return army.regular, army.elite


@cache
def apply_hits(regular: int, elite: int, hits: int, policy: str) -> Side:
    """Remove casualties (rules: Определение потерь).

    ``keep_strength`` turns elites into regulars first, then removes regulars (the army keeps
    its dice); ``keep_elites`` removes regulars first, then elites (2 hits each; a last odd hit
    turns an elite into a regular).
    """
    if policy == KEEP_STRENGTH:
        downgraded = min(hits, elite)
        regular, elite, hits = regular + downgraded, elite - downgraded, hits - downgraded
        return max(0, regular - hits), elite
    removed = min(hits, regular)
    regular, hits = regular - removed, hits - removed
    killed = min(hits // 2, elite)
    elite, hits = elite - killed, hits - 2 * killed
    if hits and elite:
        return regular + 1, elite - 1
    return regular, elite


@dataclass(frozen=True, eq=False)
class _Roll:
    """One side's roll as exact integer counts: ``counts[k]`` of the ``6**faces`` equally likely
    outcomes give k hits (unused re-roll dice are counted as rolled, which changes nothing).
    Compared by identity (``_roll`` makes one per argument tuple), so the caches keyed by a roll
    hash it in no time; an equal roll made after a cache clear is only a cache miss."""

    faces: int
    counts: tuple[int, ...]


@cache
def _roll(army: Army, dice: int, target: int) -> _Roll:
    faces = dice + min(army.rerolls, dice)
    scale = SIDES**faces
    return _Roll(faces, tuple(int(p * scale) for p in army.hits(dice, target)))


@cache
def _side_after(side: Side, roll: _Roll, policy: str) -> tuple[tuple[Side, int], ...]:
    """Where an army goes under the enemy's roll: ((side, count out of 6**faces), ...)."""
    after: dict[Side, int] = {}
    for hits, count in enumerate(roll.counts):
        if count:
            nxt = apply_hits(*side, hits, policy)
            after[nxt] = after.get(nxt, 0) + count
    return tuple(after.items())


State = tuple[int, Side, Side]
"""(round key, attacker, defender) of a battle still going on."""


class _Chain:
    """The forward walk over battle states, in exact integers.

    Every probability mass is an integer numerator over one common denominator ``scale``,
    chosen before the walk so that every division on the way is exact: 6 to the power of the
    most dice (and re-roll dice) any path can roll, times ``6**faces - repeat`` for each state
    where a round can repeat unchanged (no hits either way; that geometric series is summed in
    closed form).
    This avoids the gcd of every rational addition, which costs far more.
    """

    def __init__(self, battle: Battle):
        self.battle = battle
        self.rules = _rules(battle)
        self.outcomes: dict[tuple[Side, Side], int] = {}
        self.rounds: dict[int, list] = {}
        self.by_dice: dict[tuple[bool, int, int], tuple[_Roll, _Roll, int, int]] = {}
        self.bonus = (battle.attacker.strength_bonus, battle.defender.strength_bonus)

    def key_after(self, key: int) -> int:
        """Rounds are counted exactly when limited; "until decided" needs only first/later."""
        return key + 1 if self.battle.rounds is not None else 2

    def rolls(self, key: int, attacker: Side, defender: Side) -> tuple[_Roll, _Roll]:
        """Both sides' rolls in a round (the attacker's target depends on the round)."""
        return self.round_dice(key, attacker, defender)[:2]

    def round_dice(self, key: int, attacker: Side, defender: Side) -> tuple[_Roll, _Roll, int, int]:
        """Both sides' rolls in a round and its ``repeat`` (divisor, repeat). They depend on the
        dice each side rolls and on whether it is the first round only, so they are looked up
        by those (a few dozen per battle) instead of made again for every state."""
        a_dice = max(0, min(MAX_DICE, attacker[0] + attacker[1] + self.bonus[0]))
        d_dice = max(0, min(MAX_DICE, defender[0] + defender[1] + self.bonus[1]))  # Army.dice
        return self.dice_round(key == 1, a_dice, d_dice)

    def dice_round(self, first: bool, a_dice: int, d_dice: int) -> tuple[_Roll, _Roll, int, int]:
        """``round_dice`` by the dice rolled, made once per chain."""
        found = self.by_dice.get((first, a_dice, d_dice))
        if found is None:
            battle = self.battle
            a, d = self.rules.attacker, self.rules.defender  # the start is no part of a roll
            a_roll = _roll(a, a_dice, battle.attacker_target(first))
            d_roll = _roll(d, d_dice, HIT)
            outcomes = SIDES ** (a_roll.faces + d_roll.faces)
            # a round can repeat unchanged only in the "later" rounds of an open battle
            repeat = 0
            if battle.rounds is None and not first and not battle.siege:
                repeat = a_roll.counts[0] * d_roll.counts[0]
            found = (a_roll, d_roll, outcomes - repeat, repeat)
            self.by_dice[first, a_dice, d_dice] = found
        return found

    def attacker_goes_on(self, key: int) -> Callable[[Side], bool]:
        """After round ``key``, whether the attacker fights another round (if the defender
        still stands): units left, a die to roll (an army with strength 0 cannot attack),
        rounds left, not below its threshold, an elite to pay for a further siege round."""
        battle = self.battle
        bonus, siege = battle.attacker.strength_bonus, battle.siege
        least = max(1, battle.attacker_stops_below, 1 - bonus)  # units, a die (Army.dice), limit
        if battle.rounds is not None and key >= battle.rounds:
            return lambda _attacker: False
        if siege:
            return lambda attacker: attacker[0] + attacker[1] >= least and attacker[1] > 0
        return lambda attacker: attacker[0] + attacker[1] >= least

    def scale(self) -> int:
        """A denominator every path's probability divides (see the class docstring).

        Along a path the hit points strictly fall, so it meets at most one state per
        hit-point level, and at most ``rounds`` states. States are bounded by the product of
        each side's reachable armies (a cheap superset of the joint reachable states). A side
        never rolls more dice than at the start (its units only fall; a siege's downgrade
        keeps them), so a round rolls at most both starting rolls' faces (the smaller the
        integers, the faster every step and the final fractions' gcd).
        """
        battle = self.battle
        sides = (battle.attacker, battle.defender)
        attackers, defenders = (_reachable(_start(army), army, battle.siege) for army in sides)
        longest = battle.rounds or 1 + sum(a.regular + 2 * a.elite for a in sides)
        faces = sum(
            dice + min(army.rerolls, dice) for army in sides for dice in [army.dice(*_start(army))]
        )  # fmt: skip
        scale = SIDES ** (faces * longest)
        if battle.rounds is None and not battle.siege:
            # a pair's repeat depends only on the dice each side rolls: the hit points of the
            # attackers that go on (a die to roll) and of the defenders standing, by their dice
            points: tuple[dict[int, set[int]], dict[int, set[int]]] = ({}, {})
            going_on = [a for a in attackers if battle.attacker.dice(*a)], filter(any, defenders)
            for army, armies, by_dice in zip(sides, going_on, points, strict=True):
                for regular, elite in armies:
                    by_dice.setdefault(army.dice(regular, elite), set()).add(regular + 2 * elite)
            levels: dict[int, set[int]] = {}
            for a_dice, a_points in points[0].items():
                for d_dice, d_points in points[1].items():
                    _, _, divisor, repeat = self.dice_round(False, a_dice, d_dice)
                    if repeat:
                        level = levels.setdefault(divisor, set())
                        level.update(a + d for a in a_points for d in d_points)
            for divisor, hit_points in levels.items():
                scale *= divisor ** len(hit_points)
        return scale

    def repeat(self, key: int, attacker: Side, defender: Side) -> tuple[int, int]:
        """(6**faces - repeat, repeat): ``repeat`` counts the rolls that change nothing (no hit
        either way), which can only happen again in the "later" rounds of an open battle."""
        return self.round_dice(key, attacker, defender)[2:]

    def run(self) -> int:
        """Walk the chain; returns the common denominator of the recorded masses."""
        battle = self.battle
        track_rounds = battle.rounds is not None
        outcomes = self.outcomes
        scale = mpz(self.scale())  # GMP integers: the same exact values, twice as fast
        start: State = (1, _start(battle.attacker), _start(battle.defender))
        mass = {start: scale}
        queue = [(1, 0, start)]
        pop, push, ended = heapq.heappop, heapq.heappush, outcomes.get  # the hot loop's names
        while queue:
            state = pop(queue)[2]  # each state once: its plan is made here
            weight = mass.pop(state)
            if track_rounds or state[0] == 1:
                self.record_round(state[0], weight, *self.rolls(*state))
            divisor, ends, goes_on = self.plan(state)
            share, rest = divmod(weight, divisor)
            if rest:  # cannot happen if ``scale`` is right; never answer inexactly
                raise ArithmeticError("battle chain scale is not a common denominator")
            for end, count in ends:
                outcomes[end] = ended(end, 0) + share * count  # end: (attacker, defender)
            for nxt, count in goes_on:
                if nxt in mass:
                    mass[nxt] += share * count
                else:
                    mass[nxt] = share * count
                    (_, (a_regular, a_elite), (d_regular, d_elite)) = nxt
                    points = a_regular + 2 * a_elite + d_regular + 2 * d_elite
                    push(queue, (nxt[0], -points, nxt))  # more hit points first
        return scale

    def plan(self, state: State) -> _Plan:
        """Where one round from ``state`` leads, as integer counts over ``divisor``."""
        key, attacker, defender = state
        battle = self.battle
        a_roll, d_roll, divisor, repeat = self.round_dice(key, attacker, defender)
        next_key = self.key_after(key)
        ends = []  # each (attacker, defender) pair occurs once: a_next and d_next are distinct
        goes_on = []
        d_next = [
            (d2, count, d2[0] + d2[1] > 0)
            for d2, count in _side_after(defender, a_roll, battle.defender.casualty_policy)
        ]
        goes_on_after = self.attacker_goes_on(key)
        for a2, count_a in _side_after(attacker, d_roll, battle.attacker.casualty_policy):
            attacker_goes_on = goes_on_after(a2)
            moved = (a2[0] + 1, a2[1] - 1) if battle.siege else a2  # an elite pays
            for d2, count_d, defender_stands in d_next:
                if not (attacker_goes_on and defender_stands):
                    ends.append(((a2, d2), count_a * count_d))
                elif not (repeat and a2 == attacker and d2 == defender):
                    goes_on.append(((next_key, moved, d2), count_a * count_d))
        return divisor, tuple(ends), tuple(goes_on)

    def record_round(self, key: int, weight: int, a_roll: _Roll, d_roll: _Roll) -> None:
        """Accumulate the round's hit counts, all over ``6**(2*MAX_DICE)`` per roll."""
        totals = self.rounds.setdefault(key, [0, [0] * (MAX_DICE + 1), [0] * (MAX_DICE + 1)])
        totals[0] += weight
        for roll, counts in ((a_roll, totals[1]), (d_roll, totals[2])):
            lift = SIDES ** (2 * MAX_DICE - roll.faces)
            for k, count in enumerate(roll.counts):
                counts[k] += weight * count * lift


_Plan = tuple[int, tuple[tuple[tuple[Side, Side], int], ...], tuple[tuple[State, int], ...]]
"""One state's round: (divisor, ends, goes_on), the end states and the next states it reaches
with integer counts out of ``divisor`` (the rolls that repeat the state are left out of both)."""


def _rules(battle: Battle) -> Battle:
    """The battle without its starting armies: a state's round depends on the armies it has
    then, their leadership and modifiers, the settlement, siege and limits, not on where the
    battle began, so battles that differ only in their armies share their states' ends."""
    return Battle(
        _no_units(battle.attacker), _no_units(battle.defender), battle.settlement,
        battle.siege, battle.rounds, battle.attacker_stops_below,
    )  # fmt: skip


def _no_units(army: Army) -> Army:
    """``army`` without its units (made directly: ``dataclasses.replace`` costs three times
    as much, on every battle)."""
    return Army(
        0, 0, army.leadership, army.strength_bonus, army.roll_modifier, army.reroll_modifier,
        army.casualty_policy,
    )  # fmt: skip


def _later_rules(rules: Battle) -> Battle:
    """The rules of the rounds after the first: outside a siege the settlement changes only
    the first round's target (rules: Атака города или укрепления), so the later rounds of
    battles in the field, a town, a city or a fortification share their ends."""
    return rules if rules.siege else replace(rules, settlement="none")


_Ends = tuple[Any, tuple[int, ...], tuple[Any, ...], array]
"""A state's end distribution: (denominator, ends, counts, firsts), each end (``_code``) reached
with ``count / denominator`` (reduced once, by the gcd of them all), the ends in the order the
walk from the state first records them (``firsts``: each one's ``_first_records`` rank). Plain
tuples of integers, which the collector stops tracking, and an array."""


def _code(end: tuple[Side, Side]) -> int:
    """An end (attacker, defender) as one integer (under 32 units of a kind), a cheap key."""
    (a_regular, a_elite), (d_regular, d_elite) = end
    return a_regular << 15 | a_elite << 10 | d_regular << 5 | d_elite


def _walk_order(state: State) -> int:
    """Where the walk (``_Chain.run``) expands a later-round ``state``: its queue pops more hit
    points first, then the smaller (attacker, defender); as one integer, in that order (hit
    points under 64, units under 32 of a kind)."""
    _key, attacker, defender = state
    points = attacker[0] + 2 * attacker[1] + defender[0] + 2 * defender[1]
    return (63 - points) << 20 | _code((attacker, defender))


_PLAN_ENDS = 64
"""More than the ends one round's plan can list (6 x 6 pairs of armies)."""


def _first_records(first: int, ends: tuple, after: list[tuple[int, _Ends]]) -> dict[int, int]:
    """Each end's rank in the order the walk from a state first records it (the order of equal
    chances in its answer): the state's own round records its ``ends`` first, in the plan's
    order (ranks from ``first``), then each end is first recorded by the earliest state of the
    walk (``_walk_order``) that ends there, found as the least rank over the states ``after``
    (the walk from a state visits every state it can reach, in one order)."""
    firsts = {_code(end): first + index for index, (end, _count) in enumerate(ends)}
    get = firsts.get
    for _count, (_denominator, codes, _counts, ranks) in after:
        for code, rank in zip(codes, ranks, strict=True):
            if rank < get(code, rank + 1):
                firsts[code] = rank
    return firsts


def _end_state(code: int) -> EndState:
    """The (attacker regular, elite, defender regular, elite) of an end's ``_code``."""
    return code >> 15, code >> 10 & 31, code >> 5 & 31, code & 31


class _EndTable:
    """The end distribution of the states of the later rounds of one battle's rules, kept
    across calls (a tablebase).

    A battle fought until decided is a Markov chain whose end distribution from a state depends
    only on that state and the rules of the rounds still to come (every rule above applies
    round by round; the first round's own target, Атака города или укрепления, is behind it),
    not on where the battle began: a battle plays its first round and adds up the kept
    distributions of the states it leads to, weighted by their chances. Each state's
    distribution is made once, from its round's plan and the distributions of the states one
    round on, which have fewer hit points (each round that changes the armies takes one at
    least; the rolls that change nothing are left out of the plan and its divisor, as in
    ``_Chain``), in exact integers: the same fractions as the walk's, and its ends kept in the
    walk's order (``_first_records``), which orders the ends of equal chances.

    Bounded: one entry per pair of armies of at most MAX_UNITS_PER_REGION units (4,225),
    entries added by a battle at most TABLE_BUILD_LIMIT (``_to_the_end``; a battle past it is
    walked and leaves no table), and a worker keeps MAX_KEPT_STATES over at most MAX_TABLES
    rules (``_end_table``).
    """

    def __init__(self, rules: Battle) -> None:
        self.chain = _Chain(rules)
        self.ends: dict[State, _Ends] = {}
        self.used = 0
        """When the table was last asked for (``_end_table``'s count)."""

    def of(self, state: State) -> _Ends:
        """``state``'s end distribution (``state``: a later round, both armies standing)."""
        found = self.ends.get(state)
        if found is None:
            found = self.ends[state] = self.made(state)  # once whole: a budget's stop leaves none
        return found

    def made(self, state: State) -> _Ends:
        """The distribution of ``state`` from its plan and those of the states it leads to
        (their plans are not kept: the table keeps what they add up to)."""
        divisor, ends, goes_on = self.chain.plan(state)
        after = [(c, self.of(s)) for s, c in goes_on]
        denominator, totals = _summed(divisor, ends, after)
        firsts = _first_records(_walk_order(state) * _PLAN_ENDS, ends, after)
        order = sorted(totals, key=firsts.__getitem__)
        reduced = gcd(denominator, *totals.values())
        return (
            divexact(denominator, reduced),
            tuple(order),
            tuple(divexact(totals[code], reduced) for code in order),
            array("Q", [firsts[code] for code in order]),
        )


def _missing(kept: dict[State, _Ends], battle: Battle) -> int:
    """At most how many states answering ``battle`` would add to a table that ``kept``: the
    pairs of the armies each side can be left with that it lacks."""
    attackers, defenders = (
        _reachable(_start(army), army, battle.siege) for army in (battle.attacker, battle.defender)
    )
    return sum((2, a, d) not in kept for a in attackers for d in defenders)


def _summed(divisor: int, ends: tuple, after: list[tuple[int, _Ends]]) -> tuple[Any, dict]:
    """One round (its ``divisor``, its ``ends`` and ``after``: each state it goes on to, with
    its count out of ``divisor`` and its end distribution) and the rounds after, as one end
    distribution: (denominator, {end's code: count}), over the least common multiple of the
    states' denominators times the round's divisor."""
    common = mpz(1)
    for _count, (denominator, _ends, _counts, _firsts) in after:
        common = lcm(common, denominator)
    totals = {_code(end): count * common for end, count in ends}
    get = totals.get
    for count, (denominator, sub_ends, sub_counts, _firsts) in after:
        factor = count * divexact(common, denominator)
        for end, sub_count in zip(sub_ends, sub_counts, strict=True):
            totals[end] = get(end, 0) + factor * sub_count
    return divisor * common, totals


_tables: dict[tuple, _EndTable] = {}
_tables_lock = threading.Lock()
_uses = itertools.count()


def _end_table(battle: Battle) -> _EndTable:
    """The kept table of ``battle``'s later rounds (``_later_rules``); past MAX_KEPT_STATES
    states over all tables, or past MAX_TABLES tables, the least recently used are dropped."""
    key = _later_key(battle)
    table = _tables.get(key)
    if table is None:
        with _tables_lock:
            table = _tables.setdefault(key, _EndTable(_later_rules(_rules(battle))))
    table.used = next(_uses)
    if len(_tables) > MAX_TABLES or _kept_states() > MAX_KEPT_STATES:
        _drop_least_used(table)
    return table


def _later_key(battle: Battle) -> tuple:
    """What tells ``_later_rules(_rules(battle))`` apart, as a plain tuple (a cheaper key):
    leadership as the re-rolls it gives (capped at 5), so leadership 5 to 20 share a table."""
    armies = tuple(
        (army.rerolls, army.strength_bonus, army.roll_modifier, army.reroll_modifier,
         army.casualty_policy)
        for army in (battle.attacker, battle.defender)
    )  # fmt: skip
    settlement = battle.settlement if battle.siege else "none"
    return armies, settlement, battle.siege, battle.rounds, battle.attacker_stops_below


def _kept_states() -> int:
    return sum(len(table.ends) for table in list(_tables.values()))


def _drop_least_used(keep: _EndTable) -> None:
    """The least recently used tables but ``keep`` dropped, until MAX_TABLES and
    MAX_KEPT_STATES hold."""
    with _tables_lock:
        kept, count = _kept_states(), len(_tables)
        for key, table in sorted(_tables.items(), key=lambda item: item[1].used):
            if kept <= MAX_KEPT_STATES and count <= MAX_TABLES:
                return
            if table is not keep:
                del _tables[key]
                kept, count = kept - len(table.ends), count - 1


def warm_tables(leadership: int = 3, elite: int = 3) -> int:
    """Fill the tables of the commonest battles before a worker answers any (the site's
    warm-up, adjudicator/wsgi.py): no modifiers, casualties that keep the army's strength,
    fought to the end, each side with up to ``leadership`` leadership and armies of at most
    MAX_UNITS_PER_REGION units, up to ``elite`` of them elite. Returns the states kept."""
    sides = [
        (regular, kept) for kept in range(elite + 1)
        for regular in range(MAX_UNITS_PER_REGION + 1 - kept) if regular + kept
    ]  # fmt: skip
    kept = 0
    for a_leadership in range(leadership + 1):
        for d_leadership in range(leadership + 1):
            rules = Battle(Army(0, 0, a_leadership), Army(0, 0, d_leadership), rounds=None)
            table = _end_table(rules)
            for a in sides:
                for d in sides:
                    table.of((2, a, d))
            kept += len(table.ends)
    return kept


@lru_cache(maxsize=1024)
def _reachable(start: Side, army: Army, siege: bool) -> frozenset[Side]:
    """Every army one side can be left with, whatever the hits (and siege downgrades)."""
    seen, todo = {start}, [start]
    while todo:
        regular, elite = todo.pop()
        after = [apply_hits(regular, elite, hits, army.casualty_policy) for hits in range(6)]
        if siege and elite:
            after.append((regular + 1, elite - 1))
        for side in after:
            if side not in seen:
                seen.add(side)
                todo.append(side)
    return frozenset(seen)


def battle_odds(battle: Battle) -> BattleOdds:
    """The exact distribution of a battle's end states (raises ``InvalidInput`` on bad input)."""
    check_battle(battle)
    answered = _to_the_end(battle) if battle.rounds is None else None
    rounds, denominator, ended = answered or _walked(battle)
    denominator = int(denominator)
    counts = tuple((state, int(count)) for state, count in ended)
    return BattleOdds(
        battle=battle,
        outcomes=Chances(counts, denominator),
        rounds=rounds,
        citations=battle_citations(battle),
        assumptions=battle_assumptions(battle),
    )


_Walked = tuple[tuple[RoundHits, ...], Any, list[tuple[EndState, Any]]]
"""(rounds, denominator, [(end state, count), ...]): the ends likeliest first, and among equal
chances in the order the walk first records them."""


def _walked(battle: Battle) -> _Walked:
    """The battle by the forward walk (``_Chain``)."""
    chain = _Chain(battle)
    denominator = chain.run()
    # over one denominator, the counts sort as their chances do (and stably, as ties)
    walked = sorted(chain.outcomes.items(), key=lambda i: -i[1])
    ended = [((*attacker, *defender), count) for (attacker, defender), count in walked]
    return _round_hits(chain.rounds, denominator), denominator, ended


def _to_the_end(battle: Battle) -> _Walked | None:
    """A battle fought until decided, from its first round and the end distributions of the
    states it leads to (``_EndTable``); None when the walk answers it: where the table lacks
    more than TABLE_BUILD_LIMIT of the states (the walk is cheaper than making them). End
    states of equal chances come in the walk's order (``_first_records``), as the walk lists them.

    Where the first round is fought as the later ones (the attacker's target the same: no city
    or fortification walls, Атака города или укрепления) and the attacker would fight on from
    its start (Прекращение сражения или отступление), the battle is its starting armies'
    later-round state, whose end distribution the table keeps whole (the rolls that change
    nothing only repeat the round: the same Markov chain, the same fractions)."""
    chain = _Chain(battle)
    start: State = (1, _start(battle.attacker), _start(battle.defender))
    as_later = battle.attacker_target(True) == battle.attacker_target(False) and (
        chain.attacker_goes_on(1)(start[1])
    )
    if as_later:
        divisor, ends, goes_on = 1, (), (((2, *start[1:]), 1),)
    else:
        divisor, ends, goes_on = chain.plan(start)
    found = _tables.get(_later_key(battle))
    kept = found.ends if found is not None else {}
    if not all(nxt in kept for nxt, _count in goes_on) and (
        _missing(kept, battle) > TABLE_BUILD_LIMIT
    ):
        return None  # walked, and no table made for it
    table = _end_table(battle)
    kept = table.ends
    if as_later:  # its ends in the walk's order (the start's round records its ends as it)
        denominator, codes, counts, _firsts = table.of(goes_on[0][0])
        totals = zip(codes, counts, strict=True)
    else:
        after = [(count, kept.get(nxt) or table.of(nxt)) for nxt, count in goes_on]
        denominator, summed = _summed(divisor, ends, after)
        totals = summed.items()
        if len(set(summed.values())) < len(summed):  # equal chances: in the walk's order
            firsts = _first_records(0, ends, after)  # the start's round is walked first
            totals = [(code, summed[code]) for code in sorted(summed, key=firsts.__getitem__)]
    ended = sorted(totals, key=itemgetter(1), reverse=True)  # stable: equal ones in that order
    rounds = _first_round(*chain.rolls(*start))
    return rounds, denominator, [(_end_state(code), count) for code, count in ended]


@cache
def _first_round(a_roll: _Roll, d_roll: _Roll) -> tuple[RoundHits, ...]:
    """The only round a battle to the end reports, the first (reached for sure): each side's
    hits, by its roll alone."""
    return (
        RoundHits(
            number=1,
            reached=Fraction(1),
            attacker_hits=_hits(a_roll),
            defender_hits=_hits(d_roll),
        ),
    )


def _hits(roll: _Roll) -> tuple[Fraction, ...]:
    counts = roll.counts + (0,) * (MAX_DICE + 1 - len(roll.counts))
    return tuple(Fraction(count, SIDES**roll.faces) for count in counts)


def _round_hits(walked: dict[int, list], scale: int) -> tuple[RoundHits, ...]:
    """The rounds a walk recorded (``_Chain.record_round``) as chances."""
    per_roll = SIDES ** (2 * MAX_DICE)
    return tuple(
        RoundHits(
            number=key,
            reached=Fraction(int(reached), int(scale)),
            attacker_hits=tuple(Fraction(int(c), int(reached * per_roll)) for c in a_total),
            defender_hits=tuple(Fraction(int(c), int(reached * per_roll)) for c in d_total),
        )
        for key, (reached, a_total, d_total) in sorted(walked.items())
    )


def battle_citations(battle: Battle) -> tuple[Citation, ...]:
    """The sections a battle's answer applies."""
    applied = [
        cite.STRENGTH_AND_LEADERSHIP,
        cite.COMBAT_ROLL,
        cite.LEADER_REROLL,
        cite.ROLL_MODIFIERS,
        cite.CASUALTIES,
        cite.LEADERS_DESTROYED,
    ]
    if battle.rounds != 1:
        applied.append(cite.CEASE_OR_RETREAT)
    if battle.siege:
        applied += [cite.STRONGHOLD_ATTACK, cite.SIEGE, cite.ARMY_LIMITS]
    elif battle.settlement in ("city", FORTIFICATION):
        applied.append(cite.CITY_OR_FORTIFICATION)
    elif battle.settlement == "stronghold":
        applied.append(cite.STRONGHOLD_ATTACK)
    return unique_citations(applied)


INPUT_CEASES = N_("The defender never retreats; the attacker ceases only as the input says.")
SIEGE_PAYS = N_(
    "The attacker turns an elite into a regular to fight each further siege round while it has one."
)


def battle_assumptions(battle: Battle) -> tuple[str, ...]:
    """What the computation takes for granted, as translatable messages."""
    assumptions = [
        N_("No combat cards are played; modifiers given apply in every round."),
        INPUT_CEASES,
        N_("A regular figure is always available to replace a downgraded elite."),
    ]
    if battle.settlement == "stronghold" and not battle.siege:
        assumptions.append(
            N_(
                "The defender fights in the field every round instead of retreating into the "
                "stronghold."
            )
        )
    if battle.settlement == "town":
        assumptions.append(
            N_(
                "A town gives the defender no bonus (the rules name only cities, "
                "fortifications and strongholds)."
            )
        )
    if battle.attacker.strength_bonus < 0:
        assumptions.append(
            N_(
                "An attacker left without a die (its strength bonus cancelling its units) cannot "
                "attack again: the battle ends there."
            )
        )
    if battle.siege and battle.rounds != 1:
        assumptions.append(SIEGE_PAYS)
    return tuple(assumptions)
