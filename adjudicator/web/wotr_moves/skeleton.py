"""The moves page as a GET opens it (the board map, or a shared position's link) written from a
skeleton (issue 29): the page's template rendered once per worker for each language, script
prefix and kind with a marker in place of every value of the request and the position, cut at
the markers. The fixed text between them is kept as bytes, the long stretches also deflated once
(``compression.deflated``), so that a request renders no template and compresses only its own
text (the template's assembly and gzip were over half of the page's CPU). The same bytes as the
template writes (tests/web/wotr_moves/test_skeleton.py).
"""

from __future__ import annotations

import re
from hashlib import md5
from types import SimpleNamespace
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.context_processors import i18n
from django.template.loader import get_template
from django.urls import get_script_prefix
from django.utils.http import quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from adjudicator.compression import WINDOW, Pieces, deflated
from adjudicator.web.templatetags.fields import as_in_template
from adjudicator.web.wotr_moves.kept import kept

TEMPLATE = "wotr_moves/index.html"
MAP, POSITION = "map", "position"
#: Fixed text shorter than this is compressed with the request's own text around it.
SHORTEST_DEFLATED = 2048
#: Skeletons kept: a site's languages under its one prefix, two kinds (~200 KB each, and a
#: position's its kept groups).
LIMIT = 16

_MARK = re.compile("\ue000(\\w+)\ue001")


def _mark(name: str) -> SafeString:
    """A slot's marker: private-use characters, which no escaping or filter of the page
    changes."""
    return mark_safe(f"\ue000{name}\ue001")


#: What a shared position's page shows of it (views.position_parts, the link, the Fellowship).
POSITION_KEYS = frozenset({
    "state", "board_table", "board_frame", "board_regions", "board_map", "victory_url",
    "hunt_url", "hunt_plan_url", "position_json", "political_rows", "fellowship_region",
    "position_key", "fellowship", "fellowship_fields",
})  # fmt: skip


#: The position's values the template writes as they are (each a slot of its name).
_POSITION_SLOTS = (
    "position_key", "board_table", "victory_url", "hunt_url", "hunt_plan_url", "position_json",
    "political_rows", "fellowship_region", "fellowship_fields",
)  # fmt: skip


class _MarkedRequest:
    """What the page's templates read of the request, each value of the request a marker."""

    def __init__(self, request: HttpRequest) -> None:
        self.resolver_match = request.resolver_match
        self.GET: dict[str, str] = {}  # pylint: disable=invalid-name  # no q: no move asked

    @staticmethod
    def get_full_path() -> SafeString:
        return _mark("path")

    def __getattr__(self, name: str) -> Any:
        """Anything else the templates come to read of the request stops the skeleton: the
        template language would write a missing attribute as "" into every page."""
        if name.startswith("__"):
            raise AttributeError(name)
        raise RuntimeError(f"the moves page's skeleton has no request.{name}: add it as a slot")


def _deflated_alone(raw: bytes, before: bytes) -> bytes | None:
    """A fixed stretch deflated once, unless it is short or much of it repeats the text before
    it (the editors' region lists): such a one is compressed with the request's text around it,
    against what precedes it (a page 28 KB on the wire, not 37)."""
    if len(raw) < SHORTEST_DEFLATED:
        return None
    alone = deflated(raw)
    return alone if len(alone) <= len(deflated(raw, before=before)) * 1.3 + 256 else None


#: Deflated groups kept per skeleton: each under its values' text (the political track's rows
#: and the Fellowship's editor, ~11 KB) with its deflated form (~3 KB), ~14 KB; at most 3.5 MB
#: a position's skeleton (bench/worker_memory.py: 6.6 MB for the three languages' skeletons).
GROUPS_KEPT = 256


