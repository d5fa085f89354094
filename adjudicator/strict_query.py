"""Strict query strings (docs/api.md): a query parameter an operation does not document is
a 400 naming it. The names are read from the operation's own schema (drf-spectacular's view
inspector, once per operation), so the check and the document always agree."""

import re
from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.permissions import BasePermission


@cache
def _endpoints() -> tuple[Any, dict[tuple[str, str], tuple[str, Any]]]:
    """The schema generator and its endpoints: (path, METHOD) → (path regex, view callback)."""
    from drf_spectacular.generators import SchemaGenerator

    generator = SchemaGenerator()
    generator._initialise_endpoints()
    endpoints = {(p, m): (regex, callback) for p, regex, m, callback in generator.endpoints}
    return generator, endpoints


@cache
def known_parameters(path: str, method: str) -> frozenset[str] | None:
    """The query parameters the operation at ``path`` (``/api/cards/{key}/``) documents, or
    None for an undocumented one (the schema's own pages)."""
    from drf_spectacular.plumbing import ComponentRegistry
    from drf_spectacular.settings import spectacular_settings

    generator, endpoints = _endpoints()
    if (path, method) not in endpoints:
        return None
    regex, callback = endpoints[path, method]
    view = generator.create_view(callback, method)
    path = generator.coerce_path(path, method, view)
    view.request = spectacular_settings.GET_MOCK_REQUEST(method, path, view, None)
    operation = view.schema.get_operation(path, regex, "^/api", method, ComponentRegistry())
    if not operation:
        return None
    parameters = operation.get("parameters", [])
    return frozenset(p["name"] for p in parameters if p.get("in") == "query")


def warm() -> int:
    """Read every operation's parameters now (gunicorn's master, before the fork: about a
    second), not in a worker's first requests: drf-spectacular loads its extensions lazily and
    not thread-safely, and two threads of a new worker doing it at once answered a 500
    (``AttributeError`` in ``_load_class``), as after every reload. Returns how many."""
    endpoints = _endpoints()[1]
    for path, method in endpoints:
        known_parameters(path, method)
    return len(endpoints)


class KnownQueryParameters(BasePermission):
    """Anyone may call any operation, but with only the query parameters it documents:
    ``/api/cards/?cultur=Elven`` is a 400 naming ``cultur``, not every card."""

    def has_permission(self, request: Any, view: Any) -> bool:
        match = getattr(request, "resolver_match", None)
        if not request.query_params or match is None or request.method == "OPTIONS":
            return True
        method = "GET" if request.method == "HEAD" else request.method
        route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", match.route)
        path = "/api/" + route.removeprefix("api/").removeprefix("v1/")  # v1: the same views
        known = known_parameters(path, method)
        unknown = sorted(set(request.query_params) - known) if known is not None else []
        if unknown:
            message = str(_("unknown parameter"))
            raise ValidationError({
                name: [ErrorDetail(message, code="unknown_field")] for name in unknown
            })  # fmt: skip
        return True
