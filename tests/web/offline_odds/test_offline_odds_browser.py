"""The battle and hunt-turn pages offline, in a real browser: the shell served for the page's
own link (as the service worker serves it when the server cannot be reached) computes on the
device the answer the API gives, says so in the page's language, and answers an edited question
with the network gone."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.http import QueryDict
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse
from django.utils import translation

from adjudicator.web.offline import precache
from adjudicator.web.offline_odds import assets, build, views

# One worker builds the offline files (build.build) for both modules: never two at once.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("offline_odds"),
]

ANSWERED = "#offline-answer:not([hidden])"
DONE = f"{ANSWERED}, #offline-problems:not([hidden])"
START_TIMEOUT_MS = 120_000
"""Pyodide starts in seconds; a busy machine may take many more (no timing is tested)."""
NOTE = "Computed offline on this device, by the same code as the server: the answer is the one the site gives."  # noqa: E501
CASES = [
    (
        "ru",
        "battle",
        "attacker.regular=8&attacker.elite=2&attacker.leadership=2&defender.regular=5"
        "&settlement=city",
    ),
    (
        "pl",
        "hunt_turn",
        "moves=3&hunt_dice=3&rerolls.army=on&corruption=8&casualty=companion"
        "&companions=legolas&companions=gimli",
    ),
]
EDITED = ("en", "battle", "attacker.regular=4&defender.regular=4&defender.elite=1&rounds=2")
"""English, then edited with the network gone."""
API = {"battle": "/api/wotr/battle/", "hunt_turn": "/api/wotr/hunt/turn/"}
FIGURE = {"battle": "defender_destroyed", "hunt_turn": "survive"}


@pytest.fixture(scope="module", autouse=True)
def offline_files() -> None:
    build.build()


def api_answer(kind: str, query: str, language: str) -> dict[str, Any]:
    """The API's answer to the page link's question (the form's request, as the page asks)."""
    form = views.FORMS[kind](QueryDict(query))
    assert form.is_valid(), form.errors
    known = form.api_request().fields  # the page's request, without what the API leaves out
    body = {key: value for key, value in form.as_request().items() if key in known}
    response = Client().post(
        API[kind],
        json.dumps(body),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200, response.content
    return response.json()


def open_offline(browser, live_server, language: str, kind: str, query: str):
    """The page's link opened with the shell answering it, as the service worker does offline."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    shell = f"{live_server.url}{reverse('offline-odds')}"
    paths = "|".join(re.escape(reverse(name)) for name in ("wotr:battle", "wotr:hunt_turn"))
    context.route(
        re.compile(f"^{re.escape(live_server.url)}({paths})(\\?.*)?$"),
        lambda route: route.fulfill(response=route.fetch(url=shell)),
    )
    page = context.new_page()
    errors: list[str] = []
    requested: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{live_server.url}{reverse('wotr:' + kind)}?{query}")
    page.wait_for_selector(DONE, timeout=START_TIMEOUT_MS)
    assert page.is_visible(ANSWERED), page.inner_text("#offline-problems")
    assert_precached(live_server, requested)
    return context, page, errors


def assert_precached(live_server, requested: list[str]) -> None:
    """Everything the page fetched is in the odds app's list for the service worker, or is one
    of the site's files every page uses (the offline app keeps those), or is the page's own
    link (which the worker answers with the shell)."""
    shown = {reverse("wotr:battle"), reverse("wotr:hunt_turn"), "/favicon.ico"}
    site_files = {static(name) for name in precache.STATIC_FILES}
    fetched = {urlsplit(url).path for url in requested if url.startswith(live_server.url)}
    assert fetched - shown - site_files <= set(assets.precache_urls())


def assert_same_answer(page, kind: str, query: str, language: str) -> None:
    api = api_answer(kind, query, language)
    assert page.inner_text("[data-testid=headline]") == api["verdict"]
    assert page.locator("#offline-numbers code").first.text_content() == api[FIGURE[kind]]["exact"]
    shown = page.locator("#offline-citations a").evaluate_all("links => links.map(a => a.href)")
    assert [link.split("/", 3)[3] for link in shown] == [
        c["url"].split("/", 3)[3] for c in api["citations"]
    ]
    assert page.locator("#offline-assumptions li").all_inner_texts() == api["assumptions"]
    with translation.override(language):
        note = translation.gettext(NOTE)
    assert page.inner_text("[data-testid=offline-note]") == note
    assert language == "en" or note != NOTE  # said in the page's language


@pytest.mark.parametrize(("language", "kind", "query"), CASES)
def test_offline_page_answers_as_the_api(browser, live_server, language, kind, query):
    context, page, errors = open_offline(browser, live_server, language, kind, query)
    assert_same_answer(page, kind, query, language)
    assert not errors
    context.close()


def test_question_edited_offline_is_answered_on_the_device(browser, live_server):
    context, page, errors = open_offline(browser, live_server, *EDITED)
    assert_same_answer(page, *EDITED[1:], EDITED[0])
    context.set_offline(True)
    assert not page.is_visible("#battle-attacker\\.regular")  # the answer first, the form folded
    page.click("#edit > summary")
    page.fill("#battle-attacker\\.regular", "7")
    page.click("[data-offline-form=battle] button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('offline-status').hidden"
        " && location.search.includes('attacker.regular=7')"
    )
    query = page.evaluate("location.search").lstrip("?")
    assert "attacker.regular=7" in query and "defender.elite=1" in query
    assert_same_answer(page, "battle", query, "en")
    assert not errors
    context.close()


def test_every_precached_file_is_served(live_server):
    for url in assets.precache_urls():
        with urllib.request.urlopen(live_server.url + url) as response:
            assert response.status == 200, url
