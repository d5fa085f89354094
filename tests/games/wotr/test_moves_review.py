"""Review findings that the case table cannot express (effects that must *not* happen)."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.moves import Situation, check_move
from adjudicator.games.wotr.reading import validate_position
from tests.games.wotr.moves_cases import BOTH_AT_WAR, position

WITCH_KING_OVER_OSGILIATH = position(
    armies={"north-ithilien": {"sauron": {"regular": 2}}},
    characters={"witch-king": "osgiliath"},
    political=BOTH_AT_WAR,
)


def test_retaking_your_own_city_does_not_advance_your_marker():
    """Изменение политической позиции: the marker advances "когда город или цитадель нации
    захвачена врагом" — not when its own army takes the city back."""
    taken = position(
        armies={"pelargir": {}, "lossarnach": {"gondor": {"regular": 2}}},
        control={"pelargir": "shadow"},
        political={"gondor": {"steps_from_war": 2, "active": True}},
    )
    verdict = check_move(
        Situation(validate_position(taken)),
        {"kind": "army", "from": "lossarnach", "to": "pelargir", "units": {"regular": 2}},
    )
    assert verdict.legal
    codes = {effect.code for effect in verdict.effects}
    assert "captures" in codes
    assert "advances" not in codes


def test_an_enemy_character_in_the_region_is_no_rearguard():
    """Атака: the attacker may leave a rearguard of *his* figures; the Witch-king flying over
    the Gondor army (Лидеры: "даже если регион содержит вражескую армию") is not one of them."""
    verdict = check_move(
        Situation(validate_position(WITCH_KING_OVER_OSGILIATH)),
        {"kind": "attack", "from": "osgiliath", "to": "north-ithilien", "die": "army"},
    )
    assert verdict.legal
    assert not any("rearguard" in text for text in verdict.assumptions), verdict.assumptions


def test_an_enemy_character_cannot_go_with_your_army():
    """Перемещение армий: a player moves his own army; the Witch-king standing with the Gondor
    army is the Shadow's, so naming him with it is a bad request naming the character."""
    with pytest.raises(InvalidInput) as error:
        check_move(
            Situation(validate_position(WITCH_KING_OVER_OSGILIATH)),
            {
                "kind": "army",
                "from": "osgiliath",
                "to": "south-ithilien",
                "die": "character",
                "characters": ["witch-king"],
            },
        )
    assert [field for field, _ in error.value.problems] == ["move.characters[0]"]


def test_the_reinforcements_given_leave_no_casualty_assumption():
    """Запреты на наем: with the pool given, the muster is checked against it, and the answer
    no longer says the position does not record casualties."""
    given = position(
        political={"gondor": {"steps_from_war": 0, "active": True}},
        reinforcements={"gondor": {"regular": 1, "elite": 4, "leaders": 3}},
    )
    verdict = check_move(
        Situation(validate_position(given)),
        {"kind": "muster", "die": "muster", "placements": [{"region": "pelargir", "regular": 1}]},
    )
    assert verdict.legal
    assert not any("casualties" in text for text in verdict.assumptions), verdict.assumptions
