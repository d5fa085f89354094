"""The position editor and the move form in a real browser (chromium through Playwright)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def submit(page, action: str) -> None:
    """Press the form's ``action`` button and wait until the answer's page is all read: the
    click returns once that page starts loading."""
    page.click(f"button[value={action}]")
    page.wait_for_load_state()


def fill_rohan_move(page):
    page.select_option("#id_move-kind", "army")
    page.select_option("#id_move-origin", "fords-of-isen")
    page.select_option("#id_move-to", "gap-of-rohan")
    page.fill("#id_move-regular", "2")
    page.fill("#id_move-leaders", "1")
    page.select_option("#id_move-die", "army")


def test_edit_the_position_then_check_a_move(page, live_server):
    page.goto(f"{live_server.url}/wotr/moves/")
    fill_rohan_move(page)
    submit(page, "check")
    verdict = page.locator("#verdict .verdict")
    assert "illegal" in verdict.get_attribute("class")
    assert page.locator("#verdict .reasons li").count() == 1
    assert (
        page.locator("#verdict .reasons a")
        .first.get_attribute("href")
        .endswith("/rules/wotr-rules/obiavlenie-voiny/")
    )

    page.select_option("#id_politics-nation", "rohan")
    page.fill("#id_politics-steps_from_war", "0")
    page.check("#id_politics-active")
    submit(page, "edit_politics")
    assert page.locator("#errors").count() == 0

    fill_rohan_move(page)
    submit(page, "check")
    assert "legal" in page.locator("#verdict .verdict").get_attribute("class").split()


def test_legal_destinations_highlight_the_board(page, live_server):
    page.goto(f"{live_server.url}/wotr/moves/")
    page.select_option("#id_move-kind", "nazgul")
    page.select_option("#id_move-origin", "morannon")
    page.fill("#id_move-count", "1")
    submit(page, "legal")
    # The answer's position gets its link (stored by the map's script); the board keeps the
    # answer's highlights (the script used to swap in the position's plain board).
    page.wait_for_url("**/wotr/moves/?position=*")
    assert page.locator("#destinations .destination-list li").count() > 50
    assert page.locator("#region-bree.destination").count() == 1
    assert page.locator("#region-rivendell.destination").count() == 0


def test_the_move_form_shows_only_the_fields_of_the_kind(page, live_server):
    page.goto(f"{live_server.url}/wotr/moves/")
    page.select_option("#id_move-kind", "politics")
    assert page.locator("#id_move-origin").is_hidden()
    assert page.locator("#id_move-nation").is_visible()
    page.select_option("#id_move-kind", "nazgul")
    assert page.locator("#id_move-origin").is_visible()
    assert page.locator("#id_move-count").is_visible()
