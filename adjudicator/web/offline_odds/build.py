"""Build the offline odds files at setup time (``manage.py build_offline_odds``, run by make):
Pyodide from npm (pinned in ``npm/package-lock.json``) copied under ``static/``, and the zip of the
server's own engine code from this checkout, so what the browser runs never drifts from it."""

from __future__ import annotations

import importlib.util
import io
import modulefinder
import shutil
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path

import django.utils.numberformat

from . import assets

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "static"
BROWSER = "adjudicator/web/offline_odds/browser.py"
#: What ``browser.py`` runs: the checkers' ``compute`` and ``present`` (``browser.checkers``).
SCRIPTS = ("adjudicator/web/wotr/services.py", "adjudicator/web/wotr/presenters.py", BROWSER)
#: Besides the modules the scripts import (found by ``code_files``): this package and the
#: engines' data.
SOURCES = ("adjudicator/web/offline_odds/__init__.py", BROWSER, "adjudicator/games/wotr/data")
#: Pure-Python packages the engines import, shipped from the environment.
PACKAGES = ("slugify", "text_unidecode")
NUMBERFORMAT = "django_numberformat.py"
"""Django's own number formatting (``browser.install`` runs it as ``django.utils.numberformat``)."""
SHIPPED = {".py", ".json", ".bin"}


def _files(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
        return
    for file in sorted(path.rglob("*")):
        if file.is_file() and file.suffix in SHIPPED and "__pycache__" not in file.parts:
            yield file


def code_files() -> list[Path]:
    """The project's modules the scripts are and import, directly or not (read from their
    code, so a module the services or presenters come to import is shipped too)."""
    finder = modulefinder.ModuleFinder(path=[str(ROOT)])
    for script in SCRIPTS:
        finder.run_script(str(ROOT / script))
    return sorted(
        Path(module.__file__)
        for name, module in finder.modules.items()
        if name.split(".")[0] == "adjudicator" and module.__file__
    )


def _entries() -> Iterator[tuple[str, bytes]]:
    for source in (*code_files(), *(ROOT / source for source in SOURCES)):
        for file in _files(source):
            yield file.relative_to(ROOT).as_posix(), file.read_bytes()
    for package in PACKAGES:
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.origin is not None, package
        base = Path(spec.origin).parent
        for file in _files(base):
            yield f"{package}/{file.relative_to(base).as_posix()}", file.read_bytes()
    yield NUMBERFORMAT, Path(django.utils.numberformat.__file__).read_bytes()


def engine_zip() -> bytes:
    """The zip, byte for byte the same for the same sources (fixed dates, sorted)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(_entries()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> bool:
    """Write when changed (collectstatic then copies only what changed)."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def npm_pyodide() -> Path:
    """Pyodide's package, installed by ``npm ci`` from the lock file when missing or stale."""
    installed = assets.NPM_DIR / "node_modules" / ".installed"
    lock = assets.NPM_DIR / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is needed to fetch Pyodide (make installs it with apt-get)")
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=assets.NPM_DIR, check=True
        )
        installed.touch()
    return assets.NPM_DIR / "node_modules" / "pyodide"


def pyodide_files(package: Path) -> Iterator[tuple[str, bytes]]:
    """Pyodide's loader (its source-map line left out: the map is not shipped) and its files."""
    loader = (package / assets.PYODIDE_LOADER).read_text()
    kept = [line for line in loader.splitlines() if not line.startswith("//# sourceMappingURL")]
    yield assets.PYODIDE_LOADER, ("\n".join(kept) + "\n").encode()
    for name in assets.PYODIDE_FILES:
        yield name, (package / name).read_bytes()


def build() -> list[str]:
    """Fetch and copy Pyodide, build the engine zip; the static paths written."""
    written = []
    for name, data in pyodide_files(npm_pyodide()):
        if _write(STATIC / assets.PYODIDE_DIR / name, data):
            written.append(assets.PYODIDE_DIR + name)
    if _write(STATIC / assets.ENGINE, engine_zip()):
        written.append(assets.ENGINE)
    return written
