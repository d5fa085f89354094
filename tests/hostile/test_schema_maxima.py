"""Every API operation at its maxima, generated from the OpenAPI schema (issue 27): every number at
its maximum, every list full of maximal items, every string hostile (a lone surrogate, an RTL
mark, NUL). Each request is answered 2xx or 4xx, never a 500, in bounded memory (tracemalloc:
what Python allocates, not time, so the bound holds on a busy machine).

A request either starts from the operation's own example (a working question, so the engines
run) with its numbers and lists pushed to the schema's limits, or is built from the schema
alone with every optional field given. A 422 ``over_budget`` is an answer too: this test bounds
memory, not CPU (the CPU the heaviest questions take is in ``make bench``).
"""

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from tests.memory import MB, peak_bytes
from tests.openapi import openapi_schema
from tests.rules_corpus import search_factories

pytestmark = pytest.mark.django_db

#: What one request may hold at its peak (the cards, the board and the answer cache are loaded
#: before it and not counted).
PEAK_BYTES = 64 * MB


corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index


@pytest.fixture(autouse=True)
def search_index(corpus_search_index):
    """Search asks the real rulebooks' index, built once a session and opened before any
    request as each worker does at start: a request's memory is its own work, not the index's."""
    return corpus_search_index


#: Strings no operation can take as they are: a lone surrogate, a right-to-left override, NUL.
HOSTILE = "\ud800\u202e\u200f\x00x"
#: Entries given to an open mapping (a position's regions) and the longest string given.
MAPPING_KEYS = 3
LONGEST = 200


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its ``$ref`` (and a single ``allOf``) followed."""
    while True:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            node = {**openapi_schema()["components"]["schemas"][name], **{
                k: v for k, v in node.items() if k != "$ref"
            }}  # fmt: skip
        elif len(node.get("allOf", [])) == 1:
            node = {**resolve(node["allOf"][0]), **{k: v for k, v in node.items() if k != "allOf"}}
        else:
            return node


def maximal(node: dict[str, Any], example: Any = None, strings: str | None = None) -> Any:
    """The largest value ``node`` allows, keeping what ``example`` gives where the schema says
    nothing larger (an enum's choice, a pattern's text); every string ``strings`` if given."""
    node = resolve(node)
    for key in ("oneOf", "anyOf"):
        if node.get(key):
            return maximal(node[key][0], example, strings)
    kind = node.get("type") or ("object" if "properties" in node else None)
    if kind == "object":
        return _maximal_object(node, example, strings)
    if kind == "array":
        items = list(example) if isinstance(example, list) and example else [None]
        full = [maximal(node.get("items", {}), item, strings) for item in items]
        size = node.get("maxItems", len(full))
        return (full * size)[: max(size, len(full))] if size >= len(full) else full[:size]
    if kind in ("integer", "number"):
        return node.get("maximum", example if example is not None else 10**6)
    if kind == "boolean":
        return True if example is None else example
    if kind == "string":
        if strings is not None:
            return strings
        if example is not None:
            return example
        if node.get("enum"):
            return node["enum"][-1]
        return "x" * min(node.get("maxLength", LONGEST), LONGEST)
    return example


def _maximal_object(node: dict[str, Any], example: Any, strings: str | None) -> dict[str, Any]:
    given = example if isinstance(example, dict) else None
    properties = node.get("properties", {})
    names = given.keys() if given is not None else properties.keys()
    value = {
        name: maximal(properties.get(name, {}), (given or {}).get(name), strings) for name in names
    }
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and given is None:
        for number in range(MAPPING_KEYS):
            value[(strings or "key") + str(number)] = maximal(extra, None, strings)
    return value


def text(value: Any) -> str:
    """A value in a URL, percent-encoded as UTF-8 (a lone surrogate as its three bytes)."""
    return quote(str(value), safe="", errors="surrogatepass")


SERVER = openapi_schema()["servers"][0]["url"]
"""The schema's paths are under its server (``/api/v1``)."""


def operation_requests() -> Iterator[Any]:
    """(method, path, body) for every operation and each way of pushing it to its maxima."""
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            yield from _requests(method, path, operation)


def _requests(method: str, path: str, operation: dict[str, Any]) -> Iterator[Any]:
    parameters = operation.get("parameters", [])
    for strings in (None, HOSTILE):
        url = SERVER + path
        query = {}
        for parameter in parameters:
            value = maximal(parameter.get("schema", {}), None, strings)
            if parameter["in"] == "path":
                url = url.replace("{" + parameter["name"] + "}", text(value))
            else:
                query[parameter["name"]] = value
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if content is None:
            yield pytest.param(method, url, query, None, id=f"{method} {path} {bool(strings)}")
            continue
        examples = [e["value"] for e in content.get("examples", {}).values()] or [None]
        bodies = [maximal(content["schema"], example, strings) for example in examples]
        bodies.append(maximal(content["schema"], None, strings))
        bodies.append({**(bodies[0] if isinstance(bodies[0], dict) else {}), HOSTILE: 1})
        for number, body in enumerate(bodies):
            label = f"{method} {path} {'hostile' if strings else 'max'} {number}"
            yield pytest.param(method, url, query, body, id=label)


@pytest.mark.parametrize(("method", "url", "query", "body"), list(operation_requests()))
def test_every_operation_at_its_maxima_is_answered_in_bounded_memory(api, method, url, query, body):
    responses = []

    def ask() -> None:
        data = None if body is None else json.dumps(body)  # ASCII: "\ud800" as an escape
        responses.append(
            api.generic(
                method.upper(),
                url + ("?" + "&".join(f"{k}={text(v)}" for k, v in query.items()) if query else ""),
                data or "",
                content_type="application/json",
            )
        )

    peak = peak_bytes(ask)
    (response,) = responses
    assert response.status_code < 500, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    assert peak < PEAK_BYTES
