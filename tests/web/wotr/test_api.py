"""The odds API: the issue's contract, the OpenAPI schema, and 400s naming the field."""

import json
from fractions import Fraction

import pytest
from rest_framework.test import APIClient

from tests.openapi import assert_matches_schema

BATTLE = {
    "attacker": {"regular": 5, "elite": 0, "leadership": 2},
    "defender": {"regular": 3, "elite": 0, "leadership": 1},
    "settlement": "city",
    "siege": False,
    "rounds": 1,
}
PLAN = {key: value for key, value in BATTLE.items() if key != "rounds"}
HUNT = {
    "hunt_dice": 3,
    "fp_dice_in_box": 1,
    "rerolls": {"stronghold": True, "army": False, "nazgul": False},
    "corruption": 10,
    "pool": "standard",
    "drawn": [],
    "casualty": "corruption",
}


@pytest.fixture
def api():
    return APIClient()


def post(api, path, body, status=200):
    response = api.post(path, body, format="json")
    assert response.status_code == status, response.content
    assert_matches_schema(response, path, "post")
    return response.json()


def test_battle_contract(api):
    answer = post(api, "/api/wotr/battle/", BATTLE)
    assert answer["defender_destroyed"] == {
        "probability": pytest.approx(0.09577546),
        "exact": "331/3456",
    }
    assert answer["attacker_destroyed"]["exact"] == "0"
    assert sum(float(o["probability"]) for o in answer["outcomes"]) == pytest.approx(1)
    assert {"rulebook", "section", "url", "title"} <= set(answer["citations"][0])
    sections = {c["section"] for c in answer["citations"]}
    assert "ataka-goroda-ili-ukrepleniia" in sections
    assert answer["rounds"][0]["attacker_hits"][0]["hits"] == 0


def test_battle_rows_carry_their_exact_fractions_only_when_asked(api):
    """The default answer gives exact fractions for the headline chances; ?exact=all for the
    expected losses and every row of the end states and rounds too, the same floats (issue 29)."""
    body = {**BATTLE, "rounds": None, "attacker": {"regular": 5, "elite": 2, "leadership": 2}}
    light = api.post("/api/wotr/battle/", body, format="json")
    full = api.post("/api/wotr/battle/?exact=all", body, format="json")
    assert_matches_schema(light, "/api/wotr/battle/", "post")
    assert_matches_schema(full, "/api/wotr/battle/", "post")
    light_answer, full_answer = light.json(), full.json()

    assert light_answer["defender_destroyed"] == full_answer["defender_destroyed"]
    assert "/" in light_answer["defender_destroyed"]["exact"]
    assert "exact" not in light_answer["expected_losses"]["attacker"]["units"]
    for side in ("attacker", "defender"):
        for kind in ("units", "elite"):
            light_value = light_answer["expected_losses"][side][kind]["value"]
            assert light_value == pytest.approx(
                float(Fraction(full_answer["expected_losses"][side][kind]["exact"])), abs=1e-12
            )
    assert "/" in full_answer["expected_losses"]["attacker"]["units"]["exact"]
    assert all("exact" not in o for o in light_answer["outcomes"])
    assert all("exact" in o for o in full_answer["outcomes"])
    assert "exact" not in light_answer["rounds"][0]["attacker_hits"][0]
    assert [o["probability"] for o in light_answer["outcomes"]] == [
        o["probability"] for o in full_answer["outcomes"]
    ]
    # the rows are what weighs: the one-line headline (and its deprecated copy) is the same
    assert light_answer["headline"] == full_answer["headline"]
    rows = ("outcomes", "rounds", "expected_losses")
    assert len(json.dumps([light_answer[k] for k in rows])) < 0.7 * len(
        json.dumps([full_answer[k] for k in rows])
    )


