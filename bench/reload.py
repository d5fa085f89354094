"""Reloads without a gap and memory per worker (issue 28) under `make serve`'s gunicorn.

Starts gunicorn as `make serve` does (gunicorn.conf.py: the site loaded once in the master and
shared copy-on-write by the forked workers) on 127.0.0.1:8132 (or BENCH_PORT) over a copy of
var/db.sqlite3, and prints:

- the time from start to the first answer (the master loads the index and encoder once);
- each process's memory from /proc/PID/smaps_rollup: RSS, PSS (shared pages split among their
  sharers) and USS (its own pages: what one more worker costs), after every worker has
  answered a search, a battle and a page;
- the reload gap: CLIENTS clients keep asking (search, battle, a page) while the master is
  sent ``SIGHUP`` RELOADS times, beside the same load without a reload: every request must be
  answered 2xx (target: no failed request; compare the slowest with those without a reload).
"""

import asyncio
import itertools
import os
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.serving import gunicorn

HOST, PORT = "127.0.0.1", int(os.environ.get("BENCH_PORT", "8132"))
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
    failures = Counter(s for s, _t in results if not 200 <= s < 300)  # 0: no answer
    failed = sum(failures.values())
    print(f"{name:28} {len(times):6} answers  p50 {1000 * statistics.median(times):5.0f} ms  "
          f"p99 {1000 * times[int(len(times) * 0.99)]:5.0f} ms  max {1000 * times[-1]:5.0f} ms  "
          f"failed {failed}{dict(failures) if failed else ''}  "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    return failed == 0


def main() -> int:
    started = time.perf_counter()
    env = {"API_THROTTLE_RATE": "1000000/min", "CPU_THROTTLE_RATE": "1000000/min"}
    with gunicorn(PORT, env) as (master, _db):
        while not any(s == 200 for s, _t in asyncio.run(drive(0.01, [], master))):
            time.sleep(0.1)
        first = time.perf_counter() - started
        report("warm-up (every worker)", asyncio.run(drive(3, [], master)))
        print(f"gunicorn.conf.py, {len(workers(master))} workers, {os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.1f}; "
              f"first answer after {first:.1f} s")  # fmt: skip
        print("memory, MB:        RSS    PSS    USS")
        print(f"  master        {'{rss:6} {pss:6} {uss:6}'.format(**memory(master))}")
        for pid in workers(master):
            print(f"  worker {pid:<6} {'{rss:6} {pss:6} {uss:6}'.format(**memory(pid))}")
        seconds = 4.0 * RELOADS + 3
        report(f"no reload, {seconds:.0f} s (to compare)", asyncio.run(drive(seconds, [], master)))
        reloads = [2.0 + 4 * k for k in range(RELOADS)]
        met = report(f"{RELOADS} reloads (HUP) in {seconds:.0f} s",
                     asyncio.run(drive(seconds, reloads, master)))  # fmt: skip
        print(f"load average {os.getloadavg()[0]:.1f}")
        print("target (every request answered): " + ("met" if met else "MISSED"))
        return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
