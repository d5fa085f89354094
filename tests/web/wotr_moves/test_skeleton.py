"""The moves page as a GET opens it, written from its skeleton (``wotr_moves.skeleton``): the same
bytes as its template renders, gzipped or not, for the board map and shared positions in every
language; and ``compression.compress_pieces``: one gzip member of the pieces' bytes."""

import gzip
import json
import random
import re
import zlib

import pytest
from django.shortcuts import render
from django.template import engines
from django.test import Client
from django.utils import translation

from adjudicator import compression
from adjudicator.games.wotr.position import standard_setup
from adjudicator.web import checker_skeleton
from adjudicator.web.skeleton import Skeleton, mark
from adjudicator.web.wotr_moves import board_view, skeleton, views

pytestmark = pytest.mark.django_db

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
LANGUAGES = ("ru", "pl", "en")


def positions(count: int) -> list[dict]:
    """Setups with armies thinned, the Fellowship elsewhere and its progress and corruption
    changed (as the bench's shared positions, and more)."""
    rng = random.Random(29)
    found = []
    for _ in range(count):
        data = json.loads(json.dumps(standard_setup().to_dict()))
        for region in rng.sample(sorted(data["armies"]), 5):
            for units in data["armies"][region].values():
                if units.get("regular", 0) > 1:
                    units["regular"] = rng.randint(1, units["regular"])
        data["fellowship"].update(
            region=rng.choice(["rivendell", "lorien", "moria", "rivendell"]),
            progress=rng.randint(0, 5), corruption=rng.randint(0, 11),
        )  # fmt: skip
        found.append(data)
    return found


def store(client: Client, position: dict) -> str:
    answer = client.post("/api/wotr/moves/positions/", {"position": position}, "application/json")
    assert answer.status_code in (200, 201), answer.content
    return answer.json()["key"]


def pages(client: Client, paths: list[str], language: str) -> list[tuple[int, bytes, bytes]]:
    """Each page plain and gzipped (decoded), and the page's one CSRF token."""
    found = []
    for path in paths:
        plain = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        zipped = client.get(path, HTTP_ACCEPT_LANGUAGE=language, HTTP_ACCEPT_ENCODING="gzip")
        assert zipped["Content-Encoding"] == "gzip"
        tokens = set(TOKEN.findall(plain.content))
        assert len(tokens) == 1 and len(TOKEN.findall(plain.content)) == 2
        found.append((
            plain.status_code, TOKEN.sub(b"", plain.content),
            TOKEN.sub(b"", gzip.decompress(zipped.content)),
        ))  # fmt: skip
    return found


def test_the_skeletons_pages_are_the_templates(monkeypatch):
    client = Client()
    keys = [store(client, data) for data in positions(12)]
    paths = ["/wotr/moves/", "/wotr/moves/?x=%22%3E%3Ci%3E&q=", f"/wotr/moves/?position={keys[0]}"]
    paths += [f"/wotr/moves/?position={key}&next=%3Cb%3E%26amp" for key in keys[1:3]]
    paths += [f"/wotr/moves/?position={key}" for key in keys[3:]]
    for language in LANGUAGES:
        skeleton._forget()
        written = pages(client, paths, language)
        assert written == pages(client, paths, language)  # once the skeletons are kept
        assert all(plain == zipped for _, plain, zipped in written)
        monkeypatch.setattr(
            skeleton, "respond",
            lambda request, context, _kind: render(request, skeleton.TEMPLATE, context),
        )  # fmt: skip
        assert pages(client, paths, language) == written, language
        monkeypatch.undo()
    assert sum(1 for key in skeleton._skeletons if key[3] == skeleton.MAP) == 1


def test_a_page_with_a_form_or_a_problem_is_the_templates():
    """Only a plain GET is written from a skeleton: a replayed move, an unknown link and a
    POST are rendered."""
    client = Client()
    skeleton._forget()
    assert client.get("/wotr/moves/?position=aaaaaaaaaaaa").status_code == 400
    assert client.get("/wotr/moves/?q=aaaaaaaaaaaa").status_code == 400
    assert client.post("/wotr/moves/", {"action": "setup"}).status_code == 200
    assert not skeleton._skeletons


@pytest.mark.parametrize(
    ("made", "path"), [(skeleton, "/wotr/moves/"), (checker_skeleton, "/wotr/battle/")]
)
def test_a_template_reading_more_of_the_request_stops_the_skeleton(monkeypatch, made, path):
    """The skeleton's request gives its markers only (the moves page's, and a checker page's
    outside its slots): a template that comes to read another of the request's values (the
    user, say) fails the page's making instead of writing "" into every page."""
    reading = engines["django"].from_string("{{ request.get_full_path }} {{ request.user }}")
    monkeypatch.setattr(made, "get_template", lambda _name: reading)
    made._forget()
    with pytest.raises(RuntimeError, match=r"request\.user"):
        Client(raise_request_exception=True).get(path)


@pytest.mark.parametrize("padding", [0, 100])
def test_pieces_compress_to_their_joined_bytes(padding):
    rng = random.Random(padding)
    text = "".join(rng.choice(["Гондор ", "<g class='region'>", "1·2·0 ", "💍", "\n"])
                   for _ in range(20_000)).encode()  # fmt: skip
    for _ in range(50):
        cuts = sorted(rng.sample(range(len(text)), rng.randint(0, 9)))
        parts = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)] + [b""]
        pieces = [(p, compression.deflated(p) if rng.random() < 0.5 else None) for p in parts]
        packed = compression.compress_pieces(text, pieces, padding)
        assert gzip.decompress(packed) == text
        assert len(packed) < len(text) // 3


