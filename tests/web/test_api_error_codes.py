"""Every operation answers with the one table of error codes (adjudicator/error_codes.py,
docs/api.md): walked over the schema, each operation gets a missing required field, a wrong
type, an unknown field and a value outside an enum, and must name the field with the table's
code for it (query parameters the same way)."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from adjudicator.error_codes import ERROR_CODES
from tests.openapi import openapi_schema

pytestmark = pytest.mark.django_db

#: A value of another JSON type, by the type the schema gives.
OTHER_TYPE = {"integer": "x", "number": "x", "string": 7, "boolean": 0, "array": {}, "object": []}


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    components = openapi_schema()["components"]["schemas"]
    while "$ref" in node or "allOf" in node:
        if "allOf" in node:
            node = node["allOf"][0]
            continue
        node = components[node["$ref"].rsplit("/", 1)[1]]
    return node


def _operations(with_body: bool):
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            if "{" in path or ("requestBody" in operation) != with_body:
                continue
            yield pytest.param(path, method, operation, id=f"{method.upper()} {path}")


def _body_cases(operation: dict[str, Any]) -> list[tuple[dict[str, Any], str, str]]:
    """(body, field, code) cases from the operation's example and request schema."""
    content = operation["requestBody"]["content"]["application/json"]
    example = next(iter(content["examples"].values()))["value"]
    schema = _resolve(content["schema"])
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({**example, "zz_unknown": 1}, "zz_unknown", "unknown_field")
    ]
    for name, value in example.items():  # an unknown key inside an object, too (not a map)
        if isinstance(value, dict) and "properties" in _resolve(schema["properties"][name]):
            nested = {**example, name: {**value, "zz_unknown": 1}}
            cases.append((nested, f"{name}.zz_unknown", "unknown_field"))
            break
    for name in schema.get("required", [])[:1]:
        cases.append(({k: v for k, v in example.items() if k != name}, name, "required"))
    for name, field in schema["properties"].items():
        field = _resolve(field)
        if field.get("type") in OTHER_TYPE and not field.get("readOnly"):
            cases.append(({**example, name: OTHER_TYPE[field["type"]]}, name, "wrong_type"))
            break
    for name, field in schema["properties"].items():
        if "enum" in _resolve(field):
            cases.append(({**example, name: "zz-not-a-choice"}, name, "invalid_choice"))
            break
    return cases


def _codes(response) -> set[tuple[str, str]]:
    assert response.status_code == 400, response.content
    codes = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert {code for _, code in codes} <= set(ERROR_CODES), codes
    return codes


@pytest.mark.parametrize(("path", "method", "operation"), list(_operations(with_body=True)))
def test_every_body_problem_has_the_tables_code(path, method, operation):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    for body, field, code in _body_cases(operation):
        response = getattr(api, method)(f"/api/v1{path}", body, format="json")
        assert (field, code) in _codes(response), (field, code, response.json())


@pytest.mark.parametrize(("path", "method", "operation"), list(_operations(with_body=False)))
def test_every_query_problem_has_the_tables_code(path, method, operation):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    parameters = [p for p in operation.get("parameters", []) if p["in"] == "query"]
    required = {p["name"]: p["examples"] for p in parameters if p.get("required")}
    base = {name: next(iter(examples.values()))["value"] for name, examples in required.items()}
    cases = [({**base, "zz_unknown": "1"}, "zz_unknown", "unknown_field")]
    cases += [({}, name, "required") for name in required]
    for parameter in parameters:
        kind = parameter["schema"].get("type")
        if "enum" in parameter["schema"]:
            cases.append(({**base, parameter["name"]: "zz"}, parameter["name"], "invalid_choice"))
        elif kind in ("integer", "number"):
            cases.append(({**base, parameter["name"]: "x"}, parameter["name"], "wrong_type"))
    for query, field, code in cases:
        response = getattr(api, method)(f"/api/v1{path}", query)
        assert (field, code) in _codes(response), (field, code, response.json())
