"""Battle odds against hand computation, a brute-force oracle and the rulebook's statements."""

from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import (
    KEEP_ELITES,
    KEEP_STRENGTH,
    MAX_FIXED_ROUND_STATES,
    Army,
    Battle,
    apply_hits,
    battle_odds,
)
from adjudicator.games.wotr.dice import die_success, successes
from tests.memory import MB, peak_bytes


def first_round(attacker: Army, defender: Army, **options) -> tuple:
    odds = battle_odds(Battle(attacker, defender, rounds=1, **options))
    return odds.rounds[0].attacker_hits, odds.rounds[0].defender_hits


# ---- hand-computed probabilities ----------------------------------------------------------


def test_one_die_hitting_on_5_with_one_reroll_is_5_9():
    attacker_hits, _ = first_round(Army(1, leadership=1), Army(1))
    assert attacker_hits[1] == F(5, 9)


def test_five_dice_no_reroll_zero_hits_is_two_thirds_to_the_fifth():
    attacker_hits, _ = first_round(Army(5), Army(1))
    assert attacker_hits[0] == F(2, 3) ** 5


def test_dice_are_strength_capped_at_5():
    ten, _ = first_round(Army(10), Army(1))
    five, _ = first_round(Army(5), Army(1))
    assert ten == five and len(ten) == 6


def test_rerolls_are_leadership_capped_at_5():
    assert first_round(Army(5, leadership=9), Army(1)) == first_round(
        Army(5, leadership=5), Army(1)
    )


def test_leadership_beyond_the_dice_rolled_changes_nothing():
    """Rules, Перекидывание результатов из-за лидерства: only failed dice are re-rolled, so
    2 units re-roll at most 2 dice whatever their leadership (the cap of 5 is the text's)."""
    assert first_round(Army(2, leadership=2), Army(1)) == first_round(
        Army(2, leadership=5), Army(1)
    )
    assert first_round(Army(2, leadership=1), Army(1)) != first_round(
        Army(2, leadership=2), Army(1)
    )


def test_city_first_round_needs_6_then_5():
    odds = battle_odds(Battle(Army(1), Army(9), settlement="city", rounds=2))
    assert odds.rounds[0].attacker_hits[1] == F(1, 6)
    assert odds.rounds[1].attacker_hits[1] == F(1, 3)
    assert odds.rounds[0].defender_hits[0] == F(2, 3) ** 5  # the defender hits on 5+


def test_town_gives_no_bonus_and_fortification_does():
    town, _ = first_round(Army(1), Army(1), settlement="town")
    fort, _ = first_round(Army(1), Army(1), settlement="fortification")
    assert town[1] == F(1, 3) and fort[1] == F(1, 6)


def test_stronghold_field_battle_is_normal_but_siege_needs_6_every_round():
    field_, _ = first_round(Army(1), Army(1), settlement="stronghold")
    assert field_[1] == F(1, 3)
    odds = battle_odds(Battle(Army(0, 3), Army(5), settlement="stronghold", siege=True, rounds=3))
    assert odds.rounds[0].attacker_hits[0] == F(5, 6) ** 3
    assert len(odds.rounds) == 3


def test_modifiers_natural_one_misses_natural_six_hits():
    assert die_success(5, modifier=5) == F(5, 6)
    assert die_success(5, modifier=-4) == F(1, 6)
    assert die_success(6, modifier=1) == F(2, 6)


def test_separate_roll_and_reroll_modifiers():
    hits = successes(1, die_success(5, 1), 1, die_success(5, 0))
    assert hits[1] == F(1, 2) + F(1, 2) * F(1, 3)


def test_issue_example_5_regulars_against_3_in_a_city():
    odds = battle_odds(
        Battle(Army(5, leadership=2), Army(3, leadership=1), settlement="city", rounds=1)
    )
    assert odds.defender_destroyed == F(331, 3456)
    assert odds.attacker_destroyed == 0


def test_one_against_one_until_decided():
    odds = battle_odds(Battle(Army(1), Army(1), rounds=None))
    assert odds.defender_destroyed == F(3, 5)
    assert odds.attacker_destroyed == F(3, 5)
    assert odds.both_destroyed == F(1, 5)


def test_one_against_one_in_a_city_until_decided():
    odds = battle_odds(Battle(Army(1), Army(1), settlement="city", rounds=None))
    assert odds.defender_destroyed == F(1, 2)


# ---- casualties ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("army", "hits", "policy", "left"),
    [
        ((2, 2), 1, KEEP_STRENGTH, (3, 1)),
        ((2, 2), 3, KEEP_STRENGTH, (3, 0)),
        ((2, 2), 1, KEEP_ELITES, (1, 2)),
        ((2, 2), 4, KEEP_ELITES, (0, 1)),
        ((2, 2), 5, KEEP_ELITES, (1, 0)),
        ((0, 1), 2, KEEP_ELITES, (0, 0)),
        ((0, 1), 2, KEEP_STRENGTH, (0, 0)),
        ((1, 0), 5, KEEP_STRENGTH, (0, 0)),
    ],
)
def test_one_hit_per_regular_two_per_elite(army, hits, policy, left):
    assert apply_hits(*army, hits, policy) == left


