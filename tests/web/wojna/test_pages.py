"""The Wojna pages: forms keep their values, answers come verdict first, bad input is a 400."""

import pytest
from django.urls import reverse

from adjudicator.web import registry
from adjudicator.web.wojna.models import DuelResultEntry
from tests.readings import other_reading_link, reading_block

pytestmark = pytest.mark.django_db

PAGES = [checker for checker in registry.of_game("wojna") if checker.page]


def test_index_lists_every_calculator_and_the_missing_tables(client):
    response = client.get(reverse("wojna:index"))
    assert response.status_code == 200
    html = response.content.decode()
    for calculator in PAGES:
        assert registry.page_path(calculator) in html
        assert calculator.page_context["title_pl"] in html
    assert "import_wojna_tables" in html


@pytest.mark.parametrize("calculator", PAGES, ids=lambda c: c.name)
def test_empty_form_renders(client, calculator):
    response = client.get(registry.page_path(calculator))
    assert response.status_code == 200
    assert 'lang="pl"' in response.content.decode()


def test_capture_link_without_checkboxes_means_a_found_character(client):
    """A GET form sends no unticked checkbox: a typed or shared link with only the Niewola must
    not read as "not found" and answer 0 (the API's default is a found character too)."""
    client.cookies["adjudicator_language"] = "en"
    html = client.get(reverse("wojna:tests"), {"test": "capture", "value": 3}).content.decode()
    assert "50.0% per attempt" in html and "not allowed" not in html
    refused = client.get(reverse("wojna:tests"), {"test": "capture", "value": 3, "not_found": "on"})
    assert "Capture (Niewola) is not allowed here." in refused.content.decode()


@pytest.mark.parametrize(
    ("slug", "query"),
    [
        ("battle", {"attacker_units": "6", "defender_units": "2"}),
        (
            "duel",
            {f"{side}_{a}": 3 for side in ("attacker", "defender") for a in ("morale", "odwaga")},
        ),
        ("search", {"phase": "search_phase", "orc_units": "3"}),
        ("wounds", {"odpornosc": 3}),
        ("ringwraith", {"odpornosc": 3, "pierscien": 2}),
    ],
)
def test_a_link_may_leave_out_what_starts_at_zero_or_one(client, slug, query):
    """Wounds, circles, Nazgûl, the multiplier...: left out of a typed link, they are 0 (1 for
    the multiplier), as on the blank form and in the API, not a 400."""
    response = client.get(reverse(f"wojna:{slug}"), query)
    assert response.status_code == 200, response.context["form"].errors


