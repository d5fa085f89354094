"""The Journey to Mordor API: the issue's contract, the schema, and 400s naming the field."""

import pytest
from rest_framework.test import APIClient

from tests.openapi import assert_matches_schema

KEEP = "/api/mordor/keep/check/"
RESOLVE = "/api/mordor/resolve/"
ODDS = "/api/mordor/odds/"
ROLL = [
    {"face": "ring", "color": "black"},
    {"face": "ring", "color": "red"},
    {"face": "orc", "color": "yellow"},
    {"face": "nazgul", "color": "blue"},
    {"face": "gandalf", "color": "green"},
]


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def post(api, url, body, language="en"):
    return api.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=language)


def fields(response):
    return {error["field"] for error in response.json()["errors"]}


def test_keep_check_contract(api):
    body = {"rolled": ROLL, "keep": [0, 1], "player_color": "red", "location": None}
    response = post(api, KEEP, {**body, "advanced": False})
    assert response.status_code == 200
    assert_matches_schema(response, KEEP, "post")
    answer = response.json()
    assert answer["legal"] is False
    assert {r["code"] for r in answer["reasons"]} == {"duplicate_face", "nazgul_not_kept"}
    assert [3] in answer["legal_keeps"] and len(answer["legal_keeps"]) == 12
    assert "broski-kubikov" in {c["section"] for c in answer["citations"]}
    assert any("Black die faces" in a for a in answer["assumptions"])


def test_keep_check_answers_in_russian_and_polish(api):
    body = {"rolled": ROLL, "keep": [0, 1], "player_color": "red"}
    russian = post(api, KEEP, body, "ru").json()
    polish = post(api, KEEP, body, "pl").json()
    english = post(api, KEEP, body, "en").json()
    assert russian["reasons"][0]["message"] != english["reasons"][0]["message"]
    assert polish["reasons"][0]["message"] != english["reasons"][0]["message"]
    assert polish["summary"] != english["summary"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rolled": [{"face": "dragon", "color": "red"}], "keep": [0]}, "rolled[0].face"),
        ({"rolled": [*ROLL, {"face": "ring", "color": "black"}], "keep": [0]}, "rolled"),
        ({"rolled": [{"face": "white_tree", "color": "red"}], "keep": [0]}, "rolled[0].face"),
        ({"rolled": ROLL, "keep": [9]}, "keep[0]"),
        ({"rolled": ROLL, "keep": [0], "player_color": "black"}, "player_color"),
        ({"rolled": ROLL, "keep": [0], "setup": {"black_die": ["coin"]}}, "setup.black_die[0]"),
    ],
)
def test_keep_check_bad_input_names_the_field(api, body, field):
    response = post(api, KEEP, {"player_color": "red", **body})
    assert response.status_code == 400
    assert_matches_schema(response, KEEP, "post")
    assert field in fields(response)


def test_resolve_sams_two_nazgul(api):
    body = {
        "players": [
            {"color": "red"},
            {"color": "blue", "position": 1, "nazgul_track": ["split_half", *["empty"] * 6]},
        ],
        "active": 0,
        "kept": [
            {"face": "nazgul", "color": "red"},
            {"face": "nazgul", "color": "blue"},
            {"face": "orc", "color": "black"},
            {"face": "gandalf", "color": "green"},
            {"face": "ring", "color": "yellow"},
        ],
    }
    response = post(api, RESOLVE, body)
    assert response.status_code == 200, response.json()
    assert_matches_schema(response, RESOLVE, "post")
    sam, merry = response.json()["players"]
    assert sam["nazgul_track"][0] == "split_half" and sam["position"] == 0
    assert merry["nazgul_track"][0] == "split_marked"
    assert response.json()["rings_blocked"] is True


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"active": 5}, "active"),
        ({"players": [{"color": "purple"}]}, "players[0].color"),
        (
            {"players": [{"color": "red", "nazgul_track": ["empty", "marked"] + ["empty"] * 5}]},
            "players[0].nazgul_track",
        ),
        ({"kept": [{"face": "ring", "color": "red"}] * 6}, "kept"),
    ],
)
def test_resolve_bad_input_names_the_field(api, change, field):
    body = {"players": [{"color": "red"}], "active": 0, "kept": [{"face": "ring", "color": "red"}]}
    response = post(api, RESOLVE, {**body, **change})
    assert response.status_code == 400
    assert_matches_schema(response, RESOLVE, "post")
    assert field in fields(response)


