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
from itertools import islice
from pathlib import Path

import pytest
from django.core.cache import caches
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


def answers(client, asked: list[tuple[str, str]], **headers: str) -> list[tuple]:
    """Each question's status, body and headers (but the client's count of requests, which
    goes on)."""
    counted = {"RateLimit-Remaining", "RateLimit-Reset"}
    rows = []
    for path, body in asked:
        answer = client.post(path, body, content_type="application/json", **headers)
        kept = [(k, v) for k, v in answer.headers.items() if k not in counted]
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
    caches["answers"].clear()
    assert answers(client, asked * 2, **headers) == fast


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    rows = ",\n".join(json.dumps(row) for row in digests(Client()))
    TABLE.write_text(f"[\n{rows}\n]\n", encoding="utf-8")
