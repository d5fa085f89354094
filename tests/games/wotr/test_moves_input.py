"""Malformed moves raise InvalidInput naming every problem and its field."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.moves import Situation, check_move, legal_destinations, read_factions
from adjudicator.games.wotr.position import standard_setup


def problems(move, position=None):
    with pytest.raises(InvalidInput) as error:
        check_move(position or standard_setup(), move)
    return dict(error.value.problems)


def test_every_problem_is_listed_at_once():
    found = problems(
        {
            "kind": "army",
            "from": "Mordorland",
            "to": "Gondolin",
            "units": {"regular": -1},
            "die": "magic",
        }
    )
    assert set(found) == {"move.from", "move.to", "move.units.regular", "move.die"}
    assert "unknown region" in found["move.from"]


def test_regions_by_russian_or_english_name():
    verdict = check_move(
        standard_setup(),
        {"kind": "army", "from": "Эдорас", "to": "Folde", "units": {"regular": 1}, "die": "army"},
    )
    assert verdict.legal


def test_figures_that_are_not_there():
    found = problems({"kind": "army", "from": "edoras", "to": "folde", "units": {"regular": 5}})
    assert found == {"move.units.regular": "only 1 rohan regular in edoras, not 5"}


def test_a_region_without_figures():
    found = problems({"kind": "attack", "from": "fangorn", "to": "fords-of-isen"})
    assert "move.units" in found


def test_a_mixed_army_needs_the_nation():
    position = standard_setup().with_units(
        "minas-tirith", "rohan", standard_setup().nation_units("edoras")["rohan"]
    )
    found = problems(
        {"kind": "army", "from": "minas-tirith", "to": "osgiliath", "units": {"regular": 1}},
        position,
    )
    assert "move.units.nation" in found


def test_unknown_character_and_kind():
    assert "move.characters[0]" in problems(
        {"kind": "character", "characters": ["bilbo"], "to": "bree"}
    )
    assert "move.kind" in problems({"kind": "teleport"})


def test_more_nazgul_than_stand_there():
    assert "move.count" in problems(
        {"kind": "nazgul", "from": "morannon", "to": "bree", "count": 3}
    )


def test_bad_factions_and_pieces():
    with pytest.raises(InvalidInput) as error:
        read_factions({"orcs": {}, "pirates": {"atlantis": 1, "umbar": 9}})
    fields = {f for f, _ in error.value.problems}
    assert fields == {"factions.orcs", "factions.pirates.atlantis", "factions.pirates"}
    with pytest.raises(InvalidInput):
        legal_destinations(standard_setup(), {"kind": "army", "from": "nowhere"})
    with pytest.raises(InvalidInput):
        legal_destinations(standard_setup(), {"kind": "castle"})


@pytest.mark.parametrize(
    ("move", "field"),
    [
        ({"kind": "politics", "nation": []}, "move.nation"),
        (
            {
                "kind": "army",
                "from": "edoras",
                "to": "folde",
                "units": {"nation": {}, "regular": 1},
            },
            "move.units.nation",
        ),
        (
            {"kind": "muster", "placements": [{"region": "edoras", "nation": ["x"], "regular": 1}]},
            "move.placements[0].nation",
        ),
    ],
)
def test_a_nation_that_is_not_a_name_is_malformed_not_a_crash(move, field):
    assert field in problems(move)


def test_an_army_s_own_figures_are_checked_again_in_the_same_situation():
    """A situation keeps the figures an army move names for the checks of that move ending
    elsewhere (issue 29), never for other figures: asked in the same situation about more
    than stand there, the answer is still the 400's problem, and about fewer, their verdict."""
    situation = Situation(standard_setup())
    move = {"kind": "army", "from": "minas-tirith", "to": "osgiliath", "die": "army",
            "units": {"nation": "gondor", "regular": 1}}  # fmt: skip
    assert check_move(situation, move).legal
    too_many = {**move, "units": {"nation": "gondor", "regular": 9}}
    with pytest.raises(InvalidInput):
        check_move(situation, too_many)
    whole = {**move, "units": {"nation": "gondor", "regular": 3, "elite": 1, "leaders": 1}}
    assert check_move(situation, whole) == check_move(standard_setup(), whole)
    assert check_move(situation, move) == check_move(standard_setup(), move)
