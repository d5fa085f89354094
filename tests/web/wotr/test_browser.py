"""The battle form in a real browser."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_battle_form(page, live_server):
    page.goto(f"{live_server.url}/wotr/battle/")
    page.fill("input[name=attacker_regular]", "5")
    page.fill("input[name=attacker_leadership]", "2")
    page.fill("input[name=defender_regular]", "3")
    page.fill("input[name=defender_leadership]", "1")
    page.select_option("select[name=settlement]", "city")
    page.fill("input[name=rounds]", "1")
    page.click("#compute")
    assert page.inner_text("[data-testid=defender-destroyed]") == "331/3456"
    assert page.input_value("input[name=attacker_regular]") == "5"
    assert page.locator("svg.chart").count() == 1
    caption = page.locator("figure.chart-figure > figcaption")
    assert caption.is_visible() and caption.inner_text().startswith("Самые вероятные исходы")
    assert page.locator(".citations a").count() >= 3
    page.fill("input[name=attacker_regular]", "11")
    page.click("#compute")
    assert page.locator(".errorlist").count() >= 1
    assert page.input_value("input[name=attacker_regular]") == "11"
