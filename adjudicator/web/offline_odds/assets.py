"""The files the offline odds shell needs, by URL: the service worker precaches them.

Pyodide's own files are fetched by its loader by their plain names under one directory, so they
live under a directory named by Pyodide's version (a new version, new URLs) and are listed by
their plain URLs; everything else by ``static()`` (hashed names under DJANGO_HASHED_STATIC=1).
"""

from __future__ import annotations

import json
from pathlib import Path

from django.templatetags.static import PrefixNode, static
from django.urls import reverse

NPM_DIR = Path(__file__).resolve().parent / "npm"
PYODIDE_VERSION: str = json.loads((NPM_DIR / "package.json").read_text())["dependencies"]["pyodide"]
STATIC_DIR = "offline/odds/"
PYODIDE_DIR = f"{STATIC_DIR}pyodide-{PYODIDE_VERSION}/"
PYODIDE_LOADER = "pyodide.js"
PYODIDE_FILES = ("pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What the loader fetches from its directory (the engines need no Pyodide package)."""
ENGINE = f"{STATIC_DIR}engine.zip"
WORKER = f"{STATIC_DIR}worker.js"
ENGINE_JS = f"{STATIC_DIR}engine.js"
SHELL_FILES = (
    f"{STATIC_DIR}odds.js",
    WORKER,
    ENGINE_JS,
    f"{STATIC_DIR}odds.css",
    "js/checker.js",
    "css/site.css",
)


def pyodide_url() -> str:
    """The directory Pyodide's loader fetches its files from (plain names)."""
    return PrefixNode.handle_simple("STATIC_URL") + PYODIDE_DIR


def engine_url() -> str:
    """The zip of the server's engine code the browser runs (built by build_offline_odds)."""
    return static(ENGINE)


def precache_urls() -> list[str]:
    """The shell page and every file it needs to answer offline."""
    return [
        reverse("offline-odds"),
        *(static(name) for name in SHELL_FILES),
        static(PYODIDE_DIR + PYODIDE_LOADER),
        *(pyodide_url() + name for name in PYODIDE_FILES),
        engine_url(),
    ]
