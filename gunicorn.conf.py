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
"""

import os

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
