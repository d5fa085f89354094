"""The production surface: /healthz, the Content-Security-Policy header, the secret key
(check --deploy: test_retention.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_healthz_reports_each_check_and_the_version(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path / "missing"):
        response = Client().get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["checks"] == {"database": True, "database_write": True, "search_index": False}
    assert body["problems"] == {"search_index": "SearchIndexMissing"}
    assert body["status"] == "unavailable" and body["version"]


def test_pages_carry_a_content_security_policy():
    response = Client().get("/wotr/")
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_a_required_secret_key_that_is_missing_stops_the_start(tmp_path):
    env = {**os.environ, "DJANGO_REQUIRE_SECRET_KEY": "1", "ADJUDICATOR_VAR_DIR": str(tmp_path)}
    env.pop("DJANGO_SECRET_KEY", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_the_database_is_the_one_database_url_names():
    """scripts/test-postgres runs this suite on PostgreSQL: it must really be PostgreSQL."""
    from django.db import connection

    url = os.environ.get("DATABASE_URL", "sqlite")
    assert connection.vendor == ("postgresql" if url.startswith("postgres") else "sqlite")
