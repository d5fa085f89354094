"""The keep form in a real browser (chromium through Playwright), in Russian by default."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_pick_the_roll_tick_the_keep_and_read_the_verdict(page, live_server):
    page.goto(f"{live_server.url}/mordor/keep/")
    roll = {"black": "ring", "red": "ring", "yellow": "orc", "blue": "nazgul", "green": "gandalf"}
    for color, face in roll.items():
        page.select_option(f"#id_face_{color}", face)
    page.check("input[name=player_color][value=red]")
    page.check("#id_keep_black")
    page.check("#id_keep_red")
    page.click("#compute")

    verdict = page.locator("#headline")
    assert "illegal" in verdict.get_attribute("class")
    assert verdict.inner_text().startswith("Нельзя")
    assert page.locator("li[data-code=nazgul_not_kept]").is_visible()
    assert page.locator("#legal-keeps li").count() == 12
    assert page.locator("#id_face_blue").input_value() == "nazgul"  # the inputs are kept
    assert page.locator("#id_keep_red").is_checked()

    page.click("a[data-open=edit]")
    page.uncheck("#id_keep_red")
    page.check("#id_keep_blue")
    page.click("#compute")
    assert "legal" in page.locator("#headline").get_attribute("class").split()
    assert page.locator("li[data-code=reroll_rest]").is_visible()
    link = page.locator(".citations a").first
    assert link.get_attribute("href").endswith("/rules/journey-to-mordor/broski-kubikov/")
