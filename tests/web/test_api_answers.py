"""The API's battle, hunt and legal-destination answers against a stored table of their digests
(issue 29: the path around the engines made faster must not change one byte of an answer).

``api_answers.json`` holds, for the load benchmark's kind of questions (``bench/load.py``: its
battles, hunts and thinned setups, and a few with ``?exact=all``), the SHA-256 of each answer's
JSON in English, as the API gave it before the speed work. Regenerate only on purpose (an
answer meant to change): ``.venv/bin/python -m tests.web.test_api_answers``. The plain
request's short path through DRF (``adjudicator.api.AnswerView``, ``answered``) is held to DRF's
own negotiation and Response, with the answer cache off and on.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from decimal import Decimal
from itertools import islice
from pathlib import Path

import pytest
from django.core.cache import cache, caches
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator import api
from bench.load import battles, hunts, moves

TABLE = Path(__file__).with_name("api_answers.json")
EACH = 16


def questions() -> list[tuple[str, str]]:
    """(path, body): each kind's questions, then battles and hunts asking every fraction."""
    rng = random.Random(29)
    asked = [(p, b) for kind in (battles, hunts, moves) for _m, p, b in islice(kind(rng), EACH)]
    for kind in (battles, hunts):
        asked += [(f"{p}?exact=all", b) for _m, p, b in islice(kind(random.Random(3)), 4)]
    return asked


