"""Pages and API answers gzipped at level 4, not Django's 6 (issue 29): the moves page's 211 KB
of HTML take 1.1 ms instead of 2.1 ms for 27.5 KB instead of 25.6 KB on the wire (+7%; a
battle page 0.08 ms instead of 0.18 for 5.6 KB instead of 5.4). Against BREACH the same random
padding as Django's (up to 100 bytes in the gzip header's file name, docs/deploy.md)."""

from __future__ import annotations

import gzip
import secrets
import struct
import zlib
from collections.abc import Sequence

from django.http import HttpRequest, HttpResponse
from django.middleware import gzip as django_gzip
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString

LEVEL = 4
#: A body's runs written per request between its kept deflated pieces (``compress_pieces``):
#: level 2 takes 0.34 ms where 4 took 0.56 for a moves page's 80 KB of them (its position's
#: board, map and JSON), 7% more bytes of them on the wire (a page 29.2 KB, was 28.2).
RUN_LEVEL = 2
#: Django's: a shorter body would come out longer.
SHORTEST = 200


def _padded(data: bytes, max_random_bytes: int) -> bytes:
    """A gzip member with a random file name of 0 to ``max_random_bytes`` - 1 bytes in its
    header, as ``django.utils.text.compress_string`` pads it."""
    if not max_random_bytes:  # no padding asked (Django's compress_string alike)
        return data
    header = bytearray(data[:10])
    header[3] = gzip.FNAME
    return bytes(header) + b"a" * secrets.randbelow(max_random_bytes) + b"\x00" + data[10:]


def compress(content: bytes, max_random_bytes: int) -> bytes:
    """``content`` gzipped at LEVEL, padded (``_padded``)."""
    return _padded(gzip.compress(content, compresslevel=LEVEL, mtime=0), max_random_bytes)


def deflated(data: bytes, final: bool = False, before: bytes = b"", level: int = LEVEL) -> bytes:
    """``data`` as raw deflate blocks at ``level`` that refer to nothing before them but the text
    ``before`` (what precedes them in the stream: at most WINDOW bytes of it are read) and end on
    a byte boundary (a sync flush; ``final``: the stream's last block), so that they may stand
    between other such blocks (RFC 1951, 3.2.3)."""
    window = {"zdict": before[-WINDOW:]} if before else {}
    deflate = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS, **window)
    return deflate.compress(data) + deflate.flush(zlib.Z_FINISH if final else zlib.Z_SYNC_FLUSH)


_GZIP_HEADER = gzip.compress(b"", compresslevel=LEVEL, mtime=0)[:10]
#: How far back deflate refers (32 KB); a run of text from SHORTEST_WINDOWED on is compressed
#: against the RUN_WINDOW bytes before it (setting a window up costs about 0.03 ms for 32 KB,
#: 0.01 for 8 KB: a moves page has eight runs or so, around its position's changed chunks of
#: ``KeptText``; 1% more bytes on the wire than with 32 KB).
WINDOW = 1 << zlib.MAX_WBITS
RUN_WINDOW = 8192
SHORTEST_WINDOWED = 1024

#: A body's pieces: each its bytes and, for the text every reader is sent alike, its
#: ``deflated`` form made once (None: compressed with the request's other pieces).
Pieces = Sequence[tuple[bytes, bytes | None]]


def compress_pieces(body: bytes, pieces: Pieces, max_random_bytes: int) -> bytes:
    """``body``, the pieces' bytes joined, gzipped: a piece's own deflated form where it has one,
    each run between them deflated here at RUN_LEVEL (a long one against the RUN_WINDOW bytes
    before it), one gzip member (RFC 1952), padded as ``compress``. Compressed by runs, a page's
    secret is compressed against no more of its text than when compressed whole (BREACH,
    docs/deploy.md)."""
    blocks = [_GZIP_HEADER]
    start = end = 0  # the run of pieces without a deflated form: body[start:end]
    for raw, packed in pieces:
        if packed is None:
            end += len(raw)
            continue
        if end > start:
            blocks.append(_run(body, start, end))
        blocks.append(packed)
        start = end = end + len(raw)
    blocks.append(_run(body, start, end, final=True))
    blocks.append(struct.pack("<II", zlib.crc32(body), len(body) & 0xFFFFFFFF))
    return _padded(b"".join(blocks), max_random_bytes)


