"""A worker's memory with every table it keeps filled to its bound (docs/deploy.md, the memory
limit ``WORKER_MEMORY_MB``): does the sum stay well within the limit?

In one process, as a gunicorn worker starts (``adjudicator.wsgi``: the site warmed, the search
index and its tables read), over a copy of var/db.sqlite3:

1. the worker's data segment and resident memory (``VmData``, ``VmRSS``);
2. realistic traffic through the site in the three languages (``bench/load.py``'s questions:
   battles, hunts, legal destinations, searches, decks, their pages, the card list, stored
   positions' moves pages and the map), traced by ``tracemalloc``;
3. each table kept per worker topped up to its bound with copies of its own entries under new
   keys (form fields, board rows, map regions, the moves, checker and card list pages'
   skeletons, plain figures, the search's frequencies, looked-up words, clauses and query
   vectors, the answer and fragment caches), then measured again;
4. every ``lru_cache`` of the project (and ``per_language``'s): its bytes an entry, measured by
   clearing it (what its traced entries held), times the entries it may still take, added to
   the figure of 3; and the battle's end tables at MAX_KEPT_STATES.

Usage: ``.venv/bin/python bench/worker_memory.py [REQUESTS]`` (600 by default: 4 minutes at load 12;
run by ``make bench``).
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import itertools
import os
import random
import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def status() -> tuple[float, float]:
    """This process's ``VmData`` and ``VmRSS``, in MiB."""
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines())
    return tuple(int(fields[name].split()[0]) / 1024 for name in ("VmData", "VmRSS"))


def traced() -> float:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] / MB


#: The site as a worker runs it, without the per-client limits (every request here is one
#: client's) and the CPU budget (tracemalloc slows the heavy questions past it).
ENVIRONMENT = {
    "DJANGO_SETTINGS_MODULE": "adjudicator.settings", "DJANGO_DEBUG": "0",
    "DJANGO_ALLOWED_HOSTS": "testserver", "REQUEST_CPU_SECONDS": "0",
    "API_THROTTLE_RATE": "1000000/min", "API_SAVE_THROTTLE_RATE": "1000000/hour",
    "CPU_THROTTLE_RATE": "1000000/min",
}  # fmt: skip


def setup_environment(workdir: Path) -> None:
    shutil.copy(ROOT / "var" / "db.sqlite3", workdir / "db.sqlite3")
    os.environ.update(ENVIRONMENT, DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}")
    sys.path.insert(0, str(ROOT))


def traffic(count: int) -> dict[str, int]:
    """``count`` requests of bench/load.py's cases, in turn, languages in turn; non-2xx counted."""
    from django.test import Client

    from bench import load

    rng = random.Random(7)
    cases = {name: generate(rng) for name, (generate, _how) in load.CASES.items()
             if name not in ("bare", "page moves")}  # fmt: skip
    cases["search typos"] = typos(rng, load.words())
    positions = load.thinned_setups(rng)
    clients = [Client(HTTP_ACCEPT_LANGUAGE=lang, HTTP_ACCEPT_ENCODING="gzip")
               for lang in ("ru", "pl", "en")]  # fmt: skip
    failed: dict[str, int] = {}
    for i, (_what, path, body) in enumerate(heavy_questions()):
        answer = clients[i % 3].post(path, body, content_type="application/json")
        if answer.status_code >= 300:
            failed["heavy"] = failed.get("heavy", 0) + 1
    names = itertools.cycle([*cases, "page moves"])
    for i in range(count):
        client, name = clients[i % 3], next(names)
        if name == "page moves":  # a position stored, its page opened (load.position_pages)
            position, _piece = next(positions)
            stored = client.post("/api/wotr/moves/positions/", {"position": position},
                                 content_type="application/json")  # fmt: skip
            answer = client.get(f"/wotr/moves/?position={stored.json()['key']}")
        else:
            method, path, body = next(cases[name])
            if method == "GET":
                answer = client.get(path)
            else:
                answer = client.post(path, body, content_type="application/json")
        if answer.status_code >= 300:
            failed[name] = failed.get(name, 0) + 1
    return failed


