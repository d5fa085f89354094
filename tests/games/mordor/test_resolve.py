"""Turn resolution against the rulebook's examples (Примеры выполнения действий) and rules."""

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.mordor.keep import Die
from adjudicator.games.mordor.model import Face, GameSetup
from adjudicator.games.mordor.resolve import PlayerState, resolve_turn
from adjudicator.games.mordor.track import NazgulTrack, Square

R, ORC, W, N, G = (Face.RING, Face.ORC, Face.WARRIOR, Face.NAZGUL, Face.GANDALF)
E, X, S, H, F = (Square.EMPTY, Square.MARKED, Square.SPLIT, Square.SPLIT_HALF, Square.SPLIT_MARKED)
FRESH = NazgulTrack.fresh(7)


def player(color, position=0, squares=None, eliminated=False):
    track = NazgulTrack(tuple(squares)) if squares else FRESH
    return PlayerState(color, position, track, eliminated)


def kept(*pairs):
    return [Die(face, color) for face, color in pairs]


def test_merrys_five_dice():
    """Ring, Gandalf, warrior, orc, Nazgûl: the warrior cancels the orc, the ring moves Merry,
    Gandalf splits the first square and the Nazgûl marks one half of it."""
    merry, sam = player("blue"), player("red")
    dice = kept((R, "red"), (G, "green"), (W, "yellow"), (ORC, "black"), (N, "blue"))
    result = resolve_turn([sam, merry], 1, dice)
    after = result.players[1]
    assert after.position == 1 and result.ring_steps == 1 and not result.rings_blocked
    assert after.track.squares == (H, E, E, E, E, E, E)
    assert result.splits == (0,)
    assert result.marks == {"red": 0, "blue": 1}


def test_sams_two_nazgul_follow_merrys_turn():
    """2 Nazgûl, an orc, Gandalf, a ring: no warrior, so no move; Gandalf splits Sam's first
    square, the red Nazgûl marks half of it, the blue one marks Merry's second half."""
    merry = player("blue", 1, [H, E, E, E, E, E, E])
    sam = player("red")
    dice = kept((N, "red"), (N, "blue"), (ORC, "black"), (G, "green"), (R, "yellow"))
    result = resolve_turn([sam, merry], 0, dice)
    sam_after, merry_after = result.players
    assert result.rings_blocked and sam_after.position == 0
    assert sam_after.track.squares[0] is H
    assert merry_after.track.squares[0] is F
    assert merry_after.track.open_divisions == 6


def test_sam_splits_the_second_square_before_marking_it():
    """The Gandalf example: first square already marked, so the second is split and half-marked."""
    sam = player("red", squares=[X, E, E, E, E, E, E])
    result = resolve_turn([sam], 0, kept((N, "red"), (G, "black")))
    assert result.players[0].track.squares[:2] == (X, H)


def test_black_own_and_neutral_nazgul_mark_the_active_player():
    sam, merry = player("red"), player("blue")
    dice = kept((N, "black"), (N, "red"), (N, "green"), (N, "blue"))
    result = resolve_turn([sam, merry], 0, dice)
    assert result.marks == {"red": 3, "blue": 1}


def test_an_eliminated_players_colour_is_neutral():
    sam, pippin = player("red"), player("green", squares=[X] * 7, eliminated=True)
    result = resolve_turn([sam, pippin], 0, kept((N, "green")))
    assert result.marks == {"red": 1, "green": 0}


def test_a_player_eliminated_by_one_nazgul_makes_the_next_of_his_colour_neutral():
    sam, merry = player("red"), player("blue", squares=[X] * 6 + [E])
    result = resolve_turn([sam, merry], 0, kept((N, "blue"), (N, "blue")))
    assert result.players[1].eliminated
    assert result.marks == {"red": 1, "blue": 1}
    assert "eliminated" in {e.code for e in result.events}


def test_reaching_mordor_and_the_last_nazgul_square_in_one_turn_eliminates():
    frodo = player("yellow", 8, [X] * 6 + [E])
    result = resolve_turn([frodo], 0, kept((R, "yellow"), (W, "red"), (N, "black")))
    assert result.players[0].position == 9 and result.players[0].eliminated
    assert result.game_over and result.winners == ()


