"""`make serve`'s gunicorn for the benchmarks (not a benchmark itself)."""

import os
import shlex
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def gunicorn(port: int, env: dict[str, str], *args: str) -> Iterator[tuple[int, Path]]:
    """gunicorn as `make serve` starts it (gunicorn.conf.py) on 127.0.0.1:``port`` over a copy
    of var/db.sqlite3 (the benchmark's writes never touch the real one), with ``env`` and the
    command line's ``args`` on top, then BENCH_GUNICORN_ARGS (to compare another worker model:
    ``--worker-class sync --threads 1``); its pid and the copy. Stopped and cleaned up after."""
    workdir = Path(tempfile.mkdtemp(prefix="adjudicator-bench-"))
    db = workdir / "db.sqlite3"
    shutil.copy(ROOT / "var" / "db.sqlite3", db)
    env = {**os.environ, "DJANGO_DEBUG": "0", "DATABASE_URL": f"sqlite:///{db}",
           "BIND": f"127.0.0.1:{port}", "GUNICORN_ACCESS_LOG": "/dev/null",
           "DJANGO_LOG_LEVEL": "ERROR", "SEARCH_INDEX_DIR": str(ROOT / "var" / "search_index"),
           **env}  # fmt: skip
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"),
         "adjudicator.wsgi", "--log-level", "warning", *args,
         *shlex.split(os.environ.get("BENCH_GUNICORN_ARGS", ""))], cwd=ROOT, env=env)  # fmt: skip
    try:
        yield server.pid, db
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(workdir, ignore_errors=True)
