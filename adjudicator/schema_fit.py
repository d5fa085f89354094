"""Whether a JSON value plainly fits a JSON Schema, without jsonschema's walk (issue 29: held to
its schema, a legal-destinations piece cost more than the engine's answer for an army).

:func:`fits` is True only where ``Draft202012Validator(schema)`` finds no error at all, for the
keywords the API's request schemas use; anything else (another keyword, a value it cannot judge
at once) is False, and the caller runs jsonschema, which names the problems.
"""

from __future__ import annotations

from typing import Any

ANNOTATIONS = frozenset({"description", "nullable", "title", "default", "example", "deprecated"})
"""Keywords that never make a value invalid (``nullable`` is OpenAPI's: Draft 2020-12 ignores
it)."""


def _kinds(value: Any) -> frozenset[str]:
    """The JSON Schema types ``value`` is an instance of, as jsonschema judges them (a bool is
    no number; a float with no fraction is an integer)."""
    if value is None:
        return frozenset({"null"})
    if isinstance(value, bool):
        return frozenset({"boolean"})
    if isinstance(value, int):
        return frozenset({"integer", "number"})
    if isinstance(value, float):
        return frozenset({"integer", "number"} if value.is_integer() else {"number"})
    if isinstance(value, str):
        return frozenset({"string"})
    if isinstance(value, list):
        return frozenset({"array"})
    if isinstance(value, dict):
        return frozenset({"object"})
    return frozenset()


def _types(rule: Any) -> frozenset[str]:
    return frozenset(rule if isinstance(rule, list) else [rule])


def fits(schema: dict[str, Any], value: Any) -> bool:
    """True only if ``value`` is valid under ``schema`` (see the module's docstring)."""
    kinds = _kinds(value)
    for key, rule in schema.items():
        if key in ANNOTATIONS:
            continue
        check = _CHECKS.get(key)
        if check is None or not check(schema, rule, value, kinds):
            return False
    return True


def _type(_schema: dict, rule: Any, _value: Any, kinds: frozenset[str]) -> bool:
    return bool(_types(rule) & kinds)


def _enum(_schema: dict, rule: Any, value: Any, _kinds: frozenset[str]) -> bool:
    return isinstance(value, str) and value in rule  # other values: jsonschema judges


def _properties(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    if "object" not in kinds:
        return True
    return all(fits(sub, value[key]) for key, sub in rule.items() if key in value)


def _additional(schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    if "object" not in kinds or rule is True:
        return True
    known = schema.get("properties", {})
    extra = [key for key in value if key not in known]
    if rule is False:
        return not extra
    return isinstance(rule, dict) and all(fits(rule, value[key]) for key in extra)


def _required(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    return "object" not in kinds or all(key in value for key in rule)


def _items(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    return "array" not in kinds or (isinstance(rule, dict) and all(fits(rule, v) for v in value))


def _min_items(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    return "array" not in kinds or len(value) >= rule


def _minimum(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    return "number" not in kinds or value >= rule


def _maximum(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    return "number" not in kinds or value <= rule


def _one_of(_schema: dict, rule: Any, value: Any, kinds: frozenset[str]) -> bool:
    """Exactly one branch fits, and every other is plainly of another type (so jsonschema,
    which runs them all, finds no second one valid)."""
    fitting = [branch for branch in rule if fits(branch, value)]
    others = [branch for branch in rule if branch not in fitting]
    return len(fitting) == 1 and all(
        "type" in branch and not _types(branch["type"]) & kinds for branch in others
    )


_CHECKS = {
    "type": _type,
    "enum": _enum,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "items": _items,
    "minItems": _min_items,
    "minimum": _minimum,
    "maximum": _maximum,
    "oneOf": _one_of,
}
