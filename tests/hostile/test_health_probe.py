"""``/healthz`` between real writes (adjudicator/health.py): a probe commits its one-row write
at most once per ``HEALTH_WRITE_SECONDS``; the probes between write nothing, yet a full or
read-only disk still shows on the next one."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from adjudicator import health

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_write_yet(monkeypatch, settings, tmp_path):
    monkeypatch.setattr(health, "_last_write", None)
    settings.SEARCH_INDEX_DIR = tmp_path / "none"  # the index's check is not the point here
    settings.HEALTH_WRITE_SECONDS = 60


def probe() -> tuple[dict, list[str]]:
    """One probe's checks, and the statements it sent that write."""
    with CaptureQueriesContext(connection) as queries:
        checks = Client().get("/healthz").json()["checks"]
    writes = [q["sql"] for q in queries if q["sql"].split()[0].upper() in ("INSERT", "UPDATE")]
    return checks, writes


def test_one_probe_writes_the_next_ones_only_read():
    first, written = probe()
    assert first["database_write"] and written
    for _ in range(3):
        checks, written = probe()
        assert (checks["database_write"], written) == (True, [])


def test_past_the_interval_a_probe_writes_again(settings):
    probe()
    settings.HEALTH_WRITE_SECONDS = 0
    assert probe()[1]


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_fault_between_writes_shows_on_the_next_probe_and_its_end_is_written(monkeypatch, fault):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's file checks; PostgreSQL is stopped for real in test_faults.py")
    probe()
    with monkeypatch.context() as faulty:
        if fault == "full":
            faulty.setattr(health.shutil, "disk_usage", lambda _path: _Usage(free=0))
        else:
            faulty.setattr(health.os, "access", lambda _path, _mode: False)
        checks, written = probe()
        assert (checks["database_write"], checks["database"], written) == (False, True, [])
    checks, written = probe()  # mended: the write is tried again at once, not a minute later
    assert checks["database_write"] and written


class _Usage:
    def __init__(self, free: int):
        self.free = free
