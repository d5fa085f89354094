"""The Wojna API: the issue's contract, the schema, the 400s, the tables' effect."""

import pytest
from rest_framework.test import APIClient

from adjudicator.web.wojna.models import (
    BattleResultEntry,
    DuelResultEntry,
    SearchTableEntry,
    SpellEntry,
)
from tests.openapi import assert_matches_schema

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def post(api: APIClient, endpoint: str, body: dict):
    path = f"/api/wojna/{endpoint}/"
    response = api.post(path, body, format="json")
    assert_matches_schema(response, path, "post")
    return response


def test_capture_contract(api):
    response = post(api, "capture", {"niewola": 3, "attempts": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["exact"] == "1/2"
    assert body["probability"] == 0.5
    assert {c["section"] for c in body["citations"]} >= {"niewola", "niewola-ucieczka"}
    assert body["citations"][0]["url"].startswith("http://testserver/rules/wojna-o-pierscien/")
    assert body["assumptions"]


def test_escape_contract(api):
    body = post(api, "escape", {"ucieczka": 5, "attempts": 2}).json()
    # 1 − (4/6)² = 5/9
    assert body["exact"] == "5/9"
    assert body["per_attempt"]["exact"] == "1/3"
    assert [a["exact"] for a in body["first_success"]] == ["1/3", "2/9"]
    assert body["never"]["exact"] == "4/9"


def test_ring_removal(api):
    body = post(api, "ring-removal", {"pierscien": 2, "attempts": 3}).json()
    assert body["exact"] == str(1 - (__import__("fractions").Fraction(2, 3)) ** 3)


def test_capture_not_allowed_when_not_found(api):
    body = post(api, "capture", {"niewola": 6, "found": False}).json()
    assert body["allowed"] is False
    assert body["exact"] == "0"
    assert body["reasons"][0]["code"] == "not_found"


@pytest.mark.parametrize(
    ("endpoint", "body", "field"),
    [
        ("capture", {"niewola": -1}, "niewola"),
        ("capture", {"niewola": 3, "attempts": 0}, "attempts"),
        ("escape", {}, "ucieczka"),
        ("battle", {"attacker_units": [3], "defender_units": []}, "defender_units"),
        ("battle", {"attacker_units": [3], "defender_units": [0]}, "defender_units[0]"),
        (
            "battle",
            {"attacker_units": [3], "defender_units": [2], "attacker_morale": -1},
            "attacker_morale",
        ),
        (
            "battle",
            {"attacker_units": [3], "defender_units": [2], "terrain_multiplier": 0},
            "terrain_multiplier",
        ),
        (
            "battle",
            {"attacker_units": [3], "defender_units": [2], "attacker_spell_bonus": 2},
            "attacker_spell_bonus",
        ),
        (
            "duel",
            {
                "attacker_morale": -2,
                "attacker_odwaga": 1,
                "defender_morale": 1,
                "defender_odwaga": 1,
            },
            "attacker_morale",
        ),
        (
            "duel",
            {
                "attacker_morale": 2,
                "attacker_odwaga": 1,
                "attacker_wounds": 3,
                "attacker_odpornosc": 3,
                "defender_morale": 1,
                "defender_odwaga": 1,
            },
            "attacker_wounds",
        ),
        ("wounds", {"odpornosc": 3, "strokes": 1}, "strokes"),
        ("ringwraith", {"odpornosc": 3, "circles": 3, "pierscien": 2}, "circles"),
        (
            "ring-inheritance",
            {"candidates": [{"name": "Sam", "group": "hobbits"}]},
            "candidates[0].group",
        ),
        ("search", {"phase": "combat"}, "phase"),
        ("gollum", {"previous": "gondor"}, "previous"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, endpoint, body, field):
    response = post(api, endpoint, body)
    assert response.status_code == 400
    assert field in [error["field"] for error in response.json()["errors"]]


def test_battle_without_table_gives_column_and_die(api):
    body = post(
        api,
        "battle",
        {
            "attacker_units": [4, 3],
            "defender_units": [2],
            "terrain_multiplier": "1.5",
            "attacker_morale": 2,
            "defender_morale": 1,
        },
    ).json()
    # 7 : 3 = 7/3 → 2:1 in the defender's favour; die +2 −1.
    assert body["exact_ratio"] == "7/3"
    assert body["column"] == "2:1"
    assert body["die_modifier"] == 1
    assert [o["modified_die"] for o in body["outcomes"]] == [2, 3, 4, 5, 6, 7]
    assert body["table_entered"] is False
    assert body["reasons"][-1]["code"] == "table_missing"
    assert body["outcomes"][0]["defender_loss_percent"] is None


def test_battle_automatic_elimination(api):
    body = post(api, "battle", {"attacker_units": [10], "defender_units": [1]}).json()
    assert body["automatic_elimination"] is True
    assert body["attacker_may_continue"] is True
    assert body["outcomes"] == []


def test_battle_reads_the_entered_table(api):
    BattleResultEntry.objects.bulk_create(
        BattleResultEntry(odds="2:1", die=d, attacker_loss=10, defender_loss=10 * d)
        for d in range(1, 8)
    )
    body = post(
        api, "battle", {"attacker_units": [6], "defender_units": [3], "attacker_morale": 1}
    ).json()
    assert body["table_entered"] is True
    first = body["outcomes"][0]
    assert (first["modified_die"], first["defender_loss_percent"]) == (2, 20)
    assert first["defender_loss"] == "3/5"  # 20 % of 3
    assert all(r["code"] != "table_missing" for r in body["reasons"])


def test_duel_score_and_table(api):
    request = {
        "attacker_morale": 3,
        "attacker_odwaga": 4,
        "defender_morale": 2,
        "defender_odwaga": 3,
        "defender_wounds": 1,
    }
    body = post(api, "duel", request).json()
    assert body["difference"] == 3  # (3 + 4 − 0) − (2 + 3 − 1)
    assert body["fight"] is None and body["table_entered"] is False
    DuelResultEntry.objects.bulk_create(
        DuelResultEntry(difference=d, die=r, attacker_wounds=0, defender_wounds=1)
        for d in range(-10, 11)
        for r in range(1, 7)
    )
    body = post(api, "duel", {**request, "attacker_odpornosc": 2, "defender_odpornosc": 2}).json()
    # Every strike wounds the struck once: the defender (1 wound of 2) falls at the first strike.
    assert body["fight"]["defender_falls"]["exact"] == "1"
    # Issue 25: who strikes first is a reading: here the defender still falls when it strikes
    # first (it wounds the attacker once of 2, then falls to the return strike) ...
    (reading,) = body["readings"]
    assert reading["id"] == "strike_order" and reading["chosen"]["reading"] == "starter_first"
    other = reading["others"][0]["answer"]  # in the request's language (Russian here)
    assert ": 0 (0.00%);" in other and other.endswith(": 1 (100.00%)")
    # ... but with one wound each to give, whoever strikes first wins.
    even = {**request, "defender_wounds": 0, "attacker_odpornosc": 1, "defender_odpornosc": 1}
    body = post(api, "duel", {**even, "readings": {"strike_order": "defender_first"}}).json()
    assert body["fight"]["attacker_falls"]["exact"] == "1"
    assert ": 0 (0.00%);" in body["readings"][0]["others"][0]["answer"]


def test_search_points_and_odds(api):
    body = post(api, "search", {"nazgul": 2, "orc_units": [3], "niewola": 3}).json()
    assert body["points"] == 7
    assert body["found"] is None
    SearchTableEntry.objects.create(points_from=5, points_to=8, die=1, capture=True)
    SearchTableEntry.objects.create(points_from=5, points_to=8, die=2, capture=False)
    body = post(api, "search", {"nazgul": 2, "orc_units": [3], "niewola": 3}).json()
    assert body["found"]["exact"] == "1/3"
    assert body["capture_allowed"]["exact"] == "1/6"
    assert body["captured"]["exact"] == "1/12"


def test_wounds_ringwraith_and_victory(api):
    body = post(api, "wounds", {"character": "Aragorn", "odpornosc": 3, "circles": 3}).json()
    assert body["status"] == "ringwraith"
    assert body["shadow_wins"] is True


def test_ringwraith_odds(api):
    body = post(api, "ringwraith", {"character": "Gandalf", "odpornosc": 3, "pierscien": 3}).json()
    assert body["becomes_ringwraith"]["exact"] == "1/4"
    assert body["shadow_wins"]["exact"] == "1/4"


def test_inheritance_and_destruction(api):
    body = post(
        api,
        "ring-inheritance",
        {
            "candidates": [
                {"name": "Saruman", "group": "saruman"},
                {"name": "Gollum", "group": "gollum"},
            ]
        },
    ).json()
    assert body["heirs"] == ["Gollum"]
    assert post(api, "ring-destruction", {"hex": 4129}).json()["destroyed"] is True
    assert (
        post(api, "ring-destruction", {"hex": 4129, "ring_worn": True}).json()["destroyed"] is False
    )


def test_gollum(api):
    body = post(api, "gollum", {"previous": "alliance"}).json()
    assert [(s["side"], s["exact"]) for s in body["distribution"]] == [
        ("alliance", "1/2"),
        ("unstated", "1/3"),
        ("sauron", "1/6"),
    ]


def test_tables_status(api):
    response = api.get("/api/wojna/tables/")
    assert_matches_schema(response, "/api/wojna/tables/", "get")
    assert response.json()["battle_results"] == 0
    # The tables by the names the rulebook gives them, not by the API's keys.
    message = response.json()["message"]
    for name in ("Wyniki bitwy", "Wyniki pojedynku", "Poszukiwania", "Czary"):
        assert name in message
    assert "duel_results" not in message
    SpellEntry.objects.create(category="A", die=1, value=1)
    assert "Czary" not in api.get("/api/wojna/tables/").json()["message"]


def test_duel_with_spells_reads_czary(api):
    request = {
        "attacker_morale": 1,
        "attacker_odwaga": 1,
        "attacker_spells": "A",
        "defender_morale": 4,
        "defender_odwaga": 4,
    }
    body = post(api, "duel", request).json()
    assert "table_missing" in {r["code"] for r in body["reasons"]}
    assert body["attacker_strike"] == []
    SpellEntry.objects.bulk_create(
        SpellEntry(category="A", die=r, value=1 if r >= 4 else 0) for r in range(1, 7)
    )
    body = post(api, "duel", request).json()
    assert [
        (s["striker_wounds"], s["struck_wounds"], s["exact"]) for s in body["attacker_strike"]
    ] == [(0, 0, "1/2"), (0, 1, "1/2")]
    assert "czary-2" in {c["section"] for c in body["citations"]}


def test_duel_bad_spell_category(api):
    response = post(
        api,
        "duel",
        {
            "attacker_morale": 1,
            "attacker_odwaga": 1,
            "attacker_spells": "E",
            "defender_morale": 1,
            "defender_odwaga": 1,
        },
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "attacker_spells"


def test_battle_with_a_leader_rolling_on_czary(api):
    SpellEntry.objects.bulk_create(
        SpellEntry(category="B", die=r, value=1 if r == 6 else 0) for r in range(1, 7)
    )
    body = post(
        api,
        "battle",
        {
            "attacker_units": [3],
            "defender_units": [3],
            "defender_morale": 1,
            "defender_spells": "B",
        },
    ).json()
    chances = {o["modified_die"]: o["exact"] for o in body["outcomes"]}
    # die − 1 − (1 on a Czary 6): −1 only from die 1 with Czary 6.
    assert chances[-1] == "1/36"
    assert chances[5] == "5/36"
    assert body["outcomes"][0]["roll"] is None


def test_battle_spells_need_a_leader(api):
    response = post(
        api, "battle", {"attacker_units": [3], "defender_units": [3], "attacker_spells": "A"}
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "attacker_spells"


@pytest.mark.parametrize(
    ("endpoint", "body", "fields"),
    [
        ("escape", {"ucieczka": 5, "attemps": 2}, {"attemps"}),  # would answer 1 attempt
        ("capture", {"niewola": 3, "own_armies": True}, {"own_armies"}),
        ("battle", {"attacker_units": [4], "defender_units": [1], "multiplier": 2}, {"multiplier"}),
        ("search", {"nazgûl": 2, "orc_units": [0]}, {"nazgûl", "orc_units[0]"}),
        (
            "ring-inheritance",
            {"candidates": [{"name": "Sam", "group": "fellowship", "ring": False}]},
            {"candidates[0].ring"},
        ),
    ],
)
def test_a_misspelt_field_is_a_400_not_ignored(api, endpoint, body, fields):
    """An unknown key would be dropped and the answer computed without it: a wrong answer."""
    response = post(api, endpoint, body)
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == fields


def test_ratio_plan_reads_the_entered_table(api):
    """6 against 3: 2:1 now; 3:1 needs 9: two units of 2 make 10; the automatic removal needs
    30 (12 units). The table gives 2:1 and 3:1 only: the defender loses all at 3:1 on a
    modified 6 or 7 (Morale +1: 5 or 6); the attacker loses 10% of its 10."""
    BattleResultEntry.objects.bulk_create(
        BattleResultEntry(odds=odds, die=d, attacker_loss=10, defender_loss=min(100, step * d))
        for odds, step in (("2:1", 10), ("3:1", 17))
        for d in range(2, 8)
    )
    body = post(
        api,
        "ratio-plan",
        {"attacker_units": [6], "defender_units": [3], "attacker_morale": 1, "unit_strength": 2},
    ).json()
    bands = body["bands"]
    assert [b["column"] for b in bands] == [f"{n}:1" for n in range(2, 11)]
    assert [b["attacker_strength"] for b in bands[:3]] == [6, 10, 12]
    assert [b["added_units"] for b in bands[:3]] == [0, 2, 3]
    assert bands[1]["defender_destroyed"]["exact"] == "1/3"
    assert bands[1]["expected_attacker_loss"]["exact"] == "1"
    assert bands[2]["defender_destroyed"] is None  # 4:1 is not in the table
    assert bands[-1]["automatic_elimination"] and bands[-1]["defender_destroyed"]["exact"] == "1"
    summary = body["summary"]  # in Russian, the default language: the numbers, in order
    assert [summary.index(part) for part in ("2:1", " 4 ", "3:1", " 24 ")] == sorted(
        summary.index(part) for part in ("2:1", " 4 ", "3:1", " 24 ")
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [({"unit_strength": 0}, "unit_strength"), ({"attacker_units": []}, "attacker_units")],
)
def test_ratio_plan_bad_input_names_the_field(api, change, field):
    body = {"attacker_units": [4], "defender_units": [2], **change}
    response = post(api, "ratio-plan", body)
    assert response.status_code == 400
    assert field in {e["field"] for e in response.json()["errors"]}


def test_battle_and_duel_refuse_an_unknown_reading(api):
    """Issue 25: ``readings`` picks a reading the answer lists; anything else is a 400 naming
    ``readings.<id>``."""
    battle = {"attacker_units": [6], "defender_units": [3]}
    response = post(api, "battle", {**battle, "readings": {"loss_rounding": "nearest"}})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["readings.loss_rounding"]
    duel = {"attacker_morale": 1, "attacker_odwaga": 1, "defender_morale": 1, "defender_odwaga": 1}
    response = post(api, "duel", {**duel, "readings": {"rounding": "up"}})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["readings.rounding"]


def test_battle_carries_which_fraction_is_rounded_and_takes_the_other(api):
    """Issue 25: 9 against 3 in terrain ×1.5: 2:1 on the ratio, 1:1 if the defender's 4.5 is
    rounded up first; the answer gives the other column and ``readings`` picks it."""
    battle = {"attacker_units": [9], "defender_units": [3], "terrain_multiplier": "1.5"}
    answer = post(api, "battle", battle).json()
    reading = next(r for r in answer["readings"] if r["id"] == "ratio_rounding")
    assert answer["column"] == "2:1" and reading["others"][0]["answer"].endswith(" 1:1")
    picked = post(api, "battle", {**battle, "readings": {"ratio_rounding": "strength_first"}})
    assert picked.json()["column"] == "1:1"
    assert picked.json()["readings"][0]["others"][0]["answer"].endswith(" 2:1")


def test_search_carries_the_nazgul_reading_and_takes_the_other(api):
    body = {"phase": "alliance_move", "nazgul": 2, "orc_units": [3], "other_characters": 1}
    answer = post(api, "search", body).json()
    (reading,) = answer["readings"]
    assert reading["id"] == "nazgul_search" and answer["points"] == 8
    picked = post(api, "search", {**body, "readings": {"nazgul_search": "nothing"}}).json()
    assert picked["points"] == 4 and picked["readings"][0]["chosen"]["reading"] == "nothing"


def test_gollum_carries_the_three_four_reading_and_takes_the_other(api):
    answer = post(api, "gollum", {"previous": "sauron"}).json()
    (reading,) = answer["readings"]
    assert reading["id"] == "gollum_three_four"
    picked = post(api, "gollum", {"previous": "sauron", "readings": {"gollum_three_four": "keeps"}})
    sides = {d["side"]: d["exact"] for d in picked.json()["distribution"]}
    assert sides["sauron"] == "5/6" and picked.json()["readings"][0]["chosen"]["reading"] == "keeps"


def test_wounds_carry_the_mixed_marks_reading_and_take_the_other(api):
    body = {"odpornosc": 3, "crosses": 1, "strokes": 2, "nazgul": True}
    answer = post(api, "wounds", body).json()
    (reading,) = answer["readings"]
    assert reading["id"] == "nazgul_mixed_marks" and answer["status"] == "cannot_duel"
    picked = post(api, "wounds", {**body, "readings": {"nazgul_mixed_marks": "can_duel"}}).json()
    assert picked["status"] == "alive" and picked["readings"][0]["chosen"]["reading"] == "can_duel"
    assert picked["readings"][0]["others"][0]["reading"] == "cannot_duel"


def test_duel_carries_the_mixed_marks_reading_as_the_wounds_checker_does(api):
    """A Nazgûl (Odporność 3, one cross, two strokes) asked to duel: by default it cannot, and
    the answer gives the duel under the other reading; picked, the duel is answered."""
    body = {
        "attacker_morale": 3,
        "attacker_odwaga": 2,
        "attacker_wounds": 1,
        "attacker_strokes": 2,
        "attacker_odpornosc": 3,
        "attacker_nazgul": True,
        "defender_morale": 2,
        "defender_odwaga": 2,
    }
    api.credentials(HTTP_ACCEPT_LANGUAGE="en")
    barred = post(api, "duel", body).json()
    assert barred["cannot_duel"] == ["attacker"] and barred["fight"] is None
    assert barred["headline"].startswith("The attacker, a Nazgûl, cannot take part")
    (reading,) = barred["readings"]
    assert reading["id"] == "nazgul_mixed_marks"
    assert reading["others"][0]["answer"] == "they duel: score difference -2"
    wounds = post(api, "wounds", {"odpornosc": 3, "crosses": 1, "strokes": 2, "nazgul": True})
    assert reading["quote"] == wounds.json()["readings"][0]["quote"]
    picked = post(api, "duel", {**body, "readings": {"nazgul_mixed_marks": "can_duel"}}).json()
    assert picked["cannot_duel"] == [] and picked["difference"] == -2
    assert picked["readings"][0]["others"][0]["answer"] == (
        "the attacker cannot take part in duels until it heals"
    )
    refused = post(api, "duel", {**body, "attacker_nazgul": False})
    assert refused.status_code == 400
    assert "attacker_strokes" in {e["field"] for e in refused.json()["errors"]}


def test_ratio_plan_takes_the_ratio_reading(api):
    body = {"attacker_units": [9], "defender_units": [3], "terrain_multiplier": "1.5"}
    plan = post(api, "ratio-plan", {**body, "readings": {"ratio_rounding": "strength_first"}})
    assert plan.json()["readings"][0]["chosen"]["reading"] == "strength_first"
    rounded = post(api, "ratio-plan", {**body, "readings": {"loss_rounding": "up"}})
    assert rounded.status_code == 200  # its expected losses follow the losses' rounding
    refused = api.post(
        "/api/wojna/ratio-plan/", {**body, "readings": {"loss_rounding": "near"}}, format="json"
    )
    assert refused.status_code == 400
