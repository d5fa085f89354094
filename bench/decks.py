"""Deck benchmark: parse + validate 1,000 pasted decks of 70 lines, and card list queries.

Runs standalone (``.venv/bin/python bench/decks.py``). Part 1 times the engine alone (the card
index built once, as the site keeps it): 1,000 different 70-line lists in mixed forms
("4x Title, Subtitle", "1R50", "Title x2", comments, headers). Part 2 makes a temporary SQLite
database, imports the cards with the real importer, and times the card list filter query and
the full-text query as the page and ``GET /api/cards/`` run them (count + first page).
Targets: < 2 ms per deck; card list filter and full-text query p95 < 20 ms.
"""

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="bench-decks-"))
os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'db.sqlite3'}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.http import QueryDict  # noqa: E402

from adjudicator.games.tcg.decklist import parse_deck_list  # noqa: E402
from adjudicator.games.tcg.formats import formats  # noqa: E402
from adjudicator.games.tcg.validation import validate_deck  # noqa: E402
from cards_db.filters import CardFilter  # noqa: E402
from cards_db.importer import import_data_files  # noqa: E402
from cards_db.models import Card  # noqa: E402
from tests.games.tcg.sample_decks import card_index, legal_deck  # noqa: E402

DECKS = 1_000
LINES = 70


def seventy_lines(offset: int, rng: random.Random) -> str:
    """A legal deck spread over 70 lines in varied, messy forms."""
    lines = legal_deck(offset % 12).splitlines()
    while len(lines) < LINES:
        splittable = [i for i, line in enumerate(lines) if line[:2] in {"4x", "3x", "2x"}]
        if not splittable:
            lines.append("// filler comment")
            continue
        i = rng.choice(splittable)
        count, rest = int(lines[i][0]), lines[i][3:]
        title, _, collector = rest.rpartition(" (")
        forms = [f"1x {title}", f"{collector.rstrip(')')}", f"{title} x1", f"- 1 {title.lower()}"]
        lines[i : i + 1] = [f"{count - 1}x {rest}", rng.choice(forms)]
    return "\n".join(lines[:LINES])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_decks() -> None:
    rng = random.Random(5)
    index = card_index()
    fmt = formats()["fellowship_block"]
    decks = [seventy_lines(i, rng) for i in range(DECKS)]
    assert all(len(d.splitlines()) == LINES for d in decks)
    times, cpu, valid = [], [], 0
    for text in decks:
        start, start_cpu = time.perf_counter(), time.process_time()
        report = validate_deck(parse_deck_list(text, index), fmt)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        valid += report.valid
    print(f"decks: {DECKS} lists of {LINES} lines, {valid} legal")
    for label, values in (("wall", times), ("cpu", cpu)):
        print(f"  parse + validate ({label}): mean {sum(values) / DECKS * 1000:.3f} ms, "
              f"p95 {percentile(values, 0.95) * 1000:.3f} ms per deck (target < 2 ms)")  # fmt: skip


QUERIES = {
    "filter": [
        "side=shadow&culture=Moria&type=Minion", "keyword=Archer", "twilight_min=2&twilight_max=4",
        "strength_min=8&unique=true", "set=2&race=Dwarf", "site_number=4&type=Site",
        "side=free_peoples&type=Companion&twilight_max=2", "keyword=Damage%2B1&side=shadow",
        "culture=Elven&type=Event", "race=Nazgul&strength_min=9",
    ],
    "full text": [
        "q=lorien", "q=khazad-d%C3%BBm", "q=exert+a+dwarf", "q=ring-bearer", "q=archery+total",
        "q=uruk-hai+damage", "q=heal+companion", "q=twilight+cost", "q=1R50", "q=nazgul+wound",
    ],
}  # fmt: skip


def bench_queries() -> None:
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    import_data_files()
    print(f"import_cards into a fresh SQLite DB: {(time.perf_counter() - start) * 1000:.0f} ms, "
          f"{Card.objects.count()} cards")  # fmt: skip
    for kind, queries in QUERIES.items():
        times, cpu = [], []
        for _ in range(10):
            for query in queries:
                start, start_cpu = time.perf_counter(), time.process_time()
                card_filter = CardFilter(QueryDict(query), queryset=Card.objects.all())
                count = card_filter.qs.count()
                list(card_filter.qs.prefetch_related("keywords")[:20])
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                assert count >= 0
        for label, values in (("wall", times), ("cpu", cpu)):
            print(f"card list {kind} query ({label}, count + first page, {len(values)} runs): "
                  f"p50 {statistics.median(values) * 1000:.2f} ms, "
                  f"p95 {percentile(values, 0.95) * 1000:.2f} ms (target < 20 ms)")  # fmt: skip


if __name__ == "__main__":
    bench_decks()
    bench_queries()
