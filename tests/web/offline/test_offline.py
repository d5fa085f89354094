"""The installable app's manifest, the service worker's script and what it keeps (issue 26)."""

import json
import struct
import sys
import types
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, override_settings
from django.urls import path

from adjudicator import urls as site_urls
from adjudicator.web.offline import precache
from rules_corpus.models import Rulebook, Section
from rules_corpus.services import load_rulebooks
from rules_corpus.templatetags.rulebook_text import rulebook_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def rulebooks(db):
    load_rulebooks()


def worker_config(client: Client) -> dict:
    response = client.get("/sw.js")
    first_line = response.content.decode().split("\n", 1)[0]
    return json.loads(first_line.removeprefix("const CONFIG = ").removesuffix(";"))


@pytest.mark.parametrize(
    ("language", "name"),
    [("ru", "Судья по правилам"), ("pl", "Sędzia zasad"), ("en", "Rules Adjudicator")],
)
def test_the_manifest_names_the_app_in_the_request_language(client, language, name):
    response = client.get("/offline/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE=language)
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert (manifest["name"], manifest["lang"]) == (name, language)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = set()
    for icon in manifest["icons"]:
        png = finders.find(icon["src"].removeprefix("/static/"))
        width, height = struct.unpack(">II", Path(png).read_bytes()[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((icon["sizes"], icon.get("purpose", "any")))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_worker_is_served_for_the_whole_site_and_never_cached(client, rulebooks):
    response = client.get("/sw.js")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Type"].startswith("text/javascript")
    config = worker_config(client)
    for url in config["core"]:
        if url.startswith("/static/"):  # served by whitenoise from the finders' files
            assert finders.find(url.removeprefix("/static/")), url
        else:
            assert client.get(url).status_code == 200, url
    assert [book["url"].split("?")[0] for book in config["data"]["books"]] == [
        f"/offline/books/{book.slug}.json" for book in Rulebook.objects.order_by("order", "slug")
    ]


def test_a_changed_rulebook_is_a_new_worker_version_and_data_cache(client, rulebooks):
    before = worker_config(client)
    Rulebook.objects.filter(slug="journey-to-mordor").update(source_sha256="0" * 64)
    after = worker_config(client)
    assert after["version"] != before["version"]
    assert after["data"]["cache"] != before["data"]["cache"]
    assert after["core"] == before["core"]


def test_a_book_bundle_holds_every_section_as_its_page_shows_it(client, rulebooks):
    response = client.get("/offline/books/wotr-rules.json")
    assert (
        response["Cache-Control"].startswith("public") and "immutable" in response["Cache-Control"]
    )
    bundle = response.json()
    sections = list(Section.objects.filter(rulebook__slug="wotr-rules").order_by("position"))
    assert [s["anchor"] for s in bundle["sections"]] == [s.anchor for s in sections]
    attack = next(s for s in bundle["sections"] if s["anchor"] == "brosok-na-ataku")
    section = next(s for s in sections if s.anchor == "brosok-na-ataku")
    assert attack["html"] == str(rulebook_text(section.text))
    parent = bundle["sections"][attack["parent"]]
    assert parent["anchor"] == section.parent.anchor
    assert client.get("/offline/books/no-such-book.json").status_code == 404


def test_the_keep_controls_know_each_book_and_its_size(client, rulebooks):
    manifest = client.get("/offline/precache.json").json()
    sizes = {book["slug"]: book["bytes"] for book in manifest["books"]}
    assert sizes["wotr-rules"] == len(client.get("/offline/books/wotr-rules.json").content)
    assert sum(sizes.values()) < 2 * 1024 * 1024  # the five books, as the issue promises


def test_without_the_search_index_search_is_left_out_not_broken(
    client, rulebooks, settings, tmp_path
):
    settings.SEARCH_INDEX_DIR = tmp_path / "search_index"
    assert client.get("/offline/search-index.json").status_code == 404
    assert worker_config(client)["data"]["search"] is None


def odds_shell(request):
    from django.http import HttpResponse

    return HttpResponse("<html lang='en'><body>odds</body></html>")


#: The site's URLs with an odds shell, as the odds app adds it (this module as ROOT_URLCONF).
urlpatterns = [*site_urls.urlpatterns, path("offline/odds/", odds_shell, name="offline-odds")]


def test_the_odds_shell_and_its_files_are_kept_when_the_odds_app_is_there(rulebooks, monkeypatch):
    assets = types.ModuleType("adjudicator.web.offline_odds.assets")
    assets.precache_urls = lambda: ["/offline/odds/", "/static/offline/odds/odds.js"]
    monkeypatch.setitem(sys.modules, "adjudicator.web.offline_odds", types.ModuleType("x"))
    monkeypatch.setitem(sys.modules, "adjudicator.web.offline_odds.assets", assets)
    with override_settings(ROOT_URLCONF=__name__):
        config = precache.worker_config()
    assert config["odds"] == "/offline/odds/"
    assert {"/offline/odds/", "/static/offline/odds/odds.js"} <= set(config["oddsFiles"])
    assert config["oddsPaths"] == ["/wotr/battle/", "/wotr/hunt/turn/"]
