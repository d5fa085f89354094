"""Accessibility: axe-core (shipped by axe-playwright-python) finds no serious or critical
violation on any page of the site, in a real browser at phone width."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.site_pages import load_site_data, site_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("ru", "pl", "en")


def test_no_serious_or_critical_violation_on_any_page(browser, live_server, settings, tmp_path):
    load_site_data(settings, tmp_path)
    axe = Axe()
    found = {}
    for index, path in enumerate(site_pages()):
        language = LANGUAGES[index % len(LANGUAGES)]  # every language, spread over the pages
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            locale=language,
            extra_http_headers={"Accept-Language": language},
        )
        page = context.new_page()
        page.goto(live_server.url + path)
        if path.startswith("/api/docs/"):  # Swagger UI draws the operations after the load
            page.wait_for_selector(".opblock")
        results = axe.run(page)
        context.close()
        serious = [
            f"{v['id']}: {v['nodes'][0]['target']} ({len(v['nodes'])}×)"
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        if serious:
            found[f"{language} {path}"] = serious
    assert not found, "\n".join(f"{page}: {problems}" for page, problems in found.items())


def test_the_api_docs_page_has_the_language_and_a_way_back_to_the_site(client):
    page = client.get("/api/docs/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert '<html lang="pl">' in page
    assert 'class="back-to-site"' in page and 'href="/"' in page