def test_gandalf_may_split_mordor_and_never_a_split_square():
    frodo = player("yellow", squares=[X] * 6 + [E])
    result = resolve_turn([frodo], 0, kept((G, "red"), (G, "blue"), (N, "black")))
    assert result.splits == (6,)
    assert not result.players[0].eliminated and result.players[0].track.squares[6] is H
    with pytest.raises(InvalidInput) as error:
        resolve_turn(
            [player("yellow", squares=[S] + [E] * 6)], 0, kept((G, "red")), gandalf_squares=[0]
        )
    assert error.value.problems[0][0] == "gandalf_squares[0]"


def test_the_round_is_finished_after_someone_reaches_mordor():
    frodo, sam = player("yellow", 8), player("red", 8)
    result = resolve_turn([frodo, sam], 0, kept((R, "yellow"), (R, "red")))
    assert result.players[0].position == 9
    assert not result.round_complete and not result.game_over
    assert "finish_round" in {e.code for e in result.events}


def test_ties_in_mordor_go_to_the_most_empty_divisions_a_split_one_counting_two():
    frodo = player("yellow", 9, [X, X, E, E, E, E, E])  # 5 empty
    sam = player("red", 8, [X, X, X, S, E, E, E])  # 2 + 3 = 5 empty divisions
    result = resolve_turn([frodo, sam], 1, kept((R, "red"), (G, "blue")))
    assert result.game_over and result.players[1].position == 9
    assert result.winners == ("red",)  # Gandalf split one more square: 6 > 5


def test_a_tie_in_empty_divisions_is_shared():
    frodo = player("yellow", 9, [X, X, E, E, E, E, E])
    sam = player("red", 8, [X, X, E, E, E, E, E])
    result = resolve_turn([frodo, sam], 1, kept((R, "red")))
    assert result.winners == ("yellow", "red")
    assumed = {a.code for a in result.assumptions}
    assert "tie_break" in assumed  # the text is silent on a tie and on half-marked squares


def test_a_single_hobbit_in_mordor_needs_no_tie_break_reading():
    frodo, sam = player("yellow", 0), player("red", 8)
    result = resolve_turn([frodo, sam], 1, kept((R, "red")))
    assert result.winners == ("red",)
    assert "tie_break" not in {a.code for a in result.assumptions}


@pytest.mark.parametrize(
    ("squares", "eliminated"), [([X] * 7, False), ([X, X, E, E, E, E, E], True)]
)
def test_the_eliminated_flag_must_agree_with_the_track(squares, eliminated):
    """«Игрок, отметивший последнее деление пути назгулов, выбывает из игры»: a full track
    is an eliminated player, and only a full track is."""
    players = [player("yellow"), player("red", 0, squares, eliminated)]
    with pytest.raises(InvalidInput) as error:
        resolve_turn(players, 0, kept((N, "red")))
    assert ("players[1].eliminated") in {field for field, _ in error.value.problems}


@pytest.mark.parametrize(
    ("position", "dice", "steps"),
    [
        (
            3,
            [(R, "red"), (W, "blue"), (ORC, "black"), (ORC, "green")],
            1,
        ),  # Lothlórien: warriors × 2
        (0, [(R, "red"), (W, "blue"), (ORC, "black"), (ORC, "green")], 0),  # Bag End: no property
        (5, [(R, "red"), (W, "blue"), (ORC, "black")], 0),  # Helm's Deep: orcs × 2
        (5, [(R, "red"), (W, "blue"), (W, "green"), (ORC, "black")], 1),
        (8, [(R, "red")], 0),  # Shelob's Lair: 2 rings needed to enter Mordor
        (8, [(R, "red"), (R, "blue")], 1),
    ],
)
def test_places_change_the_rings(position, dice, steps):
    result = resolve_turn([player("red", position)], 0, kept(*dice), advanced=True)
    assert result.ring_steps == steps


def test_moria_stops_gandalf():
    result = resolve_turn([player("red", 2)], 0, kept((G, "red"), (N, "black")), advanced=True)
    assert result.splits == () and result.players[0].track.squares[0] is X
    assert "moria" in {e.code for e in result.events}


def test_gondor_spares_you_but_not_the_others():
    sam, merry = player("red", 6), player("blue")
    result = resolve_turn([sam, merry], 0, kept((N, "black"), (N, "blue")), advanced=True)
    assert result.marks == {"red": 0, "blue": 1}


def test_minas_tirith_turns_every_nazgul_on_you():
    sam, merry = player("red", 7), player("blue")
    result = resolve_turn([sam, merry], 0, kept((N, "blue"), (N, "black")), advanced=True)
    assert result.marks == {"red": 2, "blue": 0}


