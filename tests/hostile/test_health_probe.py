"""``/healthz``'s write check keeps nothing (adjudicator/health.py, issue 28: a GET writes
nothing): every probe tries a write and rolls it back, yet a full or read-only disk or a
database refusing writes shows on the probe that meets it, and its end on the next one."""

import errno

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from adjudicator import health
from adjudicator.web.models import HealthProbe

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_index(settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "none"  # the index's check is not the point here


def probe() -> tuple[dict, list[str]]:
    """One probe's checks, and the statements it sent that write."""
    with CaptureQueriesContext(connection) as queries:
        checks = Client().get("/healthz").json()["checks"]
    writes = [q["sql"] for q in queries if q["sql"].split()[0].upper() in ("INSERT", "UPDATE")]
    return checks, writes


def test_every_probe_tries_a_write_and_keeps_nothing():
    for _ in range(3):
        checks, written = probe()
        assert checks["database_write"] and len(written) == 1
        assert not HealthProbe.objects.exists()


def _refused(execute, sql, params, many, context):
    if sql.lstrip().upper().startswith("INSERT"):
        raise OperationalError("attempt to write a readonly database")
    return execute(sql, params, many, context)


def _no_scratch(**kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def _as_is(execute, sql, params, many, context):
    return execute(sql, params, many, context)


class _Usage:
    def __init__(self, free: int):
        self.free = free


SQLITE_FAULTS = {
    "full": ("shutil.disk_usage", lambda _path: _Usage(free=0)),
    "read-only": ("os.access", lambda _path, _mode: False),
    "full-on-write": ("tempfile.TemporaryFile", _no_scratch),
}


@pytest.mark.parametrize("fault", [*SQLITE_FAULTS, "refused"])
def test_a_fault_shows_on_the_probe_that_meets_it_and_its_end_on_the_next(monkeypatch, fault):
    if connection.vendor != "sqlite":  # its fault would close the test's open transaction
        pytest.skip("SQLite's checks; PostgreSQL's refusals in test_postgres_faults.py")
    assert probe()[0]["database_write"]
    with (
        monkeypatch.context() as faulty,
        connection.execute_wrapper(_refused if fault == "refused" else _as_is),
    ):
        if fault != "refused":
            name, replacement = SQLITE_FAULTS[fault]
            module, attribute = name.split(".")
            faulty.setattr(getattr(health, module), attribute, replacement)
        checks, _written = probe()
        assert (checks["database_write"], checks["database"]) == (False, True)
    checks, written = probe()  # mended: seen at once
    assert checks["database_write"] and written
    assert not HealthProbe.objects.exists()