def test_odds_from_rohan(api):
    body = {"position": 4, "player_color": "red", "other_colors": ["blue"], "advanced": True}
    response = post(api, ODDS, body)
    assert response.status_code == 200
    assert_matches_schema(response, ODDS, "post")
    answer = response.json()
    assert answer["location"] == "rohan"
    assert answer["value"] == answer["optimal_value"]
    assert (
        answer["policy_values"]["optimal"]["value"]
        >= answer["policy_values"]["all_distinct"]["value"]
    )
    assert sum(s["probability"] for s in answer["steps"]) == pytest.approx(1)
    assert "/" in answer["steps"][0]["exact"] or answer["steps"][0]["exact"] in {"0", "1"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"position": 9}, "position"),
        ({"goal": "glory"}, "goal"),
        ({"other_colors": ["red"]}, "other_colors"),
        ({"nazgul_track": ["marked"] * 7}, "nazgul_track"),
    ],
)
def test_odds_bad_input_names_the_field(api, change, field):
    response = post(api, ODDS, {"position": 0, "player_color": "red", **change})
    assert response.status_code == 400
    assert_matches_schema(response, ODDS, "post")
    assert field in fields(response)


def test_odds_rank_the_keeps_of_the_roll_in_front_of_you(api):
    body = {"position": 0, "player_color": "red", "other_colors": ["blue"], "rolled": ROLL}
    response = post(api, ODDS, body)
    assert response.status_code == 200
    assert_matches_schema(response, ODDS, "post")
    advice = response.json()["advice"]
    assert len(advice["keeps"]) == 12 and advice["reroll"] is None
    assert advice["keeps"][0]["keep"] == [
        0,
        3,
    ]  # the black die's ring: coloured dice roll rings more
    assert advice["keeps"][0]["dice"] == "Ring (black) + Nazgûl (blue (Merry))"


def test_odds_advice_needs_the_five_dice(api):
    body = {"position": 0, "player_color": "red", "rolled": ROLL[:2]}
    response = post(api, ODDS, body)
    assert response.status_code == 400
    assert fields(response) == {"rolled"}


RACE_SETUP = {"colored_die": ["warrior"], "black_die": ["ring", "nazgul", "orc"]}
RACE_ROLL = [{"face": "ring", "color": "black"}] + [
    {"face": "warrior", "color": c} for c in ("yellow", "red", "blue", "green")
]
RACE = {
    "position": 0,
    "player_color": "red",
    "goal": "reach_mordor",
    "setup": {**RACE_SETUP, "hobbit_steps": 1, "nazgul_squares": 1},
}


def test_odds_over_the_whole_journey(api):
    """The one-step race of tests/games/mordor/test_journey.py: 1/2 over the journey."""
    response = post(api, ODDS, {**RACE, "horizon": "game"})
    assert response.status_code == 200
    assert_matches_schema(response, ODDS, "post")
    answer = response.json()
    assert answer["journey"]["reach_mordor"] == {"probability": 0.5, "exact": "1/2"}
    assert answer["optimal_value"]["exact"] == "121/243"
    assert answer["summary"].endswith("marks you with chance 0: 50.0000%.")
    assert any("Solitaire view" in a for a in answer["assumptions"])
    assert not any(a.startswith("Only this turn") for a in answer["assumptions"])


