"""Hostile input answers a 4xx in the API's error shape, never a 500 or HTML (issue 12)."""

import json

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from adjudicator.games.common import bounded_fraction, fraction_text, probability
from adjudicator.parsers import MAX_JSON_DEPTH, json_depth

pytestmark = pytest.mark.django_db

RACE = {
    "position": 0,
    "player_color": "red",
    "goal": "reach_mordor",
    "horizon": "game",
    "setup": {
        "colored_die": ["warrior"],
        "black_die": ["ring", "nazgul", "orc"],
        "hobbit_steps": 1,
        "nazgul_squares": 1,
    },
}


@pytest.fixture
def api() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def post_raw(api: APIClient, path: str, body: bytes | str):
    return api.generic("POST", path, body, content_type="application/json")


def error_fields(response) -> set[str]:
    body = response.json()
    assert set(body) == {"detail", "errors"}
    return {error["field"] for error in body["errors"]}


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 2_000, 3_000, 40_000])
@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deep_json_is_a_400_on_body(api, depth, opener):
    closer = "]" if opener == "[" else "}"
    response = post_raw(api, "/api/wotr/battle/", opener * depth + "1" + closer * depth)
    assert response.status_code == 400
    assert error_fields(response) == {"body"}


def test_brackets_inside_strings_are_not_nesting():
    assert json_depth('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"[["}') == 1
    assert json_depth("[[1], {}]") == 2


@pytest.mark.parametrize(
    "number", ["1" * 5_000, "1e999999999", "-" + "9" * 4_400, "0." + "0" * 5000 + "1"]
)
def test_huge_numbers_are_a_400(api, number):
    response = post_raw(api, "/api/wojna/capture/", f'{{"value": {number}}}')
    assert response.status_code == 400


@pytest.mark.parametrize(
    "chance", ["1e-99999999", "1e-9", "0." + "0" * 40 + "1", "1/" + "9" * 5000, "nan", "²"]
)
def test_an_unbounded_chance_is_refused_at_once(api, chance):
    response = api.post("/api/mordor/odds/", {**RACE, "other_mark_chance": chance}, format="json")
    assert response.status_code == 400
    assert error_fields(response) == {"other_mark_chance"}


@pytest.mark.parametrize("text", ["1/6", "0.25", " 1 / 3 ", "0", "1"])
def test_ordinary_chances_still_read(text):
    assert bounded_fraction(text) is not None


@pytest.mark.parametrize("units", [[1] * 201, [10**6], list(range(1, 1_200))])
def test_unit_lists_are_capped(api, units):
    response = api.post(
        "/api/wojna/battle/", {"attacker_units": units, "defender_units": [1]}, format="json"
    )
    assert response.status_code == 400
    assert error_fields(response) == {"attacker_units"} or all(
        field.startswith("attacker_units") for field in error_fields(response)
    )


@pytest.mark.parametrize("value", ["²", "³, 2", "١٢", "99999999", "1, " * 300])
def test_wojna_page_refuses_odd_digits_without_a_500(value):
    response = Client().get(
        reverse("wojna:battle"), {"attacker_units": value, "defender_units": "2"}
    )
    assert response.status_code in {200, 400}
    assert "attacker_units" in response.content.decode()


def test_huge_exact_results_are_abbreviated_not_crashed():
    from fractions import Fraction

    value = Fraction(1, 3**20_000)
    text = fraction_text(value)
    assert text.startswith("1/") and "digits)" in text
    assert probability(value)["probability"] == 0.0
    assert fraction_text(Fraction(1, 6)) == "1/6"


@pytest.mark.parametrize("path", ["/api/nope/", "/api/", "/api/wotr/nothing", "/api/decks/x/"])
def test_unknown_api_paths_answer_json_404(path):
    response = Client().get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert error_fields(response) == {"path"}


def test_pages_keep_their_html_404():
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_a_body_over_the_limit_is_a_413(api):
    body = json.dumps({"list": "1x The One Ring\n" * 200, "format": "fellowship_block"})
    response = post_raw(api, "/api/decks/validate/", body)
    assert response.status_code == 413
    assert error_fields(response) == {"body"}


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_a_body_over_the_limit_is_a_413_under_api():
    response = Client(raise_request_exception=False).post(
        "/api/decks/validate/", {"list": "x" * 5_000}, content_type="application/json"
    )
    assert response.status_code == 413


BATTLE = {"attacker": {"regular": 5}, "defender": {"regular": 3}}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"siege": 0}, "siege"),  # DRF would read 0 as false
        ({"rounds": "2"}, "rounds"),  # ... and "2" as 2
        ({"rounds": 2.0}, "rounds"),
        ({"settlement": 1}, "settlement"),
        ({"attacker": {"regular": "5"}}, "attacker.regular"),
        ({"attacker": {"regular": True}}, "attacker.regular"),
        ({"attacker": [5]}, "attacker"),
    ],
)
def test_a_value_of_another_json_type_than_the_schema_says_is_a_400(api, change, field):
    """Found by schemathesis: DRF coerced types the OpenAPI document does not allow."""
    response = api.post("/api/wotr/battle/", {**BATTLE, **change}, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {(e["field"], e["code"]) for e in errors} == {(field, "wrong_type")}, errors


@pytest.mark.parametrize("query", ["set=9223372036854775808", "set=-1", "set=x", "unique=2"])
def test_a_card_filter_out_of_range_is_a_400_not_a_database_error(api, query):
    """``set=9223372036854775808`` overflowed SQLite's integers: a 500 (found by schemathesis)."""
    response = api.get(f"/api/cards/?{query}")
    assert response.status_code == 400
    assert error_fields(response) == {query.split("=")[0]}


@pytest.mark.parametrize("query", ["page=0", "page=x", "page=-1", "page_size=0"])
def test_a_page_that_is_no_whole_number_from_one_is_a_400_naming_it(api, query):
    response = api.get(f"/api/cards/?{query}")
    assert response.status_code == 400
    assert error_fields(response) == {query.split("=")[0]}