#: A kept text's chunks: its reference's parts cut every this many characters or so (a position's
#: map: 13 chunks of ~3.5 KB, each ~0.8 KB deflated alone, ~0.6 after the chunk before it).
CHUNK = 3072
#: Made once per worker: the smallest deflated forms, at no cost to a request.
KEPT_LEVEL = 9


class KeptText:
    """A page's text written part by part (a position's map by region, its board by row) that
    mostly repeats a reference text's parts (the standard setup's): the reference's parts cut
    into chunks of about CHUNK characters, each kept deflated twice, alone and after the chunk
    before it (that chunk's text its window), so that a text shares the reference's chunks
    that it repeats and compresses only its own (issue 29: a position changes a few regions of
    105)."""

    def __init__(self, parts: Sequence[str]) -> None:
        self.parts = list(parts)
        self.chunks: list[tuple[int, int, bytes, bytes, bytes]] = []  # start, end, raw, forms
        start, previous = 0, b""
        while start < len(self.parts):
            end, size = start + 1, len(self.parts[start])
            while end < len(self.parts) and size < CHUNK:
                size += len(self.parts[end])
                end += 1
            raw = "".join(self.parts[start:end]).encode()
            alone = deflated(raw, level=KEPT_LEVEL)
            after = deflated(raw, before=previous, level=KEPT_LEVEL) if previous else alone
            self.chunks.append((start, end, raw, alone, after))
            start, previous = end, raw

    def pieces(self, parts: Sequence[str]) -> list[tuple[bytes, bytes | None]]:
        """The text of ``parts`` joined as ``compress_pieces``' pieces: a chunk whose parts are
        the reference's as kept (after the chunk before it when that one is kept too), the
        others as their bytes to compress."""
        if len(parts) != len(self.parts):
            return [("".join(parts).encode(), None)]
        pieces: list[tuple[bytes, bytes | None]] = []
        after = False  # the chunk before is the reference's, kept
        for start, end, raw, alone, kept_after in self.chunks:
            if parts[start:end] == self.parts[start:end]:
                pieces.append((raw, kept_after if after else alone))
                after = True
            else:
                pieces.append(("".join(parts[start:end]).encode(), None))
                after = False
        return pieces

    def joined(self, parts: Sequence[str]) -> KeptJoined:
        """``parts`` joined, safe HTML, with their pieces (``KeptJoined``)."""
        text = KeptJoined("".join(parts))
        text.parts, text.kept = parts, self
        return text


class KeptJoined(SafeString):
    """A text of safe HTML joined from its ``parts``, which a ``KeptText`` (``kept``) gives as
    pieces (``pieces``)."""

    parts: Sequence[str]
    kept: KeptText

    def pieces(self) -> list[tuple[bytes, bytes | None]]:
        return self.kept.pieces(self.parts)


def _run(body: bytes, start: int, end: int, final: bool = False) -> bytes:
    long = end - start >= SHORTEST_WINDOWED
    before = body[max(0, start - RUN_WINDOW) : start] if long else b""
    return deflated(body[start:end], final, before, RUN_LEVEL)


class GZipMiddleware(django_gzip.GZipMiddleware):
    """Django's GZipMiddleware at LEVEL for whole bodies; streamed ones are Django's. A response
    whose ``gzip_pieces`` (``Pieces``) still make up its content is compressed by them."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if (
            response.streaming
            or len(response.content) < SHORTEST
            or response.has_header("Content-Encoding")
        ):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        if not django_gzip.re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            return response
        pieces = getattr(response, "gzip_pieces", None)
        if pieces is not None and b"".join(raw for raw, _ in pieces) == response.content:
            compressed = compress_pieces(response.content, pieces, self.max_random_bytes)
        else:
            compressed = compress(response.content, self.max_random_bytes)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):  # a strong ETag made weak, RFC 9110 8.8.1 (as Django)
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
