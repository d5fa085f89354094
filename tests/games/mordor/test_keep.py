"""The keep checker against the rulebook (Броски кубиков, Белое древо, Ривенделл, Рохан)."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor.keep import Die, check_keep, parse_dice
from adjudicator.games.mordor.model import Face, GameSetup

R, ORC, W, N, G, T = (Face.RING, Face.ORC, Face.WARRIOR, Face.NAZGUL, Face.GANDALF, Face.WHITE_TREE)


def dice(*pairs):
    return tuple(Die(face, color) for face, color in pairs)


def codes(reasons):
    return sorted(r.code for r in reasons)


ISSUE_ROLL = dice((R, "black"), (R, "red"), (ORC, "yellow"), (N, "blue"), (G, "green"))


def test_two_rings_without_the_nazgul_are_illegal():
    """The issue's question: ring, ring, orc, Nazgûl (blue), Gandalf — keep the two rings?"""
    check = check_keep(ISSUE_ROLL, [0, 1], player_color="red")
    assert not check.legal
    assert codes(check.reasons) == ["duplicate_face", "nazgul_not_kept"]
    assert all(3 in keep for keep in check.legal_keeps)
    assert all(not {0, 1} <= set(keep) for keep in check.legal_keeps)
    # the Nazgûl with no ring or either ring (3), with or without the orc (2) and Gandalf (2)
    assert len(check.legal_keeps) == 12
    assert (3,) in check.legal_keeps and (0, 2, 3, 4) in check.legal_keeps


def test_a_keep_of_one_of_each_face_with_the_nazgul_is_legal():
    check = check_keep(ISSUE_ROLL, [1, 3], player_color="red")
    assert check.legal and not check.ends_rolling
    assert codes(check.notes) == ["reroll_rest"]
    assert check.notes[0].params == {"count": 3}


def test_at_least_one_die_after_each_roll():
    check = check_keep(dice((R, "red"), (ORC, "blue")), [], player_color="red")
    assert codes(check.reasons) == ["keep_none"]


def test_only_one_of_several_nazgul_and_its_colour_is_chosen():
    """«Если выпадает несколько назгулов, игрок откладывает только одного»."""
    roll = dice((N, "red"), (N, "blue"), (R, "green"))
    assert codes(check_keep(roll, [0, 1], player_color="red").reasons) == ["nazgul_several"]
    keeps = check_keep(roll, [1], player_color="red").legal_keeps
    assert keeps == ((0,), (1,), (0, 2), (1, 2))


def test_pippins_white_tree():
    """Pippin keeps one ring, the Nazgûl and the White Tree; the orc and a ring stay unused."""
    roll = dice((T, "black"), (R, "red"), (R, "blue"), (N, "green"), (ORC, "yellow"))
    check = check_keep(roll, [0, 1, 3], player_color="green")
    assert check.legal and check.ends_rolling
    assert codes(check.notes) == ["white_tree"]
    assert check.notes[0].params == {"count": 2}
    assert not check_keep(roll, [0, 1, 2, 3], player_color="green").legal  # not two rings
    assert codes(check_keep(roll, [0, 1], player_color="green").reasons) == ["nazgul_not_kept"]


def test_all_dice_kept_ends_rolling():
    check = check_keep(dice((R, "red"), (N, "black")), [0, 1], player_color="red")
    assert check.legal and check.ends_rolling and codes(check.notes) == ["all_kept"]


def test_rivendell_allows_equal_faces_in_the_advanced_game_only():
    roll = dice((R, "red"), (R, "blue"), (R, "green"))
    assert check_keep(
        roll, [0, 1, 2], player_color="red", location="rivendell", advanced=True
    ).legal
    assert not check_keep(roll, [0, 1, 2], player_color="red", location="rivendell").legal
    assert not check_keep(roll, [0, 1], player_color="red", location="moria", advanced=True).legal


def test_rivendell_still_requires_a_nazgul_and_may_keep_several():
    roll = dice((N, "red"), (N, "blue"), (R, "green"))
    kwargs = {"player_color": "red", "location": "rivendell", "advanced": True}
    assert check_keep(roll, [0, 1], **kwargs).legal
    assert codes(check_keep(roll, [2], **kwargs).reasons) == ["nazgul_not_kept"]


def test_rivendell_with_several_nazgul_states_its_reading():
    """«откладывает только одного (откладывать кубики с одинаковыми результатами нельзя)»:
    the text justifies «only one» by the rule Rivendell lifts, but never says so of
    Rivendell: the answer must say that this is our reading."""
    roll = dice((N, "red"), (N, "blue"), (R, "green"))
    check = check_keep(roll, [0, 1], player_color="red", location="rivendell", advanced=True)
    assert "rivendell_nazgul" in codes(check.assumptions)
    plain = check_keep(dice((N, "red"), (R, "green")), [0], player_color="red")
    assert "rivendell_nazgul" not in codes(plain.assumptions)