# ---- a brute-force oracle: enumerate every die face ---------------------------------------


def brute_hits(dice, rerolls, target, modifier=0):
    counts = [0] * (dice + 1)
    for faces in product(range(1, 7), repeat=dice):
        hit = [f == 6 or (f != 1 and f + modifier >= target) for f in faces]
        failed = hit.count(False)
        again = min(rerolls, failed)
        for second in product(range(1, 7), repeat=again):
            extra = sum(f == 6 or (f != 1 and f + modifier >= target) for f in second)
            counts[sum(hit) + extra] += 6 ** (rerolls - again)
    return [F(c, 6 ** (dice + rerolls)) for c in counts]


def brute_battle(a, d, rounds, settlement="none"):
    """Plain recursion over rounds with brute-force hit distributions."""
    result = {}

    def walk(ar, ae, dr, de, number, p):
        first = number == 1 and settlement in ("city", "fortification")
        a_hits = brute_hits(min(5, ar + ae), min(a.leadership, min(5, ar + ae)), 6 if first else 5)
        d_hits = brute_hits(min(5, dr + de), min(d.leadership, min(5, dr + de)), 5)
        for ha, pa in enumerate(a_hits):
            for hd, pd in enumerate(d_hits):
                if not pa * pd:
                    continue
                a2 = apply_hits(ar, ae, hd, a.casualty_policy)
                d2 = apply_hits(dr, de, ha, d.casualty_policy)
                if number < rounds and sum(a2) and sum(d2):
                    walk(*a2, *d2, number + 1, p * pa * pd)
                else:
                    result[(*a2, *d2)] = result.get((*a2, *d2), 0) + p * pa * pd

    walk(a.regular, a.elite, d.regular, d.elite, 1, F(1))
    return result


@pytest.mark.parametrize(
    ("attacker", "defender", "rounds", "settlement"),
    [
        (Army(2, 1, 1), Army(1, 1), 2, "city"),
        (Army(1, 1, 2, casualty_policy=KEEP_ELITES), Army(2, 0, 1), 3, "none"),
        (Army(3), Army(0, 2, 1, casualty_policy=KEEP_ELITES), 2, "fortification"),
    ],
)
def test_matches_brute_force(attacker, defender, rounds, settlement):
    odds = battle_odds(Battle(attacker, defender, settlement=settlement, rounds=rounds))
    assert odds.outcomes == brute_battle(attacker, defender, rounds, settlement)


# ---- sieges, stopping ---------------------------------------------------------------------


def test_siege_lasts_one_round_unless_an_elite_pays():
    one = battle_odds(Battle(Army(3, 2), Army(2), settlement="stronghold", siege=True))
    assert len(one.rounds) == 1
    assert all(ae + ar <= 5 for ar, ae, _, _ in one.outcomes)
    longer = battle_odds(
        Battle(Army(0, 2), Army(5), settlement="stronghold", siege=True, rounds=None)
    )
    # two elites pay for rounds 2 and 3, after which no elite is left: the siege goes on
    assert all(ae == 0 for ar, ae, dr, de in longer.outcomes if ar + ae and dr + de)
    assert cite.SIEGE in longer.citations


def test_attacker_stops_below_threshold():
    odds = battle_odds(Battle(Army(3), Army(5), rounds=None, attacker_stops_below=3))
    for ar, ae, dr, de in odds.outcomes:
        assert dr + de == 0 or ar + ae < 3


def test_expected_losses():
    odds = battle_odds(Battle(Army(1), Army(1), rounds=1))
    losses = odds.expected_losses()
    assert losses["attacker"]["units"] == F(1, 3)
    assert losses["defender"]["elite"] == 0


def test_bad_input_lists_every_problem():
    with pytest.raises(InvalidInput) as error:
        battle_odds(Battle(Army(-1, 12), Army(6), settlement="castle", siege=True, rounds=51))
    fields = {field for field, _ in error.value.problems}
    assert {"attacker.regular", "attacker", "settlement", "siege", "rounds"} <= fields


def test_strength_zero_cannot_attack_and_defender_must_exist():
    with pytest.raises(InvalidInput) as error:
        battle_odds(Battle(Army(0), Army(0)))
    assert {f for f, _ in error.value.problems} == {"attacker", "defender"}


def test_six_units_cannot_be_besieged():
    with pytest.raises(InvalidInput):
        battle_odds(Battle(Army(5), Army(6), settlement="stronghold", siege=True))


