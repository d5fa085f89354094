"""Fixtures shared by the whole suite: a real browser (Debian's chromium through Playwright)."""

import os
import shutil
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# No test depends on the machine's speed or load: hypothesis's default 200 ms deadline per
# example and its "too slow" check fail on a busy machine, so the suite turns both off.
hypothesis_settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("suite")

# Playwright's sync API runs an event loop in the test thread; the ORM calls made by the
# test itself around it are still synchronous, so Django's async guard must stand aside.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session", autouse=True)
def views_imported() -> None:
    """Every view module imported before the first request, as adjudicator/wsgi.py does in
    production: a request's CPU budget (adjudicator/budget.py) never pays for the imports, so
    a test's answer does not depend on whether it is its process's first request."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018


@pytest.fixture(autouse=True)
def cpu_budget_lifted(settings) -> None:
    """No test depends on the machine's speed or load (issue 27): the CPU budget per request
    (adjudicator/budget.py) is raised far above any question the tests ask; the budget's own
    tests (tests/hostile/test_cpu_budget.py) set REQUEST_CPU_SECONDS themselves."""
    settings.REQUEST_CPU_SECONDS = 60


@pytest.fixture(scope="session")
def browser() -> Iterator["object"]:
    """Debian's chromium, headless, launched by Playwright (its own browser download can't work)."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.fail("chromium is not installed: `make test` installs it with apt-get")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser) -> Iterator["object"]:
    """A fresh browser tab (own cookies) that fails the test on any page error."""
    # No service worker: what it keeps for offline (the rulebooks, the search index, the odds'
    # Pyodide) is not fetched by every test; tests/web/offline/ tests it in contexts of its own.
    context = browser.new_context(locale="ru-RU", service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # A Content-Security-Policy violation is a console error (issue 12: every page passes).
    page.on(
        "console",
        lambda m: (
            m.type == "error" and "Content Security Policy" in m.text and errors.append(m.text)
        ),
    )
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


#: Each test's own cache, in its process: the shared one (settings.CACHES, a database table or
#: Redis) is tested with real workers (tests/hostile/test_shared_limits.py).
LOCAL_CACHE = {
    alias: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": alias}
    for alias in ("default", "answers", "fragments")
}


def pytest_configure(config) -> None:
    """What runs at collection, outside any test (schemathesis loading the schema through the
    site), uses the local cache too: the shared one is a database table, out of its reach."""
    from django.conf import settings

    settings.CACHES = LOCAL_CACHE
    settings.CPU_THROTTLE_RATE = "1000000/min"


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch, settings) -> None:
    """Each test starts with an empty cache: no throttle counts or cached answers carried over;
    and the per-client API rate is lifted (fuzz tests send thousands of requests from one
    client; tests/hostile/test_decks.py sets its own rates to test throttling)."""
    from django.core.cache import caches
    from rest_framework.throttling import SimpleRateThrottle

    settings.CACHES = LOCAL_CACHE
    settings.CPU_THROTTLE_RATE = "1000000/min"

    from cards_db.filters import cached_choices

    for alias in LOCAL_CACHE:
        caches[alias].clear()
    cached_choices.cache_clear()  # the card filters' choices, read from another test's cards
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "anon": "1000000/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)


@pytest.fixture(scope="session", autouse=True)
def static_root(tmp_path_factory) -> str:
    """An empty STATIC_ROOT: only ``collectstatic`` creates the real one, and WhiteNoise warned
    ``No directory at: staticfiles/`` on every request without it (tests get static files from
    the finders, through ``live_server``)."""
    from django.conf import settings

    settings.STATIC_ROOT = str(tmp_path_factory.mktemp("staticfiles"))
    return settings.STATIC_ROOT
