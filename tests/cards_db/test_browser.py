"""In a real browser: paste a deck, read the report, save it, reopen it."""

import pytest

from cards_db.importer import import_data_files
from cards_db.models import Deck
from tests.games.tcg.sample_decks import legal_deck


@pytest.fixture
def live_cards(transactional_db):
    import_data_files()


@pytest.mark.browser
def test_paste_check_save_and_reopen_a_deck(live_server, live_cards, page):
    broken = legal_deck().replace(
        "4x Axe Strike (1C3)", "4x Axe Strike (1C3)\n1x Legolas, Grenleaf"
    )
    page.goto(f"{live_server.url}/cards/decks/")
    page.click(".deck-form .more-options > summary")  # the deck's name waits there, for Save
    page.fill("#id_name", "Гномы и Изенгард")
    page.fill("#id_list", broken)
    page.click("button[name=check]")
    assert page.locator("[data-verdict=invalid]").is_visible()
    unknown = page.locator("[data-code=unknown_card]")
    assert "Legolas, Greenleaf" in unknown.inner_text()  # the suggestion, in Russian text
    assert "Строка" in unknown.inner_text()
    assert "?deck=" in page.url  # the check is a link that re-runs it

    page.click("a[data-open=edit]")
    page.fill("#id_list", legal_deck())
    page.click("button[name=save]")
    page.wait_for_url("**/edit/**")
    assert page.locator(".messages").is_visible()
    assert page.locator("[data-verdict=valid]").is_visible()
    deck = Deck.objects.get()
    assert deck.valid and deck.name == "Гномы и Изенгард"

    page.click(f"a[href='{deck.get_absolute_url()}']")
    page.wait_for_url(f"**{deck.get_absolute_url()}")
    assert page.locator("h1").inner_text() == "Гномы и Изенгард"
    assert page.locator("[data-verdict=valid]").is_visible()
    assert page.locator(".site-path li").count() == 9
    assert "Axe Strike" in page.locator(".deck-list").inner_text()


@pytest.mark.browser
def test_a_bad_line_is_pointed_at_and_a_tap_on_a_suggestion_replaces_it(
    live_server, live_cards, page
):
    broken = legal_deck().replace("4x Axe Strike (1C3)", "4x Axe Strik")
    page.goto(f"{live_server.url}/cards/decks/")
    page.fill("#id_list", broken)
    page.click("button[name=check]")
    errors = page.locator(".deck-errors li")
    assert errors.count() == 1  # the line, and nothing it would cascade into
    bad = page.locator(".pasted-list li.bad-line")
    assert bad.count() == 1 and "4x Axe Strik" in bad.inner_text()
    number = bad.get_attribute("value")
    assert errors.locator(f"a[href='#line-{number}']").count() == 1
    bad.locator("button", has_text="Axe Strike").first.click()
    page.wait_for_url(f"**#line-{number}")
    assert page.locator("[data-verdict=valid]").is_visible()
    assert page.locator(f"#line-{number}").inner_text().startswith("4x Axe Strike")
