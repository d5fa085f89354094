"""Positions: the JSON format round-trips, the setup matches the rules, the validator lists
every problem at once with its field."""

import dataclasses
from collections.abc import Mapping
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.position import (
    Fellowship,
    Units,
    position_problems,
    standard_setup,
)
from adjudicator.games.wotr.reading import _plain_position, _read_position, validate_position


def problems_of(data) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as error:
        validate_position(data)
    return list(error.value.problems)


def fields(data) -> set[str]:
    return {where for where, _ in problems_of(data)}


def test_setup_round_trips_through_json():
    setup = standard_setup()
    assert validate_position(setup.to_dict()) == setup
    assert position_problems(setup) == []


def test_setup_follows_the_rules():
    setup = standard_setup()
    assert setup.fellowship.region == "rivendell"
    assert setup.fellowship.guide == "gandalf-grey"
    assert len(setup.fellowship.companions) == 7
    assert setup.nation_units("osgiliath") == {"gondor": Units(regular=2)}
    assert setup.political_status("elves").active
    assert not setup.political_status("gondor").active
    assert setup.controller("minas-tirith") == "free_peoples"
    assert setup.victory_points("shadow") == setup.victory_points("free_peoples") == 0


def test_names_are_accepted_and_stored_as_slugs():
    position = validate_position({"armies": {"Минас Тирит": {"gondor": {"regular": 2}}}})
    assert position.nation_units("minas-tirith") == {"gondor": Units(regular=2)}


def test_validator_reports_every_problem_at_once():
    data = {
        "armies": {
            "mordor": {"sauron": {"regular": 1}},
            "edoras": {"rohan": {"regular": 11}},
            "pelargir": {"gondor": {"regular": -1}},
        },
        "fellowship": {"corruption": 13, "companions": ["boromir", "gollum"], "guide": "boromir"},
        "characters": {"boromir": "minas-tirith"},
    }
    found = fields(data)
    assert {
        "armies.mordor",
        "armies.edoras",
        "armies.pelargir.gondor.regular",
        "fellowship.corruption",
        "fellowship.companions[1]",
        "characters.boromir",
    } <= found


def test_six_units_in_a_besieged_stronghold_are_too_many():
    data = {
        "armies": {
            "minas-tirith": {"gondor": {"regular": 6}},
            "osgiliath": {"gondor": {"regular": 1}},
        },
        "sieges": ["minas-tirith"],
    }
    messages = dict(problems_of(data))
    assert "limit is 5" in messages["armies.minas-tirith"]
    assert "sieges.minas-tirith" in messages  # nobody besieges it


def test_five_units_in_a_besieged_stronghold_are_fine():
    position = validate_position(
        {
            "armies": {
                "minas-tirith": {"gondor": {"regular": 5}, "sauron": {"regular": 10, "nazgul": 3}}
            },
            "sieges": ["minas-tirith"],
        }
    )
    assert position.besieged_side("minas-tirith") == "free_peoples"


def test_ten_units_fine_eleven_not():
    assert validate_position({"armies": {"gorgoroth": {"sauron": {"regular": 10, "nazgul": 4}}}})
    assert "armies.gorgoroth" in fields({"armies": {"gorgoroth": {"sauron": {"regular": 11}}}})


def test_free_peoples_units_beyond_the_pool():
    data = {"armies": {"edoras": {"rohan": {"elite": 5}}, "helms-deep": {"rohan": {"elite": 1}}}}
    messages = dict(problems_of(data))
    assert "only 5" in messages["armies.*.rohan.elite"]


def test_both_sides_without_siege_and_lonely_leaders():
    data = {
        "armies": {
            "osgiliath": {"gondor": {"regular": 1}, "sauron": {"regular": 1}},
            "lossarnach": {"gondor": {"leaders": 1}},
            "bree": {"north": {"nazgul": 1}},
        }
    }
    messages = dict(problems_of(data))
    assert "not under siege" in messages["armies.osgiliath"]
    assert "without an army" in messages["armies.lossarnach"]
    assert "Nazgûl" in messages["armies.bree.north.nazgul"]


