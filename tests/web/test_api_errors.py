"""Every client error of the API has the common shape: ``detail`` and ``errors`` naming where."""

import pytest
from rest_framework.test import APIClient

from tests.openapi import assert_matches_schema, openapi_schema

pytestmark = pytest.mark.django_db

#: One POST endpoint of each app (the templated path is the schema's).
POST_ENDPOINTS = [
    "/api/wotr/battle/",
    "/api/wotr/positions/validate/",
    "/api/wotr/moves/check/",
    "/api/mordor/odds/",
    "/api/wojna/capture/",
    "/api/tcg/move-limit/",
    "/api/decks/validate/",
]


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def only_error(response) -> dict[str, str]:
    body = response.json()
    assert set(body) == {"detail", "errors"}
    assert isinstance(body["detail"], str) and body["detail"]
    [error] = body["errors"]
    return error


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_a_body_that_is_not_json_is_a_400_on_body(api, path):
    response = api.post(path, data='{"attempts": 1,', content_type="application/json")

    assert response.status_code == 400
    error = only_error(response)
    assert error["field"] == "body"
    assert error["message"].startswith("JSON parse error")
    assert_matches_schema(response, path, "post")


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_an_unsupported_media_type_is_a_415_naming_the_content_type(api, path):
    response = api.post(path, data="attempts=1", content_type="text/plain")

    assert response.status_code == 415
    error = only_error(response)
    assert error == {
        "field": "Content-Type",
        "message": response.json()["detail"],
        "code": "unsupported_media_type",
    }
    assert '"text/plain"' in error["message"]


def test_a_wrong_method_keeps_drfs_405_and_names_the_method(api):
    response = api.get("/api/wojna/capture/")

    assert response.status_code == 405
    assert response["Allow"] == "POST, OPTIONS"
    assert response.json() == {
        "detail": 'Method "GET" not allowed.',
        "errors": [
            {
                "field": "method",
                "message": 'Method "GET" not allowed.',
                "code": "method_not_allowed",
            }
        ],
    }


def test_an_unknown_object_keeps_drfs_404_and_names_the_path(api):
    response = api.get("/api/rulebooks/no-such-book/")

    assert response.status_code == 404
    error = only_error(response)
    assert error == {"field": "path", "message": response.json()["detail"], "code": "not_found"}
    assert_matches_schema(response, "/api/rulebooks/{slug}/")


def test_validation_errors_keep_their_fields(api):
    response = api.post("/api/wojna/capture/", {"niewola": "x", "attempts": 0}, format="json")

    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"niewola", "attempts"}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/tcg/move-limit/", {"players_at_start": 4, "movs_made": 1}, "movs_made"),
        ("/api/tcg/skirmish/", {"free_peoples": [{"name": "A", "strength": 1, "vitaly": 2}],
                                "shadow": [{"name": "B", "strength": 1}]},
         "free_peoples[0].vitaly"),
        ("/api/decks/validate/", {"list": "1 Goblin Runner", "lang": "en"}, "lang"),
        ("/api/mordor/odds/", {"plce": "shire"}, "plce"),
        ("/api/wotr/moves/legal/", {"postion": {}}, "postion"),
        ("/api/wotr/positions/validate/", {"position": {"hunt_box": {"sahdow_dice": 1}}},
         "position.hunt_box.sahdow_dice"),
    ],
)  # fmt: skip
def test_a_misspelt_field_is_a_400_naming_it(api, path, body, field):
    response = api.post(path, body, format="json")

    assert response.status_code == 400
    assert field in {e["field"] for e in response.json()["errors"]}
    assert_matches_schema(response, path, "post")


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_a_form_body_is_a_415(api, path):
    response = api.post(path, {"attempts": "1"}, format="multipart")

    assert response.status_code == 415
    assert only_error(response)["field"] == "Content-Type"


def test_every_operation_takes_json_only():
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                assert list(operation["requestBody"]["content"]) == ["application/json"], (
                    f"{method.upper()} {path}"
                )
