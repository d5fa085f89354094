"""Search through HTTP (issue 24): ``GET /api/search/`` under gunicorn, the real path (parsing,
ranking, snippets, serialization), over the questions of the three question sets (266, each
asked once: none was asked before in the process, and the answer cache is off), one at a
time. Prints p50/p95/max wall time per request and the workers' CPU time per request (read
from /proc, unaffected by other processes queueing for a core). Target: p95 <= 20 ms.

``.venv/bin/python bench/search_http.py`` (uses ``var/search_index`` and ``var/db.sqlite3``:
``make run`` or ``make serve`` made them). ``SEARCH_HTTP_PORT`` sets the port (default 8160).
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PORT = int(os.environ.get("SEARCH_HTTP_PORT", "8160"))
BASE = f"http://127.0.0.1:{PORT}"
WORKERS = 2
SETS = ("search_questions.txt", "search_questions_heldout.txt", "search_questions_unseen.txt")


def texts() -> list[str]:
    """Every question of the three sets, each once."""
    found: dict[str, None] = {}
    for name in SETS:
        for line in (ROOT / "bench" / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                found[line.split("|")[2].strip()] = None
    return list(found)


def ask(text: str) -> tuple[float, int]:
    """Wall milliseconds and the result count of one search."""
    url = f"{BASE}/api/search/?" + urllib.parse.urlencode({"q": text})
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as response:
        body = response.read()
    return 1000 * (time.perf_counter() - started), json.loads(body)["count"]


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of the processes (``/proc/<pid>/stat``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def workers_of(parent: int) -> list[int]:
    children = Path(f"/proc/{parent}/task/{parent}/children")
    return [int(pid) for pid in children.read_text().split()]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


@contextmanager
def gunicorn() -> Iterator[subprocess.Popen]:
    """gunicorn serving the site (production settings, a copy of the database, the answer
    cache off) on :data:`PORT` until the block ends."""
    with tempfile.TemporaryDirectory(prefix="adjudicator-search-http-") as workdir:
        db = Path(workdir) / "db.sqlite3"
        shutil.copy(ROOT / "var" / "db.sqlite3", db)
        settings = {
            "DJANGO_DEBUG": "0",
            "DJANGO_SETTINGS_MODULE": "load_site.settings",
            "DATABASE_URL": f"sqlite:///{db}",
            "API_THROTTLE_RATE": "1000000/min",
            "API_ANSWER_CACHE_SECONDS": "0",
            "SEARCH_INDEX_DIR": str(ROOT / "var" / "search_index"),
        }
        command = [ROOT / ".venv" / "bin" / "gunicorn", "adjudicator.wsgi"]
        options = {"chdir": ROOT, "pythonpath": ROOT / "bench", "bind": f"127.0.0.1:{PORT}",
                   "workers": WORKERS, "log-level": "warning"}  # fmt: skip
        command += [part for name, value in options.items() for part in (f"--{name}", value)]
        with subprocess.Popen(
            [str(part) for part in command], env={**os.environ, **settings}
        ) as server:
            try:
                yield server
            finally:
                server.terminate()


def main() -> int:
    with gunicorn() as server:
        for attempt in range(300):
            try:
                ask(f"warm {attempt}")
                break
            except OSError:
                time.sleep(0.2)
        for attempt in range(4 * WORKERS):  # every worker has answered once
            ask(f"warm {attempt} {attempt}")
        questions = texts()
        pids = workers_of(server.pid)
        cpu_before = cpu_seconds(pids)
        wall = [ask(text)[0] for text in questions]
        cpu = (cpu_seconds(pids) - cpu_before) * 1000 / len(questions)
    print(f"gunicorn, {WORKERS} workers, {len(questions)} questions never asked before, "
          f"one at a time, answer cache off; load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"GET /api/search/: p50 {statistics.median(wall):.1f} ms, "
          f"p95 {percentile(wall, 0.95):.1f} ms, max {max(wall):.1f} ms wall; "
          f"workers' CPU {cpu:.1f} ms a request on average (target p95 <= 20 ms)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
