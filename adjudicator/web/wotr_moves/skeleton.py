"""The moves page as a GET opens it (the board map, or a shared position's link) written from a
skeleton (``adjudicator.web.skeleton``, issue 29): the page's template rendered once per worker
for each language, script prefix and kind with a marker in place of every value of the request
and the position (the template's assembly and gzip were over half of the page's CPU). The same
bytes as the template writes (tests/web/wotr_moves/test_skeleton.py).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.template.context_processors import i18n
from django.template.loader import get_template
from django.urls import get_script_prefix
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from adjudicator.web.kept import kept
from adjudicator.web.skeleton import MarkedRequest, Skeleton, mark, request_values
from adjudicator.web.templatetags.fields import as_in_template

TEMPLATE = "wotr_moves/index.html"
MAP, POSITION = "map", "position"
#: Skeletons kept: a site's languages under its one prefix, two kinds (~200 KB each, and a
#: position's its kept groups).
LIMIT = 16


#: What a shared position's page shows of it (views.position_parts, the link, the Fellowship).
POSITION_KEYS = frozenset({
    "state", "board_table", "board_frame", "board_regions", "board_map", "victory_url",
    "hunt_url", "hunt_plan_url", "position_json", "political_rows", "fellowship_region",
    "position_key", "fellowship", "fellowship_fields",
})  # fmt: skip


#: The position's values the template writes as they are (each a slot of its name).
_POSITION_SLOTS = (
    "position_key", "victory_url", "hunt_url", "hunt_plan_url", "position_json",
    "political_rows", "fellowship_region", "fellowship_fields",
)  # fmt: skip


#: The position's values written as pieces, most of them the standard setup's kept deflated
#: (views.position_parts: ``compression.KeptJoined``), each a slot of its name.
_KEPT_SLOTS = ("board_table", "board_regions")


def _marked_context(request: HttpRequest, context: dict[str, Any], kind: str) -> dict[str, Any]:
    """The page's context (and its context processors', as the template reads them) with a
    marker for every value of the request and, for a shared position, of the position."""
    # no q: no move asked
    marked = {**context, **i18n(request), "request": MarkedRequest(request)}
    marked["csrf_token"] = mark("csrf")
    if kind == POSITION:
        marked = {k: v for k, v in marked.items() if k not in POSITION_KEYS}
        head, tail = context["board_frame"]
        marked.update(
            {name: mark(name) for name in (*_POSITION_SLOTS, *_KEPT_SLOTS)},
            state={"position": mark("state_position"), "factions": mark("state_factions")},
            board_map=mark_safe(head + mark("board_regions") + tail),
            fellowship=SimpleNamespace(progress=mark("progress")),
        )
    return marked


_skeletons: dict[tuple[str | None, str, str, str], Skeleton] = {}


def _skeleton(request: HttpRequest, context: dict[str, Any], kind: str) -> Skeleton:
    key = (get_language(), get_script_prefix(), request.resolver_match.namespace, kind)
    return kept(_skeletons, key, lambda: _made(request, context, kind), LIMIT)


def _made(request: HttpRequest, context: dict[str, Any], kind: str) -> Skeleton:
    return Skeleton(get_template(TEMPLATE).render(_marked_context(request, context, kind)))


@receiver(setting_changed)
def _forget(**_kwargs: Any) -> None:
    _skeletons.clear()


def _position_values(context: dict[str, Any]) -> dict[str, Any]:
    """A shared position's slots' text, as the template writes each value."""
    values = {
        "state_position": as_in_template(context["state"]["position"]),
        "state_factions": as_in_template(context["state"]["factions"]),
        "progress": as_in_template(context["fellowship"].progress),
    }
    for name in _POSITION_SLOTS:
        values[name] = as_in_template(context[name])
    for name in _KEPT_SLOTS:  # compression.KeptJoined, safe HTML
        values[name] = context[name].pieces()
    return values


def respond(request: HttpRequest, context: dict[str, Any], kind: str) -> HttpResponse:
    """The page of ``context`` (a GET's: no form filled in, no answer, no problem; the board
    map's for MAP, a shared position's for POSITION) from its skeleton, with its pieces for
    the gzip middleware, and its ETag."""
    values = request_values(request)
    if kind == POSITION:
        values.update(_position_values(context))
    return _skeleton(request, context, kind).response(values)
