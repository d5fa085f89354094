"""Load under gunicorn (issue 12): 32 connections against the API mix, compared with a bare view.

Starts gunicorn as `make serve` does (gunicorn.conf.py: DEBUG off, WEB_CONCURRENCY or
2 x cores + 1 threaded workers, the site preloaded) on 127.0.0.1:8150 over a
copy of var/db.sqlite3 (the deck saves must not touch the real one), then measures with aiohttp:
the bare Django JSON view, battle and search alone (10 s each), the API mix for 60 s (battle,
hunt, search, deck validate, deck save), and the pages' server time (p50 of 20 requests each).
Every non-2xx answer is an error; every 201 deck save must be a new row afterwards (no lost
write). Rate limits are raised for the run: one client is all the clients here.
"""

import asyncio
import itertools
import os
import sqlite3
import statistics
import sys
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.serving import gunicorn

ROOT = Path(__file__).resolve().parent.parent
PORT = 8150
BASE = f"http://127.0.0.1:{PORT}"
CONNECTIONS = 32
MIX_SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
ALONE_SECONDS = float(os.environ.get("LOAD_ALONE_SECONDS", "10"))

DECK = (
    "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n4x Legolas, Greenleaf"
)
BATTLE = {"attacker": {"regular": 5, "elite": 0, "leadership": 2},
          "defender": {"regular": 3, "elite": 0, "leadership": 1},
          "settlement": "city", "siege": False}  # fmt: skip
HUNT = {"hunt_dice": 3, "fp_dice_in_box": 1, "corruption": 10, "pool": "standard"}
REQUESTS = {
    "bare": ("GET", "/bench/bare/", None),
    "battle": ("POST", "/api/wotr/battle/", BATTLE),
    "hunt": ("POST", "/api/wotr/hunt/", HUNT),
    "search": ("GET", "/api/search/?q=siege", None),
    "deck validate": ("POST", "/api/decks/validate/", {"list": DECK, "format": "fellowship_block"}),
    "deck save": ("POST", "/api/decks/", {"name": "load", "list": DECK,
                                          "format": "fellowship_block"}),
}  # fmt: skip
MIX = ["battle", "hunt", "search", "deck validate", "deck save"]
PAGES = ["/", "/cards/", "/wotr/", "/mordor/", "/wojna/", "/cards/decks/", "/search/?q=siege"]


async def one(session: aiohttp.ClientSession, name: str) -> tuple[str, int, float]:
    method, path, body = REQUESTS[name]
    start = time.perf_counter()
    async with session.request(method, BASE + path, json=body) as response:
        await response.read()
        return name, response.status, time.perf_counter() - start


async def drive(names: list[str], seconds: float) -> list[tuple[str, int, float]]:
    """CONNECTIONS clients, each sending the next request of ``names`` as soon as it is answered."""
    results: list[tuple[str, int, float]] = []
    cycle = itertools.cycle(names)
    deadline = time.perf_counter() + seconds
    connector = aiohttp.TCPConnector(limit=CONNECTIONS)
    headers = {"Accept-Language": "en"}
    async with aiohttp.ClientSession(connector=connector, headers=headers) as session:

        async def client() -> None:
            while time.perf_counter() < deadline:
                results.append(await one(session, next(cycle)))

        await asyncio.gather(*(client() for _ in range(CONNECTIONS)))
    return results


def figures(results: list[tuple[str, int, float]], seconds: float) -> dict[str, dict]:
    by_name: dict[str, dict] = {}
    for name in dict.fromkeys(r[0] for r in results):
        times = sorted(t for n, _s, t in results if n == name)
        by_name[name] = {
            "requests": len(times),
            "errors": sum(1 for n, s, _t in results if n == name and not 200 <= s < 300),
            "rps": len(times) / seconds,
            "p50_ms": 1000 * statistics.median(times),
            "p99_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))],
        }
    return by_name


def line(name: str, f: dict, bare_rps: float) -> str:
    return (f"{name:14} {f['rps']:8.0f} req/s  p50 {f['p50_ms']:6.1f} ms  p99 {f['p99_ms']:6.1f} ms"
            f"  {f['rps'] / bare_rps:6.1%} of bare  errors {f['errors']}")  # fmt: skip


def page_times() -> list[str]:
    """Server time of each page: Django's own time, p50 of 20 sequential requests."""
    import urllib.request

    rows = []
    for page in PAGES:
        times = []
        for _ in range(20):
            start = time.perf_counter()
            with urllib.request.urlopen(BASE + page) as response:
                response.read()
            times.append(1000 * (time.perf_counter() - start))
        rows.append(f"{page:22} p50 {statistics.median(times):6.1f} ms")
    return rows


def deck_rows(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT COUNT(*) FROM cards_db_deck").fetchone()[0]


def main() -> int:
    workers = os.environ.get("WEB_CONCURRENCY", str(2 * os.cpu_count() + 1))
    env = {"DJANGO_SETTINGS_MODULE": "load_site.settings", "API_THROTTLE_RATE": "1000000/min",
           "API_SAVE_THROTTLE_RATE": "1000000/min", "CPU_THROTTLE_RATE": "1000000/min"}  # fmt: skip
    args = ("--pythonpath", str(ROOT / "bench"), "--workers", workers)
    with gunicorn(PORT, env, *args) as (_pid, db):
        for _ in range(100):
            try:
                asyncio.run(drive(["bare"], 0.01))
                break
            except aiohttp.ClientError:
                time.sleep(0.2)
        print(f"gunicorn, {workers} workers, {CONNECTIONS} connections, {os.cpu_count()} cores")
        asyncio.run(drive([*MIX, "bare"], 3))  # warm every worker
        alone = {}
        for name in ["bare", "battle", "search"]:
            alone.update(figures(asyncio.run(drive([name], ALONE_SECONDS)), ALONE_SECONDS))
        bare_rps = alone["bare"]["rps"]
        print(f"\nalone, {ALONE_SECONDS:.0f} s each:")
        for name, f in alone.items():
            print(line(name, f, bare_rps))
        before = deck_rows(db)
        mix = asyncio.run(drive(MIX, MIX_SECONDS))
        mixed = figures(mix, MIX_SECONDS)
        print(f"\nAPI mix, {MIX_SECONDS:.0f} s:")
        for name, f in mixed.items():
            print(line(name, f, bare_rps))
        total = len(mix) / MIX_SECONDS
        errors = sum(f["errors"] for f in mixed.values())
        saved = sum(1 for n, s, _t in mix if n == "deck save" and s == 201)
        rows = deck_rows(db) - before
        print(f"mix total {total:.0f} req/s, errors {errors}; "
              f"deck saves answered 201: {saved}, new deck rows: {rows}")  # fmt: skip
        print("\npages (server time, sequential):")
        for row in page_times():
            print(row)
        return 1 if errors or saved != rows else 0


if __name__ == "__main__":
    sys.exit(main())
