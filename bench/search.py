"""Search benchmark: index build time from the database, and query latency (p50/p95).

Runs standalone (``.venv/bin/python bench/search.py``): it makes a temporary SQLite database,
loads the five rulebooks with the real loader, builds the index from the database as
``manage.py build_search_index`` does, then times 60 realistic queries in Russian, Polish and
English (each once as a new query, then once more as a repeated one), in wall-clock time
and in CPU time (the latter unaffected by other processes sharing the machine).
Then it asks the question benchmark (``bench/search_questions.txt``: over 150 questions written
from the rulebooks, each with the sections that answer it) and prints the mean reciprocal rank
of the first answering section and recall@5, overall, per language and per kind. The cards are
in the index too, as on the site, so a card ranked above the answer costs its rank.
Targets: build <= 30 s, p95 <= 20 ms on 2 cores; MRR >= 0.85, English recall@5 >= 0.85.
``--misses`` lists every question whose answer does not come first, with what came instead.
"""

import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="bench-search-"))
os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'db.sqlite3'}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from cards_db.importer import import_data_files  # noqa: E402
from rules_corpus.search.documents import iter_documents  # noqa: E402
from rules_corpus.search.engine import search  # noqa: E402
from rules_corpus.search.index import build_index  # noqa: E402
from rules_corpus.services import load_rulebooks  # noqa: E402

QUERIES = [
    # Russian: questions at the table, inflected forms, rule terms
    "сколько кубиков бросает армия",
    "армиями",
    "осада цитадели",
    "снятие осады",
    "лидер перебрасывает кубики",
    "элитные юниты",
    "охота за кольцом",
    "порча хранителя",
    "назгулы передвижение",
    "карты событий",
    "кубики действий",
    "политическая шкала",
    "отступление армии",
    "подкрепление",
    "победа по очкам",
    "смешанные армии",
    "сражение спутника",
    "фаза тьмы",
    "котел тьмы",
    "предел перемещения",
    "хранитель кольца",
    "бремя стойкость",
    "стрелковые действия",
    "свирепый враг",
    "создание колоды",
    "уникальные карты",
    "штраф за скитание",
    "путь назгулов",
    "гэндальф",
    "роковая гора",
    "осаад",
    "цитадль",
    # Polish
    "ucieczka z niewoli",
    "niewola",
    "oblężenie twierdzy",
    "drużyna pierścienia",
    "punkty cienia",
    "pojedynek",
    "faza ruchu przymierza",
    "powiernik pierścienia",
    "karty zdarzeń",
    "warunki zwycięstwa",
    "odwaga postaci",
    "ruch wojsk",
    "bitwa",
    "nazgule",
    "niewloa",
    "zwycięstwo militarne",
    # English (through the glossary and the English words in the Russian books)
    "siege",
    "sieges",
    "Ring-bearer",
    "hunt for the ring",
    "army leader",
    "stronghold",
    "companion",
    "twilight pool",
    "skirmish",
    "archery",
    "Nazgûl",
    "corruption",
]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


QUESTIONS_FILE = ROOT / "bench" / "search_questions.txt"
HELD_OUT_FILE = ROOT / "bench" / "search_questions_heldout.txt"


class Question(NamedTuple):
    language: str
    kind: str
    text: str
    answers: frozenset[str]  # "rulebook/anchor"


def questions(path: Path = QUESTIONS_FILE) -> list[Question]:
    """The benchmark's questions (``language | kind | question | rulebook/anchor; ...``)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            language, kind, text, answers = (part.strip() for part in line.split("|"))
            found.append(Question(language, kind, text, frozenset(
                a.strip() for a in answers.split(";")
            )))  # fmt: skip
    return found


def section_of(url: str) -> str:
    """``rulebook/anchor`` of a section hit's URL (``/rules/<rulebook>/<anchor>/``)."""
    return "/".join(url.strip("/").split("/")[-2:])


def answer_rank(index_dir: Path, question: Question) -> int | None:
    """Where the first answering section comes (1 = first), in the top 10, or None."""
    hits = search(index_dir, question.text, page_size=10).hits
    return next(
        (rank for rank, hit in enumerate(hits, start=1)
         if hit.doc_type == "section" and section_of(hit.url) in question.answers),
        None,
    )  # fmt: skip


def quality(index_dir: Path, path: Path = QUESTIONS_FILE, misses: bool = False) -> list[str]:
    """MRR and recall@5 of the question benchmark: overall, per language, per kind; with
    ``misses``, every question whose answer is not first, with its rank ("-": not in the top
    10) and the three sections that came first."""
    ranks = [(question, answer_rank(index_dir, question)) for question in questions(path)]
    groups: dict[str, list[int | None]] = defaultdict(list)
    for question, rank in ranks:
        for group in ("all", f"language {question.language}", f"kind {question.kind}"):
            groups[group].append(rank)
    rows = []
    for group, found in groups.items():
        mrr = sum(1 / r for r in found if r) / len(found)
        recall = sum(1 for r in found if r and r <= 5) / len(found)
        rows.append(f"{group:18} {len(found):4d} questions  MRR {mrr:.3f}  recall@5 {recall:.3f}")
    not_top5 = [q.text for q, rank in ranks if not rank or rank > 5]
    rows.append(f"not in the top 5 ({len(not_top5)}): " + "; ".join(not_top5[:40]))
    if misses:
        for question, rank in ranks:
            if rank != 1:
                hits = search(index_dir, question.text, page_size=3).hits
                first = ", ".join(section_of(hit.url) for hit in hits)
                rows.append(f"  {rank or '-':>2} {question.language} {question.text}  [{first}]")
    return rows


def main() -> None:
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    load_rulebooks()
    loaded = time.perf_counter() - started
    import_data_files()

    index_dir = WORK / "index"
    started, started_cpu = time.perf_counter(), time.process_time()
    count = build_index(index_dir, iter_documents())
    built, built_cpu = time.perf_counter() - started, time.process_time() - started_cpu

    search(index_dir, "армия")  # open the index, load the dictionaries
    rounds = {}
    for label in ("first time", "repeated"):
        wall, cpu = [], []
        for query in QUERIES:
            started, started_cpu = time.perf_counter(), time.process_time()
            search(index_dir, query)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
        rounds[f"{label}, wall clock"] = wall
        rounds[f"{label}, CPU time"] = cpu

    print(f"rulebooks loaded into SQLite in {loaded:.2f} s")
    print(
        f"index build: {count} documents in {built:.2f} s, CPU {built_cpu:.2f} s (target <= 30 s)"
    )
    for label, timings in rounds.items():
        p50, p95 = statistics.median(timings), percentile(timings, 0.95)
        print(
            f"latency over {len(timings)} queries ({label}): p50 {p50:.1f} ms, "
            f"p95 {p95:.1f} ms, max {max(timings):.1f} ms (target p95 <= 20 ms)"
        )
    print("question benchmark (targets: MRR >= 0.85, English recall@5 >= 0.85):")
    misses = "--misses" in sys.argv
    for row in quality(index_dir, misses=misses):
        print("  " + row)
    print("held-out questions (never used for tuning):")
    for row in quality(index_dir, HELD_OUT_FILE, misses=misses):
        print("  " + row)


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