def test_the_etag_is_one_for_the_same_bytes(monkeypatch):
    """The skeleton's ETag stands for the body as ConditionalGetMiddleware's MD5 of it would:
    the same page twice (its CSRF token held) has one, another position's or token's another,
    and it answers If-None-Match with a 304."""
    client = Client()
    first, second = (store(client, data) for data in positions(2))
    monkeypatch.setattr("adjudicator.web.skeleton.get_token", lambda _request: "a" * 64)
    tags = {}
    for path in (
        "/wotr/moves/",
        f"/wotr/moves/?position={first}",
        f"/wotr/moves/?position={second}",
    ):
        answers = [client.get(path) for _ in range(2)]
        assert answers[0].content == answers[1].content
        assert answers[0]["ETag"] == answers[1]["ETag"]
        tags[path] = answers[0]["ETag"]
        assert client.get(path, HTTP_IF_NONE_MATCH=tags[path]).status_code == 304
    assert len(set(tags.values())) == 3
    monkeypatch.setattr("adjudicator.web.skeleton.get_token", lambda _request: "b" * 64)
    assert client.get("/wotr/moves/")["ETag"] != tags["/wotr/moves/"]


def test_a_requests_own_text_is_deflated_at_the_run_level():
    """The text between kept pieces (a position's board, map and JSON) is deflated at
    RUN_LEVEL, quicker than LEVEL, against the RUN_WINDOW bytes before it; the kept pieces stay
    LEVEL's."""
    rng = random.Random(2)
    text = "".join(rng.choice(["Гондор ", "<g class='region'>", "1·2·0 ", "\n"])
                   for _ in range(20_000)).encode()  # fmt: skip
    head, run = text[:30_000], text[30_000:]
    kept = compression.deflated(head)
    packed = compression.compress_pieces(text, [(head, kept), (run, None)], 0)
    at_run_level = zlib.compressobj(compression.RUN_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS,
                                    zdict=head[-compression.RUN_WINDOW :])  # fmt: skip
    own = at_run_level.compress(run) + at_run_level.flush(zlib.Z_FINISH)
    assert compression.RUN_LEVEL < compression.LEVEL
    assert packed[10:-8] == kept + own
    assert gzip.decompress(packed) == text


def test_a_kept_text_shares_the_chunks_it_repeats():
    """``KeptText``: a text that repeats its reference's parts but a few is given the
    reference's chunks kept deflated (after the chunk before it only when that one is kept
    too: its window) and compresses only the chunks that differ; any such text gzips to its
    bytes."""
    rng = random.Random(3)
    words = ["<g class='region'>", "Гондор", "1·2·0", "💍", "\n", "<text x='12'>"]
    reference = ["".join(rng.choices(words, k=rng.randint(20, 200))) for _ in range(105)]
    kept = compression.KeptText(reference)
    assert len(kept.chunks) > 5
    assert all(packed is not None for _, packed in kept.pieces(list(reference)))
    for _ in range(60):
        parts = list(reference)
        for i in rng.sample(range(len(parts)), rng.randint(0, 4)):
            parts[i] = rng.choice([parts[i] + "x", "", "<b>"])
        pieces = kept.pieces(parts)
        text = "".join(parts).encode()
        assert b"".join(raw for raw, _ in pieces) == text
        assert gzip.decompress(compression.compress_pieces(text, pieces, 0)) == text
        repeated = [parts[a:b] == reference[a:b] for a, b, *_ in kept.chunks]
        assert [packed is not None for _, packed in pieces] == repeated
        for (_, packed), (*_, alone, after), before in zip(
            pieces, kept.chunks, [False, *repeated], strict=False
        ):
            assert packed in (None, after if before else alone)
    assert kept.pieces([*reference, "more"]) == [("".join(reference).encode() + b"more", None)]


def test_a_positions_board_and_map_share_the_setups_chunks():
    """A shared position's page gives the gzip middleware the standard setup's board and map
    chunks kept deflated where the position shows them alike, and its own text for the
    others."""
    client = Client()
    key = store(client, positions(1)[0])
    answer = client.get(f"/wotr/moves/?position={key}", HTTP_ACCEPT_LANGUAGE="pl")
    kept = {raw for raw, packed in answer.gzip_pieces if packed is not None}
    with translation.override("pl"):
        board = [raw for _, _, raw, *_ in board_view.setup_table().chunks]
        regions = [raw for _, _, raw, *_ in views._kept_setup_regions().chunks]
    for chunks in (board, regions):
        assert 0 < len(kept.intersection(chunks)) < len(chunks)


def test_a_kept_texts_etag_is_one_for_the_same_bytes():
    """A value given as ``KeptText`` pieces is digested by its kept chunks' deflated forms:
    still one ETag for one text and another for any other (a part changed, moved to another
    chunk, or a chunk's text given whole)."""
    rng = random.Random(5)
    reference = ["".join(rng.choices(["<g>", "Рохан", "1r 2e", "\n"], k=300)) for _ in range(40)]
    kept = compression.KeptText(reference)
    page = Skeleton(f"<p>{mark('board')}</p>")
    texts = [list(reference), [*reference[:-1], reference[-1] + "x"], ["".join(reference)]]
    for _ in range(30):
        parts = list(reference)
        for i in rng.sample(range(len(parts)), 2):
            parts[i] = rng.choice(["", "<b>", parts[i][::-1]])
        texts.append(parts)
    tags = {}
    for parts in texts:
        _, tag = page.write({"board": kept.pieces(parts)})
        assert page.write({"board": kept.pieces(list(parts))})[1] == tag
        tags.setdefault(tag, set()).add("".join(parts))
    assert all(len(found) == 1 for found in tags.values())
    assert len(tags) > 25