def test_nazgul_may_fly_alone():
    assert validate_position({"armies": {"bree": {"sauron": {"nazgul": 2}}}})


def test_nazgul_and_characters_may_share_a_region_with_an_enemy_army():
    """Rules, Лидеры: Nazgûl may fly over a region "даже если регион содержит вражескую
    армию"; Перемещение героев / миньонов: heroes and the Mouth of Sauron, moving alone, may
    enter regions held by the enemy. Only armies (units) of both sides may not share a region."""
    position = validate_position(
        {
            "armies": {
                "osgiliath": {"gondor": {"regular": 2, "leaders": 1}, "sauron": {"nazgul": 2}},
                "dol-guldur": {"sauron": {"regular": 5}},
            },
            "characters": {"witch-king": "osgiliath", "strider": "dol-guldur"},
            "fellowship": {"companions": ["gandalf-grey"], "guide": "gandalf-grey"},
        }
    )
    assert position.army_sides("osgiliath") == ("free_peoples",)
    assert position.sides_present("osgiliath") == ("free_peoples", "shadow")


def test_nazgul_without_an_army_never_in_an_enemy_stronghold():
    """Rules, Лидеры: "назгул без армии не может быть помещен во вражескую цитадель"; Перемещение
    миньонов: not until the Shadow besieges it. The Witch-king is a Nazgûl."""
    messages = dict(
        problems_of(
            {
                "armies": {"rivendell": {"elves": {"regular": 2}, "sauron": {"nazgul": 1}}},
                "characters": {"witch-king": "minas-tirith"},
            }
        )
    )
    assert "stronghold" in messages["armies.rivendell"]
    assert "stronghold" in messages["characters.witch-king"]
    # a stronghold the Shadow has captured is no longer an enemy one
    assert validate_position(
        {"armies": {"rivendell": {"sauron": {"nazgul": 1}}}, "control": {"rivendell": "shadow"}}
    )


def test_character_problems():
    data = {
        "characters": {"strider": "bree", "saruman": "fangorn", "aragorn": "erech", "nobody": "x"},
        "fellowship": {"companions": ["strider"], "guide": "strider"},
    }
    found = fields(data)
    assert {"characters.strider", "characters.saruman", "characters.aragorn"} <= found
    assert "characters.nobody" in found


def test_guide_must_be_highest_level_or_gollum():
    assert "fellowship.guide" in fields(
        {"fellowship": {"companions": ["gandalf-grey", "peregrin"], "guide": "peregrin"}}
    )
    assert "fellowship.guide" in fields({"fellowship": {"companions": [], "guide": "strider"}})
    alone = validate_position({"fellowship": {"companions": []}})
    assert alone.fellowship.guide == "gollum"


def test_mordor_only_from_its_gates():
    assert "fellowship.region" in fields({"fellowship": {"region": "dagorlad", "mordor_step": 1}})
    assert validate_position({"fellowship": {"region": "minas-morgul", "mordor_step": 5}})
    assert "fellowship.mordor_step" in fields({"fellowship": {"mordor_step": 6}})


def test_control_and_political_problems():
    found = fields(
        {
            "control": {"fangorn": "shadow", "minas-tirith": "orcs"},
            "political": {"gondor": {"steps_from_war": 0, "active": False}, "hobbits": {}},
        }
    )
    assert found >= {"control.fangorn", "control.minas-tirith", "political.gondor"}
    assert "political.hobbits" in found


def test_hunt_fields():
    found = fields(
        {
            "hunt_box": {"shadow_dice": 11, "free_peoples_dice": "two"},
            "hunt_tiles_drawn": ["eye"] * 5 + ["joker"],
        }
    )
    assert found >= {
        "hunt_box.shadow_dice",
        "hunt_box.free_peoples_dice",
        "hunt_tiles_drawn",
        "hunt_tiles_drawn[5]",
    }


