"""The move-case table (tests/games/wotr/moves_cases.py) against the checker."""

import pytest

from adjudicator.games.wotr.moves import Situation, check_move, read_factions
from adjudicator.games.wotr.reading import validate_position
from tests.games.wotr.moves_cases import CASES


def test_the_table_is_large_and_covers_both_outcomes():
    assert len(CASES) >= 60
    assert {case.legal for case in CASES} == {True, False}
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_case(case):
    situation = Situation(validate_position(case.position), read_factions(case.factions))
    verdict = check_move(situation, case.move)
    codes = tuple(reason.code for reason in verdict.reasons)
    assert verdict.legal is case.legal, [r.render() for r in verdict.reasons]
    assert set(case.codes) <= set(codes), [r.render() for r in verdict.reasons]
    assert case.section in verdict.citations
    assert all(reason.citation is not None for reason in verdict.reasons)
    assert set(case.effects) <= {effect.code for effect in verdict.effects}
    for words in case.assumes:
        assert any(words in text for text in verdict.assumptions), verdict.assumptions
