"""The per-worker memory limit (issue 27, adjudicator/budget.py): under gunicorn a request that
runs out of WORKER_MEMORY_MB is answered 422 in the API's error shape, the worker is recycled
after answering, and the site answers the next request."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from django.core.cache import cache
from django.test import Client

from adjudicator import compression
from adjudicator.games.wojna import dice

ROOT = Path(__file__).resolve().parents[2]
CAPTURE = {"niewola": 3}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[httpx.Client]:
    """gunicorn with one worker over a Unix socket (no port), the capture engine greedy."""
    socket = tmp_path / "gunicorn.sock"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    env = {**os.environ, "DJANGO_DEBUG": "0", "WORKER_MEMORY_MB": "1024",
           "API_ANSWER_CACHE_SECONDS": "0", "DJANGO_ALLOWED_HOSTS": "localhost"}  # fmt: skip
    process = subprocess.Popen(
        [str(gunicorn), "tests.hostile.memory_app:application", "--bind", f"unix:{socket}",
         "--workers", "1", "--log-level", "warning"],
        env=env, cwd=ROOT,
    )  # fmt: skip
    client = httpx.Client(
        transport=httpx.HTTPTransport(uds=str(socket)), base_url="http://localhost", timeout=60
    )
    try:
        yield client
    finally:
        client.close()
        process.terminate()
        process.wait(timeout=30)


#: How long gunicorn may take to answer at all: a worker reads the site, the search index and
#: its tables (~10 s of CPU), a minute or more on a busy machine; only a hang fails the test.
START_SECONDS = 300


def worker(client: httpx.Client) -> str:
    """The pid of the worker that answers, once one does."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            return client.get("/pid").text
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError("gunicorn did not answer")


def recycled(client: httpx.Client, first: str) -> bool:
    """Does another worker answer, once the recycled one has exited? (A threaded worker may
    still answer a request already on its connection while it shuts down.)"""
    for _ in range(300):
        if worker(client) != first:
            return True
        time.sleep(0.1)
    return False


def test_a_request_out_of_memory_is_a_422_and_its_worker_is_recycled(server):
    first = worker(server)
    response = server.post("/api/wojna/capture/", json=CAPTURE, headers={"Accept-Language": "en"})
    assert response.status_code == 422
    (error,) = response.json()["errors"]
    assert error["code"] == "over_budget"
    assert "memory" in error["message"]
    assert recycled(server, first)
    assert server.post("/api/wojna/escape/", json={"ucieczka": 3}).status_code == 200


def test_the_limit_holds_a_process_s_data_segment():
    """In a subprocess: past the limit an allocation is a MemoryError, not the machine's."""
    code = (
        "from adjudicator.budget import limit_memory\n"
        "limit_memory(256)\n"
        "try:\n    bytearray(1024**3)\nexcept MemoryError:\n    print('refused')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "refused", done.stderr


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ask", "content_type"),
    [
        (lambda c: c.get("/wojna/tests/?test=capture&value=3"), "text/html"),
        (lambda c: c.post("/api/wojna/capture/", CAPTURE, "application/json"), "application/json"),
    ],
)
def test_a_memory_error_is_a_422_page_or_json_not_a_500(monkeypatch, ask, content_type):
    """In the test client (no gunicorn: no worker to recycle), the same 422."""

    def out_of_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(dice, "capture_odds", out_of_memory)
    cache.clear()  # an answer cached by another test would not reach the engine
    response = ask(Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en"))
    assert response.status_code == 422
    assert response["Content-Type"].startswith(content_type)
    assert b"more memory than one request may use" in response.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "content_type"),
    [("/wotr/moves/", "text/html"), ("/api/wotr/positions/setup/", "application/json")],
)
def test_a_memory_error_in_a_middleware_is_the_same_422(monkeypatch, path, content_type):
    """The gzip middleware, outside the view, compressing a big answer: Django would make its
    MemoryError a 500 before the budget's middleware saw it (errors.server_error)."""

    def out_of_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(compression, "compress", out_of_memory)
    monkeypatch.setattr(compression, "compress_pieces", out_of_memory)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    response = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 422
    assert response["Content-Type"].startswith(content_type)
    assert b"more memory than one request may use" in response.content
    if content_type == "application/json":
        assert response.json()["errors"][0]["code"] == "over_budget"