# ---- properties ---------------------------------------------------------------------------

armies = st.builds(
    Army,
    regular=st.integers(0, 4),
    elite=st.integers(0, 2),
    leadership=st.integers(0, 3),
    casualty_policy=st.sampled_from([KEEP_STRENGTH, KEEP_ELITES]),
).filter(lambda a: a.units > 0)
round_counts = st.one_of(st.none(), st.integers(1, 3))


@settings(max_examples=40, deadline=None)
@given(armies, armies, round_counts, st.sampled_from(["none", "city", "stronghold"]))
def test_outcomes_are_a_distribution(attacker, defender, rounds, settlement):
    odds = battle_odds(Battle(attacker, defender, settlement=settlement, rounds=rounds))
    assert sum(odds.outcomes.values()) == 1
    assert all(p > 0 for p in odds.outcomes.values())


@settings(max_examples=40, deadline=None)
@given(armies, armies, round_counts)
def test_more_attackers_never_lower_the_win_chance(attacker, defender, rounds):
    base = battle_odds(Battle(attacker, defender, rounds=rounds))
    stronger = Army(
        attacker.regular + 1,
        attacker.elite,
        attacker.leadership,
        casualty_policy=attacker.casualty_policy,
    )
    more = battle_odds(Battle(stronger, defender, rounds=rounds))
    assert more.defender_destroyed >= base.defender_destroyed
    assert more.attacker_destroyed <= base.attacker_destroyed


@settings(max_examples=40, deadline=None)
@given(armies, armies, round_counts)
def test_open_field_battle_is_symmetric(attacker, defender, rounds):
    forward = battle_odds(Battle(attacker, defender, rounds=rounds)).outcomes
    backward = battle_odds(Battle(defender, attacker, rounds=rounds)).outcomes
    assert forward == {(dr, de, ar, ae): p for (ar, ae, dr, de), p in backward.items()}


@settings(max_examples=30, deadline=None)
@given(armies, armies)
def test_more_rounds_never_lower_the_win_chance(attacker, defender):
    chances = [
        battle_odds(Battle(attacker, defender, rounds=r)).defender_destroyed
        for r in (1, 2, 3, None)
    ]
    assert chances == sorted(chances)


def test_a_fixed_round_battle_is_sized_before_its_walk():
    """10 elites a side for 50 rounds is 21 × 21 × 50 states (over 2 s of CPU): refused on
    ``rounds``, naming the rounds that fit; those rounds are answered (issue 27)."""
    elites = Army(0, 10, 5)
    with pytest.raises(InvalidInput) as refused:
        battle_odds(Battle(elites, elites, rounds=50))
    ((field, message),) = refused.value.problems
    assert field == "rounds"
    assert message.params["fit"] == MAX_FIXED_ROUND_STATES // 21**2 == 18
    assert battle_odds(Battle(elites, elites, rounds=18)).outcomes
    assert battle_odds(Battle(elites, elites, rounds=None)).outcomes


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    regular=st.sampled_from([0, 5, 10]),
    leadership=st.sampled_from([0, 5]),
    rounds=st.sampled_from([None, 1, 18, 31, 50]),
    siege=st.booleans(),
)
def test_every_battle_at_the_extremes_is_answered_or_refused_in_bounded_memory(
    regular, leadership, rounds, siege
):
    attacker = Army(regular, 10 - regular, leadership)
    defender = Army(min(regular, 5), 5 - min(regular, 5), leadership)
    battle = Battle(
        attacker, defender, settlement="stronghold" if siege else "none", siege=siege,
        rounds=rounds,
    )  # fmt: skip
    assert peak_bytes(lambda: battle_odds(battle)) < 32 * MB


@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 6), st.integers(0, 2), st.integers(1, 6), st.integers(0, 2),
    st.sampled_from(["none", "city"]), st.sampled_from([KEEP_STRENGTH, KEEP_ELITES]),
)  # fmt: skip
def test_battles_of_the_same_rules_share_tables_without_changing_answers(
    regular, elite, d_regular, d_elite, settlement, policy
):
    """End distributions are kept per rules (the battle without its armies), shared by battles
    of other sizes: a battle answered after a bigger one of the same rules, whose states it
    reuses, is the battle answered alone."""
    from adjudicator.games.wotr import battle as engine

    def fight(a_regular: int, d_regular: int):
        attacker = Army(a_regular, elite, leadership=1, casualty_policy=policy)
        return battle_odds(Battle(attacker, Army(d_regular, d_elite), settlement, rounds=None))

    engine._tables.clear()
    alone = fight(regular, d_regular)
    engine._tables.clear()
    fight(regular + 2, d_regular + 2)
    shared = fight(regular, d_regular)

    assert shared.outcomes == alone.outcomes
    assert shared.rounds == alone.rounds
