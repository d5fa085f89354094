"""OpenAPI hooks (docs/api.md): one documented version of each path, one error shape everywhere.

Every operation documents the error statuses it can meet, each with the one error body
``{"detail", "errors": [{"field", "message"}]}`` (``adjudicator.api.exception_handler``).
"""

from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.generators import SchemaGenerator

#: The version alias (``/api/v1/...``) serves the same views as ``/api/...``; the schema
#: documents each operation once, relative to its server ``/api/v1`` (SPECTACULAR_SETTINGS).
VERSION_ALIAS = "/api/v1/"

ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}

#: Status → (description, applies to the operation?).
ERROR_STATUSES: dict[str, tuple[str, Callable[[dict[str, Any]], bool]]] = {
    "400": (
        "Bad input: every problem, each naming its field.",
        lambda op: "requestBody" in op or _parameters(op, "query"),
    ),
    "404": (
        "No such object or path, or no such page of a list.",
        lambda op: _parameters(op, "path") or _parameters(op, "query", "page"),
    ),
    "405": ("The method is not allowed on this path.", lambda op: True),
    "411": (
        "The body has no Content-Length (chunked bodies are not read).",
        lambda op: "requestBody" in op,
    ),
    "413": ("The request body is too large.", lambda op: "requestBody" in op),
    "415": ("The body is not application/json.", lambda op: "requestBody" in op),
    "422": (
        "The question needs more computing than one request may use (REQUEST_CPU_SECONDS, "
        "WORKER_MEMORY_MB).",
        lambda op: "requestBody" in op or _parameters(op, "query"),
    ),
    "429": ("Too many requests: wait for Retry-After seconds.", lambda op: True),
    "500": ("The server failed; nothing was changed.", lambda op: True),
    "503": (
        "Temporarily unavailable (the database or its disk; for search, its index): nothing "
        "was changed; try again after Retry-After seconds.",
        lambda op: True,
    ),
}


#: The one language of the schema: generated clients must not depend on who fetched it.
SCHEMA_LANGUAGE = "en"


def _plain(node: Any) -> Any:
    """The schema with every lazily translated text made a plain string (now, in English)."""
    if isinstance(node, dict):
        return {str(key): _plain(value) for key, value in node.items()}
    if isinstance(node, list | tuple):
        return [_plain(item) for item in node]
    return str(node) if isinstance(node, Promise) else node


class EnglishSchemaGenerator(SchemaGenerator):
    """The schema in English whatever the request's or the command's language, so the same
    bytes (and the same generated names) for everyone."""

    def get_schema(self, request: Any = None, public: bool = False) -> dict[str, Any]:
        with translation.override(SCHEMA_LANGUAGE):
            return _plain(super().get_schema(request=request, public=public))


def _parameters(operation: dict[str, Any], where: str, name: str | None = None) -> bool:
    """Whether the operation takes parameters in ``where`` (path, query), or the one named."""
    return any(
        p.get("in") == where and name in (None, p.get("name"))
        for p in operation.get("parameters", [])
    )


def without_version_alias(endpoints: list[tuple], **kwargs: Any) -> list[tuple]:
    """Preprocessing hook: leave the ``/api/v1/`` alias out of the schema."""
    return [endpoint for endpoint in endpoints if not endpoint[0].startswith(VERSION_ALIAS)]


def document_errors(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: each operation's error statuses, all in the one error shape."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for code, (description, applies) in ERROR_STATUSES.items():
                if code not in responses and applies(operation):
                    responses[code] = {
                        "content": {"application/json": {"schema": ERROR_REF}},
                        "description": description,
                    }
    return result


def empty_means_absent(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: an optional query parameter of a GET may be sent empty (``?side=``,
    as an HTML form sends an untouched field) and means the same as left out."""
    for operations in result.get("paths", {}).values():
        for parameter in operations.get("get", {}).get("parameters", []):
            if parameter.get("in") == "query" and not parameter.get("required"):
                parameter["allowEmptyValue"] = True
    return result


def closed_request_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: request objects refuse keys they do not define
    (``additionalProperties: false``), as ``StrictSerializer`` does."""
    components = result.get("components", {}).get("schemas", {})
    seen: set[str] = set()

    def close(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                close(item)
            return
        if not isinstance(node, dict):
            return
        ref = node.get("$ref", "")
        if ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[1]
            if name not in seen:
                seen.add(name)
                close(components.get(name))
            return
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            close(value)

    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            close(operation.get("requestBody"))
    return result


def inline_request_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: each request body's schema written out in place, with no
    ``*Request`` components. A request field with a ``default`` is optional to send, while a
    response field with one is always there; generators (openapi-typescript) tell the two
    apart only by where the schema stands, under a request body or not."""
    components = result.get("components", {}).get("schemas", {})
    requests = {name for name in components if name.endswith("Request")}

    def inline(node: Any) -> Any:
        if isinstance(node, list):
            return [inline(item) for item in node]
        if not isinstance(node, dict):
            return node
        name = node.get("$ref", "").rsplit("/", 1)[-1]
        if name in requests:
            return inline({**components[name], **{k: v for k, v in node.items() if k != "$ref"}})
        return {key: inline(value) for key, value in node.items()}

    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if "requestBody" in operation:
                operation["requestBody"] = inline(operation["requestBody"])
    for name in requests:
        components.pop(name)
    return result


class BoundedListSerializer(OpenApiSerializerFieldExtension):
    """A nested ``many=True`` serializer documents its ``min_length``/``max_length`` and
    ``allow_empty=False`` as ``minItems``/``maxItems`` (drf-spectacular leaves them out)."""

    target_class = "rest_framework.serializers.ListSerializer"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any] | None:
        field = self.target
        schema = auto_schema._map_serializer_field(field, direction, bypass_extensions=True)
        if schema is None:
            return None
        minimum = field.min_length if field.min_length is not None else int(not field.allow_empty)
        if minimum:
            schema["minItems"] = minimum
        if field.max_length is not None:
            schema["maxItems"] = field.max_length
        return schema


#: No NUL character: DRF's CharField refuses it (and lone surrogates, which JSON text from
#: a UTF-8 body never carries).
_TEXT = r"[^\x00]"
TEXT_PATTERN = rf"^{_TEXT}*$"
#: ...and, as DRF trims white space first (``str.strip``, which also strips \x1c-\x1f, unlike
#: a regular expression's ``\s``), not only white space.
NON_BLANK_TEXT_PATTERN = rf"^{_TEXT}*[^\s\x00\x1c-\x1f]{_TEXT}*$"


class DocumentedCharField(OpenApiSerializerFieldExtension):
    """A plain text field documents what DRF refuses in it: NUL characters, lone surrogates
    and (unless blank is allowed) text that is only white space."""

    target_class = "rest_framework.serializers.CharField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any] | None:
        field = self.target
        schema = auto_schema._map_serializer_field(field, direction, bypass_extensions=True)
        if schema is None or direction != "request" or field.read_only:
            return schema
        if schema.get("type") == "string" and not {"pattern", "format", "enum"} & set(schema):
            blank_refused = not field.allow_blank and field.trim_whitespace
            schema["pattern"] = NON_BLANK_TEXT_PATTERN if blank_refused else TEXT_PATTERN
        return schema


def no_empty_security(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: no ``security: [{}]`` ("no authentication, optionally"): the API
    has no authentication at all, and generators read an empty requirement as one."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if all(not requirement for requirement in operation.get("security", [{}])):
                operation.pop("security", None)
    return result
