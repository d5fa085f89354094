"""A page written from a skeleton (issue 29): its template rendered once per worker with a marker
in place of every value of the request, cut at the markers. The fixed text between them is kept
as bytes, the long stretches also deflated once (``compression.deflated``), so that a request
renders no template but its own parts and compresses only its own text. Used by the moves page
(``wotr_moves.skeleton``) and the checker pages (``checker_skeleton``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from hashlib import md5
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.http import quote_etag
from django.utils.safestring import SafeString, mark_safe

from adjudicator.compression import WINDOW, Pieces, deflated
from adjudicator.web.templatetags.fields import as_in_template

#: Fixed text shorter than this is compressed with the request's own text around it.
SHORTEST_DEFLATED = 2048

_MARK = re.compile("\ue000(\\w+)\ue001")


def mark(name: str) -> SafeString:
    """A slot's marker: private-use characters, which no escaping or filter of the page
    changes."""
    return mark_safe(f"\ue000{name}\ue001")


class MarkedRequest:
    """What the page's templates read of the request, each value of the request a marker: its
    full path, and its query's ``q`` when the page has one (``query``: ``{"q": marker}``)."""

    def __init__(self, request: HttpRequest, query: Mapping[str, str] | None = None) -> None:
        self.resolver_match = request.resolver_match
        self.GET = dict(query or {})  # pylint: disable=invalid-name  # as HttpRequest's

    @staticmethod
    def get_full_path() -> SafeString:
        return mark("path")

    def __getattr__(self, name: str) -> Any:
        """Anything else the templates come to read of the request stops the skeleton: the
        template language would write a missing attribute as "" into every page."""
        if name.startswith("__"):
            raise AttributeError(name)
        raise RuntimeError(f"the page's skeleton has no request.{name}: add it as a slot")


def request_values(request: HttpRequest) -> dict[str, str]:
    """The text of a MarkedRequest's slots for this request, as the template writes each value
    (the query's ``q`` as ``{{ request.GET.q|default:'' }}``)."""
    return {
        "csrf": as_in_template(get_token(request)),  # one token for the page, as the template's
        "path": as_in_template(request.get_full_path()),
        "q": as_in_template(request.GET.get("q") or ""),
    }


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


def _digest_pieces(digest: Any, pieces: Pieces) -> None:
    """A value given as pieces added to the ETag's digest: its length, then each piece's bytes
    or, for a kept one, its deflated form, which gives them (alone, or after the kept piece
    before it: ``compression.KeptText``) in a sixth of the bytes to digest (issue 29)."""
    digest.update(sum(len(raw) for raw, _ in pieces).to_bytes(8, "little"))
    for raw, packed in pieces:
        text = raw if packed is None else packed
        digest.update(b"\0" if packed is None else b"\1")
        digest.update(len(text).to_bytes(8, "little"))
        digest.update(text)


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
            before = (before + raw + mark("").encode())[-WINDOW:]
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

    def write(self, values: Mapping[str, str | Pieces]) -> tuple[Pieces, str]:
        """The page's pieces with these values in its slots (a value its text, or its pieces
        when some are kept deflated: ``compression.KeptText``, not in a group), and its ETag:
        an MD5 of the skeleton's and the values' text (``_digest_pieces``), one for the same
        bytes as ConditionalGetMiddleware's MD5 of the whole body (0.25 ms for 200 KB) would
        be."""
        digest = md5(self.digest, usedforsecurity=False)
        pieces = [self.fixed[0]]
        i = 0
        while i < len(self.slots):
            end = self.groups.get(i, i + 1)
            group = tuple(values[slot] for slot in self.slots[i:end])
            if i not in self.groups and not isinstance(group[0], str):
                _digest_pieces(digest, group[0])
                pieces += (*group[0], self.fixed[end])
                i = end
                continue
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

    def response(self, values: Mapping[str, str | Pieces], status: int = 200) -> HttpResponse:
        """The page with these values in its slots, its pieces for the gzip middleware, and
        its ETag."""
        pieces, etag = self.write(values)
        response = HttpResponse(b"".join(raw for raw, _ in pieces), status=status)
        response.gzip_pieces = pieces
        response.headers["ETag"] = etag
        return response