def digests(client) -> list[list[str | int]]:
    """Each question's path, status and answer's digest."""
    rows = []
    for path, body in questions():
        answer = client.post(path, body, content_type="application/json",
                             HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
        rows.append([path, answer.status_code, hashlib.sha256(answer.content).hexdigest()])
    return rows


def test_answers_are_the_stored_ones(client, settings):
    settings.API_ANSWER_CACHE_SECONDS = 0
    stored = json.loads(TABLE.read_text(encoding="utf-8"))
    assert len(stored) == 3 * EACH + 8
    assert digests(client) == stored


def answers(client, asked: list[tuple[str, str]], counted: bool = True, **headers: str) -> list:
    """Each question's status, body and headers (but, where ``counted`` goes on between runs,
    the client's count of requests)."""
    left = {"RateLimit-Remaining", "RateLimit-Reset"} if counted else set()
    rows = []
    for path, body in asked:
        answer = client.post(path, body, content_type="application/json", **headers)
        kept = [(k, v) for k, v in answer.headers.items() if k not in left]
        rows.append((answer.status_code, answer.content, kept))
    return rows


@pytest.mark.parametrize("cached", [0, 600])
@pytest.mark.parametrize(
    "accept", [{}, {"HTTP_ACCEPT": "*/*"}, {"HTTP_ACCEPT": "application/json; indent=2"}]
)
def test_answers_are_drf_s_own(client, settings, monkeypatch, cached, accept):
    """A plain request's answer (JSON given without DRF's negotiation, rendered straight into
    the response, kept in the answer cache as its bytes: issue 29) is the one DRF's own
    negotiation and Response give, asked once or twice (a cache hit), errors included."""
    settings.API_ANSWER_CACHE_SECONDS = cached
    asked = [*questions()[::5], ("/api/wotr/battle/", "{}"), ("/api/wotr/hunt/", "[1]")]
    headers = {"HTTP_ACCEPT_LANGUAGE": "ru", **accept}
    caches["answers"].clear()
    fast = answers(client, asked * 2, **headers)
    monkeypatch.setattr(api, "answered", lambda request, answer, pure=False: Response(
        api.cached_answer(request, answer) if pure else answer()))  # fmt: skip
    monkeypatch.setattr(api.AnswerView, "perform_content_negotiation",
                        APIView.perform_content_negotiation)  # fmt: skip
    monkeypatch.setattr(api, "_plain_post", lambda view, request, kwargs: False)
    caches["answers"].clear()
    assert answers(client, asked * 2, **headers) == fast


def test_only_the_plain_media_type_s_answer_is_kept(client, settings, monkeypatch):
    """An answer asked with a media type's parameter (``indent``: about five times the bytes)
    is not kept in the answer cache, which counts entries, not bytes; the plain one is."""
    settings.API_ANSWER_CACHE_SECONDS = 600
    path, body = questions()[0]
    kept = []
    monkeypatch.setattr(caches["answers"], "set", lambda key, value, seconds: kept.append(value))
    indented = "application/json; indent=8"
    client.post(path, body, content_type="application/json", HTTP_ACCEPT=indented)
    assert not kept
    client.post(path, body, content_type="application/json")
    assert len(kept) == 1


def test_an_answer_checks_its_host_once(rf, settings, monkeypatch):
    """The answer cache's key and the answer's citations share the request's origin (issue 29):
    its host is checked against ALLOWED_HOSTS once between them, not once each."""
    from django.http import HttpRequest

    from adjudicator.citations import citations_payload
    from adjudicator.games.common import Citation

    settings.API_ANSWER_CACHE_SECONDS = 600
    caches["answers"].clear()
    checked = []
    get_host = HttpRequest.get_host
    monkeypatch.setattr(HttpRequest, "get_host", lambda r: checked.append(1) or get_host(r))
    request = rf.post("/api/wotr/battle/", "{}", content_type="application/json")
    cited = [Citation("wotr", "combat", "Combat")]
    answer = api.cached_answer(request, lambda: citations_payload(cited, request))
    assert answer[0]["url"].startswith("http://testserver/")
    assert len(checked) == 1


def test_the_answer_cache_keeps_each_origin_s_answer(client, settings):
    """The same question asked through another scheme or host is answered with its own
    citations' URLs, not with the answer kept for the first."""
    settings.API_ANSWER_CACHE_SECONDS = 600
    settings.ALLOWED_HOSTS = ["testserver", "other.example"]
    caches["answers"].clear()
    path, body = questions()[0]
    origins = {}
    for host, secure in [("testserver", False), ("testserver", True), ("other.example", False)]:
        for _twice in range(2):
            answer = client.post(path, body, content_type="application/json",
                                 HTTP_HOST=host, secure=secure).json()  # fmt: skip
            urls = {citation["url"].split("/rules/")[0] for citation in answer["citations"]}
            origins.setdefault((host, secure), set()).update(urls)
    assert origins == {
        ("testserver", False): {"http://testserver"},
        ("testserver", True): {"https://testserver"},
        ("other.example", False): {"http://other.example"},
    }


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text()
    | st.sampled_from(["\u2028", "a\u2029b", "ż\x00\"\\", Decimal("1.5")]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)  # fmt: skip


@given(JSON_VALUES)
def test_json_bytes_are_drf_s_render(data):
    """A plain answer's bytes (``json_bytes``: issue 29) are DRF's JSON renderer's, or its
    error (NaN), for JSON's types and for what only DRF's encoder writes (a Decimal)."""
    renderer = JSONRenderer()
    try:
        expected = renderer.render(data, "application/json")
    except ValueError as error:
        with pytest.raises(ValueError, match=str(error)):
            api.json_bytes(data, renderer)
        return
    assert api.json_bytes(data, renderer) == expected


def test_the_plain_encoder_does_not_look_for_cycles():
    """The plain answers' encoder keeps no container ids (issue 29: answers are trees)."""
    assert api._PLAIN_ENCODER.check_circular is False


def test_a_plain_answer_is_written_without_drf_s_render(client, settings, monkeypatch):
    """A plain answer's JSON is written by ``json_bytes``; an indented one by DRF's renderer."""
    settings.API_ANSWER_CACHE_SECONDS = 0
    rendered = []
    render = JSONRenderer.render
    monkeypatch.setattr(JSONRenderer, "render", lambda *a: rendered.append(1) or render(*a))
    path, body = questions()[0]
    assert client.post(path, body, content_type="application/json").status_code == 200
    assert not rendered
    indented = "application/json; indent=2"
    client.post(path, body, content_type="application/json", HTTP_ACCEPT=indented)
    assert rendered


#: Bodies DRF's dispatch answers with an error: not JSON, not an object, too deep, a lone
#: surrogate, unknown and wrong fields, an engine's refusal.
BAD_BODIES = [
    ("/api/wotr/battle/", "{"), ("/api/wotr/battle/", "[]"), ("/api/wotr/hunt/", "null"),
    ("/api/wotr/hunt/", "[" * 40 + "]" * 40), ("/api/wotr/battle/", '{"a": "\\ud800"}'),
    ("/api/wotr/hunt/", '{"hunt_dice": 9, "zzz": 1}'), ("/api/wotr/moves/legal/", "{}"),
    ("/api/wotr/moves/legal/", '{"position": "setup", "piece": {"kind": "army", "from": "x"}}'),
]  # fmt: skip


@pytest.mark.parametrize("rate", [None, "5/day"])
def test_the_plain_dispatch_is_drf_s(client, settings, monkeypatch, rate):
    """A plain POST's dispatch without DRF's per-request set-up (issue 29) gives what DRF's own
    gives: the same status, headers and bytes for answers and errors, in three languages, and
    the same count of the client's requests (the settings' rate, and a rate of 5: its 429s; the
    time of the window fixed)."""
    from adjudicator import throttling

    settings.API_ANSWER_CACHE_SECONDS = 0
    if rate:
        rates = {**throttling.ClientRateThrottle.THROTTLE_RATES, "anon": rate}
        monkeypatch.setattr(throttling.ClientRateThrottle, "THROTTLE_RATES", rates)
    fixed = {"time": staticmethod(lambda: 1e6), "thread_time": staticmethod(time.thread_time)}
    clock = type("Clock", (), fixed)
    monkeypatch.setattr(throttling, "time", clock)
    pairs = zip(questions()[::7], BAD_BODIES, strict=True)  # errors among the first five
    asked = [question for pair in pairs for question in pair]
    plain = []
    dispatch = api.AnswerView._plain_dispatch
    monkeypatch.setattr(api.AnswerView, "_plain_dispatch",
                        lambda view, *a: plain.append(1) or dispatch(view, *a))  # fmt: skip
    runs = []
    for language in ("ru", "pl", "en"):
        cache.clear()
        runs.append(answers(client, asked, HTTP_ACCEPT_LANGUAGE=language, counted=False))
    queried = sum("?" in path for path, _ in asked)  # ?exact=all: DRF's dispatch
    assert queried and len(plain) == 3 * (len(asked) - queried)
    monkeypatch.setattr(api, "_plain_post", lambda view, request, kwargs: False)
    for language, fast in zip(("ru", "pl", "en"), runs, strict=True):
        cache.clear()
        assert answers(client, asked, HTTP_ACCEPT_LANGUAGE=language, counted=False) == fast
    assert len(plain) == 3 * (len(asked) - queried)
    statuses = {status for run in runs for status, _, _ in run}
    assert statuses == ({200, 400} if rate is None else {200, 400, 429})


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    rows = ",\n".join(json.dumps(row) for row in digests(Client()))
    TABLE.write_text(f"[\n{rows}\n]\n", encoding="utf-8")
