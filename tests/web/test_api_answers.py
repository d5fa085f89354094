"""The API's battle, hunt and legal-destination answers against a stored table of their digests
(issue 29: the path around the engines made faster must not change one byte of an answer).

``api_answers.json`` holds, for the load benchmark's kind of questions (``bench/load.py``: its
battles, hunts and thinned setups, and a few with ``?exact=all``), the SHA-256 of each answer's
JSON in English, as the API gave it before the speed work. Regenerate only on purpose (an
answer meant to change): ``.venv/bin/python -m tests.web.test_api_answers``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from itertools import islice
from pathlib import Path

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


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    rows = ",\n".join(json.dumps(row) for row in digests(Client()))
    TABLE.write_text(f"[\n{rows}\n]\n", encoding="utf-8")