def test_malformed_shapes_never_crash():
    assert fields("nope") == {"position"}
    assert "armies" in fields({"armies": [1, 2]})
    assert "unknown_key" in fields({"unknown_key": 1})


def test_positions_are_immutable_and_editable_by_copy():
    setup = standard_setup()
    with pytest.raises(TypeError):
        setup.armies["bree"] = {}  # type: ignore[index]
    moved = setup.with_units("bree", "north", Units())
    assert "bree" not in moved.armies and "bree" in setup.armies
    hidden = replace(setup, fellowship=Fellowship(region="bree", companions=(), guide="gollum"))
    assert position_problems(hidden) == []


def test_leadership_counts_leaders_nazgul_and_characters():
    position = validate_position(
        {
            "armies": {"osgiliath": {"sauron": {"regular": 3, "nazgul": 2}}},
            "characters": {"witch-king": "osgiliath"},
        }
    )
    assert position.leadership("osgiliath", "shadow") == 4


def test_victory_points_count_enemy_settlements_only():
    position = validate_position(
        {"control": {"minas-tirith": "shadow", "pelargir": "shadow", "bree": "shadow"}}
    )
    assert position.victory_points("shadow") == 3


def test_messages_keep_their_translatable_template():
    from adjudicator.games.wotr.messages import Message

    ((_, message),) = problems_of({"fellowship": {"corruption": 13}})
    assert isinstance(message, Message)
    assert message.template == "must be between %(low)s and %(high)s, not %(value)s"
    assert message.translated(lambda text: text.replace("must be", "MUST BE")) == (
        "MUST BE between 0 and 12, not 13"
    )


def test_reinforcements_are_optional_and_round_trip():
    assert standard_setup().reinforcements is None
    assert "reinforcements" not in standard_setup().to_dict()
    data = {
        "armies": {"edoras": {"rohan": {"regular": 3}}},
        "reinforcements": {"rohan": {"regular": 7, "elite": 2}},
    }
    position = validate_position(data)
    assert position.reinforcements["rohan"] == Units(regular=7, elite=2)
    assert position.to_dict()["reinforcements"] == {"rohan": {"regular": 7, "elite": 2}}
    assert validate_position(position.to_dict()) == position


def test_free_peoples_figures_beyond_the_pool_with_reinforcements():
    """Rules, Запреты на наем: recruiting is limited by the figures in reinforcements; Free
    Peoples figures killed leave the game. Board + reinforcements never exceed the figures
    the game has (Rohan: 10 regulars)."""
    messages = dict(
        problems_of(
            {
                "armies": {"edoras": {"rohan": {"regular": 3}}},
                "reinforcements": {"rohan": {"regular": 8}, "gondor": {"nazgul": 1}},
            }
        )
    )
    assert "10" in messages["reinforcements.rohan.regular"]
    assert "Nazgûl" in messages["reinforcements.gondor.nazgul"]


def test_shadow_casualties_return_to_the_reinforcements():
    """Rules, Запреты на наем: "Юниты темных сил и Назгулы, уничтоженные в сражении,
    возвращаются обратно в резерв": every Shadow figure is on the board or in reinforcements
    (Sauron: 36 regulars, 6 elites, 8 Nazgûl)."""
    board = {"gorgoroth": {"sauron": {"regular": 10, "nazgul": 1}}}
    assert validate_position(
        {"armies": board, "reinforcements": {"sauron": {"regular": 26, "elite": 6, "nazgul": 7}}}
    )
    messages = dict(
        problems_of(
            {
                "armies": board,
                "reinforcements": {"sauron": {"regular": 20, "elite": 6, "nazgul": 7}},
            }
        )
    )
    assert "36" in messages["reinforcements.sauron.regular"]