def heavy_questions() -> list[tuple[str, str, dict]]:
    """bench/heavy.py's questions, and whole journeys of six other chances of a mark: the
    Journey to Mordor's kept solvers and journeys."""
    from bench import heavy

    journey = next(body for _what, path, body in heavy.QUESTIONS if "rolled" in body)
    more = [("journey", "/api/mordor/odds/", {**journey, "other_mark_chance": f"{k}/97"})
            for k in range(1, 7)]  # fmt: skip
    faces = ["ring", "orc", "warrior", "nazgul", "gandalf"]
    setups = [("turn, other faces", "/api/mordor/odds/",
               {"position": 2, "player_color": "red", "setup": {"colored_die": faces[k:]}})
              for k in range(4)]  # fmt: skip
    return [*heavy.QUESTIONS, *more, *setups]


def typos(rng: random.Random, questions: list[str]) -> Any:
    """Questions with a misspelt word (two letters swapped): the spelling corrections."""
    from urllib.parse import quote

    vocabulary = sorted({w for q in questions for w in q.split() if len(w) > 3})
    while True:
        word = list(rng.choice(vocabulary))
        i = rng.randrange(len(word) - 1)
        word[i], word[i + 1] = word[i + 1], word[i]
        yield "GET", f"/api/search/?q={quote(rng.choice(questions) + ' ' + ''.join(word))}", None


def fresh(value: Any) -> Any:
    """A copy of ``value`` of its own (a string or bytes equal to it, not the same object)."""
    if isinstance(value, bytes):
        return bytes(bytearray(value))
    if isinstance(value, str):
        return type(value)(value.encode().decode())
    return copy.deepcopy(value)


def top_up(table: dict, bound: int, key_of: Any = None, copied: Any = fresh) -> tuple[int, int]:
    """``table`` filled to ``bound`` entries with copies of its own (``copied``) under new keys."""
    before = len(table)
    entries = list(table.items())
    for i in range(bound - before):
        key, value = entries[i % len(entries)]
        table[(key, "copy", i) if key_of is None else key_of(key, i)] = copied(value)
    return before, len(table)


def fresh_skeleton(skeleton: Any) -> Any:
    """A copy of a page's skeleton with text of its own (``copy.deepcopy`` shares bytes)."""
    copied = copy.copy(skeleton)
    copied.fixed = [(fresh(raw), packed and fresh(packed)) for raw, packed in skeleton.fixed]
    copied.kept = {key: fresh(value) for key, value in skeleton.kept.items()}
    return copied


def top_up_skeletons(report: Any, name: str, table: dict, bound: int, skeleton_of: Any,
                     copied: Any = fresh_skeleton) -> None:  # fmt: skip
    """A table of pages written from skeletons (``skeleton_of`` a page) topped up to ``bound``,
    and each skeleton's deflated groups to ``GROUPS_KEPT`` (copies of a skeleton's own, or of
    another's for one that kept none)."""
    from adjudicator.web.skeleton import GROUPS_KEPT

    report(f"{name} skeletons", top_up(table, bound, copied=copied), bound)
    skeletons = [skeleton_of(page) for page in table.values()]
    groups = sum(len(one.kept) for one in skeletons)
    source = next((one.kept for one in skeletons if one.kept), {})
    for one in skeletons:
        one.kept = {key: fresh(value) for key, value in (one.kept or source).items()}
        if one.kept:
            top_up(one.kept, GROUPS_KEPT)
    report("  their deflated groups", (groups, sum(len(one.kept) for one in skeletons)),
           bound * GROUPS_KEPT)  # fmt: skip


