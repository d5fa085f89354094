"""The search the browser answers offline (issue 26): ``static/offline/search.js`` run by node
over the index ``build_offline_search`` writes, on the repository's question benchmark
(``bench/search_questions.txt``), against the server's search on the same questions: at least
90% of its mean reciprocal rank; and the inflected forms the rulebooks do not print."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from rules_corpus.search.engine import search
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
SEARCH_JS = Path(settings.BASE_DIR) / "static" / "offline" / "search.js"
QUESTIONS = Path(settings.BASE_DIR) / "bench" / "search_questions.txt"
RUNNER = """
const fs = require("fs");
const { Index } = require(process.argv[1]);
const index = new Index(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
const asked = JSON.parse(fs.readFileSync(0, "utf8"));
const urls = q => index.search(q, 10).map(r => index.data.docs[r.doc].u);
process.stdout.write(JSON.stringify(asked.map(urls)));
"""


def benchmark() -> list[tuple[str, set[str]]]:
    """Each question of the benchmark with the section paths that answer it."""
    lines = QUESTIONS.read_text(encoding="utf-8").splitlines()
    rows = [line.split("|") for line in lines if line.strip() and not line.startswith("#")]
    return [
        (text.strip(), {f"/rules/{a.strip()}/" for a in answers.split(";")})
        for _, _, text, answers in rows
    ]


def mrr(rankings: list[list[str | None]], asked: list[tuple[str, set[str]]]) -> float:
    """Mean reciprocal rank of the first answering section in each top 10."""
    ranks = [
        next((1 / n for n, url in enumerate(urls, 1) if url in answers), 0)
        for urls, (_, answers) in zip(rankings, asked, strict=True)
    ]
    return sum(ranks) / len(ranks)


def offline_ranking(index_file: Path, texts: list[str]) -> list[list[str]]:
    """The top 10 section URLs of each question, as the browser ranks them."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: `make test` installs it for the API clients")
    done = subprocess.run(
        [node, "-e", RUNNER, str(SEARCH_JS), str(index_file)],
        input=json.dumps(texts), capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_offline_search_reaches_90_percent_of_the_servers_mrr(offline_index_dir, corpus_index_dir):
    asked = benchmark()
    offline = offline_ranking(
        offline_index_dir / "offline_search.json", [text for text, _ in asked]
    )
    server = [
        [
            hit.url if hit.doc_type == "section" else None
            for hit in search(corpus_index_dir, text, page_size=10).hits
        ]
        for text, _ in asked
    ]
    assert mrr(offline, asked) >= 0.9 * mrr(server, asked), (
        mrr(offline, asked),
        mrr(server, asked),
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("армиями", "/rules/wotr-rules/armii/"),  # a form the rulebooks do not print
        ("oblezenie twierdzy", "/rules/wojna-o-pierscien/twierdze/"),  # Polish without its letters
        ("okhota za koltsom", "/rules/wotr-rules/okhota-za-koltsom/"),  # Russian in Latin letters
        ("siege", "/rules/wotr-rules/vedenie-osady/"),  # English through the glossary
    ],
)
def test_offline_search_reads_what_the_rulebooks_do_not_print(offline_index_dir, question, answer):
    (ranked,) = offline_ranking(offline_index_dir / "offline_search.json", [question])
    assert answer in ranked[:5], ranked[:5]