@pytest.mark.parametrize(
    ("field", "position"),
    [
        ("armies", {"armies": {f"region{n}": {"gondor": {"regular": 1}} for n in range(6_000)}}),
        ("control", {"control": {f"region{n}": "shadow" for n in range(6_000)}}),
        ("characters", {"characters": {f"wizard{n}": "bree" for n in range(6_000)}}),
        ("hunt_tiles_drawn", {"hunt_tiles_drawn": ["eyee"] * 6_000}),
    ],
)
def test_an_object_or_list_longer_than_the_board_is_refused_whole(field, position):
    """No entry of it is read (each unknown region was compared with every region's names):
    one problem, not 6,000 (issue 27)."""
    with pytest.raises(InvalidInput) as refused:
        validate_position(position)
    assert [f for f, _message in refused.value.problems] == [field]


SETUP_ARMIES = standard_setup().to_dict()["armies"]
COUNTS = st.one_of(st.integers(0, 4), st.sampled_from([-1, True, 1.0, "2", None]))
ARMIES = st.dictionaries(
    st.sampled_from(sorted(SETUP_ARMIES)),
    st.dictionaries(
        st.sampled_from(["gondor", "rohan", "sauron", "isengard", "elves", "orcs"]),
        st.dictionaries(st.sampled_from(["regular", "elite", "leaders", "nazgul", "x"]), COUNTS),
        max_size=2,
    ),
    max_size=6,
)


def _read(data):
    try:
        return validate_position(data)
    except InvalidInput as error:
        return sorted((where, str(message)) for where, message in error.problems)


@settings(max_examples=150, deadline=None)
@given(ARMIES)
def test_armies_by_slug_read_at_once_as_the_reader_reads_them_by_name(armies):
    """Armies keyed by slug with plain figures are read at once (issue 29: most of a
    position's reading); the same armies keyed by English name go through the reader entry by
    entry: the same position, or the same problems named under the key given."""
    by_name = {BOARD.regions[slug].name: value for slug, value in armies.items()}
    plain, read = _read({"armies": armies}), _read({"armies": by_name})
    if isinstance(read, list):
        read = sorted((_keyed_by_slug(where, armies), message) for where, message in read)
    assert plain == read


def _keyed_by_slug(where: str, armies) -> str:
    for slug in armies:
        name = f"armies.{BOARD.regions[slug].name}"
        if where == name or where.startswith(f"{name}."):
            return f"armies.{slug}{where[len(name) :]}"
    return where


SETUP = standard_setup().to_dict()


#: Values each part's keys are given: as the board sends them, spelt, typed or bounded otherwise.
VALUES = {
    "fellowship": {
        "region": ["bree", "Bree", "nowhere", 3, "morannon"],
        "progress": [3, 20, 21, -1, True, 1.0],
        "revealed": [True, 0, "yes"],
        "corruption": [12, 13, -1, True, None],
        "mordor_step": [0, 5, 6, True, "1"],
        "guide": ["strider", "gollum", 3, "x"],
        "companions": [[], ["gimli", "gimli"], ["Gimli"], ["saruman"], "gimli", [3], ["legolas"]],
        "x": [1],
    },
    "control": {
        "osgiliath": ["shadow", "orcs", ["shadow"], 1],
        "Osgiliath": ["shadow"],
        "bree": ["shadow"],
        "fangorn": ["shadow"],
        "x": ["shadow"],
    },
    "political": {
        nation: [
            None,
            [],
            {"x": 1},
            {"active": True},
            {"steps_from_war": 0, "active": True},
            *({"steps_from_war": steps} for steps in (0, 3, 4, -1, True, "1")),
            *({"active": active} for active in (False, 1, None)),
        ]
        for nation in ("gondor", "sauron", "mordor")
    },
    "characters": {
        name: ["bree", "Bree", "minas-tirith", "orthanc", "x", 3]
        for name in ("strider", "Strider", "witch-king", "saruman", "gandalf-grey", "x")
    },
    "hunt_box": {
        "shadow_dice": [3, 10, 11, True],
        "free_peoples_dice": [6, 7, 1.0],
        "x": [1],
    },
}
#: Values a whole part is given.
WHOLE = {
    "armies": [None, [], {}, {"x": {}}, {"bree": None}],
    "fellowship": [None, [], {}],
    "control": [None, [], "shadow", {}],
    "political": [None, [], {}],
    "characters": [None, [], {}],
    "sieges": [
        None,
        [],
        ["minas-tirith"],
        ["Minas Tirith"],
        ["bree"],
        [3],
        [["x"]],
        "minas-tirith",
    ],
    "hunt_box": [None, [], {}],
    "hunt_tiles_drawn": [None, [], ["eye"], ["eye"] * 5, ["nope"], [3], "eye"],
    "reinforcements": [None, {"rohan": {"regular": 1}}],
    "x": [1],
}


