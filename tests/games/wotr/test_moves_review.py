"""Review findings that the case table cannot express (effects that must *not* happen)."""

from adjudicator.games.wotr.moves import Situation, check_move
from adjudicator.games.wotr.position import Position
from tests.games.wotr.moves_cases import position


def test_retaking_your_own_city_does_not_advance_your_marker():
    """Изменение политической позиции: the marker advances "когда город или цитадель нации
    захвачена врагом" — not when its own army takes the city back."""
    taken = position(
        armies={"pelargir": {}, "lossarnach": {"gondor": {"regular": 2}}},
        control={"pelargir": "shadow"},
        political={"gondor": {"steps_from_war": 2, "active": True}},
    )
    verdict = check_move(
        Situation(Position.from_dict(taken)),
        {"kind": "army", "from": "lossarnach", "to": "pelargir", "units": {"regular": 2}},
    )
    assert verdict.legal
    codes = {effect.code for effect in verdict.effects}
    assert "captures" in codes
    assert "advances" not in codes
