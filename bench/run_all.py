"""Run every benchmark in bench/ (``make bench``), each in its own process, printing its figures."""

import subprocess
import sys
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent


def main() -> int:
    skip = {"run_all.py", "__init__.py", "cold.py", "search_fts5.py", "serving.py"}
    scripts = sorted(p for p in BENCH_DIR.glob("*.py") if p.name not in skip)
    failed = []
    for script in scripts:
        print(f"\n=== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)], check=False).returncode:
            failed.append(script.name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
