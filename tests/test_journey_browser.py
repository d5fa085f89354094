"""A player's journey at the table (issue 23): from `/` on a phone, in Russian, Polish and
English, four questions settled by tapping, each within its budget of taps, each answer on the
first screen when it appears, every region of the board map a 44 px target, no serious or
critical axe violation on the screens the player sees."""

from dataclasses import dataclass, field

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.site_pages import DECK_QUESTION, load_site_data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
#: The most taps each question may take from the home page (issue 23, "Done when").
BUDGETS = {"rule": 3, "battle": 3, "map": 5, "deck": 5}
RULE_QUESTIONS = {
    "ru": "сколько кубиков бросает армия в битве",
    "pl": "ile kości rzuca armia w bitwie",
    "en": "how many dice does an army roll in battle",
}


@dataclass
class Player:
    """A phone in one language, counting the player's taps (typing is not a tap)."""

    page: object
    taps: int = 0
    problems: list[str] = field(default_factory=list)
    axe: Axe = field(default_factory=Axe)

    def tap(self, locator) -> None:
        """Tap the middle of an element as a thumb would (scrolling to it is not a tap)."""
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.taps += 1

    def on_first_screen(self, locator, what: str) -> None:
        """The answer is in sight without scrolling once it appears."""
        locator.wait_for()
        box = locator.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + min(box["height"], 60) > PHONE["height"]:
            self.problems.append(f"{what}: the answer is not on the first screen ({box})")

    def answered(self, locator, question: str, screen: str) -> None:
        """The answer in sight, within the question's budget of taps, the screen accessible."""
        self.on_first_screen(locator, question)
        if self.taps > BUDGETS[question]:
            self.problems.append(f"{question}: {self.taps} taps (at most {BUDGETS[question]})")
        self.taps = 0
        self.accessible(screen)

    def accessible(self, what: str) -> None:
        violations = self.axe.run(self.page).response["violations"]
        serious = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
        if serious:
            self.problems.append(f"{what}: axe {serious}")

    def region_targets(self, what: str) -> None:
        sizes = self.page.eval_on_selector_all(
            ".board-map .region .hit",
            "hits => hits.map(h => Math.min(h.getBoundingClientRect().width,"
            " h.getBoundingClientRect().height))",
        )
        if not sizes or min(sizes) < 44:
            self.problems.append(f"{what}: a region's target is {min(sizes or [0]):.0f} px")


def ask_a_rule(player: Player, url: str, language: str) -> None:
    page = player.page
    page.goto(url + "/")
    player.tap(page.locator("#home-q"))
    page.locator("#home-q").fill(RULE_QUESTIONS[language])
    player.tap(page.locator(".home-search button[type=submit]"))
    player.answered(page.locator(".best-answer, .result").first, "rule", "search results")


def ask_battle_odds(player: Player, url: str) -> None:
    page = player.page
    page.goto(url + "/")
    player.tap(page.locator("#home-battle .step").nth(1))  # attacker's regulars +1
    player.tap(page.locator("#home-battle label:has(input[value=city])"))
    player.tap(page.locator("#home-compute"))
    headline = page.locator("#home-headline")
    player.answered(headline, "battle", "home with the battle answer")
    assert "%" in headline.inner_text(), headline.inner_text()
    full = page.locator("#home-battle-full").get_attribute("href")
    assert "attacker.regular=6" in full and "settlement=city" in full, full


def ask_a_move(player: Player, url: str) -> None:
    page = player.page
    page.goto(url + "/")
    player.tap(page.locator("#home-map"))
    page.wait_for_selector(".map-tools:not([hidden])")
    player.region_targets("map opened")
    player.tap(page.locator("[data-region=gorgoroth] .halo"))
    player.tap(page.locator("#map-editor [data-act=legal]"))
    page.wait_for_selector("#map-selected")
    player.region_targets("destinations shown")
    player.tap(page.locator("[data-region=nurn] .halo"))
    verdict = page.locator("#map-verdict")
    player.answered(verdict, "map", "map with the verdict")
    assert "legal" in verdict.get_attribute("class")
    assert page.locator(".map-rule a").count() == 1  # the rule, with its citation


def check_a_deck(player: Player, url: str) -> None:
    page = player.page
    page.goto(url + "/")
    player.tap(page.locator("#home-deck-list"))
    page.locator("#home-deck-list").fill(DECK_QUESTION["list"])
    player.tap(page.locator("#home-deck-check"))
    player.answered(page.locator("#headline"), "deck", "deck answer")


def test_four_table_questions_from_the_home_page_in_each_language(
    browser, live_server, settings, tmp_path
):
    load_site_data(settings, tmp_path)
    found = {}
    for language in ("ru", "pl", "en"):
        context = browser.new_context(
            viewport=PHONE, locale=language, extra_http_headers={"Accept-Language": language}
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        player = Player(page)
        page.on("pageerror", lambda error, p=player: p.problems.append(f"script: {error}"))
        ask_a_rule(player, live_server.url, language)
        ask_battle_odds(player, live_server.url)
        ask_a_move(player, live_server.url)
        check_a_deck(player, live_server.url)
        context.close()
        if player.problems:
            found[language] = player.problems
    assert not found, found


def test_breadcrumbs_and_the_cards_sub_navigation_are_24_px_targets(page, live_server):
    page.set_viewport_size(PHONE)
    small = {}
    for path in ("/wotr/battle/", "/cards/decks/", "/cards/calculators/"):
        page.goto(live_server.url + path)
        heights = page.eval_on_selector_all(
            ".breadcrumbs a", "links => links.map(a => a.getBoundingClientRect().height)"
        )
        assert heights, path
        if min(heights) < 24:
            small[path] = heights
    assert not small, small
