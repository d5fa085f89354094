"""Retention that keeps its word and a production surface that holds (issue 28.4, 28.5): a
deleted deck leaves no copy, one command expires every stored kind, a GET stores nothing,
saves are idempotent by key, cookies carry their flags, the admin's sign-in is throttled, the
health check needs no proxy headers, commands refuse out-of-range options."""

import json
import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.apps import apps
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from adjudicator.web.links.models import SharedInput
from cards_db.models import Deck, IdempotentSave
from rules_corpus.models import Section
from tests.cards_db import conftest as cards_conftest
from tests.games.tcg.sample_decks import legal_deck
from tests.hostile.test_concurrent_saves import DECK
from tests.openapi import openapi_schema
from tests.site_pages import load_site_data, site_pages

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
SAVE = {"name": "Elves", "list": legal_deck(), "format": "fellowship_block"}
cards = cards_conftest.cards


def test_a_deck_deleted_from_its_page_leaves_no_link(cards, client):
    form = {**SAVE, "check": "1"}
    checked = client.post(reverse("cards_db:deck_new"), form)
    key = parse_qs(urlsplit(checked["Location"]).query)["deck"][0]
    saved = client.post(reverse("cards_db:deck_new"), {**SAVE, "save": "1"})
    deck = Deck.objects.get()
    assert deck.link_key == key and client.get(checked["Location"]).status_code == 200
    client.post(saved["Location"], {**SAVE, "name": "Elves, changed", "save": "1"})
    client.post(reverse("cards_db:deck_delete", kwargs={"pk": deck.pk, "key": deck.edit_key}))
    assert not Deck.objects.exists() and not SharedInput.objects.exists()
    assert not IdempotentSave.objects.exists()  # the page's saves were kept by their token
    assert client.get(checked["Location"]).status_code == 404


def test_a_deck_deleted_through_the_api_leaves_no_kept_answer(cards):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    saved = api.post("/api/decks/", SAVE, format="json", HTTP_IDEMPOTENCY_KEY="k-1").json()
    assert IdempotentSave.objects.count() == 1
    deck = saved["deck"]["id"]
    assert api.delete(f"/api/decks/{deck}/?edit_key={saved['edit_key']}").status_code == 204
    assert not IdempotentSave.objects.exists()


