"""Faults answered honestly (issue 28): a damaged search index takes down search alone; a full
or read-only disk and a lost database are 503s with ``Retry-After``, ``/healthz`` names the
part that is down, and the site answers again by itself once the fault is gone.

The search index is damaged in this process; the database faults run in a process of their own
(``fault_driver.py``) over a database file on a small tmpfs that is filled up or remounted
read-only (where the machine lets the test mount one: root), else broken by SQLite itself
(``max_page_count``: "database or disk is full"; ``query_only``: read-only), and over a
throw-away PostgreSQL server stopped and started again where Debian's PostgreSQL is installed.
No step waits for time to pass.
"""

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import IntegrityError, OperationalError
from django.test import Client

from adjudicator.errors import server_error
from rules_corpus.search import index as search_index
from rules_corpus.search.engine import search
from rules_corpus.search.index import SearchIndexUnavailable, build_index, opened
from rules_corpus.search.warm import warm
from tests.hostile.test_concurrent_saves import DECK, free_port
from tests.rules_corpus.search_factories import SearchDocumentFactory

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("fault_driver.py")
BATTLE = {"attacker": {"regular": 3}, "defender": {"regular": 2}}


# --- the search index -----------------------------------------------------------------------


def _generation(directory: Path) -> Path:
    return directory / (directory / "CURRENT").read_text().strip()


def _garbage_toc(generation: Path) -> None:
    next(generation.glob("_MAIN_*.toc")).write_bytes(b"not a table of contents" * 10)


