"""Combat dice (rules: Сила армии и лидерство, Бросок на атаку, Перекидывание результатов из-за
лидерства, Модифицирование броска) against the rulebook's limits and a count of every roll."""

from fractions import Fraction
from itertools import product

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.combat_dice import combat_dice


def _counted(dice: int, rerolls: int, hit_on: int, modifier: int = 0) -> list[Fraction]:
    """P(k hits) by listing every first roll and every re-roll of its misses (an independent
    count: a 1 misses and a 6 hits whatever the modifier)."""

    def hits(face: int, plus: int) -> bool:
        return face == 6 or (face != 1 and face + plus >= hit_on)

    chances = [Fraction(0)] * (dice + 1)
    for first in product(range(1, 7), repeat=dice):
        made = sum(hits(face, modifier) for face in first)
        again = min(rerolls, dice - made)
        for second in product(range(1, 7), repeat=again):
            chances[made + sum(hits(face, modifier) for face in second)] += Fraction(
                1, 6 ** (dice + again)
            )
    return chances


def test_strength_is_the_units_and_the_dice_stop_at_five():
    assert combat_dice(regular=3, elite=1).dice == 4
    assert combat_dice(regular=6, elite=4).dice == 5  # "не более 5 кубиков"


def test_leadership_is_leaders_and_characters_and_the_rerolls_stop_at_five():
    answer = combat_dice(regular=5, leaders=2, character_leadership=4)
    assert (answer.leadership, answer.rerolls) == (6, 5)


def test_a_bonus_never_passes_the_limit_of_five():
    """ "даже в этом случае предел в 5 кубиков не может быть превышен"."""
    answer = combat_dice(regular=5, strength_bonus=2, leaders=5, leadership_bonus=1)
    assert (answer.strength, answer.dice, answer.rerolls) == (7, 5, 5)


@pytest.mark.parametrize(
    ("regular", "leaders", "hit_on", "modifier"),
    [(1, 0, 5, 0), (2, 1, 5, 0), (3, 2, 6, 0), (3, 5, 5, 0), (2, 1, 6, 1), (3, 1, 5, -2)],
)
def test_the_hits_are_those_of_every_roll_counted(regular, leaders, hit_on, modifier):
    answer = combat_dice(
        regular=regular, leaders=leaders, hit_on=hit_on,
        roll_modifier=modifier, reroll_modifier=modifier,
    )  # fmt: skip
    expected = _counted(answer.dice, answer.rerolls, hit_on, modifier)
    assert list(answer.hits) == expected
    assert answer.expected_hits == sum(k * p for k, p in enumerate(expected))


def test_more_leadership_than_dice_rerolls_only_the_dice_that_missed():
    answer = combat_dice(regular=1, leaders=3)
    assert answer.hits == tuple(_counted(1, 3, 5))
    assert any("Only failed dice" in reason.message for reason in answer.reasons)


def test_every_bad_value_is_named_at_once():
    with pytest.raises(InvalidInput) as refused:
        combat_dice(regular=8, elite=4, leaders=-1, hit_on=4)
    fields = {field for field, _ in refused.value.problems}
    assert fields == {"elite", "leaders", "hit_on"}
