"""The attacker's best plan for a battle: when to stop, which casualties to take, how big an army.

The battle is the one of :mod:`adjudicator.games.wotr.battle` (rules: Бросок на атаку,
Перекидывание результатов из-за лидерства, Определение потерь, Атака города или укрепления,
Ведение осады), fought until one army is gone, except that after every round the attacker may
cease attacking (rules: Прекращение сражения или отступление). The planner chooses, in every
state the battle can reach, whether to go on, so as to maximise the goal:

* ``destroy``: the chance that the defending army is destroyed;
* ``capture``: the chance that it is destroyed and the attacker has a unit left to move in
  (to take a settlement, rules: Захват поселений);
* ``exchange``: the expected hit points the defender loses minus those the attacker loses
  (a regular is 1, an elite 2: the hits it takes to remove).

Each state's value is ``max(stop, go on)``; a round that changes nothing (no hit either way, only
after the first round outside a siege) comes back to its own state and is closed in one step
(:func:`adjudicator.games.common.loop_closure`). The casualty policy (``keep_strength``: elites
become regulars first; ``keep_elites``: regulars go first) is the attacker's for the whole
battle; both are planned and the better one is advised. Values are floats from this exact
recursion (the tests run the same recursion in fractions and compare it with a search over
every stopping policy); they are stated to :data:`STATED_ERROR`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from adjudicator.games.common import N_, Answer, InvalidInput, Message, loop_closure
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import (
    CASUALTY_POLICIES,
    HIT,
    INPUT_CEASES,
    Battle,
    Side,
    apply_hits,
    battle_assumptions,
    battle_citations,
    check_battle,
)
from adjudicator.games.wotr.battle_floats import battle_chances
from adjudicator.games.wotr.board import MAX_UNITS_PER_REGION
from adjudicator.games.wotr.messages import one_of

DESTROY, CAPTURE, EXCHANGE = "destroy", "capture", "exchange"
GOALS = (DESTROY, CAPTURE, EXCHANGE)
CHANCE_GOALS = (DESTROY, CAPTURE)
STATED_ERROR = 1e-12
"""The values are floats of an exact recursion: their error is far below this."""
SIEGE_POLICIES = N_(
    "The attacker's casualties follow one policy for the whole battle, the better of the two "
    "(elites into regulars first, or regulars first); in a siege a choice made hit by hit can "
    "do a little better."
)

State = tuple[bool, Side, Side]
"""(first round, attacker, defender) at the start of a round."""


@dataclass(frozen=True)
class StopPoint:
    """After a round that leaves ``attacker`` against ``defender``, the plan ceases attacking;
    ``reached``: the chance the battle comes to it under the plan."""

    attacker: Side
    defender: Side
    reached: float
    stop_value: float
    go_on_value: float


@dataclass(frozen=True, kw_only=True)
class BattlePlan(Answer):
    """The best plan for the attacker and what it is worth."""

    battle: Battle
    goal: str
    casualty_policy: str
    value: float
    """The goal's value under the plan (a chance for destroy and capture)."""
    by_policy: dict[str, float]
    """The value with each casualty policy, each with its best stops."""
    to_the_end: float
    """The value fighting to the end with the advised casualty policy."""
    stops: tuple[StopPoint, ...]
    """Where the plan ceases attacking, most likely first."""


def _end_value(goal: str, start: Battle) -> Callable[[Side, Side], Any]:
    """The goal's worth of a battle that ends with these armies."""
    a0, d0 = start.attacker, start.defender

    def worth(attacker: Side, defender: Side) -> Any:
        destroyed = sum(defender) == 0
        if goal == DESTROY:
            return int(destroyed)
        if goal == CAPTURE:
            return int(destroyed and sum(attacker) > 0)
        lost_d = d0.regular + 2 * d0.elite - defender[0] - 2 * defender[1]
        lost_a = a0.regular + 2 * a0.elite - attacker[0] - 2 * attacker[1]
        return lost_d - lost_a

    return worth