def fill_tables() -> list[tuple[str, int, int, int, float]]:
    """Every dict table kept per worker to its bound: (name, entries before, after, bound, MiB
    the top-up added)."""
    from django.core.cache import caches

    from adjudicator.games.wotr import map_svg, reading
    from adjudicator.games.wotr.board import MAX_UNITS_PER_REGION
    from adjudicator.games.wotr.position import Units
    from adjudicator.web import checker_skeleton, form_rendering
    from adjudicator.web.wotr_moves import board_view, skeleton, views
    from cards_db import list_page
    from rules_corpus.search import index, vectors

    done = []
    last = [traced()]

    def report(name: str, counts: tuple[int, int], bound: int) -> None:
        now = traced()
        done.append((name, *counts, bound, now - last[0]))
        last[0] = now

    report("board rows", top_up(board_view._rows, board_view.ROWS_KEPT), board_view.ROWS_KEPT)
    report("map regions", top_up(map_svg._regions, map_svg.REGIONS_KEPT), map_svg.REGIONS_KEPT)
    fields, before = form_rendering._fields, len(form_rendering._fields)
    entries = list(fields.items())
    for i in itertools.count():
        key, value = entries[i % len(entries)]
        if (len(fields) >= form_rendering.FIELD_LIMIT or form_rendering._kept_characters
                + len(value) > form_rendering.FIELD_CHARACTERS):  # fmt: skip
            break
        fields[(key, "copy", i)] = fresh(value)
        form_rendering._kept_characters += len(value)
    report(f"form fields ({form_rendering._kept_characters:,} characters)",
           (before, len(fields)), form_rendering.FIELD_LIMIT)  # fmt: skip
    top_up_skeletons(report, "moves page", skeleton._skeletons, skeleton.LIMIT, lambda s: s)
    for name, pages in (("checker page", checker_skeleton), ("card list page", list_page)):
        top_up_skeletons(
            report, name, pages._pages, pages.LIMIT, lambda page: page.skeleton,
            lambda page: dataclasses.replace(page, skeleton=fresh_skeleton(page.skeleton)),
        )  # fmt: skip
    parts = views._setup_parts
    report("setup parts", top_up(parts, views.SETUP_PARTS_LIMIT), views.SETUP_PARTS_LIMIT)
    plain, before = reading._PLAIN_UNITS, len(reading._PLAIN_UNITS)
    kinds = ("regular", "elite", "leaders", "nazgul")
    for counts in itertools.product(range(MAX_UNITS_PER_REGION + 1), repeat=4):
        if len(plain) >= reading.PLAIN_UNITS_KEPT:
            break
        given = tuple(zip(kinds, counts, strict=True))
        plain.setdefault(given, Units(**dict(given)))
    report("plain figures", (before, len(plain)), reading.PLAIN_UNITS_KEPT)
    opened = index._current
    report("search: frequencies", top_up(opened.frequencies, index.FREQUENCY_CACHE,
                                         lambda k, i: (k[0], f"{k[1]}~{i}")),
           index.FREQUENCY_CACHE)  # fmt: skip
    looked_up = opened.looked_up
    clause = looked_up.setdefault("clause", {})
    report("search: word clauses", top_up(clause, index.REMEMBERED_LIMITS["clause"]),
           index.REMEMBERED_LIMITS["clause"])  # fmt: skip
    others = [kind for kind in looked_up if kind not in index.REMEMBERED_LIMITS and looked_up[kind]]
    before = sum(len(looked_up[k]) for k in others)
    room = index.FREQUENCY_CACHE - before
    for kind in others:
        table = looked_up[kind]
        top_up(table, len(table) + room * len(table) // max(before, 1))
    report("search: words looked up", (before, sum(len(looked_up[k]) for k in others)),
           index.FREQUENCY_CACHE)  # fmt: skip
    report(
        "search: query vectors",
        top_up(vectors._queries, vectors.QUERY_CACHE, lambda k, i: f"{k} {i}"),
        vectors.QUERY_CACHE,
    )
    for name in ("answers", "fragments"):
        cache = caches[name]
        bound = cache._max_entries
        entries = list(cache._cache.items())
        before = len(entries)
        sizes = sorted(len(value) for _key, value in entries)
        print(
            f"  {name} cache entries after the traffic: {before:,}, pickled "
            f"{sum(sizes) // before:,} bytes on average, the largest {sizes[-1]:,}"
        )
        for i in range(bound - 1 - before):  # (a set at the bound culls a third)
            key, value = entries[i % len(entries)]
            cache._cache[f"{key}:copy{i}"] = fresh(value)
            cache._expire_info[f"{key}:copy{i}"] = time.time() + 3600
        report(f"{name} cache", (before, len(cache._cache)), bound)
    return done


def lru_caches() -> list[tuple[str, Any]]:
    """Every ``lru_cache`` of the project's modules and ``per_language``'s, by name."""
    from adjudicator.web import per_language

    found = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(("adjudicator", "rules_corpus", "cards_db")):
            continue
        for name, value in list(vars(module).items()):
            if hasattr(value, "cache_info") and hasattr(value, "cache_clear"):
                found.setdefault(id(value), (f"{module_name}.{name}", value))
    for kept in per_language._caches:
        made = next(cell.cell_contents for cell in kept.__wrapped__.__closure__)
        found.setdefault(id(kept), (f"per_language {made.__module__}.{made.__qualname__}", kept))
    return sorted(found.values(), key=lambda item: item[0])


def battle_states() -> int:
    from adjudicator.games.wotr import battle

    return battle._kept_states()


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    workdir = Path(tempfile.mkdtemp(prefix="worker-memory-"))
    try:
        setup_environment(workdir)
        return measure(count)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def measure(count: int) -> int:
    started = time.time()
    from django.conf import settings

    import adjudicator.wsgi  # noqa: F401  (warms the site as a worker does)
    from adjudicator.games.wotr import battle

    print(f"load {os.getloadavg()[0]:.1f}; WORKER_MEMORY_MB {settings.WORKER_MEMORY_MB}")
    data, rss = status()
    print(f"warm worker: VmData {data:.0f} MiB, VmRSS {rss:.0f} MiB")
    caches_found = lru_caches()
    tracemalloc.start()
    unbounded = {name: cache.cache_info().currsize for name, cache in caches_found
                 if cache.cache_info().maxsize is None}  # fmt: skip
    for _name, cache in caches_found:  # refilled by the traffic: every entry traced
        if cache.cache_info().maxsize is not None:
            cache.cache_clear()
    states_before = battle_states()
    failed = traffic(count)
    after_traffic = traced()
    data2, rss2 = status()
    print(f"after {count} requests: VmData {data2:.0f} MiB, VmRSS {rss2:.0f} MiB, traced "
          f"{after_traffic:.0f} MiB (non-2xx: {failed or 'none'})")  # fmt: skip
    tables = fill_tables()
    filled = traced()
    data3, rss3 = status()
    tracing = tracemalloc.get_tracemalloc_memory() / MB  # tracemalloc's own, not the worker's
    data3, rss3 = data3 - tracing, rss3 - tracing
    print(f"tables at their bounds: VmData {data3:.0f} MiB, VmRSS {rss3:.0f} MiB (less "
          f"tracemalloc's own {tracing:.0f}), traced {filled:.0f} MiB "
          f"(+{filled - after_traffic:.0f} MiB for the top-up)")  # fmt: skip
    for name, before, after, bound, grown in tables:
        print(f"  {name}: {before:,} -> {after:,} (bound {bound:,}): +{grown:.1f} MiB")
    # The lru caches: each entry's bytes, from what clearing its traced entries frees.
    extra = 0.0
    print("lru caches (entries after the traffic / bound: bytes an entry -> MiB more at the bound)")
    for name, cache in caches_found:
        info = cache.cache_info()
        added = info.currsize
        if info.maxsize is None:
            grown = info.currsize - unbounded[name]
            if grown > 0:  # (arguments from a fixed domain: the game's own values)
                before = traced()
                cache.cache_clear()
                print(f"  {name}: {info.currsize:,} / no bound, {grown:,} made by the traffic "
                      f"holding {before - traced():.1f} MiB")  # fmt: skip
            continue
        before = traced()
        cache.cache_clear()
        each = (before - traced()) * MB / added if added > 0 else 0.0
        more = each * (info.maxsize - info.currsize) / MB
        extra += more
        print(
            f"  {name}: {info.currsize:,} / {info.maxsize:,}: "
            f"{each:,.0f} B -> {more:.1f} MiB" + ("" if added > 0 else " (none traced)")
        )
    states = battle_states()
    grown = states - states_before
    print(f"battle end tables: {states:,} states / {battle.MAX_KEPT_STATES:,} "
          f"({grown:,} made by the traffic); at 6 KB a state (the largest: "
          f"battle.MAX_KEPT_STATES's note) the rest is "
          f"{(battle.MAX_KEPT_STATES - states) * 6 / 1024:.0f} MiB more")  # fmt: skip
    extra += (battle.MAX_KEPT_STATES - states) * 6 / 1024
    total = data3 + extra
    print(
        f"sum at every bound: VmData {data3:.0f} + {extra:.0f} = {total:.0f} MiB of "
        f"{settings.WORKER_MEMORY_MB} ({total / settings.WORKER_MEMORY_MB:.0%}); "
        f"{time.time() - started:.0f} s, load {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
