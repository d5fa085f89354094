"""The vendored board: counts, symmetry, names in three spellings."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.board import (
    BOARD,
    CHARACTER_NAMES,
    FREE_PEOPLES,
    HUNT_TILE_NAMES,
    SHADOW,
    find_region,
    normalise_name,
    resolve_character,
    resolve_region,
)


def test_board_has_105_regions_and_232_symmetric_passable_borders():
    assert len(BOARD.regions) == 105
    pairs = {frozenset((r.slug, n)) for r in BOARD.regions.values() for n in r.neighbours}
    assert len(pairs) == 232
    for region in BOARD.regions.values():
        for neighbour in region.neighbours:
            assert region.slug in BOARD.regions[neighbour].neighbours


def test_every_region_has_a_russian_name():
    assert all(region.name_ru for region in BOARD.regions.values())


def test_victory_points_follow_the_rule_stronghold_2_city_1():
    for region in BOARD.regions.values():
        expected = {"stronghold": 2, "city": 1}.get(region.settlement, 0)
        assert region.victory_points == expected, region.slug


def test_nations_and_figures():
    assert {n.side for n in BOARD.nations.values()} == {FREE_PEOPLES, SHADOW}
    assert BOARD.nation_figures["gondor"] == {"regular": 15, "elite": 5, "leaders": 4}
    assert BOARD.nation_figures["sauron"]["nazgul"] == 8
    assert BOARD.nations["elves"].starts_active
    assert BOARD.nations["gondor"].starts_steps_from_war == 2


def test_standard_hunt_pool_has_16_tiles():
    pool = BOARD.standard_pool()
    assert len(pool) == 16
    assert pool.count("eye") == 4
    assert BOARD.hunt_tiles["shelobs-lair"].value == "die"
    assert BOARD.hunt_tiles["the-ring-is-mine"].stop


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("minas-tirith", "minas-tirith"),
        ("Minas Tirith", "minas-tirith"),
        ("MINAS TIRITH", "minas-tirith"),
        ("Райвендейл", "rivendell"),
        ("ривенделл", "rivendell"),
        ("Barad-dûr", "barad-dur"),
        ("Lórien", "lorien"),
        ("Эрех", "erech"),
        ("Умбар", "umbar"),
        ("Мёртвые топи", "dead-marshes"),
        ("Мертвые топи", "dead-marshes"),
        ("Helm's Deep", "helms-deep"),
        ("helms_deep", "helms-deep"),
    ],
)
def test_resolve_region_accepts_english_russian_and_slugs(text, slug):
    assert resolve_region(text).slug == slug


def test_unknown_region_names_the_field_and_suggests():
    with pytest.raises(InvalidInput) as error:
        resolve_region("Minas Tirit", field="attacker.region")
    ((where, message),) = error.value.problems
    assert where == "attacker.region"
    assert "minas-tirith" in message


def test_find_region_returns_none_for_non_strings():
    assert find_region(None) is None  # type: ignore[arg-type]


def test_normalise_name_folds_yo_and_accents():
    assert normalise_name("Ёж Û Ô") == normalise_name("еж u o")


def test_characters():
    assert resolve_character("The Witch-king").level is None
    assert resolve_character("strider").upgrade_to == "aragorn"
    assert BOARD.characters["aragorn"].upgrade_of == "strider"
    with pytest.raises(InvalidInput):
        resolve_character("sauron")


def test_character_and_special_tile_names_are_marked_once_with_board_json_names():
    """The translatable names are board.json's own, for every character and special tile."""
    assert {s: c.name for s, c in BOARD.characters.items()} == dict(CHARACTER_NAMES)
    special = {t.id: t.card for t in BOARD.hunt_tiles.values() if t.card}
    assert special == dict(HUNT_TILE_NAMES)