class _Planner:
    """The recursion over a battle's states for one goal and attacker casualty policy."""

    def __init__(self, battle: Battle, goal: str, *, exact: bool = False, may_stop: bool = True):
        self.battle = battle
        self.worth = _end_value(goal, battle)
        self.number: Callable[[Fraction], Any] = (lambda p: p) if exact else float
        self.may_stop = may_stop
        self.values: dict[State, Any] = {}

    def rounds(self, state: State) -> dict[tuple[Side, Side], Any]:
        """Where one round from ``state`` leads, with its chance."""
        first, attacker, defender = state
        a, d = self.battle.attacker, self.battle.defender
        a_hits = a.hits(a.dice(*attacker), self.battle.attacker_target(first))
        d_hits = d.hits(d.dice(*defender), HIT)
        after: dict[tuple[Side, Side], Any] = {}
        for taken, p in enumerate(d_hits):
            a_after = apply_hits(*attacker, taken, a.casualty_policy)
            for dealt, q in enumerate(a_hits):
                if p and q:
                    key = (a_after, apply_hits(*defender, dealt, d.casualty_policy))
                    after[key] = after.get(key, 0) + self.number(p * q)
        return after

    def go_on(self, attacker: Side, defender: Side) -> State | None:
        """The next round's state if the attacker may fight it: a die to roll (an army with
        strength 0 cannot attack), in a siege an elite to pay."""
        if not sum(attacker) or not self.battle.attacker.dice(*attacker) or not sum(defender):
            return None
        if self.battle.siege:
            if not attacker[1]:
                return None
            attacker = (attacker[0] + 1, attacker[1] - 1)
        return (False, attacker, defender)

    def decide(self, attacker: Side, defender: Side) -> tuple[Any, bool]:
        """After a round: the best value from here, and whether the plan goes on."""
        following = self.go_on(attacker, defender)
        if following is None:
            return self.worth(attacker, defender), False
        go_on = self.value(following)
        if not self.may_stop:
            return go_on, True
        stop = self.worth(attacker, defender)
        return max(stop, go_on), go_on >= stop

    def repeats(self, state: State) -> bool:
        """Whether a round without hits brings the battle back to ``state`` (a later round
        outside a siege: nothing changes and the attacker decides again)."""
        return not state[0] and not self.battle.siege

    def value(self, state: State) -> Any:
        """The best value from the start of a round."""
        if state in self.values:
            return self.values[state]
        outcomes = self.rounds(state)
        stay = outcomes.pop((state[1], state[2]), 0) if self.repeats(state) else 0
        known = sum((p * self.decide(*ends)[0] for ends, p in outcomes.items()), start=0)
        closure = loop_closure(stay, 1)
        stop_here = known + stay * self.worth(state[1], state[2])
        if closure is None:  # no die can ever hit: the battle cannot go on
            value = stop_here
        else:
            value = known * closure if not self.may_stop else max(known * closure, stop_here)
        self.values[state] = value
        return value

    def start(self) -> State:
        a, d = self.battle.attacker, self.battle.defender
        return (True, (a.regular, a.elite), (d.regular, d.elite))


def _hit_points(state: State) -> int:
    (ar, ae), (dr, de) = state[1], state[2]
    return ar + 2 * ae + dr + 2 * de


def _stop_points(planner: _Planner) -> tuple[StopPoint, ...]:
    """The states after a round where the plan ceases, with the chance of reaching each.

    Mass flows forward from the first round; every round that goes on costs hit points (or is
    the first), so the states are settled from the most hit points down."""
    mass: dict[State, float] = {planner.start(): 1.0}
    reached: dict[tuple[Side, Side], float] = {}
    while mass:
        state = max(mass, key=lambda s: (s[0], _hit_points(s)))
        here = mass.pop(state)
        outcomes = planner.rounds(state)
        if planner.repeats(state):
            stay = outcomes.pop((state[1], state[2]), 0)
            if planner.value(state) >= planner.worth(state[1], state[2]):
                here *= loop_closure(stay, 1) or 0  # going on: the repeats summed
            else:  # the plan ceases here after a round without hits
                ends = (state[1], state[2])
                reached[ends] = reached.get(ends, 0.0) + here * stay
        for ends, p in outcomes.items():
            if planner.decide(*ends)[1]:
                following = planner.go_on(*ends)
                mass[following] = mass.get(following, 0.0) + here * p
            elif planner.go_on(*ends) is not None:
                reached[ends] = reached.get(ends, 0.0) + here * p
    points = [
        StopPoint(
            attacker,
            defender,
            chance,
            float(planner.worth(attacker, defender)),
            float(planner.value(planner.go_on(attacker, defender))),
        )
        for (attacker, defender), chance in reached.items()
    ]
    return tuple(sorted(points, key=lambda point: -point.reached))