def _truncated_segment(generation: Path) -> None:
    segment = next(generation.glob("*.seg"))
    segment.write_bytes(segment.read_bytes()[: segment.stat().st_size // 2])


def _corrupt_vectors(generation: Path) -> None:
    (generation / "vectors.npy").write_bytes(b"\x93NUMPY garbage" * 50)


def _missing_rows(generation: Path) -> None:
    (generation / "vectors.json").unlink()


DAMAGE = [_garbage_toc, _truncated_segment, _corrupt_vectors, _missing_rows]


@pytest.fixture
def built_index(tmp_path, settings) -> Path:
    directory = tmp_path / "index"
    build_index(directory, [SearchDocumentFactory(body="осада крепости"), SearchDocumentFactory()])
    settings.SEARCH_INDEX_DIR = directory
    return directory


@pytest.mark.django_db
@pytest.mark.parametrize("damage", DAMAGE, ids=lambda damage: damage.__name__[1:])
def test_a_damaged_index_takes_down_search_alone(built_index, damage, caplog):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.get("/api/search/", {"q": "осада"}).status_code == 200
    damage(_generation(built_index))

    warm(built_index)  # as each worker does at start: logged, never raised
    assert "search is unavailable" in caplog.text
    api = client.get("/api/search/", {"q": "осада"})
    assert api.status_code == 503 and api["Retry-After"]
    assert api.json()["errors"][0]["code"] == "index_unavailable"
    page = client.get("/search/", {"q": "осада"})
    assert page.status_code == 503 and "Everything else works" in page.content.decode()
    health = client.get("/healthz")
    assert health.status_code == 503 and health["Content-Type"] == "application/json"
    assert health.json()["checks"] == {
        "database": True, "database_write": True, "search_index": False,
    }  # fmt: skip
    assert client.get("/wotr/").status_code == 200
    battle = client.post("/api/wotr/battle/", BATTLE, content_type="application/json")
    assert battle.status_code == 200


def test_a_rebuild_mends_a_damaged_index(built_index):
    _corrupt_vectors(_generation(built_index))
    with pytest.raises(SearchIndexUnavailable):
        opened(built_index)
    build_index(built_index, [SearchDocumentFactory(body="осада")])
    assert opened(built_index).listing.documents


def test_a_build_that_fails_its_check_leaves_the_current_index(built_index, monkeypatch):
    current = _generation(built_index)
    monkeypatch.setattr(search_index, "vector_texts", lambda document: [("one more", None)] * 5)
    with pytest.raises(SearchIndexUnavailable, match="vectors"):
        build_index(built_index, [SearchDocumentFactory(body="армия")])
    assert _generation(built_index) == current
    assert [p.name for p in built_index.iterdir() if p.is_dir()] == [current.name]


def test_an_interrupted_open_keeps_the_whole_previous_index(tmp_path, monkeypatch):
    build_index(tmp_path / "other", [SearchDocumentFactory(body="армия")])
    build_index(tmp_path / "index", [SearchDocumentFactory(body="осада")])
    before, failed = opened(tmp_path / "index"), search_index._failed

    class OverBudget(BaseException):  # as adjudicator.budget's, raised by a signal handler
        pass

    def interrupted(*args):
        raise OverBudget

    monkeypatch.setattr(search_index, "_names_of_cards", interrupted)
    with pytest.raises(OverBudget):
        opened(tmp_path / "other")
    assert search_index._current is before and search_index._failed is failed
    monkeypatch.undo()
    assert search(tmp_path / "other", "армия").count == 1


def test_builds_keep_the_current_and_the_previous_generation_only(tmp_path):
    for body in ("осада", "армия", "битва"):
        build_index(tmp_path / "index", [SearchDocumentFactory(body=body)])
    generations = sorted(p.name for p in (tmp_path / "index").iterdir() if p.is_dir())
    assert len(generations) == 2 and _generation(tmp_path / "index").name == generations[-1]


# --- the database and the disk --------------------------------------------------------------

SAVE = {"request": ["POST", "/api/decks/", DECK]}
HEALTH = {"request": ["GET", "/healthz", None]}
READ = {"request": ["GET", f"/api/decks/{uuid.uuid4()}/", None]}  # a 404 read from the database
PAGE = {"request": ["GET", "/wotr/", None]}
CARDS = {"request": ["GET", "/cards/", None]}


@pytest.fixture(scope="session")
def template_database(tmp_path_factory) -> Path:
    """A SQLite file migrated and loaded with the cards, copied by each scenario."""
    path = tmp_path_factory.mktemp("faults") / "template.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "import_cards"], env=env, check=True, cwd=ROOT, capture_output=True)
    return path


def drive(tmp_path: Path, database_url: str, plan: list, **env: str) -> list:
    """Run ``plan`` in the driver's process; the answers to its requests, in order."""
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    environment = {
        **os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "testserver", "ADJUDICATOR_VAR_DIR": str(tmp_path),
        "SEARCH_INDEX_DIR": str(tmp_path / "no-index"), "API_SAVE_THROTTLE_RATE": "1000/min",
        **env,
    }  # fmt: skip
    result = subprocess.run(
        [sys.executable, str(DRIVER), str(tmp_path / "plan.json")],
        env=environment, cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def assert_unavailable(answer: list) -> None:
    status, retry_after, body = answer
    assert (status, body["errors"][0]["code"]) == (503, "unavailable"), answer
    assert int(retry_after) > 0 and "Try again" in body["detail"]


def assert_checks(answer: list, **expected: bool) -> None:
    checks = answer[2]["checks"]
    assert {name: checks[name] for name in expected} == expected, answer


def can_mount(directory: Path) -> bool:
    directory.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(directory)],
        capture_output=True, check=False,
    )  # fmt: skip
    return mounted.returncode == 0


@pytest.fixture(params=["tmpfs", "sqlite"])
def disk(request, tmp_path, template_database):
    """A directory holding a copy of the database: a 3 MB tmpfs of its own (yields True;
    skipped where the machine does not let the test mount one), or a plain directory whose
    faults SQLite itself makes (False)."""
    directory = tmp_path / "disk"
    mounted = request.param == "tmpfs"
    if mounted and not (shutil.which("mount") and can_mount(directory)):
        pytest.skip("mounting a tmpfs needs root")
    directory.mkdir(exist_ok=True)
    shutil.copy(template_database, directory / "db.sqlite3")
    yield directory, mounted
    if mounted:
        subprocess.run(["umount", "-l", str(directory)], check=False)


def test_a_full_disk_is_a_503_and_saves_work_again_once_there_is_room(tmp_path, disk):
    directory, mounted = disk
    filler = directory / "filler"
    full, room = (
        ({"fill": str(filler)}, {"run": ["rm", str(filler)]}) if mounted
        else ({"refuse_writes": "database or disk is full"}, {"refuse_writes": None})
    )  # fmt: skip
    answers = drive(
        tmp_path, f"sqlite:///{directory / 'db.sqlite3'}",
        [SAVE, full, SAVE, HEALTH, PAGE, READ, room, SAVE, HEALTH],
    )  # fmt: skip
    assert answers[0][0] == 201
    assert_unavailable(answers[1])
    assert_checks(answers[2], database_write=False)
    assert answers[3][0] == 200  # pages that need no write serve
    assert answers[5][0] == 201, answers[5]  # the first save once there is room again
    assert_checks(answers[6], database=True, database_write=True)


def test_a_read_only_disk_is_a_503_and_no_read_only_connection_is_kept(tmp_path, disk):
    directory, mounted = disk
    if mounted:
        fault = {"run": ["mount", "-o", "remount,ro", str(directory)]}
        mended = {"run": ["mount", "-o", "remount,rw", str(directory)]}
    else:
        fault, mended = {"sqlite": "PRAGMA query_only = 1"}, {"sqlite": None}
    answers = drive(
        tmp_path, f"sqlite:///{directory / 'db.sqlite3'}",
        [SAVE, {"close": True}, fault, SAVE, HEALTH, PAGE, READ, mended, SAVE, SAVE, HEALTH],
    )  # fmt: skip
    assert answers[0][0] == 201
    assert_unavailable(answers[1])
    assert_checks(answers[2], database_write=False)
    assert answers[3][0] == 200
    # A connection the read opened read-only and kept fails one save (503, and is closed),
    # never more: the next save opens a writable one.
    assert answers[5][0] in (201, 503) and answers[6][0] == 201, answers[5:7]
    assert_checks(answers[7], database=True, database_write=True)


def test_a_lost_database_is_a_503_and_is_found_again(tmp_path, template_database):
    (tmp_path / "db").mkdir()
    shutil.copy(template_database, tmp_path / "db" / "db.sqlite3")
    away, back = [["mv", str(tmp_path / a), str(tmp_path / b)] for a, b in
                  (("db", "db-away"), ("db-away", "db"))]  # fmt: skip
    assert_lost_and_found(
        drive(
            tmp_path, f"sqlite:///{tmp_path / 'db' / 'db.sqlite3'}", lost_and_found(away, back),
            DATABASE_CONN_MAX_AGE="0",  # a SQLite connection kept open still reads a moved file
        )
    )  # fmt: skip


def lost_and_found(lose: list[str], find: list[str]) -> list:
    """A save, the database lost (``lose``), requests, the database back (``find``): the
    first requests after it."""
    return [SAVE, {"run": lose}, READ, SAVE, HEALTH, PAGE, CARDS, {"run": find}, READ, SAVE,
            HEALTH]  # fmt: skip


def assert_lost_and_found(answers: list) -> None:
    assert answers[0][0] == 201
    assert_unavailable(answers[1])
    assert_unavailable(answers[2])
    assert_checks(answers[3], database=False, database_write=False)
    assert answers[4][0] == 200
    status, retry_after, page = answers[5]  # a page that reads the database: a page saying so
    assert (status, int(retry_after)) == (503, 10) and "<h1>Temporarily unavailable</h1>" in page
    assert (answers[6][0], answers[7][0]) == (404, 201)  # the first requests once it is back
    assert_checks(answers[8], database=True, database_write=True)


PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))