def test_battle_exact_option_names_its_choices(api):
    response = api.post("/api/wotr/battle/?exact=some", BATTLE, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "exact"


def test_position_battle_checks_the_exact_option_too(api):
    """The API checks every option it documents with choices (``check_choices``), the
    presenters only read it."""
    body = {"position": "setup", "attacker_region": "orthanc", "defender_region": "fords-of-isen"}
    refused = api.post("/api/wotr/position/battle/?exact=some", body, format="json")
    full = api.post("/api/wotr/position/battle/?exact=all", body, format="json")

    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "exact"
    assert full.status_code == 200
    assert all("exact" in o for o in full.json()["outcomes"])


def test_battle_until_decided_with_policies(api):
    body = {
        **BATTLE,
        "rounds": None,
        "attacker": {**BATTLE["attacker"], "casualty_policy": "keep_elites", "roll_modifier": 1},
    }
    answer = post(api, "/api/wotr/battle/", body)
    assert answer["battle"]["rounds"] is None
    assert answer["battle"]["attacker"]["roll_modifier"] == 1
    assert answer["assumptions"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**BATTLE, "attacker": {"regular": -1}}, "attacker.regular"),
        ({**BATTLE, "attacker": {"regular": 11}}, "attacker.regular"),
        ({**BATTLE, "attacker": {"regular": 0}}, "attacker"),
        ({**BATTLE, "settlement": "castle"}, "settlement"),
        ({**BATTLE, "rounds": 51}, "rounds"),
        ({**BATTLE, "siege": True}, "siege"),
        (
            {**BATTLE, "attacker": {"regular": 2, "casualty_policy": "flee"}},
            "attacker.casualty_policy",
        ),
    ],
)
def test_battle_bad_input_is_a_400_naming_the_field(api, body, field):
    answer = post(api, "/api/wotr/battle/", body, status=400)
    assert field in {e["field"] for e in answer["errors"]}


def test_position_battle_from_the_setup(api):
    body = {
        "position": "setup",
        "attacker_region": "Ортханк",
        "defender_region": "Fords of Isen",
        "rounds": None,
    }
    answer = post(api, "/api/wotr/position/battle/", body)
    assert answer["battle"]["settlement"] == "fortification"
    assert (answer["battle"]["attacker"]["regular"], answer["battle"]["attacker"]["elite"]) == (
        4,
        1,
    )
    assert answer["battle"]["defender"]["leadership"] == 1  # Rohan's leader


def test_position_battle_bad_regions(api):
    body = {"position": "setup", "attacker_region": "mordor", "defender_region": "bree"}
    answer = post(api, "/api/wotr/position/battle/", body, status=400)
    assert answer["errors"][0]["field"] == "attacker_region"
    body = {
        "position": {"armies": {"bree": {"gondor": {"regular": 11}}}},
        "attacker_region": "bree",
        "defender_region": "the-shire",
    }
    answer = post(api, "/api/wotr/position/battle/", body, status=400)
    assert answer["errors"][0]["field"].startswith("position.armies")


def test_faction_attack(api):
    answer = post(
        api,
        "/api/wotr/factions/attack/",
        {"faction": "ents", "figures": 4, "target": {"regular": 3}},
    )
    assert answer["destroyed"]["exact"] == "4017/4096"
    assert answer["figures_spent"][0] == {"value": 1, "probability": 0.125, "exact": "1/8"}
    post(
        api,
        "/api/wotr/factions/attack/",
        {"faction": "eagles", "figures": 4, "target": {"regular": 3}},
        status=400,
    )


def test_hunt_contract(api):
    answer = post(api, "/api/wotr/hunt/", HUNT)
    assert answer["success"]["exact"] == "65/81"
    for key in ("success", "reveal", "corruption_12"):
        assert set(answer[key]) == {"probability", "exact"}
    assert sum(d["probability"] for d in answer["damage"]) == pytest.approx(1)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**HUNT, "pool": []}, "pool"),
        ({**HUNT, "pool": 3}, "pool"),
        ({**HUNT, "corruption": 12}, "corruption"),
        ({**HUNT, "drawn": ["joker"]}, "drawn[0]"),
        ({**HUNT, "casualty": "companion"}, "companions"),
    ],
)
def test_hunt_bad_input(api, body, field):
    answer = post(api, "/api/wotr/hunt/", body, status=400)
    assert field in {e["field"] for e in answer["errors"]}


def test_hunt_turn(api):
    body = {**HUNT, "corruption": 4, "moves": 3}
    response = api.post("/api/wotr/hunt/turn/?exact=all", body, format="json")
    assert_matches_schema(response, "/api/wotr/hunt/turn/", "post")
    answer = response.json()
    assert [m["move"] for m in answer["per_move"]] == [1, 2, 3]
    assert answer["survive"]["exact"] == answer["per_move"][-1]["exact"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/wotr/hunt/", {**HUNT, "hunt_dice": 5, "mordor_step": 0}),
        ("/api/wotr/hunt/turn/", {**HUNT, "hunt_dice": 5, "corruption": 0, "moves": 4}),
    ],
)
def test_hunt_rows_carry_their_exact_fractions_only_when_asked(api, path, body):
    """The default answer gives exact fractions for the headline chances; ?exact=all for every
    row of the distributions too, the same floats (issue 29, as the battle's)."""
    light = api.post(path, body, format="json")
    full = api.post(f"{path}?exact=all", body, format="json")
    assert_matches_schema(light, path, "post")
    assert_matches_schema(full, path, "post")
    light_answer, full_answer = light.json(), full.json()
    rows = [key for key in ("damage", "corruption", "companions_lost", "mordor_steps",
                            "per_move") if key in full_answer]  # fmt: skip
    assert "mordor_steps" in rows or "per_move" in rows
    for key in rows:
        assert all("exact" not in row for row in light_answer[key])
        assert all("/" in row["exact"] or row["exact"] in "01" for row in full_answer[key])
        assert [r["probability"] for r in light_answer[key]] == [
            r["probability"] for r in full_answer[key]
        ]
    for key in ("success", "reveal", "corruption_12", "stopped"):
        assert light_answer[key] == full_answer[key]
    assert len(light.content) < len(full.content)


