"""The service worker, the web app manifest, and the pages the worker answers with offline."""

from __future__ import annotations

import json

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from rules_corpus.models import Rulebook

from .books import book_bundle
from .precache import data_manifest, search_index_file, worker_config, worker_source

#: The site header's colour: the installed app's title bar.
THEME_COLOUR = "#2a2118"
BACKGROUND_COLOUR = "#fbf8f1"
#: Versioned files (their URL carries ``?v=`` their content's hash) are kept a year.
IMMUTABLE = {"public": True, "max_age": 365 * 24 * 3600, "immutable": True}


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the worker with its configuration, scoped to the whole site, never cached by
    the browser (so that a new version is seen at the next visit)."""
    config = json.dumps(worker_config(), separators=(",", ":"))
    response = HttpResponse(
        f"const CONFIG = {config};\n{worker_source()}",
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, named in the request's language."""
    icons = [
        {"src": static("offline/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("offline/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("offline/icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    payload = {
        "id": "/",
        "name": _("Rules Adjudicator"),
        "short_name": _("Rules"),
        "description": _("The rulebooks, rule checkers and odds of Tolkien board and card games."),
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
def precache(request: HttpRequest) -> JsonResponse:
    """What can be kept for offline and how big it is (the "Keep for offline" controls)."""
    return JsonResponse(data_manifest())


@require_GET
@cache_control(**IMMUTABLE)
def book(request: HttpRequest, slug: str) -> HttpResponse:
    """One rulebook's bundle (:func:`.books.book_bundle`), 404 for an unknown book."""
    try:
        body = book_bundle(slug)
    except Rulebook.DoesNotExist:
        raise Http404(slug) from None
    return HttpResponse(body, content_type="application/json")


@require_GET
@cache_control(**IMMUTABLE)
def search_index(request: HttpRequest) -> FileResponse:
    """The browser's search index (built by ``manage.py build_offline_search``), 404 if absent."""
    try:
        handle = search_index_file().open("rb")
    except FileNotFoundError:
        raise Http404("offline search index") from None
    return FileResponse(handle, content_type="application/json")


def needs_network(request: HttpRequest) -> HttpResponse:
    """What a page that needs the server says offline (served at the page's own address)."""
    return render(request, "offline/needs_network.html")


def reader(request: HttpRequest) -> HttpResponse:
    """The rulebook reader: a section or a table of contents drawn from the kept bundle."""
    return render(request, "offline/reader.html")


def search(request: HttpRequest) -> HttpResponse:
    """The search page answered in the browser from the kept index."""
    return render(request, "offline/search.html")
