"""The API schema of a position says exactly what the position's reader accepts: every key a
part with fixed keys names, within its bounds, is read (at most a rule of the game refuses
the value), a value past its bounds or of another type is refused, and a key the schema does
not name is refused where it is (schemathesis found ``hunt_box: {"": null}`` refused while the
schema left the part open)."""

import copy
from typing import Any

import pytest

from adjudicator.error_codes import engine_code
from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.position import standard_setup
from adjudicator.games.wotr.reading import read_position
from adjudicator.web.wotr_moves.serializers import POSITION_SCHEMA

POSITION = POSITION_SCHEMA["oneOf"][1]
SETUP = standard_setup().to_dict()
REGION = "minas-tirith"
NATION = "gondor"
#: Every object of the schema with fixed keys, by its path in a position (a region and a
#: nation standing for any).
CLOSED = [
    (),
    ("fellowship",),
    ("hunt_box",),
    ("political",),
    ("political", NATION),
    ("armies", REGION),
    ("armies", REGION, NATION),
    ("reinforcements",),
    ("reinforcements", NATION),
]


def schema_at(path: tuple[str, ...]) -> dict:
    schema = POSITION
    for key in path:
        schema = schema.get("properties", {}).get(key) or schema["additionalProperties"]
    return schema


def with_value(path: tuple[str, ...], key: str, value: Any) -> dict:
    """The setup with ``value`` under ``key`` of the object at ``path`` (made if absent)."""
    data = copy.deepcopy(SETUP)
    part = data
    for step in path:
        if part.get(step) is None:
            part[step] = {}
        part = part[step]
    part[key] = value
    return data


def problems(data: dict) -> list[tuple[str, str]]:
    try:
        read_position(data, "position")
    except InvalidInput as error:
        return [(where, engine_code(message)) for where, message in error.problems]
    return []


def accepted(schema: dict) -> list[Any]:
    """Values the schema allows (each end of a range, every choice, null if nullable)."""
    values: list[Any] = [None] if schema.get("nullable") else []
    kind = schema.get("type")
    if kind == "integer":
        values += [schema.get("minimum", 0), schema.get("maximum", 10)]
    elif kind == "boolean":
        values += [False, True]
    elif kind == "object":
        values.append({})
    elif kind == "array":
        values.append([])
    elif "enum" in schema:
        values += schema["enum"]
    return values


def refused(schema: dict) -> list[Any]:
    """Values the schema does not allow (past a range's ends, another type)."""
    values: list[Any] = [] if schema.get("nullable") else [None]
    kind = schema.get("type")
    if kind == "integer":
        values += ["1", 1.5, True, schema.get("minimum", 0) - 1]
        values += [schema["maximum"] + 1] if "maximum" in schema else []
    elif kind == "boolean":
        values += [0, "true"]
    elif kind in ("object", "array"):
        values += [7]
    elif "enum" in schema:
        values += ["nowhere"]
    return values


@pytest.mark.parametrize("path", CLOSED, ids=".".join)
def test_each_named_key_is_read_within_the_schema(path: tuple[str, ...]) -> None:
    schema = schema_at(path)
    assert schema["additionalProperties"] is False
    for key, value_schema in schema["properties"].items():
        for value in accepted(value_schema):
            found = problems(with_value(path, key, value))
            assert all(code == "rule" for _, code in found), (path, key, value, found)
        for value in refused(value_schema):
            where = ".".join(("position", *path, key))
            found = problems(with_value(path, key, value))
            assert any(at.startswith(where) for at, _ in found), (path, key, value, found)


@pytest.mark.parametrize("path", CLOSED, ids=".".join)
def test_a_key_the_schema_does_not_name_is_refused_there(path: tuple[str, ...]) -> None:
    where = ".".join(("position", *path, "colour"))
    assert any(at == where for at, _ in problems(with_value(path, "colour", 1)))
