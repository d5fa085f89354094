"""Check API responses against the OpenAPI schema drf-spectacular generates."""

from functools import cache
from typing import Any

import jsonschema

from adjudicator.api_schema import EnglishSchemaGenerator


@cache
def openapi_schema() -> dict[str, Any]:
    """The project's OpenAPI 3 document, generated once per test process."""
    return EnglishSchemaGenerator().get_schema(request=None, public=True)


def _to_json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema objects to JSON Schema: ``nullable`` becomes a type union."""
    if isinstance(node, list):
        return [_to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _to_json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        if "type" in converted:
            converted["type"] = [converted["type"], "null"]
        else:
            converted = {"anyOf": [converted, {"type": "null"}]}
    if "$ref" in converted:
        converted["$ref"] = converted["$ref"].replace("#/components/schemas/", "#/$defs/")
    return converted


def schema_path(path: str) -> str:
    """The schema's name of a served path: ``/api/cards/`` and ``/api/v1/cards/`` are
    ``/cards/`` under the server ``/api/v1``."""
    if not path.startswith("/api/"):
        return path
    return "/" + path.removeprefix("/api/").removeprefix("v1/")


def operation(path: str, method: str) -> dict[str, Any]:
    """One operation of the document, by its served (``/api/...``) or documented path."""
    return openapi_schema()["paths"][schema_path(path)][method.lower()]


def response_schema(path: str, method: str, status: int) -> dict[str, Any]:
    """The JSON Schema the document gives for one operation's response."""
    schema = openapi_schema()
    try:
        operation = schema["paths"][schema_path(path)][method.lower()]
    except KeyError as missing:
        raise AssertionError(f"{method.upper()} {path} is not in the OpenAPI schema") from missing
    responses = operation["responses"]
    body = responses.get(str(status)) or responses.get("default")
    assert body is not None, f"{method.upper()} {path} documents no {status} response"
    content = body.get("content", {}).get("application/json", {}).get("schema", {})
    return {
        **_to_json_schema(content),
        "$defs": _to_json_schema(schema.get("components", {}).get("schemas", {})),
    }


def assert_matches_schema(response: Any, path: str, method: str = "get") -> None:
    """Fail unless ``response`` (a DRF test response) matches its documented schema.

    ``path`` is the templated path as the schema names it, e.g. ``/api/sections/{id}/``.
    """
    jsonschema.validate(response.json(), response_schema(path, method, response.status_code))