def test_a_retried_save_with_its_key_is_stored_once(cards):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    first = api.post("/api/decks/", SAVE, format="json", HTTP_IDEMPOTENCY_KEY="retry-me")
    again = api.post("/api/decks/", SAVE, format="json", HTTP_IDEMPOTENCY_KEY="retry-me")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert Deck.objects.count() == 1
    other = api.post("/api/decks/", {**SAVE, "name": "Other"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="retry-me")  # fmt: skip
    assert other.status_code == 400
    assert other.json()["errors"][0]["field"] == "Idempotency-Key"
    bad = api.post("/api/decks/", SAVE, format="json", HTTP_IDEMPOTENCY_KEY="é" * 3)
    assert bad.status_code == 400 and Deck.objects.count() == 1
    assert api.post("/api/decks/", SAVE, format="json").status_code == 201  # no key: a new one
    assert Deck.objects.count() == 2


def save_token(page) -> str:
    (token,) = re.findall(r'name="save_token" value="([0-9a-f]{32})"', page.content.decode())
    return token


def test_a_page_save_sent_twice_is_stored_once_and_an_edited_form_again(cards, client):
    """The form's hidden token: a double submit, or the browser retrying after a lost answer,
    goes to the first save's deck; the form sent back and changed is a new save."""
    new = reverse("cards_db:deck_new")
    token = save_token(client.get(new))
    assert token != save_token(client.get(new))  # every form shown has its own
    form = {**SAVE, "save": "1", "save_token": token}
    first, again = client.post(new, form), client.post(new, form)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"] and Deck.objects.count() == 1
    edited = client.post(new, {**form, "name": "Elves, changed"})
    assert edited["Location"] != first["Location"] and Deck.objects.count() == 2
    page = client.get(first["Location"])  # the deck's edit page: a fresh token to save with
    assert save_token(page) != token
    checked = client.post(new, {**SAVE, "save_token": token})  # Check stores the list only
    assert save_token(client.get(checked["Location"]))  # a list opened from its link too
    assert Deck.objects.count() == 2


def test_one_command_expires_every_stored_kind(capsys):
    long_ago = timezone.now() - timedelta(days=400)
    old_deck = Deck.objects.create(name="Old", format="fellowship_block", source="")
    Deck.objects.filter(pk=old_deck.pk).update(updated=long_ago)
    SharedInput.objects.create(key="a" * 12, kind="x", payload={})
    SharedInput.objects.filter(key="a" * 12).update(created=long_ago)
    SharedInput.objects.create(key="b" * 12, kind="x", payload={})
    IdempotentSave.objects.create(key="k", fingerprint="f", status=201, body={})
    IdempotentSave.objects.filter(key="k").update(created=timezone.now() - timedelta(days=2))
    Session.objects.create(session_key="s" * 32, session_data="", expire_date=long_ago)
    call_command("expire_decks")
    out = capsys.readouterr().out
    assert "deleted 1 deck(s)" in out and "deleted 1 link(s)" in out
    assert "deleted 1 Idempotency-Key answer(s)" in out and "deleted 1 session(s)" in out
    assert list(SharedInput.objects.values_list("key", flat=True)) == ["b" * 12]
    assert not (Deck.objects.exists() or IdempotentSave.objects.exists())
    assert not Session.objects.exists()


@pytest.mark.parametrize("days", ["99999999999", "0", "-3", "ten"])
def test_an_out_of_range_retention_is_refused_with_a_message(days):
    with pytest.raises(CommandError, match="whole number of days from 1 to 36500"):
        call_command("expire_decks", "--days", days)
    with pytest.raises(CommandError, match="whole number of days from 1 to 36500"):
        call_command("expire_decks", "--link-days", days)


def test_a_get_with_a_whole_position_stores_nothing_and_its_link_works(client):
    position = client.get("/api/wotr/positions/setup/").json()
    query = {"position": json.dumps(position), "attacker_region": "orthanc",
             "defender_region": "fords-of-isen"}  # fmt: skip
    for _ in range(3):
        response = client.get("/wotr/battle/position/", query)
        assert response.status_code == 200
    assert not SharedInput.objects.exists()
    shared = client.get(response.context["share_url"])
    assert shared.status_code == 200 and shared.context["answer"] == response.context["answer"]
    assert not SharedInput.objects.exists()


def test_the_language_cookie_is_same_site_and_secure_under_https(settings):
    settings.LANGUAGE_COOKIE_SECURE = True
    response = Client().post("/i18n/setlang/", {"language": "en", "next": "/"})
    cookie = response.cookies["adjudicator_language"]
    assert cookie["samesite"] == "Lax" and cookie["secure"] and cookie["httponly"]


def test_admin_sign_in_is_throttled(settings):
    client = Client()
    answers = [client.post("/admin/login/", {"username": "x", "password": "y"}).status_code
               for _ in range(12)]  # fmt: skip
    assert answers[:10] == [200] * 10 and answers[10:] == [429, 429]


def test_the_health_check_needs_no_host_nor_forwarded_scheme(tmp_path, settings):
    settings.ALLOWED_HOSTS, settings.SECURE_SSL_REDIRECT = ["rules.example.org"], True
    settings.SEARCH_INDEX_DIR = tmp_path / "none"
    response = Client().get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 503 and response.json()["checks"]["database"] is True
    assert Client().get("/wotr/", HTTP_HOST="10.0.0.7:8000").status_code == 400


def documented_environment() -> dict[str, str]:
    """The variables docs/deploy.md's production block exports."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    block = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    found = dict(re.findall(r"(\w+)=(\"[^\"]*\"|\S+)", block))
    found["DJANGO_SECRET_KEY"] = "x" * 60 + "production-like-key-with-enough-variety-123!"
    return found


def test_check_deploy_is_clean_with_exactly_the_documented_environment(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "API_"))}
    env.update(documented_environment(), ADJUDICATOR_VAR_DIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


#: What a GET may write: the shared cache's table (settings.CACHES, the default without
#: REDIS_URL), its expiring rate-limit counts (docs/deploy.md, Retention: a cache, not stored
#: data); and the health check's probe row, rolled back.
CACHE_TABLE = "adjudicator_cache"
ROLLED_BACK = ('INSERT INTO "web_healthprobe"',)
DATABASE_CACHE = {
    "default": {"BACKEND": "adjudicator.cache.DatabaseCache", "LOCATION": CACHE_TABLE}
}


def api_gets(deck_id: str) -> list[str]:
    """Every GET of the API's schema, its path parameters filled with stored examples."""
    section = Section.objects.exclude(anchor="").select_related("rulebook").first()
    examples = {
        "/decks/{id}/": deck_id, "/sections/{id}/": str(section.pk), "card_set": "1",
        "number": "290", "key": "1_290", "slug": section.rulebook.slug, "anchor": section.anchor,
    }  # fmt: skip
    paths = []
    for path, operations in openapi_schema()["paths"].items():
        if "get" not in operations:
            continue
        served = path.replace("{id}", examples.get(path.removesuffix("export/"), ""))
        for name, value in examples.items():
            served = served.replace("{" + name + "}", value)
        paths.append(f"/api{served}" + QUERIES.get(path, ""))
    return paths


#: The API's GETs that need a query.
QUERIES = {"/search/": "?q=осада", "/cards/named/": "?exact=Legolas, Greenleaf"}


def table_rows() -> dict[str, int]:
    return {
        model._meta.db_table: model.objects.count()
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed
    }


def test_no_get_writes_to_the_database(settings, tmp_path):
    """Every page and checker answer of the site walk (tests/site_pages.py), every GET of the
    API and the health check: not one INSERT, UPDATE or DELETE outside the shared cache, and
    every table's rows as they were (with the cache in the database, as deployed)."""
    load_site_data(settings, tmp_path)
    deck = APIClient().post("/api/decks/", DECK, format="json").json()
    settings.CACHES = {**settings.CACHES, **DATABASE_CACHE}  # answers, fragments: in memory
    call_command("createcachetable")
    paths = [*site_pages(), *api_gets(deck["deck"]["id"]), "/healthz"]
    before = table_rows()
    client = Client()
    with CaptureQueriesContext(connection) as queries:
        answers = {path: client.get(path).status_code for path in paths}
    writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
    assert [
        sql for sql in writes if CACHE_TABLE not in sql and not sql.startswith(ROLLED_BACK)
    ] == []
    assert table_rows() == before
    assert {path: status for path, status in answers.items() if status != 200} == {}


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