def test_rivendell_nazgul_reading_gives_the_verdict_under_each_reading():
    """Issue 25: the answer carries its reading and the verdict under the other one; a
    request may pick the other reading."""
    roll = dice((N, "red"), (N, "blue"), (R, "green"))
    kwargs = {"player_color": "red", "location": "rivendell", "advanced": True}
    check = check_keep(roll, [0, 1], **kwargs)
    (reading,) = check.readings
    assert reading.id == "rivendell_nazgul" and "только одного" in reading.quote
    assert reading.chosen.reading == "several" and reading.chosen.answer == "This keep is legal."
    (other,) = reading.others
    assert other.reading == "one" and other.answer.code == "nazgul_several"
    strict = check_keep(roll, [0, 1], **kwargs, readings={"rivendell_nazgul": "one"})
    assert not strict.legal and codes(strict.reasons) == ["nazgul_several"]
    assert strict.readings[0].others[0].answer == "This keep is legal."
    assert (0, 1) not in strict.legal_keeps and (0, 1) in check.legal_keeps
    assert check_keep(dice((R, "red")), [0], player_color="red").readings == ()
    with pytest.raises(InvalidInput) as error:
        check_keep(roll, [0, 1], **kwargs, readings={"rivendell_nazgul": "two"})
    assert error.value.problems[0][0] == "readings.rivendell_nazgul"
    with pytest.raises(InvalidInput) as error:
        check_keep(roll, [0, 1], **kwargs, readings={"rohan": "x"})
    assert error.value.problems[0][0] == "readings.rohan"


def test_sam_in_rohan_rerolls_each_roll_once():
    """Sam re-rolls the first roll, keeps a Nazgûl and a ring, re-rolls the 3 dice once more."""
    rohan = {"player_color": "red", "location": "rohan", "advanced": True}
    first = dice((N, "black"), (N, "red"), (ORC, "blue"), (G, "green"), (R, "yellow"))
    check = check_keep(first, [], **rohan)
    assert check.legal and check.may_reroll and codes(check.notes) == ["rohan_reroll"]
    second = dice((N, "red"), (R, "blue"), (ORC, "black"), (W, "green"), (ORC, "yellow"))
    after_reroll = check_keep(second, [], rerolled=True, **rohan)
    assert codes(after_reroll.reasons) == ["keep_none", "nazgul_not_kept"]
    assert check_keep(second, [0, 1], rerolled=True, **rohan).legal
    third = dice((ORC, "black"), (ORC, "green"), (G, "yellow"))
    assert check_keep(third, [], **rohan).legal
    fourth = dice((R, "black"), (W, "green"), (G, "yellow"))
    final = check_keep(fourth, [0, 1, 2], rerolled=True, **rohan)
    assert final.legal and final.ends_rolling
    assert not check_keep(first, [], player_color="red", location="rohan").legal  # basic game


def test_every_answer_states_its_assumptions_and_cites_the_rolling_rules():
    check = check_keep(ISSUE_ROLL, [3], player_color="red")
    assert {a.code for a in check.assumptions} == {"colored_die", "black_die", "tracks"}
    assert "broski-kubikov" in {c.anchor for c in check.citations}
    assert "nazgul" in {c.anchor for c in check.citations}


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ([{"face": "dragon", "color": "red"}], "rolled[0].face"),
        ([{"face": "ring", "color": "purple"}], "rolled[0].color"),
        ([{"face": "white_tree", "color": "red"}], "rolled[0].face"),
        ([{"face": "ring", "color": "red"}, {"face": "orc", "color": "red"}], "rolled"),
        (
            [
                {"face": "ring", "color": c}
                for c in ("black", "red", "blue", "green", "yellow", "x")
            ],
            "rolled",
        ),
        ([], "rolled"),
    ],
)
def test_malformed_rolls_name_the_field(raw, field):
    with pytest.raises(InvalidInput) as error:
        parse_dice(raw, "rolled", GameSetup())
    assert field in {where for where, _ in error.value.problems}


def test_bad_keep_indexes_and_colours_name_the_field():
    with pytest.raises(InvalidInput) as error:
        check_keep(ISSUE_ROLL, [7, 7], player_color="red")
    assert {f for f, _ in error.value.problems} == {"keep[0]", "keep[1]", "keep"}
    with pytest.raises(InvalidInput) as error:
        check_keep(ISSUE_ROLL, [3], player_color="black", location="narnia")
    assert {f for f, _ in error.value.problems} == {"player_color", "location"}


def test_a_place_in_the_basic_game_is_noted_and_ignored():
    roll = dice((R, "red"), (R, "blue"))
    check = check_keep(roll, [0, 1], player_color="red", location="rivendell")
    assert not check.legal
    assert "basic_game_place" in codes(check.notes)
