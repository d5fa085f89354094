"""PostgreSQL's own faults, on the server scripts/test-postgres runs the suite against (issue
28): a read-only session (``default_transaction_read_only``, as on a hot standby) answers 503s
and ``/healthz`` names the write check; a database that cannot be reached (stopped) answers 503s
and one that ended the kept connections (restarted) is picked up by the next request, unaided.
With SQLite these are skipped (its faults: test_faults.py, test_health_probe.py)."""

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import close_old_connections, connection, connections
from psycopg import sql
from rest_framework.test import APIClient

from cards_db.importer import import_data_files
from tests.hostile.test_concurrent_saves import DECK, free_port

pytestmark = [
    pytest.mark.django_db(transaction=True),  # each fault closes the connection that met it
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's faults"),
]


@pytest.fixture
def api() -> APIClient:
    import_data_files()  # the saved deck's cards
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.raise_request_exception = False
    return client


def _admin() -> psycopg.Connection:
    """A connection of its own, outside Django's (as an operator's psql)."""
    settings = connection.settings_dict
    return psycopg.connect(
        host=settings["HOST"], port=settings["PORT"], user=settings["USER"],
        password=settings["PASSWORD"], dbname="postgres", autocommit=True,
    )  # fmt: skip


@contextmanager
def _read_only_sessions() -> Iterator[None]:
    """Every new session of the test database read-only (as an operator's ``ALTER DATABASE``),
    and every open connection closed, until the block ends."""
    name = sql.Identifier(connection.settings_dict["NAME"])
    alter = sql.SQL("ALTER DATABASE {} {} default_transaction_read_only")
    with _admin() as admin:
        admin.execute(alter.format(name, sql.SQL("SET")) + sql.SQL(" = on"))
        connections.close_all()
        try:
            yield
        finally:
            admin.execute(alter.format(name, sql.SQL("RESET")))
            connections.close_all()


def assert_unavailable(response) -> None:
    assert response.status_code == 503 and int(response["Retry-After"]) > 0, response.content
    assert response.json()["errors"][0]["code"] == "unavailable"


def checks(api: APIClient) -> dict[str, bool]:
    return api.get("/healthz").json()["checks"]


def test_a_read_only_session_is_a_503_and_the_health_check_names_the_write(api, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "none"
    assert api.post("/api/decks/", DECK, format="json").status_code == 201
    with _read_only_sessions():
        assert_unavailable(api.post("/api/decks/", DECK, format="json"))
        assert checks(api) == {"database": True, "database_write": False, "search_index": False}
        assert api.get("/wotr/").status_code == 200  # what needs no write serves
        assert api.get("/api/cards/1_290/").status_code == 200
    assert api.post("/api/decks/", DECK, format="json").status_code == 201  # unaided
    assert checks(api)["database_write"] is True


def test_a_stopped_database_is_a_503_and_a_restart_is_picked_up(api, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "none"
    assert api.get("/api/cards/1_290/").status_code == 200
    port = connection.settings_dict["PORT"]
    connection.settings_dict["PORT"] = free_port()  # nothing listens: as a stopped server
    connections.close_all()
    try:
        assert_unavailable(api.get("/api/cards/1_290/"))
        assert_unavailable(api.post("/api/decks/", DECK, format="json"))
        assert checks(api) == {"database": False, "database_write": False, "search_index": False}
        assert api.get("/wotr/").status_code == 200  # a page without the database serves
    finally:
        connection.settings_dict["PORT"] = port
    assert api.get("/api/cards/1_290/").status_code == 200  # started again: found unaided
    backend = connection.connection.info.backend_pid  # kept (CONN_MAX_AGE) between requests
    with _admin() as admin:  # a restart ends every session
        admin.execute("SELECT pg_terminate_backend(%s)", [backend])
    close_old_connections()  # as a server does before each request (Django's test client not)
    assert api.post("/api/decks/", DECK, format="json").status_code == 201
    assert connection.connection.info.backend_pid != backend
    assert all(checks(api)[name] for name in ("database", "database_write"))
