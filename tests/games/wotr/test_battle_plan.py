"""The battle planner against the exact battle engine and against every stopping policy."""

from dataclasses import replace
from fractions import Fraction
from itertools import chain, combinations

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.battle import (
    CASUALTY_POLICIES,
    HIT,
    SIEGE_HIT,
    Army,
    Battle,
    apply_hits,
    battle_odds,
)
from adjudicator.games.wotr.battle_plan import (
    CAPTURE,
    DESTROY,
    EXCHANGE,
    plan_battle,
    plan_values,
    smallest_army,
)
from adjudicator.games.wotr.dice import die_success, successes

SMALL = [
    Battle(Army(2, 0), Army(2, 0)),
    Battle(Army(1, 1, 1), Army(2, 0)),
    Battle(Army(3, 0), Army(1, 1, 1), settlement="city"),
    Battle(Army(1, 2), Army(2, 0), settlement="stronghold", siege=True),
]


def _round(battle: Battle, first: bool, attacker, defender):
    """Independent of the planner: every end of one round with its exact chance."""
    a, d = battle.attacker, battle.defender
    bonus = battle.settlement in ("city", "fortification") and not battle.siege
    target = SIEGE_HIT if battle.siege or (first and bonus) else HIT
    a_dice, d_dice = a.dice(*attacker), d.dice(*defender)
    dealt = successes(a_dice, die_success(target), min(a.rerolls, a_dice), die_success(target))
    taken = successes(d_dice, die_success(HIT), min(d.rerolls, d_dice), die_success(HIT))
    ends = {}
    for x, p in enumerate(taken):
        for y, q in enumerate(dealt):
            key = (
                apply_hits(*attacker, x, a.casualty_policy),
                apply_hits(*defender, y, d.casualty_policy),
            )
            ends[key] = ends.get(key, 0) + p * q
    return ends


def _policy_value(battle: Battle, goal: str, stops: frozenset) -> Fraction:
    """The goal's exact value when the attacker ceases exactly at the states in ``stops``."""
    a0, d0 = battle.attacker, battle.defender

    def worth(attacker, defender):
        if goal == DESTROY:
            return Fraction(int(sum(defender) == 0))
        if goal == CAPTURE:
            return Fraction(int(sum(defender) == 0 and sum(attacker) > 0))
        hp = lambda side: side[0] + 2 * side[1]  # noqa: E731
        return Fraction(
            hp((d0.regular, d0.elite)) - hp(defender) - hp((a0.regular, a0.elite)) + hp(attacker)
        )

    def after(attacker, defender):
        if not sum(attacker) or not sum(defender) or (attacker, defender) in stops:
            return None
        if battle.siege:
            return None if not attacker[1] else (attacker[0] + 1, attacker[1] - 1)
        return attacker

    def value(first, attacker, defender):
        total, stay = Fraction(0), Fraction(0)
        for (a2, d2), p in _round(battle, first, attacker, defender).items():
            nxt = after(a2, d2)
            if nxt is None:
                total += p * worth(a2, d2)
            elif not first and not battle.siege and (nxt, d2) == (attacker, defender):
                stay += p
            else:
                total += p * value(False, nxt, d2)
        return total / (1 - stay)

    return value(True, (a0.regular, a0.elite), (d0.regular, d0.elite))


def _decision_states(battle: Battle) -> set:
    """Every (attacker, defender) after a round where the attacker could cease."""
    start = (True, (battle.attacker.regular, battle.attacker.elite),
             (battle.defender.regular, battle.defender.elite))  # fmt: skip
    seen, todo, found = set(), [start], set()
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        for a2, d2 in _round(battle, *state):
            if sum(a2) and sum(d2) and (not battle.siege or a2[1]):
                found.add((a2, d2))
                todo.append((False, (a2[0] + 1, a2[1] - 1) if battle.siege else a2, d2))
    return found


