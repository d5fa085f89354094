"""Every checker page at the table, in a real browser (issue: answers on a phone).

For each checker of each game, opened from a link in ru, pl and en at 390×844 and 360×740: the
headline is inside the first screen, the page does not scroll sideways, controls are at least
44 px tall, chart text at least 12 px; the Share link, opened in a fresh browser context, asks
the same question and gets the same headline.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe

from cards_db.importer import import_data_files
from tests.games.tcg.sample_decks import legal_deck
from tests.site_pages import CHECKER_QUESTIONS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
LANGUAGES = ["ru", "pl", "en"]

MEASURE = """() => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const controls = [...document.querySelectorAll(
    'button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), ' +
    'summary, a.button, .site-nav a')].filter(visible);
  const small = controls.filter((el) => el.getBoundingClientRect().height < 44)
    .map((el) => el.outerHTML.slice(0, 80));
  const chartText = [...document.querySelectorAll('svg.chart text')].map((el) => {
    const svg = el.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return parseFloat(getComputedStyle(el).fontSize) * scale;
  });
  const headline = document.querySelector('[data-testid=headline]');
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    headlineTop: headline ? headline.getBoundingClientRect().top : null,
    headline: headline ? headline.innerText : null,
    small: small,
    smallestChartText: chartText.length ? Math.min(...chartText) : null,
  };
}"""


@pytest.fixture
def cards(transactional_db):
    import_data_files()


def _context(browser, language, screen):
    return browser.new_context(
        viewport=screen, locale=language, extra_http_headers={"Accept-Language": language}
    )


def _phone_problems(browser, url: str) -> list[str]:
    """What is wrong with the answer at ``url`` on each phone screen in each language."""
    problems = []
    for language in LANGUAGES:
        for screen in SCREENS:
            context = _context(browser, language, screen)
            page = context.new_page()
            response = page.goto(url)
            where = f"{language} {screen['width']}px"
            assert response.status == 200, where
            found = page.evaluate(MEASURE)
            context.close()
            if found["headlineTop"] is None or found["headlineTop"] > screen["height"] - 40:
                problems.append(f"{where}: headline at {found['headlineTop']}")
            if found["scrollWidth"] > found["innerWidth"]:
                problems.append(f"{where}: {found['scrollWidth']} px wide")
            if found["small"]:
                problems.append(f"{where}: controls under 44 px: {found['small'][:3]}")
            if found["smallestChartText"] is not None and found["smallestChartText"] < 12:
                problems.append(f"{where}: chart text {found['smallestChartText']:.1f} px")
    return problems


@pytest.mark.parametrize("question", CHECKER_QUESTIONS)
def test_the_answer_is_the_first_thing_on_a_phone(browser, live_server, cards, question):
    assert not _phone_problems(browser, live_server.url + question)


def test_a_deck_check_is_a_link_answered_first(browser, live_server, cards):
    """The deck validator: a pasted list checked becomes a ``?deck=`` link whose verdict is the
    first thing on a phone in every language, and whose Share link re-runs it anywhere."""
    first = _context(browser, "en", SCREENS[0])
    first.grant_permissions(["clipboard-read", "clipboard-write"])
    page = first.new_page()
    page.goto(f"{live_server.url}/cards/decks/")
    page.fill("#id_list", legal_deck().replace("4x Axe Strike (1C3)", "4x Axe Strik"))
    page.click("button[name=check]")
    page.wait_for_url("**?deck=*")
    headline = page.inner_text("[data-testid=headline]")
    assert headline == "The deck is not legal: 1 problem."
    link = _share_reruns_it(browser, page, headline)
    assert "/cards/decks/?deck=" in link
    assert not _phone_problems(browser, link)
    context = _context(browser, "pl", SCREENS[1])
    answer = context.new_page()
    answer.goto(link)
    violations = Axe().run(answer).response["violations"]
    context.close()
    assert not [v["id"] for v in violations if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("question", CHECKER_QUESTIONS[::5])
def test_the_share_link_reruns_the_question_in_a_fresh_browser(
    browser, live_server, cards, question
):
    first = _context(browser, "en", SCREENS[0])
    first.grant_permissions(["clipboard-read", "clipboard-write"])
    page = first.new_page()
    page.goto(live_server.url + question)
    _share_reruns_it(browser, page, page.inner_text("[data-testid=headline]"))


def _share_reruns_it(browser, page, headline: str) -> str:
    """Share copies the answer's link (no share sheet on a desktop browser), and the link opened
    in a fresh browser gives the same headline; closes ``page``'s context, returns the link."""
    share = page.locator("a[data-share]")
    assert share.is_visible()
    link = share.get_attribute("href")
    share.click()
    page.wait_for_selector("a[data-share][data-state=copied]")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.context.close()
    fresh = _context(browser, "en", SCREENS[1])
    other = fresh.new_page()
    assert other.goto(link).status == 200
    assert other.inner_text("[data-testid=headline]") == headline
    fresh.close()
    return link
