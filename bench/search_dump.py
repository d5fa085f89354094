"""Every search answer, written out to compare two versions of the code (issue 29, speed).

``.venv/bin/python bench/search_dump.py OUT.txt`` asks ``var/search_index`` every question of
the question sets (``bench/search_questions*.txt``), ``bench/search.py``'s 60 queries, 300
questions with a word of another added (as ``bench/load.py`` asks them), and some with a game,
language, type or page, then writes for each: the whole ranking (every hit's score as
``repr``, to the bit), the count, pages and suggestion, every field of the page's hits, and the
API's JSON (``GET /api/search/`` through Django's test client, the answer cache off) and
``/search/`` page's HTML for a sample. A speed-up must leave ``diff before.txt after.txt``
empty.
"""

import json
import os
import random
import re
import shutil
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="search-dump-"))
shutil.copy(ROOT / "var" / "db.sqlite3", WORK / "db.sqlite3")
os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'db.sqlite3'}"
os.environ["API_ANSWER_CACHE_SECONDS"] = "0"
# one client asks thousands of questions: the per-client limits would answer 429 past 1,200/min
os.environ["API_THROTTLE_RATE"] = os.environ["CPU_THROTTLE_RATE"] = "1000000/min"
os.environ.setdefault("SEARCH_INDEX_DIR", str(ROOT / "var" / "search_index"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402

from bench.search import QUERIES  # noqa: E402
from rules_corpus.search import engine  # noqa: E402

FILTERS = ({"game": "wotr"}, {"lang": "pl"}, {"type": "section"}, {"page": 2}, {"type": "card"})


def questions() -> list[str]:
    """Every question of every question set, in file order, each once."""
    found: dict[str, None] = {}
    for path in sorted((ROOT / "bench").glob("search_questions*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                found[line.split("|")[2].strip()] = None
    return list(found)


def asked() -> list[tuple[str, dict]]:
    """The queries and their parameters."""
    texts = questions()
    rng = random.Random(29)
    vocabulary = sorted({word for text in texts for word in text.split()})
    mixed = [f"{rng.choice(texts)} {rng.choice(vocabulary)}" for _ in range(300)]
    plain = [(text, {}) for text in dict.fromkeys(texts + QUERIES + mixed)]
    filtered = [(text, extra) for text in texts[::7] for extra in FILTERS]
    return plain + filtered


def main() -> None:
    rankings: list[list[tuple[float, int]]] = []
    ordered = engine._ordered

    def recording(*args, **kwargs):
        found = ordered(*args, **kwargs)
        rankings.append(found)
        return found

    engine._ordered = recording
    client = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HOST="localhost")
    out = []
    for number, (text, extra) in enumerate(asked()):
        params = {"q": text, **extra}
        rankings.clear()
        names = {"game": "game", "lang": "language", "type": "doc_type", "page": "page"}
        try:
            page = engine.search(
                settings.SEARCH_INDEX_DIR, text, **{names[k]: v for k, v in extra.items()}
            )
            result = {
                "ranking": [f"{score!r}:{doc}" for score, doc in rankings[0]],
                "count": page.count,
                "num_pages": page.num_pages,
                "suggestion": page.suggestion,
                "hits": [asdict(hit) for hit in page.hits],
            }
        except engine.PageOutOfRange as error:
            result = {"out_of_range": [error.page, error.num_pages]}
        response = client.get("/api/search/?" + urlencode(params))
        result["api"] = [response.status_code, json.loads(response.content)]
        if number % 5 == 0:
            html = client.get("/search/?" + urlencode(params)).content.decode()
            result["page"] = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
        out.append(json.dumps({"q": params, **result}, ensure_ascii=False, sort_keys=True))
    Path(sys.argv[1]).write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{len(out)} answers written to {sys.argv[1]}")


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
