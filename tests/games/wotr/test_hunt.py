"""The hunt: dice, tiles, damage, and a turn of moves drawing without replacement."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.hunt import Hunt, hunt_odds, starting_pool


def test_one_die_hits_on_a_six():
    assert hunt_odds(Hunt(hunt_dice=1)).success == F(1, 6)


def test_each_free_peoples_die_in_the_box_adds_one():
    assert hunt_odds(Hunt(hunt_dice=1, fp_dice_in_box=2)).success == F(3, 6)


def test_at_most_five_dice_are_rolled():
    assert hunt_odds(Hunt(hunt_dice=8)).success == 1 - F(5, 6) ** 5


def test_one_reroll_per_condition():
    odds = hunt_odds(Hunt(hunt_dice=1, rerolls=frozenset({"stronghold", "army", "nazgul"})))
    assert odds.success == 1 - F(5, 6) ** 2  # one die: only one failure to re-roll


def test_issue_example():
    odds = hunt_odds(
        Hunt(hunt_dice=3, fp_dice_in_box=1, rerolls=frozenset({"stronghold"}), corruption=10)
    )
    assert odds.success == 1 - F(2, 3) ** 4
    # the standard pool: 4 eyes, 3×3, 3×2, 4×1, 2×0 (16 tiles)
    no_hunt = F(2, 3) ** 4
    assert odds.damage[0] == no_hunt + odds.success * F(2, 16)
    assert odds.corruption_12 == sum(p for c, p in odds.corruption.items() if c >= 12)
    assert sum(odds.corruption.values()) == 1
    # reveal tiles: 4 eyes, one 2, two 1s, two 0s
    assert odds.reveal == odds.success * F(9, 16)


def test_eye_counts_successes():
    odds = hunt_odds(Hunt(hunt_dice=2, pool=("eye",)))
    p = F(1, 6)
    assert odds.damage == {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}


def test_lose_a_companion_instead_the_rest_goes_to_corruption():
    odds = hunt_odds(
        Hunt(
            hunt_dice=5,
            fp_dice_in_box=5,
            pool=("3",),
            casualty="companion",
            companions=("peregrin",),
            corruption=0,
        )
    )
    assert odds.success == 1
    assert odds.companions_lost == {1: 1}
    assert odds.corruption == {2: 1}


def test_damage_zero_costs_no_companion():
    odds = hunt_odds(
        Hunt(
            hunt_dice=5,
            fp_dice_in_box=5,
            pool=("0r",),
            casualty="companion",
            companions=("strider",),
        )
    )
    assert odds.companions_lost == {0: 1}
    assert odds.reveal == 1


def test_healing_tile_and_die_tile():
    heal = hunt_odds(
        Hunt(hunt_dice=5, fp_dice_in_box=5, pool=("phial-of-galadriel",), corruption=1)
    )
    assert heal.corruption == {0: 1}
    die = hunt_odds(Hunt(hunt_dice=5, fp_dice_in_box=5, pool=("shelobs-lair",)))
    assert die.damage == {face: F(1, 6) for face in range(1, 7)}


def test_drawn_tiles_leave_the_pool_and_an_empty_pool_refills():
    assert sum(starting_pool(Hunt(hunt_dice=1, drawn=("eye", "3")))) == 14
    everything = tuple(BOARD.standard_pool())
    refilled = hunt_odds(Hunt(hunt_dice=5, fp_dice_in_box=5, drawn=everything))
    assert refilled.pool_size == 0
    assert refilled.damage[3] == F(3, 16)


def test_mordor_draws_every_move_eye_is_the_dice_in_the_box():
    odds = hunt_odds(Hunt(hunt_dice=2, fp_dice_in_box=1, pool=("eye",), mordor_step=0))
    assert odds.success == 1
    assert odds.damage == {3: 1}
    assert odds.steps == {1: 1}


def test_mordor_pool_takes_back_drawn_eyes_and_special_tiles():
    hunt = Hunt(
        hunt_dice=1, mordor_step=0, drawn=("eye", "eye", "3"), special_tiles=("the-ring-is-mine",)
    )
    assert sum(starting_pool(hunt)) == 16 - 1 + 1
    odds = hunt_odds(hunt)
    assert odds.stopped == F(1, 16)
    assert odds.steps == {0: F(1, 16), 1: F(15, 16)}


def test_turn_draws_without_replacement():
    # two hunts (+4, then a sure +5) from a pool of one 3 and one 1: when both succeed the
    # second draw is the other tile (4 in all, never 6 or 2)
    odds = hunt_odds(Hunt(hunt_dice=5, fp_dice_in_box=4, pool=("3", "1"), moves=2, corruption=0))
    first_fails = F(1, 6) ** 5
    assert odds.corruption == {1: first_fails / 2, 3: first_fails / 2, 4: 1 - first_fails}


def test_turn_adds_a_die_to_the_box_after_each_move():
    one = hunt_odds(Hunt(hunt_dice=1, moves=2, pool=("0r", "0r")))
    assert one.success == 1 - F(5, 6) * F(4, 6)


def test_turn_per_move_survival_is_falling():
    odds = hunt_odds(Hunt(hunt_dice=4, rerolls=frozenset({"army"}), corruption=8, moves=3))
    assert list(odds.per_move) == sorted(odds.per_move, reverse=True)
    assert odds.per_move[-1] == odds.survives


def test_bad_input_lists_every_problem():
    with pytest.raises(InvalidInput) as error:
        hunt_odds(
            Hunt(
                hunt_dice=11,
                fp_dice_in_box=7,
                corruption=13,
                casualty="run",
                drawn=("joker",),
                rerolls=frozenset({"balrog"}),
                moves=0,
            )
        )
    fields = {f for f, _ in error.value.problems}
    assert fields >= {
        "hunt_dice",
        "fp_dice_in_box",
        "corruption",
        "casualty",
        "drawn[0]",
        "rerolls.balrog",
        "moves",
    }


def test_empty_pool_is_refused():
    with pytest.raises(InvalidInput) as error:
        hunt_odds(Hunt(hunt_dice=1, pool=()))
    assert error.value.problems == (("pool", "the pool has no tiles"),)


def test_companion_casualty_needs_companions():
    with pytest.raises(InvalidInput):
        hunt_odds(Hunt(hunt_dice=1, casualty="companion"))


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 6),
    st.integers(0, 3),
    st.integers(0, 11),
    st.integers(1, 3),
)
def test_more_hunt_dice_never_help_the_ring_bearer(dice, fp_dice, corruption, moves):
    fewer = hunt_odds(Hunt(dice, fp_dice, corruption=corruption, moves=moves))
    more = hunt_odds(Hunt(dice + 1, fp_dice, corruption=corruption, moves=moves))
    assert sum(fewer.corruption.values()) == 1
    assert more.success >= fewer.success


def test_forced_draw_eye_is_worth_nothing():
    odds = hunt_odds(Hunt(hunt_dice=0, pool=("eye", "2r"), forced=True, corruption=3))
    assert odds.success == 1
    assert odds.damage == {0: F(1, 2), 2: F(1, 2)}
    assert odds.reveal == 1
    with pytest.raises(InvalidInput):
        hunt_odds(Hunt(hunt_dice=0, forced=True, moves=2))


def test_mordor_answers_state_their_assumptions():
    """Rules, Содружество в Мордоре: the text numbers neither the track's steps nor says
    whether the moving die is already in the box, and its "новый охотничий резерв" is read
    as the tiles left plus the drawn eyes: each answer in Mordor says so."""
    assumptions = " ".join(hunt_odds(Hunt(hunt_dice=1, mordor_step=0)).assumptions)
    assert "step 5" in assumptions
    assert "before this move's" in assumptions
    assert "drawn before entering Mordor" in assumptions
    explicit = " ".join(hunt_odds(Hunt(hunt_dice=1, mordor_step=0, pool=("eye",))).assumptions)
    assert "drawn before entering Mordor" not in explicit
    outside = " ".join(hunt_odds(Hunt(hunt_dice=1)).assumptions)
    assert "step 5" not in outside


def test_the_moving_die_is_one_of_the_six():
    """Rules, Резерв кубиков действия: the Free Peoples have at most 6 action dice, and each
    move uses one (Перемещение Содружества): with 5 in the box one more move is possible,
    with 6 none."""
    assert hunt_odds(Hunt(hunt_dice=1, fp_dice_in_box=5)).success == F(1)  # 1 + 5 = 6
    assert hunt_odds(Hunt(hunt_dice=1, fp_dice_in_box=3, moves=3)).per_move
    for fp_dice, moves, field in ((6, 1, "fp_dice_in_box"), (3, 4, "moves")):
        with pytest.raises(InvalidInput) as error:
            hunt_odds(Hunt(hunt_dice=1, fp_dice_in_box=fp_dice, moves=moves))
        assert [f for f, _ in error.value.problems] == [field]


def test_special_tiles_join_only_the_mordor_pool():
    """Rules, Специальные карточки: special tiles are not put in the pool; on entering Mordor
    those in play join it (Содружество в Мордоре). Given elsewhere they would be ignored in
    silence, so they are refused."""
    for hunt in (
        Hunt(hunt_dice=2, special_tiles=("elven-rope",)),
        Hunt(hunt_dice=2, mordor_step=1, pool=("eye",), special_tiles=("elven-rope",)),
    ):
        with pytest.raises(InvalidInput) as error:
            hunt_odds(hunt)
        assert [f for f, _ in error.value.problems] == ["special_tiles"]


@pytest.mark.parametrize(
    ("field", "hunt"),
    [
        ("drawn", Hunt(hunt_dice=3, drawn=("eyee",) * 30_000)),
        ("special_tiles", Hunt(hunt_dice=3, mordor_step=0, special_tiles=("x",) * 30_000)),
        ("companions", Hunt(hunt_dice=3, companions=("strider",) * 30_000)),
        ("pool", Hunt(hunt_dice=3, pool=("eye",) * 30_000)),
    ],
)
def test_a_list_longer_than_the_game_has_is_refused_whole(field, hunt):
    """Refused before any entry is looked at: one problem, not 30,000 (issue 27)."""
    with pytest.raises(InvalidInput) as refused:
        hunt_odds(hunt)
    assert [f for f, _message in refused.value.problems] == [field]