class Skeleton:
    """The page's text cut at its slots: ``fixed[0]``, slot 0, ``fixed[1]``, ... (each fixed
    stretch its bytes and its deflated form, or None when short or repeating what precedes it).

    A group: the slots from ``i`` to ``groups[i]`` and the fixed stretches after each, when
    the stretch before them fills deflate's window and those after them repeat it (the
    political track and the Fellowship's editor among the editors): its deflated form depends
    on its slots' values alone, and is kept by them (a few markers and Fellowships come back
    again and again)."""

    def __init__(self, text: str) -> None:
        parts = _MARK.split(text)
        self.slots = parts[1::2]
        self.fixed = []
        before = b""  # the page's text so far (its slots' markers standing for their values)
        for part in parts[0::2]:
            raw = part.encode()
            self.fixed.append((raw, _deflated_alone(raw, before)))
            before = (before + raw + _mark("").encode())[-WINDOW:]
        self.groups: dict[int, int] = {}
        for i, (raw, packed) in enumerate(self.fixed[:-1]):
            end = i
            while end < len(self.slots) and self._repeats(end + 1):
                end += 1
            if packed is not None and len(raw) >= WINDOW and end > i:
                self.groups[i] = end
        self.kept: dict[tuple[str, ...], bytes] = {}
        self.digest = md5(b"\0".join(raw for raw, _ in self.fixed), usedforsecurity=False).digest()

    def _repeats(self, index: int) -> bool:
        raw, packed = self.fixed[index]
        return packed is None and len(raw) >= SHORTEST_DEFLATED

    def write(self, values: dict[str, str]) -> tuple[Pieces, str]:
        """The page's pieces with these values in its slots, and its ETag: an MD5 of the
        skeleton's and the values' text, one for the same bytes as ConditionalGetMiddleware's
        MD5 of the whole body (0.25 ms for 200 KB) would be."""
        digest = md5(self.digest, usedforsecurity=False)
        pieces = [self.fixed[0]]
        i = 0
        while i < len(self.slots):
            end = self.groups.get(i, i + 1)
            group = tuple(values[slot] for slot in self.slots[i:end])
            raws = []
            for value, (fixed, _) in zip(group, self.fixed[i + 1 : end + 1], strict=True):
                raw = value.encode()
                digest.update(len(raw).to_bytes(8, "little"))
                digest.update(raw)
                raws += (raw, fixed)
            if i in self.groups:
                pieces.append(self._group(i, group, b"".join(raws)))
            else:
                pieces += ((raws[0], None), self.fixed[end])
            i = end
        return pieces, quote_etag(digest.hexdigest())

    def _group(self, start: int, group: tuple[str, ...], raw: bytes) -> tuple[bytes, bytes]:
        packed = self.kept.get(group)
        if packed is None:
            packed = deflated(raw, before=self.fixed[start][0])  # the window: its last 32 KB
            if len(self.kept) < GROUPS_KEPT:
                self.kept[group] = packed
        return raw, packed


def _marked_context(request: HttpRequest, context: dict[str, Any], kind: str) -> dict[str, Any]:
    """The page's context (and its context processors', as the template reads them) with a
    marker for every value of the request and, for a shared position, of the position."""
    marked = {**context, **i18n(request), "request": _MarkedRequest(request)}
    marked["csrf_token"] = _mark("csrf")
    if kind == POSITION:
        marked = {k: v for k, v in marked.items() if k not in POSITION_KEYS}
        head, tail = context["board_frame"]
        marked.update(
            {name: _mark(name) for name in _POSITION_SLOTS},
            state={"position": _mark("state_position"), "factions": _mark("state_factions")},
            board_map=mark_safe(head + _mark("board_regions") + tail),
            fellowship=SimpleNamespace(progress=_mark("progress")),
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


def _request_values(request: HttpRequest) -> dict[str, str]:
    """The request's slots' text, as the template writes each value."""
    return {
        "csrf": as_in_template(get_token(request)),  # one token for the page, as the template's
        "path": as_in_template(request.get_full_path()),
    }


def _position_values(context: dict[str, Any]) -> dict[str, str]:
    """A shared position's slots' text, as the template writes each value."""
    values = {
        "state_position": as_in_template(context["state"]["position"]),
        "state_factions": as_in_template(context["state"]["factions"]),
        "progress": as_in_template(context["fellowship"].progress),
    }
    for name in (*_POSITION_SLOTS, "board_regions"):
        values[name] = as_in_template(context[name])
    return values


def respond(request: HttpRequest, context: dict[str, Any], kind: str) -> HttpResponse:
    """The page of ``context`` (a GET's: no form filled in, no answer, no problem; the board
    map's for MAP, a shared position's for POSITION) from its skeleton, with its pieces for
    the gzip middleware, and its ETag."""
    values = _request_values(request)
    if kind == POSITION:
        values.update(_position_values(context))
    pieces, etag = _skeleton(request, context, kind).write(values)
    response = HttpResponse(b"".join(raw for raw, _ in pieces))
    response.gzip_pieces = pieces
    response.headers["ETag"] = etag
    return response
