"""Victory points and the order of the victory conditions."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.position import standard_setup
from adjudicator.games.wotr.reading import validate_position
from adjudicator.games.wotr.victory import read_control, victory, victory_from_position


def test_issue_example_minas_tirith_is_two_points():
    result = victory(read_control({"minas-tirith": "shadow"}), corruption=0)
    assert (result.shadow_vp, result.free_peoples_vp, result.winner) == (2, 0, None)
    assert result.points_from["shadow"] == ("minas-tirith",)


def test_towns_and_own_settlements_score_nothing():
    result = victory(read_control({"bree": "shadow", "umbar": "shadow", "dale": "shadow"}))
    assert result.shadow_vp == 1


def test_shadow_wins_with_ten_points():
    control = {
        slug: "shadow"
        for slug in ("minas-tirith", "helms-deep", "lorien", "rivendell", "dale", "edoras")
    }
    result = victory(read_control(control))
    assert result.shadow_vp == 10
    assert (result.winner, result.condition) == ("shadow", "shadow_military")


def test_free_peoples_win_with_four_points():
    result = victory(read_control({"orthanc": "free_peoples", "moria": "free_peoples"}))
    assert (result.winner, result.condition) == ("free_peoples", "free_peoples_military")


def test_the_ring_comes_first():
    control = read_control({"orthanc": "free_peoples", "moria": "free_peoples"})
    assert victory(control, corruption=12).condition == "corruption"
    assert victory(control, mordor_step=5).condition == "mount_doom"
    assert victory(control, corruption=12, mordor_step=5).winner == "shadow"


def test_from_a_position():
    assert victory_from_position(standard_setup()).winner is None
    position = validate_position(
        {"fellowship": {"region": "morannon", "mordor_step": 5, "corruption": 11}}
    )
    assert victory_from_position(position).condition == "mount_doom"


def test_bad_control_lists_every_problem():
    with pytest.raises(InvalidInput) as error:
        read_control({"mordor": "shadow", "fangorn": "shadow", "bree": "orcs"})
    assert len(error.value.problems) == 3
    with pytest.raises(InvalidInput):
        victory({}, corruption=13)
