"""No lost write (issue 12): 32 clients saving decks at once through gunicorn's workers, every
save answered 201 and every 201 a row afterwards, on SQLite (WAL, busy timeout, IMMEDIATE
transactions) and, in ``make test``'s PostgreSQL run, on PostgreSQL.

The server runs as in production (``adjudicator.wsgi`` under gunicorn, several processes) over a
database of its own, migrated and loaded with the cards; the burst is bounded in time (6 s; set
``SAVE_BURST_SECONDS=60`` for a minute). A minute of the whole API mix is ``make bench``
(bench/load.py).
"""

import os
import re
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dj_database_url
import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 32
#: The burst's length; ``SAVE_BURST_SECONDS=60`` gives the issue's full minute.
SECONDS = float(os.environ.get("SAVE_BURST_SECONDS", "6"))
#: How long gunicorn may take to answer at all: each worker reads the site, the search index and
#: its tables (~10 s of CPU), a minute or more on a busy machine; only a hang fails the test.
START_SECONDS = 300
DECK = {
    "name": "burst",
    "list": "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n"
    "4x Legolas, Greenleaf",
    "format": "fellowship_block",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fresh_database(tmp_path: Path) -> str:
    """A database URL of the test's own: a new PostgreSQL database on the server
    ``DATABASE_URL`` names (the PostgreSQL run), else a new SQLite file."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return f"sqlite:///{tmp_path / 'saves.sqlite3'}"
    import psycopg

    name = f"saves_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name}")
        connection.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + f"/{name}"


def deck_rows(url: str) -> int:
    config = dj_database_url.parse(url)
    if config["ENGINE"].endswith("sqlite3"):
        import sqlite3

        with sqlite3.connect(config["NAME"]) as connection:
            return connection.execute("SELECT COUNT(*) FROM cards_db_deck").fetchone()[0]
    import psycopg

    with psycopg.connect(url) as connection:
        return connection.execute("SELECT COUNT(*) FROM cards_db_deck").fetchone()[0]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """gunicorn (4 workers, DEBUG off, limits raised: one client here is all the clients) over
    a fresh, migrated database with the cards; yields its base URL and the database URL."""
    database = fresh_database(tmp_path)
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "API_THROTTLE_RATE": "1000000/min",
        "API_SAVE_THROTTLE_RATE": "1000000/min",
        "CPU_THROTTLE_RATE": "1000000/min",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "import_cards"], env=env, check=True, cwd=ROOT, capture_output=True)
    port = free_port()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen(
        [str(gunicorn), "adjudicator.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "4",
         "--log-level", "warning"],
        env=env, cwd=ROOT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            assert process.poll() is None, "gunicorn did not start"
            try:
                httpx.get(f"{base}/healthz", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base, database
    finally:
        process.terminate()
        process.wait(timeout=30)


def save_for(base: str, seconds: float) -> Counter:
    """One client saving decks one after another for ``seconds``: its answers' statuses."""
    statuses: Counter = Counter()
    end = time.monotonic() + seconds
    with httpx.Client(base_url=base, timeout=30) as client:
        while time.monotonic() < end:
            statuses[client.post("/api/decks/", json=DECK).status_code] += 1
    return statuses


def test_32_clients_saving_at_once_lose_no_write(server):
    base, database = server
    before = deck_rows(database)
    with ThreadPoolExecutor(CLIENTS) as pool:
        answers = sum(pool.map(save_for, [base] * CLIENTS, [SECONDS] * CLIENTS), Counter())
    assert set(answers) == {201}, f"not every save was stored: {dict(answers)}"
    assert deck_rows(database) - before == answers[201]
    assert answers[201] >= CLIENTS  # every client saved at least once


def test_a_page_save_sent_eight_times_at_once_is_stored_once(server):
    """A double (or eightfold) click on the deck page's Save: the form's hidden token makes
    one deck, and every answer goes to it."""
    base, database = server
    before = deck_rows(database)
    page = httpx.get(f"{base}/cards/decks/", timeout=30)
    html = page.text
    csrf = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[0]
    (token,) = re.findall(r'name="save_token" value="([0-9a-f]{32})"', html)
    form = {**DECK, "csrfmiddlewaretoken": csrf, "save_token": token, "save": "1"}
    headers = {"Cookie": f"csrftoken={page.cookies['csrftoken']}"}  # a Secure cookie, sent back

    def save(_k: int) -> httpx.Response:
        return httpx.post(f"{base}/cards/decks/", data=form, headers=headers, timeout=30)

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(save, range(8)))
    assert {a.status_code for a in answers} == {302}, [a.status_code for a in answers]
    assert len({a.headers["Location"] for a in answers}) == 1
    assert deck_rows(database) - before == 1