def plan_values(battle: Battle, goal: str, *, exact: bool = False) -> dict[str, Any]:
    """The best value with each attacker casualty policy (fractions when ``exact``)."""
    values = {}
    for policy in CASUALTY_POLICIES:
        planned = replace(battle, attacker=replace(battle.attacker, casualty_policy=policy))
        planner = _Planner(planned, goal, exact=exact)
        values[policy] = planner.value(planner.start())
    return values


def check_plan(battle: Battle, goal: str) -> None:
    """Raise ``InvalidInput`` listing every problem with a planning request."""
    problems: list[tuple[str, str]] = []
    try:
        check_battle(replace(battle, rounds=None, attacker_stops_below=0))
    except InvalidInput as error:
        problems += error.problems
    if goal not in GOALS:
        problems.append(("goal", one_of(GOALS)))
    if problems:
        raise InvalidInput(problems)


def plan_battle(battle: Battle, goal: str) -> BattlePlan:
    """The attacker's best plan: where to cease attacking and which casualties to take first."""
    check_plan(battle, goal)
    battle = replace(battle, rounds=None, attacker_stops_below=0)
    by_policy = {policy: float(v) for policy, v in plan_values(battle, goal).items()}
    given = battle.attacker.casualty_policy  # kept on a tie
    best = max(CASUALTY_POLICIES, key=lambda policy: (by_policy[policy], policy == given))
    planned = replace(battle, attacker=replace(battle.attacker, casualty_policy=best))
    planner = _Planner(planned, goal)
    to_the_end = _Planner(planned, goal, may_stop=False)
    return BattlePlan(
        battle=planned,
        goal=goal,
        casualty_policy=best,
        value=by_policy[best],
        by_policy=by_policy,
        to_the_end=float(to_the_end.value(to_the_end.start())),
        stops=_stop_points(planner),
        citations=(  # rounds=None: the ceasing rule is cited
            *battle_citations(planned),
            *((cite.CAPTURE,) if goal == CAPTURE else ()),
        ),
        assumptions=(
            *(a for a in battle_assumptions(replace(planned, rounds=None)) if a != INPUT_CEASES),
            N_(
                "The plan may cease attacking after any round; the defender never retreats and "
                "plays no card."
            ),
            *((SIEGE_POLICIES,) if planned.siege else ()),
        ),
    )


def smallest_army(battle: Battle, goal: str, target: Fraction) -> int | None:
    """The fewest attacking regulars (the elites and leaders as given) whose best plan reaches
    ``target`` for a chance goal; None when even a full army does not."""
    if goal not in CHANCE_GOALS:
        raise InvalidInput([("goal", one_of(CHANCE_GOALS))])
    if not 0 < target <= 1:
        raise InvalidInput([("target", Message(N_("must be a chance above 0 and at most 1")))])
    # 100% is reached only by a certainty, not by a chance within the stated error of it
    tolerance = STATED_ERROR if target < 1 else 1e-15
    room = MAX_UNITS_PER_REGION - battle.attacker.elite
    for regular in range(0 if battle.attacker.elite else 1, room + 1):
        attacker = replace(battle.attacker, regular=regular)
        if not attacker.dice(regular, attacker.elite):
            continue  # an army with strength 0 cannot attack: try a bigger one
        trial = replace(battle, attacker=attacker, rounds=None, attacker_stops_below=0)
        if _best_chance(trial, goal) >= float(target) - tolerance:
            return regular
    return None


def _best_chance(battle: Battle, goal: str) -> float:
    """A chance goal's best plan over both casualty policies. Ceasing never raises the chance to
    destroy or capture, so outside a siege it is the battle fought to the end, in floats
    (:mod:`battle_floats`, a millisecond); a siege is planned."""
    if battle.siege:
        return float(max(plan_values(battle, goal).values()))
    return max(
        sum(
            chance
            for (regular, elite, *defender), chance in battle_chances(
                replace(battle, attacker=replace(battle.attacker, casualty_policy=policy))
            ).outcomes.items()
            if not any(defender) and (goal == DESTROY or regular + elite)
        )
        for policy in CASUALTY_POLICIES
    )
