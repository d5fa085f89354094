"""The capture and battle forms in a real browser."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_capture_form(page, live_server):
    page.goto(f"{live_server.url}/wojna/tests/")
    page.check("input[name=test][value=capture]")
    page.fill("input[name=value]", "3")
    page.fill("input[name=attempts]", "2")
    page.click("#compute")
    assert page.inner_text("[data-testid=exact]") == "3/4"
    assert page.input_value("input[name=value]") == "3"
    assert page.locator("svg.chart").count() == 1
    assert page.locator(".citations a").count() >= 1


def test_battle_form(page, live_server):
    page.goto(f"{live_server.url}/wojna/battle/")
    page.fill("input[name=attacker_units]", "30")
    page.fill("input[name=defender_units]", "3")
    page.click("#compute")
    assert page.inner_text("[data-testid=column]") == "10:1"
    assert page.url.endswith("/wojna/battle/?attacker_units=30&defender_units=3")
    page.click("a[data-open=edit]")
    assert page.input_value("input[name=attacker_units]") == "30"
    page.fill("input[name=defender_units]", "0")
    page.click("#compute")
    assert page.locator(".errorlist").count() >= 1