@pytest.mark.parametrize("battle", SMALL)
@pytest.mark.parametrize("goal", [DESTROY, CAPTURE, EXCHANGE])
def test_plan_equals_the_best_of_every_stopping_policy(battle, goal):
    best = {}
    for policy in CASUALTY_POLICIES:
        planned = replace(battle, attacker=replace(battle.attacker, casualty_policy=policy))
        states = sorted(_decision_states(planned))
        assert len(states) <= 12  # 4,096 policies at most
        subsets = chain.from_iterable(combinations(states, k) for k in range(len(states) + 1))
        best[policy] = max(_policy_value(planned, goal, frozenset(s)) for s in subsets)
    assert plan_values(battle, goal, exact=True) == best


@pytest.mark.parametrize("policy", CASUALTY_POLICIES)
def test_fighting_to_the_end_agrees_with_the_battle_engine(policy):
    battle = Battle(Army(5, 5, 3, casualty_policy=policy), Army(5, 5, 2), "city", rounds=None)
    plan = plan_battle(battle, DESTROY)
    odds = battle_odds(plan.battle)
    assert plan.to_the_end == pytest.approx(float(odds.defender_destroyed), abs=1e-12)
    assert plan.value == pytest.approx(plan.to_the_end, abs=1e-12)  # never worth ceasing
    assert plan.stops == ()


def test_siege_plan_keeps_elites_to_pay_for_rounds():
    """Under siege each further round costs an elite: removing regulars first keeps them."""
    battle = Battle(Army(5, 5, 3), Army(0, 5, 2), "stronghold", siege=True, rounds=None)
    plan = plan_battle(battle, CAPTURE)
    assert plan.casualty_policy == "keep_elites"
    assert plan.by_policy["keep_elites"] > 10 * plan.by_policy["keep_strength"]


def test_exchange_plan_ceases_when_the_next_round_costs_more_than_it_gains():
    plan = plan_battle(Battle(Army(5, 5, 3), Army(5, 5, 2), "city"), EXCHANGE)
    assert plan.value > plan.to_the_end
    assert plan.stops and all(p.stop_value > p.go_on_value for p in plan.stops)
    assert sum(p.reached for p in plan.stops) <= 1


def test_smallest_army_is_the_first_that_reaches_the_target():
    battle = Battle(Army(1, 1, 1), Army(3, 1, 1), "city")
    target = Fraction(1, 2)
    values = {
        n: max(
            plan_values(
                replace(battle, attacker=replace(battle.attacker, regular=n), rounds=None), DESTROY
            ).values()
        )
        for n in range(0, 9)
    }
    found = smallest_army(battle, DESTROY, target)
    assert found is not None and values[found] >= target
    assert all(values[n] < target for n in range(found))


def test_unreachable_target_and_bad_goals_are_said():
    assert (
        smallest_army(
            Battle(Army(1), Army(0, 5, 2), "stronghold", siege=True), DESTROY, Fraction(99, 100)
        )
        is None
    )
    with pytest.raises(InvalidInput) as error:
        plan_battle(Battle(Army(1), Army(1)), "win")
    assert error.value.problems[0][0] == "goal"
    with pytest.raises(InvalidInput):
        smallest_army(Battle(Army(1), Army(1)), EXCHANGE, Fraction(1, 2))


def test_an_attacker_out_of_dice_stops_and_every_engine_agrees():
    """A strength bonus of -2 leaves 2 units without a die: an army with strength 0 cannot
    attack, so the battle ends there (it used to divide by zero: every roll repeated)."""
    battle = Battle(Army(3, strength_bonus=-2), Army(3, strength_bonus=-2), rounds=None)
    exact = battle_odds(battle)
    assert exact.attacker_destroyed == 0
    plan = plan_battle(battle, DESTROY)
    assert plan.to_the_end == pytest.approx(float(exact.defender_destroyed), abs=1e-12)


def test_the_smallest_army_skips_armies_without_a_die_and_100_percent_needs_certainty():
    weak = Battle(Army(5, strength_bonus=-2), Army(1))
    assert smallest_army(weak, DESTROY, Fraction(1, 2)) is not None  # 1 or 2 regulars roll 0
    unhittable = Battle(Army(2), Army(1, roll_modifier=-5))
    assert smallest_army(unhittable, DESTROY, Fraction(1)) is None  # 1 - 7e-13 is not 100%
