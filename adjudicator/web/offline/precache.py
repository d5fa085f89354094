"""What the service worker keeps, and where it turns when the network is gone (docs/offline.md).

Three caches: ``core-<version>`` (the pages and files the app opens with, fetched when the
worker installs), ``data-<version>`` (the rulebook bundles and the search index, versioned by
their content) and ``pages`` (every page seen, kept as it was seen, with the time it was
saved). The odds pages computed in the browser come from ``adjudicator.web.offline_odds``
when that app is installed."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse

from .books import books, corpus_version

#: The site's own files every page may use, kept for offline.
STATIC_FILES = (
    "css/site.css",
    "css/rules.css",
    "css/home.css",
    "js/checker.js",
    "js/home.js",
    "js/permalink.js",
    "offline/offline.js",
    "offline/retry.js",
    "offline/reader.js",
    "offline/search.js",
    "offline/search-page.js",
    "offline/icons/icon-192.png",
    "offline/icons/icon-512.png",
    "offline/icons/icon-maskable-512.png",
)
#: Paths whose answers are never cached (the API, the admin, the language switch).
NETWORK_ONLY = ("/api/", "/admin/", "/i18n/")


def search_index_file() -> Path:
    """Where ``manage.py build_offline_search`` writes the browser's search index: beside the
    server's index (``var/offline_search.json`` by default)."""
    return Path(settings.SEARCH_INDEX_DIR).with_name("offline_search.json")


def _file_version(path: Path) -> str | None:
    """A short hash of the file's content (None if it is missing), hashed once per version of
    the file: the worker's script is asked for at every visit."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _content_hash(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _content_hash(path: Path, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def _odds() -> tuple[str | None, list[str]]:
    """The odds shell's URL and every file it needs, if the odds app is installed."""
    try:
        from adjudicator.web.offline_odds.assets import precache_urls
    except ImportError:
        return None, []
    try:
        shell = reverse("offline-odds")
    except NoReverseMatch:
        return None, []
    return shell, list(precache_urls())


def data_manifest() -> dict[str, object]:
    """The rulebook bundles (with their sizes) and the search index, and the cache they go in."""
    corpus = corpus_version()
    index_version = _file_version(search_index_file())
    search = None
    if index_version is not None:
        search = {
            "url": f"{reverse('offline:search-index')}?v={index_version}",
            "bytes": search_index_file().stat().st_size,
        }
    listed = [
        {**book, "url": f"{reverse('offline:book', args=[book['slug']])}?v={corpus}"}
        for book in books()
    ]
    return {
        "cache": f"data-{corpus}-{index_version or 'none'}",
        "books": listed,
        "search": search,
    }


def worker_config() -> dict[str, object]:
    """Everything the service worker is told, its version a hash of all of it."""
    odds_shell, odds_files = _odds()
    pages = {
        "home": reverse("rules_corpus:home"),
        "offline": reverse("offline:needs-network"),
        "reader": reverse("offline:reader"),
        "search": reverse("offline:search"),
    }
    core = [*pages.values(), reverse("offline:manifest"), *map(static, STATIC_FILES)]
    config = {
        "core": core,
        # Kept if they can be (Pyodide's files are large): a copy already kept is reused.
        "oddsFiles": [url for url in dict.fromkeys(odds_files) if url not in core],
        "pages": pages,
        "odds": odds_shell,
        "oddsPaths": [reverse("wotr:battle"), reverse("wotr:hunt_turn")],
        "rulesPrefix": "/rules/",
        "searchPath": reverse("rules_corpus:search"),
        "networkOnly": list(NETWORK_ONLY),
        "data": data_manifest(),
    }
    digest = hashlib.sha256(json.dumps(config, sort_keys=True).encode())
    digest.update(worker_source().encode())
    config["version"] = digest.hexdigest()[:12]
    return config


def worker_source() -> str:
    """The service worker's code (served at the site's root by :func:`.views.service_worker`)."""
    return (Path(__file__).with_name("sw.js")).read_text(encoding="utf-8")
