"""The offline shell page as served: its script policy and what it carries."""

import json
import re

from django.test import Client
from django.urls import reverse

from adjudicator.web.offline_odds import browser, views


def test_the_shell_allows_webassembly_and_nothing_else_beyond_the_site_policy():
    response = Client().get(reverse("offline-odds"))
    scripts = response["Content-Security-Policy"].split("script-src")[1].split(";")[0].split()
    assert sorted(scripts) == ["'self'", "'wasm-unsafe-eval'"]


def test_the_shell_carries_its_language_and_the_forms_of_both_pages():
    page = Client().get(reverse("offline-odds"), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    data = re.search(
        r'<script id="offline-odds-engine" type="application/json">(.*?)</script>', page
    )
    engine = json.loads(data.group(1))
    assert engine["context"] == views.shell_context("pl")
    assert engine["context"]["formats"]["DECIMAL_SEPARATOR"] == ","
    assert 'data-offline-form="battle"' in page and 'data-offline-form="hunt_turn"' in page
    assert 'name="attacker.regular"' in page and 'name="rerolls.army"' in page


def test_the_browser_runs_the_checkers_declared_compute_and_present():
    """``browser.checkers`` names what the registry's declarations name (they are not shipped:
    they import DRF and the forms), and the headline's old name is theirs."""
    for kind, checker in views.CHECKERS.items():
        assert browser.checkers()[kind] == (checker.compute, checker.present), kind
        assert checker.headline_alias == browser.HEADLINE_ALIAS
    assert set(browser.checkers()) == set(browser.KINDS) == set(views.CHECKERS)