@pytest.fixture
def postgres() -> Iterator[tuple[str, Callable[[str], list[str]]]]:
    """A throw-away PostgreSQL server (as scripts/test-postgres starts one), migrated and
    loaded with the cards; yields its URL and the command line of ``pg_ctl <action>``."""
    if not PG_BIN:
        pytest.skip("Debian's postgresql is not installed (make apt-install PKGS=postgresql)")
    # Not under tmp_path: the postgres user may not enter pytest's private directories.
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-pg."))
    as_postgres = []
    if os.getuid() == 0:
        shutil.chown(directory, "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    options = f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off"

    def pg_ctl(action: str) -> list[str]:
        data, log = str(directory / "data"), str(directory / "log")
        return [*as_postgres, str(PG_BIN[-1] / "pg_ctl"), "-D", data, "-l", log, "-w",
                "-m", "immediate", "-o", options, action]  # fmt: skip

    subprocess.run([*as_postgres, str(PG_BIN[-1] / "initdb"), "-D", str(directory / "data"),
                    "-U", "postgres", "-A", "trust"], check=True, capture_output=True)  # fmt: skip
    subprocess.run(pg_ctl("start"), check=True, capture_output=True)
    url = f"postgres://postgres@127.0.0.1:{port}/postgres"
    env = {**os.environ, "DATABASE_URL": url}
    manage = [sys.executable, str(ROOT / "manage.py")]
    try:
        subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, cwd=ROOT)
        subprocess.run([*manage, "import_cards"], env=env, check=True, cwd=ROOT,
                       capture_output=True)  # fmt: skip
        yield url, pg_ctl
    finally:
        subprocess.run(pg_ctl("stop"), check=False, capture_output=True)
        shutil.rmtree(directory, ignore_errors=True)


def test_a_stopped_postgresql_is_a_503_and_its_restart_is_picked_up(tmp_path, postgres):
    url, pg_ctl = postgres
    assert_lost_and_found(drive(tmp_path, url, lost_and_found(pg_ctl("stop"), pg_ctl("start"))))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("error", "status"),
    [(OperationalError("database is locked"), 503), (OSError(errno.ENOSPC, "full"), 503),
     (OSError(errno.EROFS, "read-only"), 503), (OSError(errno.ENOENT, "gone"), 500),
     (IntegrityError("a defect"), 500), (ValueError("a defect"), 500)],
)  # fmt: skip
def test_only_the_machines_faults_are_503s_each_in_the_readers_language(rf, error, status):
    for language, title in (("ru", "Временно недоступно"), ("pl", "Chwilowo niedostępne")):
        request = rf.get("/cards/", HTTP_ACCEPT_LANGUAGE=language)
        try:
            raise error
        except Exception:  # as Django calls handler500: inside the except block
            response = server_error(request)
        assert response.status_code == status
        assert (title in response.content.decode()) == (status == 503)
