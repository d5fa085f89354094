"""The site as a whole in a real browser: the header's language switch, and every main page
answering 200 without sideways scrolling on a phone."""

import pytest

from rules_corpus.services import load_rulebooks

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

WOTR_BATTLE = (
    "attacker.regular=5&attacker.elite=1&attacker.leadership=2&defender.regular=3"
    "&defender.leadership=1&settlement=city"
)

# Forms and answers of every area; tables of form fields are the usual cause of overflow.
MAIN_PAGES = [
    "/",
    "/search/",
    "/rules/wotr-rules/",
    "/rules/wotr-rules/regiony/",
    "/wotr/",
    f"/wotr/battle/?{WOTR_BATTLE}",
    "/wotr/hunt/",
    "/wotr/moves/",
    "/cards/",
    "/cards/decks/",
    "/cards/calculators/",
    "/cards/calculators/skirmish/",
    "/mordor/",
    "/mordor/keep/",
    "/mordor/resolve/?color_0=red&color_1=blue&position_1=1&track_1=h&active=0&kept_red=ring",
    "/mordor/odds/",
    "/wojna/",
    "/wojna/ring-inheritance/",
    "/wojna/search/?phase=search_phase&nazgul=2&orc_units=3&other_characters=0",
    "/api/docs/",
]


def test_the_header_switch_changes_the_interface_language(page, live_server):
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.get_by_role("heading", level=1).inner_text() == "Что говорят правила?"

    page.locator(".language-switch").get_by_role("button", name="EN").click()
    page.wait_for_selector("html[lang=en]")
    assert page.get_by_role("heading", level=1).inner_text() == "What do the rules say?"
    nav = page.get_by_role("navigation", name="Sections of the site")
    assert not nav.is_visible()  # on a phone the sections wait behind the menu
    page.locator(".site-menu > summary").click()
    assert nav.get_by_role("link", name="Rulebooks").is_visible()

    page.locator(".language-switch").get_by_role("button", name="PL").click()
    page.wait_for_selector("html[lang=pl]")
    assert page.get_by_role("heading", level=1).inner_text() == "Co mówią zasady?"
    assert page.locator(".language-switch button[aria-current=true]").inner_text() == "PL"


def test_main_pages_answer_and_fit_a_phone(page, live_server):
    load_rulebooks()
    page.set_viewport_size(PHONE)
    too_wide = {}
    for path in MAIN_PAGES:
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        assert page.title().strip(), path
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if widths[0] > widths[1]:
            too_wide[path] = widths
    assert not too_wide, f"pages wider than a phone (scrollWidth, innerWidth): {too_wide}"