def test_hunt_exact_option_names_its_choices(api):
    response = api.post("/api/wotr/hunt/turn/?exact=every", {**HUNT, "moves": 2}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "exact"


def test_victory_contract(api):
    answer = post(
        api, "/api/wotr/victory/", {"control": {"minas-tirith": "shadow"}, "corruption": 0}
    )
    assert (answer["shadow_vp"], answer["free_peoples_vp"]) == (2, 0)
    assert answer["winner"] is None and answer["condition"] is None
    won = post(api, "/api/wotr/victory/", {"control": {}, "corruption": 12})
    assert (won["winner"], won["condition"]) == ("shadow", "corruption")
    from_position = post(api, "/api/wotr/victory/", {"position": "setup"})
    assert from_position["shadow_vp"] == 0
    bad = post(api, "/api/wotr/victory/", {"control": {"fangorn": "shadow"}}, status=400)
    assert bad["errors"][0]["field"] == "control.fangorn"


def test_setup_and_validate(api):
    response = api.get("/api/wotr/positions/setup/")
    assert response.status_code == 200
    assert_matches_schema(response, "/api/wotr/positions/setup/", "get")
    setup = response.json()
    answer = post(api, "/api/wotr/positions/validate/", {"position": setup})
    assert answer["valid"] and answer["position"] == setup
    bad = post(
        api,
        "/api/wotr/positions/validate/",
        {
            "position": {
                "armies": {"edoras": {"rohan": {"regular": 11}}, "x": {}},
                "fellowship": {"corruption": 13},
            }
        },
        status=400,
    )
    fields = {e["field"] for e in bad["errors"]}
    assert {
        "position.armies.x",
        "position.armies.edoras",
        "position.fellowship.corruption",
    } <= fields
    not_an_object = post(api, "/api/wotr/positions/validate/", {"position": [1]}, status=400)
    assert [e["field"] for e in not_an_object["errors"]] == ["position"]


def test_validate_reinforcements(api):
    pools = {"armies": {"edoras": {"rohan": {"regular": 3}}}}
    ok = post(
        api,
        "/api/wotr/positions/validate/",
        {"position": {**pools, "reinforcements": {"rohan": {"regular": 7}}}},
    )
    assert ok["position"]["reinforcements"] == {"rohan": {"regular": 7}}
    bad = post(
        api,
        "/api/wotr/positions/validate/",
        {"position": {**pools, "reinforcements": {"rohan": {"regular": 8}}}},
        status=400,
    )
    assert [e["field"] for e in bad["errors"]] == ["position.reinforcements.rohan.regular"]


def test_hunt_forced_draw(api):
    answer = post(api, "/api/wotr/hunt/", {**HUNT, "forced": True, "pool": ["eye"]})
    assert answer["damage"] == [{"value": 0, "probability": 1.0}]


def test_engine_errors_speak_the_users_language():
    body = {**BATTLE, "attacker": {"regular": 0}}
    russian = APIClient().post("/api/wotr/battle/", body, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.json()["errors"][0]["message"] == "армия с силой 0 не может атаковать"
    polish = APIClient().post("/api/wotr/battle/", body, format="json", HTTP_ACCEPT_LANGUAGE="pl")
    assert polish.json()["errors"][0]["message"] == "armia o sile 0 nie może atakować"
    english = APIClient().post("/api/wotr/battle/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["errors"][0]["message"] == "an army with strength 0 cannot attack"


@pytest.mark.parametrize(
    ("path", "body", "fields"),
    [
        ("/api/wotr/battle/", {**BATTLE, "attacker": {"regular": 5, "leadrship": 2}}, None),
        ("/api/wotr/hunt/", {**HUNT, "rerolls": {"nazgûl": True}}, ["rerolls.nazgûl"]),
        ("/api/wotr/hunt/", {**HUNT, "moves": 2}, ["moves"]),
        ("/api/wotr/hunt/turn/", {**HUNT, "moves": 2, "forced": True}, ["forced"]),
        ("/api/wotr/victory/", {"controls": {"minas-tirith": "shadow"}}, ["controls"]),
        (
            "/api/wotr/factions/attack/",
            {"faction": "ents", "figures": 2, "target": {"regulars": 3}},
            None,
        ),
    ],
)
def test_a_misspelt_field_is_refused_not_ignored(api, path, body, fields):
    """A key the API does not know would otherwise be dropped and the answer computed
    without it (no leadership, no re-roll): a wrong answer that looks right."""
    answer = post(api, path, body, status=400)
    found = [e["field"] for e in answer["errors"]]
    if fields is None:  # the misspelt key and, as it stands, the missing one
        assert any(field.endswith(("leadrship", "regulars")) for field in found), found
    else:
        assert found == fields


def test_victory_takes_a_position_or_the_separate_fields_not_both(api):
    """With a position the answer reads corruption and control from it: a corruption given
    beside it would be ignored in silence, so the request is refused naming the field."""
    answer = post(api, "/api/wotr/victory/", {"position": "setup", "corruption": 12}, status=400)
    assert [e["field"] for e in answer["errors"]] == ["corruption"]


def test_a_battle_without_rounds_is_fought_to_the_end(api):
    """The usual question: 10 regulars attacking 5 destroy them with 98.2%, not one round's 0.4%."""
    body = {"attacker": {"regular": 10}, "defender": {"regular": 5}}
    answer = api.post("/api/wotr/battle/", body, format="json").json()
    assert answer["battle"]["rounds"] is None
    assert round(answer["defender_destroyed"]["probability"], 3) == 0.982
    one_round = api.post("/api/wotr/battle/", {**body, "rounds": 1}, format="json").json()
    assert round(one_round["defender_destroyed"]["probability"], 3) == 0.004


def test_battle_plan_contract(api):
    """The planner: the better casualty policy, the plan's value above fighting to the end for
    the exchange, and the smallest army for a chance goal; all as the schema says."""
    siege = {
        "attacker": {"regular": 5, "elite": 5, "leadership": 3},
        "defender": {"regular": 0, "elite": 5, "leadership": 2},
        "settlement": "stronghold",
        "siege": True,
        "goal": "capture",
        "target_percent": 5,
    }
    answer = post(api, "/api/wotr/battle/plan/", siege)
    assert answer["casualty_policy"] == "hit_by_hit"  # better than either fixed policy
    assert answer["value"] > max(answer["by_policy"].values())
    choices = answer["casualty_choices"]
    assert 0 < len(choices) <= 20 <= answer["casualty_choices_total"]
    assert [c["reached"] for c in choices] == sorted((c["reached"] for c in choices), reverse=True)
    assert answer["smallest_army"]["target_percent"] == 5
    assert answer["smallest_army"]["regular"] is not None
    assert "prekrashchenie-srazheniia-ili-otstuplenie" in {
        c["section"] for c in answer["citations"]
    }
    exchange = post(api, "/api/wotr/battle/plan/", {**PLAN, "goal": "exchange"})
    assert exchange["value"] >= exchange["to_the_end"]
    assert all(p["stop_value"] > p["go_on_value"] for p in exchange["stops"])


HUNT_PLAN = {
    "hunt_dice": 2,
    "corruption": 4,
    "moves_to_mordor": 6,
    "companions": ["gandalf-grey", "strider", "boromir"],
    "moves_per_turn": 2,
}


def test_hunt_plan_contract(api):
    """The advisor: three cadences, waiting and each separation, the answers to the next hit
    best first; the separations agree with the journey asked without the companion."""
    answer = post(api, "/api/wotr/hunt/plan/", HUNT_PLAN)
    assert [plan["moves"] for plan in answer["cadences"]] == [1, 2, 3]
    assert answer["chosen"] == answer["cadences"][1]
    chances = [plan["chance"] for plan in answer["cadences"]]
    assert chances == sorted(chances, reverse=True)
    assert [plan["companion"] for plan in answer["others"]] == [None, *HUNT_PLAN["companions"]]
    without = post(api, "/api/wotr/hunt/plan/", {**HUNT_PLAN, "companions": ["strider", "boromir"]})
    assert answer["others"][1]["chance"] == pytest.approx(without["chosen"]["chance"], abs=1e-12)
    for hit in answer["hits"]:
        options = [option["chance"] for option in hit["options"]]
        assert options[0] == pytest.approx(max(options), abs=1e-12)
    assert "effekty-ot-okhoty" in {c["section"] for c in answer["citations"]}
    assert 0 < answer["outcomes"] <= 170_000


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**HUNT_PLAN, "moves_to_mordor": None}, "moves_to_mordor"),
        ({**HUNT_PLAN, "mordor_step": 2}, "moves_to_mordor"),
        ({**HUNT_PLAN, "moves_per_turn": 4}, "moves_per_turn"),
        ({**HUNT_PLAN, "casualty": "companion"}, "casualty"),
        ({**HUNT_PLAN, "companions": ["frodo"]}, "companions[0]"),
        (  # too long to follow in time: refused with a reason, not a 422 after 2 s
            {
                **HUNT_PLAN,
                "companions": [
                    "gandalf-grey",
                    "strider",
                    "boromir",
                    "legolas",
                    "gimli",
                    "meriadoc",
                    "peregrin",
                ],
                "special_tiles": [
                    "elven-cloaks",
                    "elven-rope",
                    "phial-of-galadriel",
                    "smeagol-helps-nice-master",
                    "shelobs-lair",
                    "the-ring-is-mine",
                    "on-on-they-went",
                    "give-it-to-uss",
                ],
            },
            "moves_to_mordor",
        ),
    ],
)
def test_hunt_plan_bad_input_is_a_400_naming_the_field(api, body, field):
    errors = post(api, "/api/wotr/hunt/plan/", body, 400)
    assert field in {e["field"] for e in errors["errors"]}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**PLAN, "goal": "win"}, "goal"),
        ({**PLAN, "goal": "exchange", "target_percent": 50}, "goal"),
        ({**PLAN, "target_percent": 0}, "target_percent"),
        ({**PLAN, "defender": {"regular": 0}}, "defender"),
        (BATTLE, "rounds"),
    ],
)
def test_battle_plan_bad_input_is_a_400_naming_the_field(api, body, field):
    errors = post(api, "/api/wotr/battle/plan/", body, 400)
    assert field in {e["field"] for e in errors["errors"]}


