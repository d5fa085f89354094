"""The site under gunicorn with one engine made to allocate without bound, and ``/pid`` naming
the worker, for tests/hostile/test_memory_limit.py (never imported by the site)."""

import os

from adjudicator.games.wojna import dice
from adjudicator.wsgi import application as site

#: Far past WORKER_MEMORY_MB: only the limit stops it.
GREEDY_BYTES = 8 * 1024**3


def greedy(*args, **kwargs):
    return bytearray(GREEDY_BYTES)


dice.capture_odds = greedy


def application(environ, start_response):
    if environ["PATH_INFO"] == "/pid":
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [str(os.getpid()).encode()]
    return site(environ, start_response)