def test_places_do_not_act_in_the_basic_game():
    sam, merry = player("red", 7), player("blue")
    result = resolve_turn([sam, merry], 0, kept((N, "blue")))
    assert result.marks == {"red": 0, "blue": 1}


def test_bad_games_name_the_field():
    with pytest.raises(InvalidInput) as error:
        resolve_turn([player("red", 12), player("red")], 3, [])
    fields = {f for f, _ in error.value.problems}
    assert fields == {"players", "players[0].position", "active", "kept"}
    with pytest.raises(InvalidInput):
        resolve_turn([player("red")], 0, kept((R, "red")), setup=GameSetup(nazgul_squares=5))


def test_a_turn_with_fewer_than_five_dice_and_no_white_tree_is_flagged():
    result = resolve_turn([player("red")], 0, kept((R, "red")))
    assert "incomplete_turn" in {e.code for e in result.events}
    full = kept((R, "red"), (W, "blue"), (G, "green"), (R, "yellow"), (ORC, "black"))
    assert "incomplete_turn" not in {e.code for e in resolve_turn([player("red")], 0, full).events}


def test_a_hobbit_caught_after_reaching_mordor_is_named_and_the_reading_stated():
    """Frodo reached Mordor earlier in the round; Sam's yellow Nazgûl marks his last division
    («даже в чужой ход»). The text ends the game with the round yet an eliminated hobbit
    cannot win: the answer must say so, not go on in silence."""
    frodo = player("yellow", 9, [X] * 6 + [E])
    sam = player("red", 3)
    result = resolve_turn([frodo, sam], 1, kept((N, "yellow"), (W, "red")))
    assert result.players[0].eliminated
    assert not result.game_over and result.winners == ()
    assert "mordor_but_out" in {e.code for e in result.events}


def test_a_tie_in_mordor_is_a_reading_with_the_first_to_arrive_computed():
    """Issue 25: the text is silent on a tie in empty divisions; «Победит игрок, добравшийся до
    Мордора первым» reads it as the first to arrive (everyone in Mordor arrived in this last
    round, in seating order). The answer carries both ends; ``readings`` picks the other."""
    frodo = player("yellow", 9, [X, X, E, E, E, E, E])
    sam = player("red", 8, [X, X, E, E, E, E, E])
    result = resolve_turn([frodo, sam], 1, kept((R, "red")))
    (reading,) = result.readings
    assert reading.id == "mordor_tie" and reading.chosen.reading == "shared"
    assert reading.chosen.answer.params == {"players": "yellow (Frodo), red (Sam)"}
    (other,) = reading.others
    assert other.reading == "first_arrived" and other.answer.params == {"players": "yellow (Frodo)"}
    first = resolve_turn(
        [frodo, sam], 1, kept((R, "red")), readings={"mordor_tie": "first_arrived"}
    )
    assert (
        first.winners == ("yellow",) and first.readings[0].others[0].answer == reading.chosen.answer
    )
    alone = resolve_turn([frodo, player("red", 8, [X, X, X, E, E, E, E])], 1, kept((R, "red")))
    assert alone.winners == ("yellow",) and alone.readings == ()  # no tie: no reading


def test_a_hobbit_caught_in_mordor_is_a_reading_of_whether_the_game_ends():
    """«Игра заканчивается, когда один из игроков достигает Мордора»; Frodo reaches it and is
    out in the same turn («всё равно выбывает»): the game goes on (the default) or ends with
    the round, nobody winning."""
    frodo = player("yellow", 8, [X] * 6 + [E])
    sam = player("red", 3)
    dice = kept((R, "yellow"), (W, "red"), (N, "black"))
    result = resolve_turn([sam, frodo], 1, dice)
    assert not result.game_over and result.round_complete
    (reading,) = result.readings
    assert reading.id == "caught_in_mordor" and reading.chosen.answer.code == "mordor_but_out"
    assert reading.others[0].answer.message.startswith("Game over: %(players)s reached Mordor")
    ended = resolve_turn([sam, frodo], 1, dice, readings={"caught_in_mordor": "round_ends_game"})
    assert ended.game_over and ended.winners == ()
    midway = resolve_turn([frodo, sam], 0, dice, readings={"caught_in_mordor": "round_ends_game"})
    assert not midway.game_over and "finish the round" in midway.events[-1].message
    with pytest.raises(InvalidInput) as error:
        resolve_turn([sam, frodo], 1, dice, readings={"caught_in_mordor": "maybe"})
    assert error.value.problems[0][0] == "readings.caught_in_mordor"