@pytest.mark.parametrize(("position", "track"), [(0, None), (4, ["marked"] * 5 + ["empty"] * 2)])
def test_the_whole_journey_from_bag_end_and_rohan_is_answered(api, position, track):
    """Answered (bench/mordor.py measures its CPU time against the budget): floats,
    their precision stated; the roll in hand's keeps ranked for the journey, best first."""
    body = {
        "position": position,
        "player_color": "red",
        "other_colors": ["blue"],
        "advanced": True,
        "horizon": "game",
        "other_mark_chance": "1/6",
        "rolled": ROLL,
        **({"nazgul_track": track} if track else {}),
    }
    response = post(api, ODDS, body)
    assert response.status_code == 200, response.content
    assert_matches_schema(response, ODDS, "post")
    journey = response.json()["journey"]
    assert journey["reach_mordor"]["exact"] is None
    assert journey["precision"] == 1e-9
    expected = {0: 0.997441215050, 4: 0.904826}[position]
    assert journey["reach_mordor"]["probability"] == pytest.approx(expected, abs=1e-6)
    chances = [k["reach_mordor"] for k in journey["keeps"]]
    assert chances == sorted(chances, reverse=True) and len(chances) > 1
    assert (journey["reroll"] is None) == (position != 4)  # Rohan: the whole roll again
    answer = response.json()
    assert answer["summary"].startswith(
        f"Best keep for the whole journey: {journey['keeps'][0]['dice']}."
    )
    if position == 4:  # Rohan: this roll is better kept than re-rolled whole
        assert journey["reroll"] < chances[0]


def test_in_rohan_the_advice_is_to_re_roll_when_that_is_worth_more(api):
    """Rohan (1 раз можете перебрасывать броски): two Nazgûl and three warriors are worth less
    kept than rolled again; the summary says so rather than naming the best keep."""
    roll = [
        {"face": "nazgul", "color": "black"},
        {"face": "nazgul", "color": "red"},
        {"face": "warrior", "color": "yellow"},
        {"face": "warrior", "color": "blue"},
        {"face": "warrior", "color": "green"},
    ]
    body = {
        "position": 4,
        "player_color": "red",
        "other_colors": ["blue"],
        "advanced": True,
        "horizon": "game",
        "other_mark_chance": "1/6",
        "rolled": roll,
        "nazgul_track": ["marked"] * 5 + ["empty"] * 2,
    }
    answer = post(api, ODDS, body).json()
    journey = answer["journey"]
    assert journey["reroll"] > journey["keeps"][0]["reach_mordor"]
    assert answer["summary"].startswith("Best for the whole journey: re-roll the whole roll (")
    assert any("within 10⁻⁹" in a for a in answer["assumptions"])


def test_a_short_journey_stays_exact(api):
    response = post(api, ODDS, {**RACE, "horizon": "game", "rolled": RACE_ROLL})
    journey = response.json()["journey"]
    assert journey["precision"] == 0 and journey["reach_mordor"]["exact"] == "1/2"
    chances = [k["reach_mordor"] for k in journey["keeps"]]
    assert chances[0] == pytest.approx(1.0) and chances[-1] == pytest.approx(0.5)  # ring or not
    assert journey["keeps"][0]["dice"].startswith("Ring (black)")


def test_odds_of_one_turn_have_no_journey(api):
    response = post(api, ODDS, RACE)
    assert response.status_code == 200
    assert response.json()["journey"] is None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"horizon": "forever"}, "horizon"),
        ({"other_mark_chance": "a lot"}, "other_mark_chance"),
        ({"other_mark_chance": "3/2"}, "other_mark_chance"),
        ({"other_mark_chance": "1/0"}, "other_mark_chance"),
        ({"other_mark_chance": "1/6"}, "other_mark_chance"),  # nobody else plays
    ],
)
def test_journey_bad_input_names_the_field(api, change, field):
    response = post(api, ODDS, {**RACE, "horizon": "game", **change})
    assert response.status_code == 400
    assert_matches_schema(response, ODDS, "post")
    assert field in fields(response)


