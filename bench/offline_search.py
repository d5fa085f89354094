"""Offline search benchmark (issue 26): the browser's ranking (``static/offline/search.js``,
run by node over the index ``manage.py build_offline_search`` writes) against the server's
on the three question sets, and the size of what the service worker keeps.

Runs standalone (``.venv/bin/python bench/offline_search.py``): a temporary SQLite database
with the five rulebooks and the cards (as ``bench/search.py`` makes it), the server's index,
then the browser's. Target: at least 90% of the server's MRR on ``search_questions.txt``.
"""

import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.search import (
    HELD_OUT_FILE,
    QUESTIONS_FILE,
    ROOT,
    UNSEEN_FILE,
    WORK,
    answer_rank,
    figures,
    questions,
    section_of,
    site_sections,
)

RUNNER = """
const fs = require("fs");
const { Index } = require(process.argv[1]);
const index = new Index(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
const asked = JSON.parse(fs.readFileSync(0, "utf8"));
const urls = q => index.search(q, 10).map(r => index.data.docs[r.doc].u);
process.stdout.write(JSON.stringify(asked.map(urls)));
"""


def offline_sections(index_file: Path, texts: list[str]) -> list[list[str]]:
    done = subprocess.run(
        ["node", "-e", RUNNER, str(ROOT / "static" / "offline" / "search.js"), str(index_file)],
        input=json.dumps(texts), capture_output=True, text=True, check=True,
    )  # fmt: skip
    return [[section_of(url) for url in urls] for urls in json.loads(done.stdout)]


def kb(size: int) -> str:
    return f"{size / 1024:.0f} KB"


def main() -> None:
    # After bench.search, which points Django at a temporary database and sets it up.
    from django.core.management import call_command

    from adjudicator.web.offline import search_export
    from adjudicator.web.offline.books import book_bundle
    from cards_db.importer import import_data_files
    from rules_corpus.models import Rulebook
    from rules_corpus.search.documents import iter_documents
    from rules_corpus.search.index import build_index
    from rules_corpus.services import load_rulebooks

    call_command("migrate", verbosity=0)
    load_rulebooks()
    import_data_files()
    index_dir = WORK / "index"
    build_index(index_dir, iter_documents())
    offline_file = WORK / "offline_search.json"
    search_export.write(offline_file)
    site = site_sections(index_dir)
    for path in (QUESTIONS_FILE, HELD_OUT_FILE, UNSEEN_FILE):
        asked = questions(path)
        browser = offline_sections(offline_file, [q.text for q in asked])
        server = [site(q.text) for q in asked]
        rows = {
            name: figures([answer_rank(r, q) for r, q in zip(ranked, asked, strict=True)])
            for name, ranked in (("server", server), ("browser", browser))
        }
        share = rows["browser"][0] / rows["server"][0]
        print(
            f"{path.name} ({len(asked)} q.): MRR / recall@5 server {rows['server'][0]:.3f} / "
            f"{rows['server'][1]:.3f}, browser {rows['browser'][0]:.3f} / "
            f"{rows['browser'][1]:.3f} ({share:.0%} of the server's MRR; target >= 90%)"
        )
    books = [book_bundle(slug) for slug in Rulebook.objects.values_list("slug", flat=True)]
    index = offline_file.read_bytes()
    scripts = [(ROOT / "static" / "offline" / n).read_bytes() for n in ("offline.js",)]
    print(
        f"kept for offline: rulebooks {kb(sum(map(len, books)))} "
        f"({kb(sum(len(gzip.compress(b)) for b in books))} gzipped), search index "
        f"{kb(len(index))} ({kb(len(gzip.compress(index)))} gzipped); on every page: "
        f"offline.js {kb(sum(len(gzip.compress(s)) for s in scripts))} gzipped"
    )


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
