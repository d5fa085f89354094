"""Drive the site through a plan of requests and injected faults, in a process of its own (the
database is a file the plan breaks: a full or read-only disk, a database removed or stopped).

``python tests/hostile/fault_driver.py PLAN.json`` with the settings' environment
(``DATABASE_URL``...) runs each step of the plan, a JSON list: ``{"request": [method, path,
body or null]}`` through Django's test client (connections kept or closed between requests
exactly as in a server: ``CONN_MAX_AGE``), ``{"run": [argv...]}`` a command, ``{"sqlite":
"PRAGMA ..."}`` a statement on every SQLite connection opened from then on (and the open one),
``{"sqlite": null}`` forgets those statements (connections opened later are plain again),
``{"refuse_writes": message}`` makes every write fail with SQLite's OperationalError
``message`` (a full disk where no tmpfs can be mounted; ``null`` ends it),
``{"close": true}`` closes the connections, ``{"fill": path}`` writes zeros into ``path``
until the disk is full. It prints one line of JSON per request: ``[status, Retry-After, body
as JSON or as text]``.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

import django

django.setup()

from django.db import OperationalError, close_old_connections, connection, connections  # noqa: E402
from django.db.backends.signals import connection_created  # noqa: E402
from django.test import Client  # noqa: E402

PRAGMAS: list[str] = []


def _on_connect(sender, connection, **kwargs) -> None:
    for pragma in PRAGMAS:
        connection.cursor().execute(pragma)


REFUSAL: list[str] = []


def _refuse_writes(execute, sql, params, many, context):
    if REFUSAL and not sql.lstrip().upper().startswith("SELECT"):
        raise OperationalError(REFUSAL[0])
    return execute(sql, params, many, context)


def fill(path: str) -> None:
    """Write into ``path`` until the disk says it is full."""
    with open(path, "wb") as file:
        try:
            while True:
                file.write(b"\0" * 65536)
                file.flush()
        except OSError:
            pass


def main() -> None:
    connection_created.connect(_on_connect)
    connection.execute_wrappers.append(_refuse_writes)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    for step in json.loads(Path(sys.argv[1]).read_text()):
        if "refuse_writes" in step:
            REFUSAL[:] = [step["refuse_writes"]] if step["refuse_writes"] else []
        elif "close" in step:
            connections.close_all()
        elif "run" in step:
            subprocess.run(step["run"], check=True, capture_output=True)
        elif "fill" in step:
            fill(step["fill"])
        elif step.get("sqlite", "") is None:
            PRAGMAS.clear()
        elif "sqlite" in step:
            PRAGMAS.append(step["sqlite"])
            if connection.connection is not None:
                connection.cursor().execute(step["sqlite"])
        else:
            method, path, body = step["request"]
            close_old_connections()  # as a server does around each request (the test client
            if method == "POST":
                response = client.post(path, body, content_type="application/json")
            else:
                response = client.get(path)
            close_old_connections()  # does not: it keeps the test database's connection)
            try:
                payload = response.json()
            except ValueError:
                payload = response.content.decode()
            print(json.dumps([response.status_code, response.get("Retry-After"), payload]))


if __name__ == "__main__":
    main()
