"""Reloads without a gap and memory per worker (issue 28) under `make serve`'s gunicorn.

Starts gunicorn as `make serve` does (gunicorn.conf.py: the site loaded once in the master and
shared copy-on-write by the forked workers) on 127.0.0.1:8132 over a copy of var/db.sqlite3,
and prints:

- the time from start to the first answer (the master loads the index and encoder once);
- each process's memory from /proc/PID/smaps_rollup: RSS, PSS (shared pages split among their
  sharers) and USS (its own pages: what one more worker costs), after every worker has
  answered a search, a battle and a page;
- the reload gap: CLIENTS clients keep asking (search, battle, a page) while the master is
  sent ``SIGHUP`` RELOADS times; every request must be answered 2xx, and the slowest answer
  around the reloads is shown (target: no failed or stalled request, none over 1 s).
"""

import asyncio
import itertools
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
HOST, PORT = "127.0.0.1", 8132
BASE = f"http://{HOST}:{PORT}"
CLIENTS = 8
RELOADS = 3
QUESTIONS = (
    ("GET", "/api/search/?q=siege", None),
    ("POST", "/api/wotr/battle/", {"attacker": {"regular": 3}, "defender": {"regular": 2}}),
    ("GET", "/wotr/battle/?attacker.regular=4&defender.regular=2", None),
)


async def drive(seconds: float, reload_at: list[float], master: int) -> list[tuple[int, float]]:
    results: list[tuple[int, float]] = []
    cycle = itertools.cycle(QUESTIONS)
    start = time.perf_counter()
    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(headers={"Accept-Language": "en"}, timeout=timeout) as s:

        async def client() -> None:
            while time.perf_counter() - start < seconds:
                method, path, body = next(cycle)
                began = time.perf_counter()
                try:
                    async with s.request(method, BASE + path, json=body) as response:
                        await response.read()
                        status = response.status
                except (TimeoutError, aiohttp.ClientError):
                    status = 0
                results.append((status, time.perf_counter() - began))

        async def reloader() -> None:
            for at in reload_at:
                await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
                os.kill(master, signal.SIGHUP)

        await asyncio.gather(reloader(), *(client() for _ in range(CLIENTS)))
    return results


def memory(pid: int) -> dict[str, int]:
    """RSS, PSS and USS (private clean + dirty) of ``pid`` in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) // 1024
    return {"rss": fields["Rss"], "pss": fields["Pss"],
            "uss": fields["Private_Clean"] + fields["Private_Dirty"]}  # fmt: skip


def workers(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def report(name: str, results: list[tuple[int, float]]) -> bool:
    times = sorted(t for _s, t in results)
    failed = sum(1 for s, _t in results if not 200 <= s < 300)
    print(f"{name:28} {len(times):6} answers  p50 {1000 * statistics.median(times):5.0f} ms  "
          f"p99 {1000 * times[int(len(times) * 0.99)]:5.0f} ms  max {1000 * times[-1]:5.0f} ms  "
          f"failed {failed}")  # fmt: skip
    return failed == 0 and times[-1] < 1


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="adjudicator-reload-"))
    db = workdir / "db.sqlite3"
    shutil.copy(ROOT / "var" / "db.sqlite3", db)
    env = {**os.environ, "DJANGO_DEBUG": "0", "DATABASE_URL": f"sqlite:///{db}",
           "BIND": f"{HOST}:{PORT}", "GUNICORN_ACCESS_LOG": "/dev/null",
           "API_THROTTLE_RATE": "1000000/min", "DJANGO_LOG_LEVEL": "ERROR",
           "SEARCH_INDEX_DIR": str(ROOT / "var" / "search_index")}  # fmt: skip
    started = time.perf_counter()
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", "gunicorn.conf.py", "adjudicator.wsgi",
         "--log-level", "warning"], cwd=ROOT, env=env)  # fmt: skip
    try:
        while not any(s == 200 for s, _t in asyncio.run(drive(0.01, [], server.pid))):
            time.sleep(0.1)
        print(f"gunicorn.conf.py, {len(workers(server.pid))} workers, {os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.1f}; first answer after "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        report("warm-up (every worker)", asyncio.run(drive(3, [], server.pid)))
        print("memory, MB:        RSS    PSS    USS")
        print(f"  master        {'{rss:6} {pss:6} {uss:6}'.format(**memory(server.pid))}")
        for pid in workers(server.pid):
            print(f"  worker {pid:<6} {'{rss:6} {pss:6} {uss:6}'.format(**memory(pid))}")
        seconds = 4.0 * RELOADS + 3
        reloads = [2.0 + 4 * k for k in range(RELOADS)]
        met = report(f"{RELOADS} reloads (HUP) in {seconds:.0f} s",
                     asyncio.run(drive(seconds, reloads, server.pid)))  # fmt: skip
        print(f"load average {os.getloadavg()[0]:.1f}")
        print("target (every request answered, none over 1 s): " + ("met" if met else "MISSED"))
        return 0 if met else 1
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