#: Fellowships that only their keys together make plain.
FELLOWSHIPS = [
    {"companions": []},
    {"companions": ["gimli"]},
    {"companions": ["gimli"], "guide": "gimli"},
    {"companions": ["saruman"], "guide": "saruman"},
    {"companions": ["Gimli"], "guide": "gimli"},
    *({"region": "morannon", "mordor_step": step} for step in (0, 5, 6, -1, True, "1")),
]
BESIEGED = {**SETUP_ARMIES, "minas-tirith": {"gondor": {"regular": 3}, "sauron": {"regular": 2}}}


def _single_changes():
    """The setup with one thing changed: each key of each part given each value or dropped,
    each part given each whole value or dropped, one army's figures changed, the
    Fellowship's keys changed together, a siege."""
    for fellowship in FELLOWSHIPS:
        yield {**SETUP, "fellowship": fellowship}
    for sieges in (["minas-tirith"], ["minas-tirith"] * 200, ["Minas Tirith"]):
        yield {**SETUP, "armies": BESIEGED, "sieges": sieges}
    for part, keys in VALUES.items():
        for key, values in keys.items():
            for value in values:
                yield {**SETUP, part: {**SETUP[part], key: value}}
        for key in SETUP[part]:
            yield {**SETUP, part: {k: v for k, v in SETUP[part].items() if k != key}}
    for part, values in WHOLE.items():
        for value in values:
            yield {**SETUP, part: value}
    for part in SETUP:
        yield {k: v for k, v in SETUP.items() if k != part}
    for count in (0, 3, 11, -1, True, 1.0, "2", None):
        for kind in ("regular", "elite", "leaders", "nazgul", "x"):
            for nation in ("gondor", "sauron", "rohan", "x"):
                yield {**SETUP, "armies": {**SETUP_ARMIES, "osgiliath": {nation: {kind: count}}}}


def test_plain_positions_are_read_at_once_as_the_reader_reads_them():
    """A plain position with no problem is read at once (issue 29), any other by the reader:
    the same position (to its types and its mappings' order), or the same problems in the
    same order, as the reader alone gives; for the setup with any one thing changed."""
    cases = list(_single_changes())
    differ = [d for d in cases if _outcome(validate_position, d) != _outcome(_read_position, d)]
    assert not differ
    assert sum(_plain_position(d) is not None for d in cases) > len(cases) // 4


def _outcome(read, data):
    """A position's every field (with its type, and the order of its mappings), or its
    problems (message, template and parameters), in order."""
    try:
        position = read(data)
    except InvalidInput as error:
        return [(w, m, getattr(m, "template", None), getattr(m, "params", None))
                for w, m in error.problems]  # fmt: skip
    return [(f.name, _shown(getattr(position, f.name))) for f in dataclasses.fields(position)]


def _shown(value):
    if isinstance(value, Mapping):
        return type(value), [(key, _shown(item)) for key, item in value.items()]
    return type(value), sorted(value) if isinstance(value, frozenset) else value


def test_a_plain_position_is_read_at_once():
    """What the board sends is read at once (else the test above compares the reader with
    itself): the setup, and a changed position."""
    changed = {**SETUP, "hunt_box": {"shadow_dice": 2}, "characters": {"strider": "bree"}}
    changed["fellowship"] = {**SETUP["fellowship"], "companions": ["gandalf-grey", "gimli"]}
    for data in (SETUP, changed):
        assert _plain_position(data) is not None
        assert _outcome(_plain_position, data) == _outcome(_read_position, data)
