"""A reader browses: home → a rulebook's contents → a section → the next one → its permalink."""

import pytest

pytestmark = pytest.mark.browser


def test_browse_a_rulebook(page, live_server, loaded_rulebooks):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Война Кольца. Правила игры").click()
    page.wait_for_url("**/rules/wotr-rules/")
    assert page.get_by_role("heading", level=1).inner_text() == "Война Кольца. Правила игры"

    page.locator(".toc").get_by_role("link", name="8.5.3.2 Бросок на атаку").click()
    page.wait_for_url("**/rules/wotr-rules/brosok-na-ataku/")
    assert "Каждый игрок бросает" in page.locator(".rule-text").inner_text()
    breadcrumbs = page.get_by_role("navigation", name="Место в книгах правил").inner_text()
    assert "Армии и сражения" in breadcrumbs
    assert "Сражение" in breadcrumbs

    page.locator("a[rel=next]").click()
    page.wait_for_url("**/rules/wotr-rules/perekidyvanie-rezultatov-iz-za-liderstva/")
    heading = page.locator("h1#perekidyvanie-rezultatov-iz-za-liderstva")
    assert "Перекидывание результатов из-за лидерства" in heading.inner_text()

    permalink_sign = heading.locator("a.permalink")
    assert permalink_sign.inner_text() == "¶"
    permalink_sign.click()
    assert page.url.endswith(
        "/rules/wotr-rules/perekidyvanie-rezultatov-iz-za-liderstva/"
        "#perekidyvanie-rezultatov-iz-za-liderstva"
    )
    permalink = page.get_by_role("textbox", name="Ссылка на этот раздел").input_value()
    assert (
        permalink == live_server.url + "/rules/wotr-rules/perekidyvanie-rezultatov-iz-za-liderstva/"
    )
    assert page.get_by_role("button", name="Скопировать ссылку").is_visible()
