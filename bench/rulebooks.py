"""Parse the five rulebooks (cold, uncached) and load them into a fresh in-memory database.

Prints: parse time per rulebook and in all, first load (creates every section) and a re-run
(nothing changed) of ``load_rulebooks``.
"""

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")
os.environ["DATABASE_URL"] = "sqlite://:memory:"


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from rules_corpus.parsing import RULEBOOK_SLUGS, parse_rulebook, read_source
    from rules_corpus.parsing import _parse as parse_cached
    from rules_corpus.services import load_rulebooks

    total = 0.0
    for slug in RULEBOOK_SLUGS:
        raw = read_source(slug)
        parse_cached.cache_clear()
        elapsed = timed(lambda slug=slug: parse_rulebook(slug))
        total += elapsed
        print(f"parse {slug:<20} {len(raw) / 1024:6.1f} KiB  {elapsed:6.1f} ms")
    print(f"parse all five (cold)            {total:6.1f} ms")
    call_command("migrate", verbosity=0)
    parse_cached.cache_clear()
    print(f"first load_rulebooks (parse + insert)   {timed(load_rulebooks):6.1f} ms")
    print(f"re-run, nothing changed                 {timed(load_rulebooks):6.1f} ms")


if __name__ == "__main__":
    main()
