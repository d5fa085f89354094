"""Faction attacks (Warriors of Middle-earth): 3 dice on 4+ per figure spent."""

from fractions import Fraction as F

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import KEEP_ELITES
from adjudicator.games.wotr.factions import FactionAttack, faction_attack_odds


def test_one_ent_kills_three_regulars_only_with_three_hits():
    odds = faction_attack_odds(FactionAttack("ents", figures=1, regular=3))
    assert odds.destroyed == F(1, 8)
    assert odds.damage == {0: F(1, 8), 1: F(3, 8), 2: F(3, 8), 3: F(1, 8)}
    assert odds.faction_eliminated == 1


def test_four_ents_against_three_regulars_the_rulebook_example():
    """Four Ents, three Isengard regulars at the Fords of Isen (rules: Энты, Пример)."""
    odds = faction_attack_odds(FactionAttack("ents", figures=4, regular=3))
    # destroyed unless fewer than 3 hits in 12 dice
    assert odds.destroyed == 1 - F(1 + 12 + 66, 2**12)
    assert sum(odds.figures_spent.values()) == 1
    assert odds.figures_spent[1] == F(1, 8)


def test_attacks_stop_when_the_army_is_gone_or_at_the_limit():
    odds = faction_attack_odds(FactionAttack("dead", figures=5, regular=1, attacks=2))
    assert max(odds.figures_spent) == 2
    assert odds.destroyed == 1 - F(1, 8) ** 2
    assert odds.faction_eliminated == 0


def test_elites_take_two_hits_and_policy_shapes_the_survivors():
    odds = faction_attack_odds(
        FactionAttack("dead", figures=1, regular=1, elite=1, casualty_policy=KEEP_ELITES)
    )
    assert odds.destroyed == F(1, 8)
    assert (0, 1) in odds.end_states  # one hit took the regular, the elite stands
    assert cite.DEAD_ATTACK in odds.citations


def test_orthanc_only_for_ents():
    odds = faction_attack_odds(FactionAttack("ents", figures=2, regular=2, in_orthanc=True))
    assert cite.ORTHANC_DESTROYED in odds.citations
    with pytest.raises(InvalidInput):
        faction_attack_odds(FactionAttack("dead", figures=2, regular=2, in_orthanc=True))


def test_bad_input_lists_every_problem():
    with pytest.raises(InvalidInput) as error:
        faction_attack_odds(FactionAttack("eagles", figures=9, regular=0, attacks=0))
    assert {f for f, _ in error.value.problems} >= {"faction", "figures", "regular", "attacks"}


def test_ents_spend_only_the_figures_in_the_entwood():
    """Rules (wotr-warriors), Атака: "уничтожает одну миниатюру энтов в Энтвуде"; Ents moved
    out of Fangorn cannot pay for an attack, and the answer says which figures to count."""
    ents = " ".join(faction_attack_odds(FactionAttack("ents", 2, regular=3)).assumptions)
    dead = " ".join(faction_attack_odds(FactionAttack("dead", 2, regular=3)).assumptions)
    assert "Fangorn" in ents and "Fangorn" not in dead
