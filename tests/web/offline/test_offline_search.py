"""The search the browser answers offline (issue 26): ``static/offline/search.js`` run by node
over the index ``build_offline_search`` writes, on the repository's question benchmark
(``bench/search_questions.txt``), against the server's search on the same questions: at least
90% of its mean reciprocal rank; the inflected forms the rulebooks do not print; and each
section's translated heading and key terms, in the index and in the ranking."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from adjudicator.web.offline.search_export import ADDED, weights, words
from rules_corpus.search.analysis import normalize
from rules_corpus.search.engine import search
from rules_corpus.search.headings import asks_of, key_terms_of, translations_of
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


def test_offline_index_holds_every_sections_translated_heading_and_key_terms(offline_index_dir):
    index = json.loads((offline_index_dir / "offline_search.json").read_text(encoding="utf-8"))
    assert len(index["docs"]) > 300
    for number, doc in enumerate(index["docs"]):
        rulebook, anchor = doc["u"].split("/")[2:4]
        headings = translations_of(rulebook, anchor)
        assert [tuple(pair) for pair in doc["h"]] == list(headings), doc["u"]
        added = (headings, key_terms_of(rulebook, anchor), asks_of(rulebook, anchor))
        for kind, pairs in zip(ADDED, added, strict=True):
            # the two languages its book is not in; its questions in all three
            assert len(pairs) == (3 if kind == "asks" else 2), (kind, doc["u"])
            for language, text in pairs:
                postings = index["postings"][f"{kind}_{language}"]
                for word in words(text):
                    held = postings.get(normalize(word, language), [])[::2]
                    assert number in held, (kind, language, word, doc["u"])


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # English words only a Russian section's English heading holds
        ("settlements and fortifications", "/rules/wotr-rules/poseleniia-i-ukrepleniia/"),
        ("impassable", "/rules/wotr-rules/regiony/"),  # only a Russian section's key term
    ],
)
def test_offline_search_answers_through_translated_headings_and_key_terms(
    offline_index_dir, tmp_path, question, answer
):
    index_file = offline_index_dir / "offline_search.json"
    (ranked,) = offline_ranking(index_file, [question])
    assert ranked[:1] == [answer], ranked[:3]
    # Without those fields' postings the browser does not find it: it answers through them.
    data = json.loads(index_file.read_text(encoding="utf-8"))
    data["postings"] = {
        field: terms
        for field, terms in data["postings"].items()
        if field.split("_")[0] not in ADDED
    }
    bare = tmp_path / "without_added_fields.json"
    bare.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (without,) = offline_ranking(bare, [question])
    assert answer not in without, without


def test_search_js_reads_only_the_weights_the_index_carries():
    """``search.js`` holds no weight of its own: each it reads (``weights.<name>``, and the
    added fields' by name) is one the index writes from the server's constants."""
    script = SEARCH_JS.read_text(encoding="utf-8")
    read = set(re.findall(r"weights\.(\w+)", script))
    added = r'\["\w+_(?:ru|pl|en)", "(\w+)", "(?:ru|pl|en)", (?:true|false)\]'
    read |= set(re.findall(added, script))
    assert read >= {"k1", "title", "translated", "keyterms", "asks", "book"}
    assert read <= set(weights())
    assert not re.search(r"\b\d+\.\d+\b", script.split("function analysisOf")[0])
