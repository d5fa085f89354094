"""The board map on a phone (390×844): edit by taps, share, legal destinations, battle odds."""

import json
from urllib.parse import parse_qs, urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "en-GB"}


@pytest.fixture
def phone(browser):
    contexts = []

    def open_page():
        context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": "en"})
        contexts.append(context)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        return page

    yield open_page
    for context in contexts:
        context.close()


def state(page) -> dict:
    return json.loads(page.locator("#id_position").input_value())


def wait_for_key(page, old: str) -> str:
    page.wait_for_function(
        "old => document.getElementById('map').dataset.positionKey !== old", arg=old
    )
    return page.locator("#map").get_attribute("data-position-key")


def tap(page, region: str) -> None:
    """Tap a region's point as a thumb does (the nearest region's target takes the tap: targets
    of neighbours overlap on the whole board)."""
    halo = page.locator(f"#board-map [data-region={region}] .halo")
    halo.scroll_into_view_if_needed()
    box = halo.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def standard_setup(page) -> None:
    """The standard setup, from the folded position tools."""
    page.locator(".map-more > summary").click()
    page.locator(".map-tools [data-act=setup]").click()
    wait_for_key(page, "")


def tap_edit(page, region: str, nation: str, **figures: int) -> None:
    """Tap a region, set one nation's figures in the editor, apply, wait for the new board."""
    old = page.locator("#map").get_attribute("data-position-key")
    tap(page, region)
    editor = page.locator("#map-editor .region-editor")
    editor.locator("[name=nation]").select_option(nation)
    for name, count in figures.items():
        editor.locator(f"[name={name}]").fill(str(count))
    editor.locator("button[type=submit]").click()
    wait_for_key(page, old)


def select_army(page, region: str) -> None:
    tap(page, region)
    page.locator("#map-editor [data-act=legal]").click()
    page.wait_for_selector(f"#board-map [data-region={region}].selected")