def test_resolve_an_eliminated_player_without_a_track_is_caught_and_neutral(api):
    body = {
        "players": [{"color": "red"}, {"color": "green", "eliminated": True}],
        "active": 0,
        "kept": [{"face": "nazgul", "color": "green"}],
    }
    response = post(api, RESOLVE, body)
    assert response.status_code == 200
    assert response.json()["marks"] == {"red": 1, "green": 0}
    body["players"][1]["nazgul_track"] = ["empty"] * 7
    response = post(api, RESOLVE, body)
    assert response.status_code == 400
    assert fields(response) == {"players[1].eliminated"}


def test_a_malformed_mark_chance_is_refused_whatever_the_horizon(api):
    response = post(api, ODDS, {**RACE, "other_mark_chance": "nan"})
    assert response.status_code == 400
    assert fields(response) == {"other_mark_chance"}


def test_a_keep_later_in_the_turn_is_worth_the_same_as_keeping_those_dice_at_once(api):
    """Keeping the black ring, then the red warrior of the re-roll, stands where keeping both
    of a first roll stands: the whole-journey chance after it is the same (it was a 500: the
    part of the turn left had fewer ends than the whole turn)."""
    first = [
        {"face": "ring", "color": "black"},
        {"face": "warrior", "color": "red"},
        {"face": "orc", "color": "blue"},
        {"face": "gandalf", "color": "green"},
        {"face": "warrior", "color": "yellow"},
    ]
    body = {"position": 0, "player_color": "red", "advanced": True, "horizon": "game"}
    at_once = post(api, ODDS, {**body, "rolled": first}).json()["journey"]["keeps"]
    both = next(k["reach_mordor"] for k in at_once if k["keep"] == [0, 1])
    later = post(api, ODDS, {**body, "rolled": first[1:], "kept_before": first[:1]}).json()
    warrior = next(k["reach_mordor"] for k in later["journey"]["keeps"] if k["keep"] == [0])
    assert warrior == pytest.approx(both, abs=1e-9)


def test_answers_state_the_readings_of_the_places_they_rest_on(api):
    """Rivendell's Nazgûl and Rohan's re-roll are our readings of the text: a journey from Bag
    End passes both and says so; a turn in Rohan states Rohan's; the basic game neither."""
    body = {"position": 0, "player_color": "red", "advanced": True, "horizon": "game"}
    journey = post(api, ODDS, body).json()["assumptions"]
    assert any(a.startswith("Rivendell:") for a in journey)
    assert any(a.startswith("Rohan:") for a in journey)
    rohan = post(api, ODDS, {"position": 4, "player_color": "red", "advanced": True}).json()
    assert [
        a.split(":")[0] for a in rohan["assumptions"] if a.startswith(("Rohan", "Rivendell"))
    ] == ["Rohan"]
    basic = post(api, ODDS, {**body, "advanced": False}).json()["assumptions"]
    assert not any(a.startswith(("Rohan:", "Rivendell:")) for a in basic)


def test_keep_check_carries_the_rivendell_reading_and_takes_the_other(api):
    """Issue 25: the reading used, the rulebook text, the verdict under the other reading;
    ``readings`` picks the other one."""
    body = {
        "rolled": [{"face": "nazgul", "color": "black"}, {"face": "nazgul", "color": "red"}],
        "keep": [0, 1],
        "player_color": "red",
        "location": "rivendell",
        "advanced": True,
    }
    response = post(api, KEEP, body)
    assert_matches_schema(response, KEEP, "post")
    answer = response.json()
    (reading,) = answer["readings"]
    assert answer["legal"] is True and reading["id"] == "rivendell_nazgul"
    assert reading["chosen"]["reading"] == "several"
    assert reading["others"][0]["answer"].startswith("Several Nazgûl rolled: keep exactly one")
    assert reading["citation"]["section"].startswith("1-rivendell")
    strict = post(api, KEEP, {**body, "readings": {"rivendell_nazgul": "one"}})
    assert strict.json()["legal"] is False
    assert strict.json()["readings"][0]["others"][0]["answer"] == "This keep is legal."
    for readings, field in (
        ({"rivendell_nazgul": "two"}, "readings.rivendell_nazgul"),
        ({"rohan": "x"}, "readings.rohan"),
    ):
        bad = post(api, KEEP, {**body, "readings": readings})
        assert bad.status_code == 400 and fields(bad) == {field}