def test_hunt_plan_carries_the_tie_rule_reading_and_takes_the_other(api):
    """Issue 25: the tie rule between equally good answers is a reading: both risks of
    corruption 12 this turn, and ``readings`` picks the other rule."""
    body = {
        "hunt_dice": 3,
        "corruption": 10,
        "moves_to_mordor": 2,
        "companions": ["meriadoc", "gimli"],
        "moves_per_turn": 2,
    }
    answer = post(api, "/api/wotr/hunt/plan/", body)
    (reading,) = answer["readings"]  # nothing in the box: the cadence reads alike both ways
    assert reading["id"] == "hunt_tie" and reading["chosen"]["reading"] == "corruption_first"
    assert reading["chosen"]["answer"].endswith("5911/87480 (6.76%)")
    assert reading["others"][0]["answer"].endswith("4531/116640 (3.88%)")
    other = post(api, "/api/wotr/hunt/plan/", {**body, "readings": {"hunt_tie": "companion_first"}})
    assert other["chosen"]["this_turn"]["exact"] == "4531/116640"


def test_hunt_plan_counts_the_cadence_from_now_when_picked(api):
    """Issue 25: with a die in the box, the cadence's count is a reading; picking ``from_now``
    changes this turn's moves and the chance, which the first answer gave as the other's."""
    body = {"hunt_dice": 2, "fp_dice_in_box": 1, "corruption": 4, "moves_to_mordor": 3}
    api.credentials(HTTP_ACCEPT_LANGUAGE="en")
    answer = post(api, "/api/wotr/hunt/plan/", {**body, "moves_per_turn": 2})
    reading = next(r for r in answer["readings"] if r["id"] == "cadence_count")
    assert reading["chosen"]["answer"].startswith("moving 2 a turn (1 more this turn)")
    assert reading["others"][0]["answer"].startswith("moving 2 a turn (2 more this turn)")
    picked = {**body, "moves_per_turn": 2, "readings": {"cadence_count": "from_now"}}
    other = post(api, "/api/wotr/hunt/plan/", picked)
    chance = other["chosen"]["chance"]
    assert f"Mount Doom {chance:.2%}" in reading["others"][0]["answer"]
    assert other["chosen"]["chance"] != answer["chosen"]["chance"]
    bad = {**body, "moves_per_turn": 2, "readings": {"cadence_count": "per_round"}}
    errors = post(api, "/api/wotr/hunt/plan/", bad, 400)
    assert {e["field"] for e in errors["errors"]} == {"readings.cadence_count"}
