"""`make serve`'s gunicorn (gunicorn.conf.py) with 5 workers, for real.

Rate limits shared by every worker (issue 27): exactly the stated rate is allowed, counted in
the database cache (SQLite here, PostgreSQL under scripts/test-postgres) and in Redis (Debian's
redis-server, started here on a socket in a temp dir); answers carry the RateLimit-* headers, a
429 its Retry-After, in the client's language. A reload under load (issue 28) answers every
request."""

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RATE, PERIOD = 12, 3600
WORKERS = 5
#: How long the master may take to read the site and bind (a minute or more on a busy
#: machine): only a hang fails.
START_SECONDS = 300
BATTLE = json.dumps({"attacker": {"regular": 2}, "defender": {"regular": 1}})

pytestmark = pytest.mark.xdist_group("gunicorn")


class UnixConnection(http.client.HTTPConnection):
    """HTTP over the server's unix socket: no port to find or to clash."""

    def __init__(self, path: Path):
        super().__init__("localhost", timeout=60)
        self.path = str(path)

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def ask(path: Path, language: str = "ru") -> tuple[int, dict[str, str], dict]:
    connection = UnixConnection(path)
    try:
        connection.request("POST", "/api/wotr/battle/", BATTLE, {
            "Content-Type": "application/json", "Accept-Language": language})  # fmt: skip
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), json.loads(response.read())
    finally:
        connection.close()


@contextmanager
def serving(tmp_path: Path, env: dict[str, str]) -> Iterator[tuple[Path, int]]:
    """gunicorn as `make serve` runs it, with WORKERS workers, on a unix socket; and its pid."""
    sock = tmp_path / "gunicorn.sock"
    env = {**os.environ, "DJANGO_DEBUG": "0", "WEB_CONCURRENCY": str(WORKERS),
           "GUNICORN_THREADS": "4", "BIND": f"unix:{sock}", "GUNICORN_ACCESS_LOG": "/dev/null",
           "SEARCH_INDEX_DIR": str(tmp_path / "no_index"), "API_THROTTLE_RATE": f"{RATE}/hour",
           "API_ANSWER_CACHE_SECONDS": "0", **env}  # fmt: skip
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "adjudicator.wsgi"],
        cwd=ROOT, env=env, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + START_SECONDS  # the site's reading, slow when busy
        while not sock.exists() and time.monotonic() < deadline:
            assert server.poll() is None, "gunicorn did not start"
            time.sleep(0.1)
        yield sock, server.pid
    finally:
        server.terminate()
        server.wait(timeout=30)


def window() -> int:
    return int(time.time() // PERIOD)


def assert_exact_rate(sock: Path) -> None:
    """3 x RATE requests at once over every worker: exactly RATE answered, the rest 429."""
    for _attempt in range(2):  # a window that turned during the burst counts twice: again
        started = window()
        with ThreadPoolExecutor(16) as pool:
            answers = list(pool.map(lambda _: ask(sock), range(3 * RATE)))
        if window() == started:
            break
    statuses = sorted(status for status, _headers, _body in answers)
    assert statuses == [200] * RATE + [429] * (2 * RATE)
    status, headers, body = ask(sock)
    assert status == 429
    assert 0 < int(headers["Retry-After"]) <= PERIOD
    assert headers["RateLimit-Remaining"] == "0"
    assert headers["RateLimit-Policy"] == f"{RATE};w={PERIOD}"
    assert body["errors"][0]["code"] == "throttled"
    assert body["detail"].startswith("Слишком много запросов")
    polish = ask(sock, "pl")[2]["detail"]
    assert polish.startswith("Zbyt wiele zapytań") and "Expected" not in polish


def database(tmp_path: Path) -> dict[str, str]:
    """A database with the cache table, emptied: PostgreSQL's under scripts/test-postgres."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env = {"DATABASE_URL": url}
    for command in (
        ["createcachetable"],
        ["shell", "-c", "from django.core.cache import cache; cache.clear()"],
    ):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True,
                       env={**os.environ, **env})  # fmt: skip
    return env


def test_workers_together_allow_exactly_the_rate_in_the_database_cache(tmp_path):
    with serving(tmp_path, database(tmp_path)) as (sock, _pid):
        assert_exact_rate(sock)


def workers(master: int) -> set[str]:
    return set(Path(f"/proc/{master}/task/{master}/children").read_text().split())


def settled(master: int, unlike: set[str] = frozenset()) -> set[str]:
    """The master's WORKERS workers once none of ``unlike`` is left (at most a minute)."""
    for _ in range(600):
        now = workers(master)
        if len(now) == WORKERS and now.isdisjoint(unlike):
            break
        time.sleep(0.1)
    return now


def test_a_reload_under_load_answers_every_request(tmp_path):
    """kill -HUP while clients keep asking: new workers (forked from the loaded master) take
    over, the old ones finish what they were answering, and no request fails."""
    env = {**database(tmp_path), "API_THROTTLE_RATE": "1000000/hour"}
    with serving(tmp_path, env) as (sock, master):
        statuses: list[int] = []
        stop = threading.Event()

        def client() -> None:
            while not stop.is_set():
                try:
                    statuses.append(ask(sock)[0])
                except (OSError, http.client.HTTPException):  # dropped: the failure looked for
                    statuses.append(0)

        clients = [threading.Thread(target=client) for _ in range(4)]
        for thread in clients:
            thread.start()
        before = settled(master)
        for _reload in range(2):
            answered = len(statuses)
            os.kill(master, signal.SIGHUP)
            for _ in range(600):  # 40 answers more, or a minute
                if len(statuses) >= answered + 40:
                    break
                time.sleep(0.1)
        after = settled(master, before)
        stop.set()
        for thread in clients:
            thread.join()
    assert after.isdisjoint(before)
    assert statuses and set(statuses) == {200}


@pytest.fixture
def redis_url(tmp_path) -> Iterator[str]:
    """Debian's redis-server (`make test` installs it) on a unix socket in a temp dir."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.fail("redis-server is not installed: `make test` installs it with apt-get")
    sock = tmp_path / "redis.sock"
    process = subprocess.Popen(
        [server, "--port", "0", "--unixsocket", str(sock), "--save", "", "--appendonly", "no",
         "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(100):
            if sock.exists():
                break
            time.sleep(0.05)
        yield f"unix://{sock}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_workers_together_allow_exactly_the_rate_in_redis(tmp_path, redis_url):
    with serving(tmp_path, {"REDIS_URL": redis_url}) as (sock, _pid):
        assert_exact_rate(sock)