def test_odds_carry_rohans_reading_and_picking_the_other_changes_the_answer(api):
    """Issue 25: a turn in Rohan rests on «1 раз можете перебрасывать броски»; the answer gives
    the expected steps under the other reading, and ``readings`` picks it."""
    body = {"position": 4, "player_color": "red", "other_colors": ["blue"], "advanced": True}
    response = post(api, ODDS, body)
    assert_matches_schema(response, ODDS, "post")
    (reading,) = response.json()["readings"]
    assert reading["id"] == "rohan_reroll" and reading["chosen"]["reading"] == "each_roll"
    assert reading["citation"]["section"].startswith("4-rokhan")
    once = post(api, ODDS, {**body, "readings": {"rohan_reroll": "once_a_turn"}})
    assert_matches_schema(once, ODDS, "post")
    value, other = (r.json()["value"] for r in (response, once))
    assert other["value"] < value["value"]
    assert reading["others"][0]["answer"] == f"expected ring steps this turn: {other['value']:.4f}"
    assert once.json()["readings"][0]["chosen"]["reading"] == "once_a_turn"
    bad = post(api, ODDS, {**body, "readings": {"rohan_reroll": "twice"}})
    assert bad.status_code == 400 and fields(bad) == {"readings.rohan_reroll"}


def test_the_whole_journey_carries_the_readings_of_the_places_ahead(api):
    """From Rivendell both places' readings are ahead; the chance under each other reading is
    given, and picking it gives that chance."""
    body = {"position": 1, "player_color": "red", "advanced": True, "horizon": "game"}
    answer = post(api, ODDS, body).json()
    readings = {r["id"]: r for r in answer["readings"]}
    assert set(readings) == {"rivendell_nazgul", "rivendell_white_tree", "rohan_reroll"}
    assert readings["rohan_reroll"]["others"][0]["answer"].startswith("chance to reach Mordor over")
    picked = post(api, ODDS, {**body, "readings": {"rohan_reroll": "once_a_turn"}}).json()
    chance = picked["journey"]["reach_mordor"]["probability"]
    assert readings["rohan_reroll"]["others"][0]["answer"].endswith(f"{chance:.6%}")
    assert picked["journey"]["reach_mordor"] != answer["journey"]["reach_mordor"]


def test_resolve_carries_the_tie_reading_and_takes_the_other(api):
    """Issue 25: two hobbits in Mordor with as many empty divisions: a shared win, or the
    first to arrive's under the other reading; ``readings`` picks it."""
    empty5 = ["marked", "marked", "empty", "empty", "empty", "empty", "empty"]
    body = {
        "players": [
            {"color": "yellow", "position": 9, "nazgul_track": empty5},
            {"color": "red", "position": 8, "nazgul_track": empty5},
        ],
        "active": 1,
        "kept": [{"face": "ring", "color": "red"}],
    }
    response = post(api, RESOLVE, body)
    assert_matches_schema(response, RESOLVE, "post")
    (reading,) = response.json()["readings"]
    assert reading["id"] == "mordor_tie" and reading["others"][0]["reading"] == "first_arrived"
    assert reading["others"][0]["answer"] == "Game over: yellow (Frodo) won."
    picked = post(api, RESOLVE, {**body, "readings": {"mordor_tie": "first_arrived"}}).json()
    assert picked["winners"] == ["yellow"] and response.json()["winners"] == ["yellow", "red"]
