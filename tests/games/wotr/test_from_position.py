"""Battles read from a position: armies, leadership, settlement, sieges and sorties."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.from_position import battle_from_position, position_battle_odds
from adjudicator.games.wotr.position import standard_setup
from adjudicator.games.wotr.reading import validate_position

SIEGE = validate_position(
    {
        "armies": {
            "minas-tirith": {
                "gondor": {"regular": 3, "elite": 1, "leaders": 1},
                "sauron": {"regular": 6, "elite": 2, "nazgul": 2},
            },
        },
        "sieges": ["minas-tirith"],
        "characters": {"witch-king": "minas-tirith"},
    }
)


def test_setup_orthanc_attacks_the_fords_of_isen():
    battle = battle_from_position(standard_setup(), "orthanc", "fords-of-isen", rounds=None)
    assert (battle.attacker.regular, battle.attacker.elite, battle.attacker.leadership) == (4, 1, 0)
    assert (battle.defender.regular, battle.defender.leadership) == (2, 1)
    assert battle.settlement == "fortification" and not battle.siege


def test_siege_in_the_same_region_with_nazgul_and_witch_king():
    battle = battle_from_position(SIEGE, "minas-tirith", "minas-tirith")
    assert battle.siege and battle.settlement == "stronghold"
    assert battle.attacker.leadership == 2 + 2  # two Nazgûl, the Witch-king leads 2
    assert battle.defender.units == 4


def test_sortie_is_the_besieged_army_attacking_in_the_field():
    odds = position_battle_odds(SIEGE, "minas-tirith", "minas-tirith", sortie=True)
    assert odds.battle.attacker.units == 4 and odds.battle.settlement == "none"
    assert cite.SORTIE in odds.citations


def test_a_captured_city_helps_its_new_owner_only():
    position = validate_position(
        {
            "armies": {
                "pelargir": {"sauron": {"regular": 2}},
                "lossarnach": {"gondor": {"regular": 2}},
            },
            "control": {"pelargir": "shadow"},
        }
    )
    assert battle_from_position(position, "lossarnach", "pelargir").settlement == "city"
    free = validate_position(
        {
            "armies": {
                "pelargir": {"sauron": {"regular": 2}},
                "lossarnach": {"gondor": {"regular": 2}},
            }
        }
    )
    assert battle_from_position(free, "lossarnach", "pelargir").settlement == "none"


def test_modifiers_pass_through():
    battle = battle_from_position(
        standard_setup(), "orthanc", "fords-of-isen", attacker={"roll_modifier": 1}
    )
    assert battle.attacker.roll_modifier == 1


def test_problems_are_listed():
    with pytest.raises(InvalidInput) as error:
        battle_from_position(standard_setup(), "bree", "minas-tirith")
    assert {f for f, _ in error.value.problems} == {"defender_region"}
    with pytest.raises(InvalidInput) as error:
        battle_from_position(standard_setup(), "fangorn", "nowhere")
    assert error.value.problems[0][0] == "defender_region"


def test_the_attacker_is_the_side_with_an_army_not_a_nazgul_overhead():
    """Rules, Лидеры: Nazgûl may stand over an enemy army; they are no army of their own."""
    position = validate_position(
        {
            "armies": {
                "lossarnach": {"gondor": {"regular": 2}, "sauron": {"nazgul": 1}},
                "pelargir": {"sauron": {"regular": 1}},
            },
            "control": {"pelargir": "shadow"},
        }
    )
    battle = battle_from_position(position, "lossarnach", "pelargir")
    assert (battle.attacker.units, battle.attacker.leadership) == (2, 0)
    assert battle.defender.units == 1 and battle.settlement == "city"


def test_besiegers_attack_a_neighbour_the_besieged_army_cannot():
    """Rules, Ведение осады / Вылазка: a besieged army only sorties against its besiegers."""
    position = validate_position(
        {
            "armies": {
                "minas-tirith": {"gondor": {"regular": 3}, "sauron": {"regular": 4}},
                "lossarnach": {"gondor": {"regular": 2}},
            },
            "sieges": ["minas-tirith"],
        }
    )
    battle = battle_from_position(position, "minas-tirith", "lossarnach")
    assert (battle.attacker.units, battle.defender.units) == (4, 2)
    assert battle.settlement == "town" and not battle.siege


def test_a_besieged_army_is_attacked_only_from_its_own_region():
    """Rules, Ведение осады: "Армия, находящаяся в осаде, может быть атакована только
    войсками, находящимися в том же регионе"; Снятие осады: a neighbour attacks the besiegers."""
    position = validate_position(
        {
            "armies": {
                "minas-tirith": {"gondor": {"regular": 3}, "sauron": {"regular": 4}},
                "osgiliath": {"sauron": {"regular": 2}},
                "lossarnach": {"gondor": {"regular": 2}},
            },
            "sieges": ["minas-tirith"],
        }
    )
    with pytest.raises(InvalidInput) as error:
        battle_from_position(position, "osgiliath", "minas-tirith")
    assert [field for field, _ in error.value.problems] == ["defender_region"]
    relief = battle_from_position(position, "lossarnach", "minas-tirith")
    assert (relief.attacker.units, relief.defender.units) == (2, 4)
    assert relief.settlement == "none" and not relief.siege
    assert cite.RELIEF in position_battle_odds(position, "lossarnach", "minas-tirith").citations
    assert (
        cite.RELIEF not in position_battle_odds(position, "minas-tirith", "minas-tirith").citations
    )


def test_the_answer_says_the_whole_army_attacks():
    """Rules, Атака: "Не обязательно атаковать всеми юнитами армии" (a rearguard may stay
    behind); reading the position, every unit attacks, and the answer says so."""
    odds = position_battle_odds(standard_setup(), "orthanc", "fords-of-isen")
    assert any("rearguard" in note for note in odds.assumptions)
    assert cite.ATTACK in odds.citations
