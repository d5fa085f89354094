"""gunicorn's settings for `make serve` (docs/deploy.md), read from the environment.

- Threaded workers (``gthread``): a slow client (one header line a second, a trickled body)
  holds one of a worker's ``GUNICORN_THREADS`` threads, not the worker; a busy request shares
  the cores with the others instead of queueing them behind it. The CPU budget counts each
  request's own thread (adjudicator/budget.py). Beyond workers x threads slow clients at once,
  put a buffering proxy in front (docs/deploy.md).
- The site is loaded once, in the master, before the workers are forked (``preload_app``): the
  search index, its vectors and encoder, the board and the cards are read once and shared
  copy-on-write, so a worker costs a fraction of its memory and is ready as soon as it is
  forked; a reload (``kill -HUP``) forks the new workers before the old ones finish their
  requests and leave, and answers every request meanwhile. A new release (new code) starts a
  new master beside the old one: ``kill -USR2`` then ``kill -QUIT`` the old master.
- A worker leaving (a reload, a stop) skips Python's teardown (``worker_exit``): freeing the
  site's objects one by one would write to nearly every page it shares with the master
  (copy-on-write), on the cores the new workers are starting on.
"""

import os
import sys

bind = [os.environ.get("BIND", "127.0.0.1:8000")]
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * os.cpu_count() + 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "32"))
worker_connections = 2 * threads  # as many kept-alive connections as threads
preload_app = True
timeout = 30
graceful_timeout = 10
keepalive = 2
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
control_socket_disable = True  # signals steer it (docs/deploy.md); two masters would share one


def when_ready(server: object) -> None:
    """The master loaded the site (preload_app) and forks its workers next: no database
    connection it may have opened is handed down to them to share."""
    from django.db import connections

    connections.close_all()


def worker_exit(server: object, worker: object) -> None:
    """The worker has answered its requests and leaves: its database connections are closed
    and its logs flushed, then it exits at once with the code it was leaving with. Python's
    own teardown would free every object of the preloaded site, copying the pages shared with
    the master as it goes (measured: 35,000 pages, 130–330 ms of CPU per worker against 8 ms;
    5 such exits at each reload stalled the new workers' first answers, README, Reloads)."""
    import logging

    from django.db import connections

    leaving = sys.exc_info()[1]  # gunicorn calls this while the worker's SystemExit unwinds
    code = leaving.code if isinstance(leaving, SystemExit) else None if leaving is None else 1
    threads = getattr(worker, "tpool", None)
    if threads is not None:  # a request still answered past graceful_timeout ends first, as
        threads.shutdown(wait=True)  # Python's teardown let it (it joined these threads)
    connections.close_all()
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)
