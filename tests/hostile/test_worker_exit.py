"""A gunicorn worker leaves without Python's teardown (gunicorn.conf.py ``worker_exit``, issue
28: reloads without a stall), once the requests its threads hold are answered, and with the
exit code it was leaving with: the master tells a worker that failed to boot (3) from one
that stopped."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = "adjudicator.settings"
LEAVE = """
import runpy, sys, threading
from concurrent.futures import ThreadPoolExecutor
import django
django.setup()
from django.db import connection
connection.ensure_connection()
hook = runpy.run_path("gunicorn.conf.py")["worker_exit"]
class Worker:  # gthread's: a request still being answered in its thread pool
    tpool = ThreadPoolExecutor()
    tpool.submit(lambda: (threading.Event().wait(0.2), print("answered", flush=True)))
try:
    {leave}
finally:  # as gunicorn's Arbiter.spawn_worker calls it
    hook(None, Worker)
print("Python's teardown ran")
"""


@pytest.mark.parametrize(
    ("leave", "code"),
    [("sys.exit(0)", 0), ("sys.exit(3)", 3), ("sys.exit(-1)", 255), ("sys.exit()", 0),
     ("raise RuntimeError('a defect')", 1)],
)  # fmt: skip
def test_a_worker_leaves_at_once_with_its_exit_code(leave, code):
    done = subprocess.run(
        [sys.executable, "-c", LEAVE.format(leave=leave)], cwd=ROOT, capture_output=True,
        text=True, check=False, env={**os.environ, "DJANGO_SETTINGS_MODULE": SETTINGS},
    )  # fmt: skip
    assert done.returncode == code, done.stderr
    assert done.stdout == "answered\n"  # the request first; no teardown