def test_capture_page_answers_with_chart_and_citations(client):
    response = client.get(
        reverse("wojna:tests"),
        {"test": "capture", "value": 3, "attempts": 2},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.index('id="headline"') < html.index("<svg") < html.index('class="checker-form"')
    assert "3/4" in html
    assert 'value="3"' in html and 'value="2"' in html
    assert "/rules/wojna-o-pierscien/niewola/" in html


def test_battle_page_missing_table_message(client):
    response = client.get(
        reverse("wojna:battle"),
        {"attacker_units": "4, 3", "defender_units": "2", "terrain_multiplier": "1.5"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "2:1" in html
    assert "Wyniki bitwy" in html
    assert 'value="4, 3"' in html


@pytest.mark.parametrize(
    ("name", "query", "field"),
    [
        ("battle", {"attacker_units": "3", "defender_units": "0"}, "defender_units"),
        (
            "battle",
            {"attacker_units": "3", "defender_units": "2", "attacker_morale": "-1"},
            "attacker_morale",
        ),
        (
            "duel",
            {
                "attacker_morale": "-1",
                "attacker_odwaga": "1",
                "defender_morale": "1",
                "defender_odwaga": "1",
            },
            "attacker_morale",
        ),
        ("tests", {"test": "escape", "value": "-2", "attempts": "1"}, "value"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, name, query, field):
    response = client.get(reverse(f"wojna:{name}"), query)
    assert response.status_code == 400
    assert field in response.context["form"].errors


def test_engine_problem_is_shown_on_the_form(client):
    response = client.get(
        reverse("wojna:ringwraith"), {"odpornosc": "3", "circles": "3", "pierscien": "2"}
    )
    assert response.status_code == 400
    assert "circles" in response.context["form"].errors


def test_inheritance_formset(client):
    query = {
        "candidates-TOTAL_FORMS": "5",
        "candidates-INITIAL_FORMS": "0",
        "candidates-0-name": "Saruman",
        "candidates-0-group": "saruman",
        "candidates-1-name": "Pippin",
        "candidates-1-group": "fellowship",
    }
    response = client.get(reverse("wojna:ring_inheritance"), query)
    assert response.status_code == 200
    assert response.context["result"]["heirs"] == ["Pippin"]
    # Pierścień: the heir "posiada cechę Pierścień"; a ticked box takes Pippin out.
    query["candidates-1-no_ring_attribute"] = "on"
    response = client.get(reverse("wojna:ring_inheritance"), query)
    assert response.context["result"]["heirs"] == ["Saruman"]


def test_polish_page_speaks_polish_first(client):
    client.cookies["adjudicator_language"] = "pl"
    html = client.get(reverse("wojna:duel")).content.decode()
    assert '<span lang="pl">Pojedynek</span>' in html
    assert "— Duel" not in html


def test_duel_page_shows_the_other_strike_order_and_links_to_it(client):
    """Issue 25: a fight to the end carries the strike-order reading; its link asks again
    with the challenged character striking first."""
    DuelResultEntry.objects.bulk_create(
        DuelResultEntry(difference=d, die=r, attacker_wounds=0, defender_wounds=1)
        for d in range(-10, 11)
        for r in range(1, 7)
    )
    query = (
        "attacker_morale=1&attacker_odwaga=1&attacker_odpornosc=1"
        "&defender_morale=1&defender_odwaga=1&defender_odpornosc=1"
    )
    page = client.get(f"{reverse('wojna:duel')}?{query}", HTTP_ACCEPT_LANGUAGE="en")
    block = page.content.decode()
    block = reading_block(block, "strike_order")
    assert "Under the other reading (in each round the character challenged strikes first)" in block
    link = other_reading_link(block, "/wojna/")
    assert "readings.strike_order=defender_first" in link
    other = client.get(link, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "This answer reads the text as: in each round the character challenged" in other


@pytest.mark.parametrize(
    ("page", "query", "reading_id", "other", "answer"),
    [
        (
            "wojna:battle",
            "attacker_units=9&defender_units=3&terrain_multiplier=1.5",
            "ratio_rounding",
            "strength_first",
            "column 1:1",
        ),
        (
            "wojna:search",
            "phase=alliance_move&nazgul=2&orc_units=3&other_characters=1",
            "nazgul_search",
            "nothing",
            "4 search points",
        ),
        (
            "wojna:gollum",
            "previous=sauron",
            "gollum_three_four",
            "keeps",
            "the Alliance 1/6, Sauron 5/6, unstated 0",
        ),
        (
            "wojna:wounds",
            "odpornosc=3&crosses=1&strokes=2&nazgul=on",
            "nazgul_mixed_marks",
            "can_duel",
            "alive and may still duel (no square is left free)",
        ),
        (
            "wojna:duel",
            "attacker_morale=3&attacker_odwaga=2&attacker_wounds=1&attacker_strokes=2"
            "&attacker_odpornosc=3&attacker_nazgul=on&defender_morale=2&defender_odwaga=2",
            "nazgul_mixed_marks",
            "can_duel",
            "they duel: score difference -2",
        ),
    ],
)
def test_the_other_reading_is_linked_and_answers_under_it(
    client, page, query, reading_id, other, answer
):
    """Issue 25: the answer under the other reading beside the answer; its link asks the same
    question under it, which the page then answers (Bitwa's «Ułamki», Poszukiwania's «oprócz
    Nazguli», Gollum on 3 or 4)."""
    shown = client.get(f"{reverse(page)}?{query}", HTTP_ACCEPT_LANGUAGE="en")
    block = reading_block(shown.content.decode(), reading_id)
    assert "Under the other reading (" in block and answer in block.replace("&#x27;", "'")
    link = other_reading_link(block, "/wojna/")
    assert f"readings.{reading_id}={other}" in link
    chosen = client.get(link, HTTP_ACCEPT_LANGUAGE="en").context["answer"]["readings"][0]["chosen"]
    assert (chosen["reading"], chosen["answer"]) == (other, answer)
