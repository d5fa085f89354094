"""The battle form in a real browser: answer first, a short link that re-runs it, Share."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_battle_form(page, live_server):
    page.goto(f"{live_server.url}/wotr/battle/")
    regular = page.locator("input[name='attacker.regular']")
    assert regular.get_attribute("inputmode") == "numeric"  # the phone's number keyboard
    page.locator(".stepper", has=regular).locator("button.step").last.click()  # + steps it up
    assert regular.input_value() == "6"
    page.fill("input[name='attacker.regular']", "5")
    page.fill("input[name='attacker.leadership']", "2")
    page.fill("input[name='defender.regular']", "3")
    page.fill("input[name='defender.leadership']", "1")
    page.check("input[name=settlement][value=city]")  # a segmented choice
    assert not page.locator("input[name=rounds]").is_visible()  # folded under More options
    page.click("#more-options > summary")
    page.fill("input[name=rounds]", "1")
    page.click("#compute")
    # the fields left at their defaults are left out of the link; the regulars, which the API
    # asks for, are always in it
    assert page.url.endswith(
        "/wotr/battle/?attacker.regular=5&defender.regular=3&attacker.leadership=2"
        "&defender.leadership=1&settlement=city&rounds=1"
    )
    assert page.inner_text("[data-testid=defender-destroyed]") == "331/3456"
    headline = page.locator("[data-testid=headline]")
    assert headline.inner_text().startswith("За 1 раунд атакующий уничтожает армию защитника")
    assert page.locator("svg.chart").count() == 1
    caption = page.locator("figure.chart-figure > figcaption")
    assert caption.is_visible() and caption.inner_text().startswith("Самые вероятные исходы")
    assert page.locator(".citations a").count() >= 3
    page.click("a[data-open=edit]")
    assert page.input_value("input[name='attacker.regular']") == "5"
    page.fill("input[name='attacker.regular']", "11")
    page.click("#compute")
    assert page.locator(".errorlist").count() >= 1
    assert page.locator("#error-summary a[href='#id_attacker.regular']").count() == 1
    assert page.input_value("input[name='attacker.regular']") == "11"