def test_edit_three_regions_by_taps_then_the_link_shows_the_same_board(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/wotr/moves/")
    standard_setup(page)
    tap_edit(page, "bree", "north", regular=2, elite=1)
    tap_edit(page, "edoras", "rohan", regular=3)
    tap_edit(page, "north-ithilien", "sauron", regular=4, leaders=0, nazgul=1)
    edited = state(page)
    assert edited["armies"]["bree"]["north"] == {"regular": 2, "elite": 1}
    assert edited["armies"]["edoras"]["rohan"]["regular"] == 3
    assert edited["armies"]["north-ithilien"]["sauron"] == {"regular": 4, "nazgul": 1}
    counter = page.locator("#board-map [data-region=north-ithilien] .counter.shadow")
    assert counter.text_content() == "4·0·0"

    link = page.locator("#map-share").get_attribute("href")
    assert "?position=" in link
    other = phone()
    other.goto(link)
    assert state(other) == edited
    bree = "#board-map [data-region=bree] .counter.free_peoples"
    assert other.locator(bree).text_content() == page.locator(bree).text_content() == "2·1·0"

    # undo goes back one edit; a revisit without a link shows this browser's last position
    page.locator(".map-tools [data-act=undo]").click()
    page.wait_for_function(
        "() => !document.querySelector('#board-map [data-region=north-ithilien] .counter')"
    )
    page.goto(f"{live_server.url}/wotr/moves/")
    page.wait_for_function("() => location.search.startsWith('?position=')")
    assert "north-ithilien" not in state(page)["armies"]
    assert page.errors == [] and other.errors == []


def test_an_edit_the_server_refuses_is_shown_and_not_applied(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/wotr/moves/")
    before = state(page)
    tap(page, "edoras")
    editor = page.locator("#map-editor .region-editor")
    editor.locator("[name=nation]").select_option("rohan")
    editor.locator("[name=regular]").fill("11")
    editor.locator("button[type=submit]").click()
    problem = editor.locator(".editor-problems li").first
    problem.wait_for()
    assert "edoras" in problem.inner_text()
    assert state(page) == before


def test_highlighted_destinations_equal_the_api(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/wotr/moves/")
    select_army(page, "fords-of-isen")
    highlighted = set(
        page.locator("#board-map .region.destination").evaluate_all(
            "els => els.map(e => e.dataset.region)"
        )
    )
    armies = state(page)["armies"]["fords-of-isen"]
    units = [{"nation": n, **f} for n, f in armies.items()]
    response = page.request.post(
        f"{live_server.url}/api/wotr/moves/legal/",
        data={
            "position": state(page),
            "piece": {"kind": "army", "from": "fords-of-isen", "units": units, "die": "army"},
        },
    )
    expected = {d["region"] for d in response.json()["destinations"]}
    assert highlighted == expected and expected

    # a region that is not a destination says why, with the rule cited
    tap(page, "orthanc")
    reason = page.locator("#map-answer .reasons li").first
    reason.wait_for()
    assert "/rules/wotr-rules/" in reason.locator("a").get_attribute("href")


def test_attack_from_the_map_opens_the_same_battle_as_the_api(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/wotr/moves/")
    standard_setup(page)
    tap_edit(page, "north-ithilien", "sauron", regular=3, elite=1, leaders=0, nazgul=1)
    select_army(page, "osgiliath")
    tap(page, "north-ithilien")
    link = page.locator("#attack-link")
    link.wait_for()
    query = parse_qs(urlparse(link.get_attribute("href")).query)
    assert query["attacker_region"] == ["osgiliath"]
    assert query["defender_region"] == ["north-ithilien"]
    position = state(page)
    link.click()
    page.wait_for_selector("[data-testid=defender-destroyed]")
    answer = page.request.post(
        f"{live_server.url}/api/wotr/position/battle/",
        data={
            "position": position,
            "attacker_region": "osgiliath",
            "defender_region": "north-ithilien",
        },
        headers={"Accept-Language": "en"},
    ).json()
    shown = page.locator("[data-testid=defender-destroyed]").inner_text()
    assert shown == answer["defender_destroyed"]["exact"]
    assert answer["attacker_destroyed"]["exact"] in page.locator(".answer, main").first.inner_text()


def test_without_javascript_the_map_is_a_picture_and_the_table_editor_works(browser, live_server):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/wotr/moves/")
    assert page.locator("#board-map [data-region]").count() == 105
    assert page.locator(".map-tools").is_hidden()
    page.select_option("#id_region-region", "edoras")
    page.select_option("#id_region-nation", "rohan")
    page.fill("#id_region-regular", "4")
    page.click("button[value=edit_region]")
    assert page.locator("#board-map [data-region=edoras] .counter").first.text_content() == "4·0·0"
    context.close()


def test_regions_open_with_the_keyboard(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/wotr/moves/")
    page.locator("#board-map [data-region=edoras]").focus()
    page.keyboard.press("Enter")
    assert page.locator("#map-editor .editor-title").inner_text() == "Edoras"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


#: The table editor's controls a thumb aims at: a radio or a check is aimed at by its label.
TARGETS = """root => [...root.querySelectorAll(
    "select, textarea, button, input:not([type=hidden]), summary"
)].filter(el => el.checkVisibility()).map(el => {
    const box = (el.closest("label") || el).getBoundingClientRect();
    return [el.name || el.textContent.trim(), Math.round(box.width), Math.round(box.height)];
})"""


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_the_table_editor_is_for_thumbs(browser, live_server, language):
    """Issue 23 on the fallback table editor: a choice of two to five options is a row of
    buttons, not a select; every field, button and check is a 44 px target; numbers step by
    − and +; the position it sets is the one asked."""
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.goto(f"{live_server.url}/wotr/moves/")
    short_selects = "#moves-form select:not(:has(option:nth-child(6)))"
    assert page.locator(short_selects).count() == 0
    template = page.locator("#region-editor-template").evaluate(
        "t => t.content.querySelectorAll('select:not(:has(option:nth-child(6)))').length"
    )
    assert template == 0
    small = [t for t in page.locator("#moves-form").evaluate(TARGETS) if min(t[1:]) < 44]
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []

    form = page.locator("#moves-form")
    form.locator("#id_region-region").select_option("edoras")
    form.locator("#id_region-nation").select_option("rohan")
    plus = form.locator(".field-regular").filter(has=page.locator("#id_region-regular"))
    for _ in range(3):
        plus.locator(".step").last.click()
    form.locator("#id_region-control input[value=shadow]").click()
    siege = form.locator("#id_region-besieged")
    siege.click()
    assert siege.is_checked()
    siege.click()  # a city is not besieged: the switch goes back
    form.locator("button[value=edit_region]").click()
    page.wait_for_load_state()
    assert state(page)["armies"]["edoras"]["rohan"]["regular"] == 3
    assert state(page)["control"]["edoras"] == "shadow"
    context.close()


def test_the_map_editor_sets_control_by_segmented_buttons(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/wotr/moves/")
    standard_setup(page)
    old = page.locator("#map").get_attribute("data-position-key")
    tap(page, "edoras")
    control = page.locator("#map-editor .field-control")
    assert control.locator("input[value=free_peoples]").is_checked()
    assert min(control.locator("label").first.bounding_box()[k] for k in ("width", "height")) >= 44
    control.locator("label", has_text="Shadow").click()
    page.locator("#map-editor button[type=submit]").click()
    wait_for_key(page, old)
    assert state(page)["control"]["edoras"] == "shadow"
    assert page.errors == []
