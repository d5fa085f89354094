"""The calculators against the rulebook's own examples and its stated rules."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.tcg import calculators as calc
from adjudicator.games.tcg import citations as rules

ORCS = [calc.Fighter("Orc 1", 3, vitality=2), calc.Fighter("Orc 2", 3, vitality=2)]


def outcome(result, name):
    return next(o for o in result.outcomes if o.name == name)


def test_aragorn_strength_8_beats_two_orcs_of_strength_3():
    """Rulebook: Aragorn wins, each orc takes one wound."""
    result = calc.resolve_skirmish([calc.Fighter("Aragorn", 8, vitality=4)], ORCS)
    assert (result.free_peoples_strength, result.shadow_strength) == (8, 6)
    assert result.winner == "free_peoples"
    assert not result.overwhelmed
    assert [outcome(result, n).wounds_taken for n in ("Orc 1", "Orc 2")] == [1, 1]
    assert outcome(result, "Aragorn").wounds_taken == 0
    assert rules.SKIRMISH in result.citations


def test_aragorn_with_damage_plus_1_deals_two_wounds_to_each_orc():
    result = calc.resolve_skirmish([calc.Fighter("Aragorn", 8, vitality=4, damage=1)], ORCS)
    assert result.wounds_per_loser == 2
    assert [outcome(result, n).wounds_taken for n in ("Orc 1", "Orc 2")] == [2, 2]
    assert all(outcome(result, n).killed for n in ("Orc 1", "Orc 2"))


def test_two_orcs_strength_4_with_damage_plus_1_tie_and_deal_three_wounds():
    """Rulebook: 8 against 8 goes to the Shadow; Aragorn takes 1 + 1 + 1 = 3 wounds."""
    orcs = [calc.Fighter(f"Orc {i}", 4, vitality=2, damage=1) for i in (1, 2)]
    result = calc.resolve_skirmish([calc.Fighter("Aragorn", 8, vitality=4)], orcs)
    assert result.winner == "shadow"
    assert result.wounds_per_loser == 3
    aragorn = outcome(result, "Aragorn")
    assert (aragorn.wounds_taken, aragorn.killed) == (3, False)
    assert result.reasons[0].code == "winner"
    assert "tie" in result.reasons[0].render()


def test_double_strength_overwhelms_whatever_the_vitality():
    result = calc.resolve_skirmish(
        [calc.Fighter("Frodo", 3, vitality=4, ring_bearer=True, wearing_ring=True)],
        [calc.Fighter("Cave Troll", 6, vitality=5)],
    )
    frodo = outcome(result, "Frodo")
    assert result.overwhelmed and frodo.killed and frodo.burdens_added == 0
    assert {"ring_bearer_overwhelmed", "ring_bearer_lost"} <= {r.code for r in result.reasons}
    assert rules.THE_ONE_RING in result.citations and rules.LOSING in result.citations


def test_a_zero_to_zero_skirmish_says_how_it_reads_at_least_double():
    """ "По меньшей мере вдвое превышает": 0 against 0 goes to the Shadow (a tie) and is read as
    overwhelming; the answer itself must say that this is a reading of the text."""
    result = calc.resolve_skirmish(
        [calc.Fighter("Merry", 0, vitality=4)], [calc.Fighter("Orc", 0, vitality=2)]
    )
    assert result.winner == "shadow" and result.overwhelmed
    assert any("0" in a and "double" in a for a in result.assumptions)
    ordinary = calc.resolve_skirmish([calc.Fighter("Merry", 3)], [calc.Fighter("Orc", 6)])
    assert not any("double" in a for a in ordinary.assumptions)


def test_a_zero_to_zero_skirmish_carries_both_readings():
    """Issue 25: «превышает» (exceeds) against "at least double": the 0–0 skirmish answers
    under both readings, and ``readings`` picks the other one."""
    fp, shadow = [calc.Fighter("Merry", 0, vitality=4)], [calc.Fighter("Orc", 0, vitality=2)]
    result = calc.resolve_skirmish(fp, shadow)
    (reading,) = result.readings
    assert reading.id == "zero_skirmish" and reading.chosen.reading == "overwhelms"
    assert reading.chosen.answer.params == {"killed": 1, "losers": 1, "wounds": 0}
    (other,) = reading.others
    assert other.reading == "wounds"
    assert other.answer.params == {"killed": 0, "losers": 1, "wounds": 1}
    wounded = calc.resolve_skirmish(fp, shadow, readings={"zero_skirmish": "wounds"})
    assert wounded.winner == "shadow" and not wounded.overwhelmed
    assert wounded.outcomes[0].wounds_taken == 1
    assert calc.resolve_skirmish([calc.Fighter("Merry", 3)], shadow).readings == ()
    with pytest.raises(InvalidInput):
        calc.resolve_skirmish(fp, shadow, readings={"zero_skirmish": "both"})


def test_just_under_double_is_not_overwhelming():
    result = calc.resolve_skirmish(
        [calc.Fighter("Sam", 3, vitality=4)], [calc.Fighter("Orc", 5, vitality=2)]
    )
    assert not result.overwhelmed
    assert outcome(result, "Sam").wounds_taken == 1


def test_ring_bearer_wearing_the_ring_takes_burdens_instead_of_wounds():
    frodo = calc.Fighter("Frodo", 3, vitality=4, ring_bearer=True, wearing_ring=True, burdens=8)
    result = calc.resolve_skirmish([frodo], [calc.Fighter("Orc", 5, vitality=2, damage=1)])
    fate = outcome(result, "Frodo")
    assert (fate.wounds_taken, fate.burdens_added, fate.burdens_total) == (0, 2, 10)
    assert fate.corrupted and not fate.killed


def test_wounds_stop_at_death():
    result = calc.resolve_skirmish(
        [calc.Fighter("Merry", 3, vitality=4, wounds=3)], [calc.Fighter("Orc", 4, damage=2)]
    )
    merry = outcome(result, "Merry")
    assert (merry.wounds_taken, merry.wounds_total, merry.killed) == (1, 4, True)


@given(
    st.lists(st.integers(0, 15), min_size=1, max_size=4),
    st.lists(st.integers(0, 15), min_size=1, max_size=4),
)
def test_skirmish_properties(fp, shadow):
    result = calc.resolve_skirmish(
        [calc.Fighter(f"fp{i}", s, vitality=3) for i, s in enumerate(fp)],
        [calc.Fighter(f"sh{i}", s, vitality=3) for i, s in enumerate(shadow)],
    )
    assert (result.winner == "free_peoples") == (sum(fp) > sum(shadow))
    winner, loser = sorted([sum(fp), sum(shadow)], reverse=True)
    assert result.overwhelmed == (winner >= 2 * loser)
    losers = [o for o in result.outcomes if o.side != result.winner]
    assert all(o.killed for o in losers) or not result.overwhelmed


def test_bad_skirmish_input_lists_every_problem():
    with pytest.raises(InvalidInput) as error:
        calc.resolve_skirmish([], [calc.Fighter("Orc", -1), calc.Fighter("Orc", 2)])
    fields = {field for field, _ in error.value.problems}
    assert {"free_peoples", "shadow", "shadow[0].strength"} <= fields


def test_only_one_free_peoples_ring_bearer_wears_the_ring():
    with pytest.raises(InvalidInput) as error:
        calc.resolve_skirmish(
            [calc.Fighter("Sam", 3, wearing_ring=True), calc.Fighter("Frodo", 3, ring_bearer=True),
             calc.Fighter("Frodo 2", 3, ring_bearer=True)],
            [calc.Fighter("Orc", 4, ring_bearer=True)],
        )  # fmt: skip
    fields = {field for field, _ in error.value.problems}
    assert fields == {"free_peoples[0].wearing_ring", "free_peoples", "shadow[0]"}


def test_archery_totals_count_archers_and_allies_at_home():
    fellowship = [
        calc.Shooter("Legolas", archer=True, vitality=3),
        calc.Shooter("Sam", vitality=4),
        calc.Shooter("Elrond's archer", archer=True, vitality=2, ally=True, home_site=3),
        calc.Shooter("Far ally", archer=True, vitality=2, ally=True, home_site=6),
    ]
    minions = [calc.Shooter("Archer 1", archer=True), calc.Shooter("Archer 2", archer=True)]
    result = calc.resolve_archery(fellowship, minions, site_number=3)
    assert (result.fellowship_total, result.minion_total) == (2, 2)
    assert result.fellowship_capacity == 3 + 4 + 2
    assert result.wounds_ignored_by_minions == 0
    assert rules.ARCHERY in result.citations


def test_archery_assignment_is_checked():
    fellowship = [calc.Shooter("Legolas", archer=True, vitality=3), calc.Shooter("Sam", vitality=1)]
    minions = [calc.Shooter("Archer", archer=True)] * 1
    good = calc.resolve_archery(fellowship, minions, 4, fellowship_assignment={"Sam": 1})
    assert good.legal and good.fellowship_placements[1].killed
    assert good.reasons[0].code == "assignment_legal"
    bad = calc.resolve_archery(fellowship, minions, 4, fellowship_assignment={"Sam": 2})
    assert not bad.legal
    assert [r.code for r in bad.reasons[:2]] == ["too_many_wounds", "wrong_total"]


def test_archery_wounds_with_nowhere_to_go_are_ignored():
    minions = [calc.Shooter("Orc", vitality=1)]
    result = calc.resolve_archery(
        [calc.Shooter(f"Elf {i}", archer=True) for i in range(3)], minions, 5
    )
    assert (result.fellowship_total, result.wounds_ignored_by_minions) == (3, 2)
    assignment = calc.resolve_archery(
        [calc.Shooter(f"Elf {i}", archer=True) for i in range(3)], minions, 5,
        minion_assignment={"Orc": 1},
    )  # fmt: skip
    assert assignment.legal


def test_move_twilight_is_shadow_number_plus_companions():
    answer = calc.move_twilight(shadow_number=3, companions=4)
    assert answer.values["twilight_added"] == 7
    assert answer.citations == (rules.HOW_TO_MOVE,)


@pytest.mark.parametrize(
    ("site", "roaming", "total"), [(2, True, 5), (3, True, 5), (4, False, 3), (9, False, 3)]
)
def test_moria_archer_site_4_roams_at_sites_2_and_3(site, roaming, total):
    """Rulebook: a site-4 minion plays at sites 4–9 without penalty, at 2 or 3 for 2 more."""
    answer = calc.minion_cost(twilight_cost=3, minion_site_number=4, current_site=site)
    assert (answer.values["roaming"], answer.values["total_cost"]) == (roaming, total)
    assert rules.PLAYING_SHADOW_CARDS in answer.citations


def test_roaming_penalty_reduction_and_affordability():
    answer = calc.minion_cost(2, 5, 1, penalty_reduction=1, twilight_pool=3)
    assert (answer.values["penalty"], answer.values["affordable"]) == (1, True)
    assert not calc.minion_cost(2, 5, 1, twilight_pool=3).values["affordable"]


@pytest.mark.parametrize(("players", "limit"), [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_move_limit(players, limit):
    answer = calc.move_limit(players)
    assert answer.values["move_limit"] == limit
    assert answer.values["must_move"]


def test_move_limit_after_moves():
    assert not calc.move_limit(2, moves_made=2).values["may_move_again"]
    assert calc.move_limit(4, moves_made=2).values["moves_left"] == 1
    with pytest.raises(InvalidInput):
        calc.move_limit(1)


def test_nine_companions_count_the_dead_pile():
    in_play = [calc.CompanionRef(f"Companion {i}") for i in range(5)]
    dead = [calc.CompanionRef("Lórien Elf")] * 4
    answer = calc.can_play_companion(in_play, dead, calc.CompanionRef("Lórien Elf"))
    assert not answer.values["legal"]
    assert answer.citations == (rules.PLAYING_COMPANIONS,)
    assert calc.can_play_companion(in_play, dead[:3], calc.CompanionRef("X")).values["legal"]


def test_a_unique_companion_in_the_dead_pile_cannot_return():
    answer = calc.can_play_companion(
        [], [calc.CompanionRef("Boromir", True)], calc.CompanionRef("Boromir", True)
    )
    assert [r.code for r in answer.reasons] == ["unique_dead"]
    twice = calc.can_play_companion(
        [calc.CompanionRef("Gimli", True)], [], calc.CompanionRef("gimli", True)
    )
    assert [r.code for r in twice.reasons] == ["unique_in_play"]


@pytest.mark.parametrize(
    ("in_play", "dead", "candidate", "code"),
    [
        # "Если на вашем кладбище есть уникальный спутник ... вводить в игру ... карту с таким
        # же названием, нельзя": the dead card's dot decides, whatever the candidate says.
        ([], [calc.CompanionRef("Boromir", True)], calc.CompanionRef("Boromir"), "unique_dead"),
        ([calc.CompanionRef("Gimli", True)], [], calc.CompanionRef("Gimli"), "unique_in_play"),
        # "Две карты с одним названием, но разными подзаголовками, представляют собой одно и то же"
        (
            [calc.CompanionRef("Aragorn, Ranger of the North", True)], [],
            calc.CompanionRef("Aragorn, King in Exile", True), "unique_in_play",
        ),
        ([], [calc.CompanionRef("Gimli, Son of Glóin", True)], calc.CompanionRef("GIMLI", True),
         "unique_dead"),
    ],
)  # fmt: skip
def test_uniqueness_is_by_title_whatever_the_subtitle_or_which_card_has_the_dot(
    in_play, dead, candidate, code
):
    answer = calc.can_play_companion(in_play, dead, candidate)
    assert not answer.values["legal"]
    assert [r.code for r in answer.reasons] == [code]


def test_burdens_reaching_resistance_corrupt():
    assert calc.corruption(9, 10, added=1).values["corrupted"]
    safe = calc.corruption(7, 10, added=2)
    assert (safe.values["corrupted"], safe.values["burdens_to_corruption"]) == (False, 1)
    assert safe.citations == (rules.LOSING,)


def test_the_four_player_bid_example():
    """Rulebook: Petr 3, Yuri 4, Elena 3, Mikhail 1; Elena wins the coin toss against Petr."""
    result = calc.opening_bids(
        {"Petr": 3, "Yuri": 4, "Elena": 3, "Mikhail": 1}, tie_order=["Elena", "Petr"]
    )
    assert result.choosing_order == ("Yuri", "Elena", "Petr", "Mikhail")
    assert result.ties == (("Elena", "Petr"),)
    assert dict(result.burdens) == {"Yuri": 4, "Elena": 3, "Petr": 3, "Mikhail": 1}
    assert result.citations == (rules.BIDDING,)


def test_a_player_named_twice_in_the_tie_order_is_refused():
    """The tie order is the result of one random draw: naming a player twice is no result."""
    with pytest.raises(InvalidInput) as error:
        calc.opening_bids({"Petr": 3, "Elena": 3}, tie_order=["Elena", "Petr", "Elena"])
    assert [field for field, _ in error.value.problems] == ["tie_order"]


def test_a_bid_without_a_player_name_is_refused():
    with pytest.raises(InvalidInput) as error:
        calc.opening_bids({" ": 3, "Elena": 1})
    assert [field for field, _ in error.value.problems] == ["bids"]


def test_unsettled_ties_and_doomed_bids_are_explained():
    result = calc.opening_bids({"A": 2, "B": 2, "C": 10})
    assert {r.code for r in result.reasons} == {"order", "ties", "doomed"}


def test_the_site_path_adds_each_sites_shadow_number_and_the_companions_per_move():
    """Rules: Как осуществляется перемещение. Four companions, sites 2–9 with Shadow numbers
    1, 1, 2, 3, 4, 5, 6, 7 (29): 8 moves add 29 + 8 x 4 = 61."""
    answer = calc.site_path_twilight([1, 1, 2, 3, 4, 5, 6, 7], 4)
    assert answer.total == 61
    assert [m["twilight_added"] for m in answer.moves] == [5, 5, 6, 7, 8, 9, 10, 11]
    assert answer.moves[-1] == {"site": 9, "shadow_number": 7, "twilight_added": 11,
                                "running_total": 61}  # fmt: skip
    assert all(m["twilight_added"] == calc.move_twilight(m["shadow_number"], 4).values[
        "twilight_added"] for m in answer.moves)  # fmt: skip
    assert rules.HOW_TO_MOVE in answer.citations


def test_a_bad_site_path_names_every_problem():
    with pytest.raises(InvalidInput) as error:
        calc.site_path_twilight([1, -2] + [0] * 7, 0)
    assert {f for f, _ in error.value.problems} == {"shadow_numbers", "shadow_numbers[1]",
                                                     "companions"}  # fmt: skip


def test_a_russian_title_is_its_english_card_for_uniqueness():
    """Issue 25: «Фродо» in play is Frodo: a second unique Frodo may not be played."""
    answer = calc.can_play_companion(
        [calc.CompanionRef("Фродо", unique=True)], [], calc.CompanionRef("Frodo, Son of Drogo")
    )
    assert answer.values["legal"] is False
    assert "unique_in_play" in {r.code for r in answer.reasons}


def test_the_site_path_total_says_it_is_not_the_pool_and_archery_states_its_readings():
    path = calc.site_path_twilight([1, 2], 2)
    assert any("not the twilight pool" in a for a in path.assumptions)
    archery = calc.resolve_archery([calc.Shooter("Legolas", archer=True)], [], 4)
    assert any("several Shadow players" in a for a in archery.assumptions)
    assert any("wearing the Ring takes a burden" in a for a in archery.assumptions)
