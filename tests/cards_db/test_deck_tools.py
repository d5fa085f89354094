"""Deck tools through the API and the pages: draw odds (the same exact numbers as an
independent product of single draws, bad questions named field by field) and GEMP export."""

from fractions import Fraction
from math import prod

import pytest
from django.urls import reverse

from adjudicator.web.links.services import share_input
from cards_db.forms import DECK_KIND
from tests.games.tcg.sample_decks import legal_deck
from tests.openapi import assert_matches_schema

URL = "/api/decks/draw-odds/"


def none_drawn(population: int, hits: int, draws: int) -> Fraction:
    return prod((Fraction(population - hits - i, population - i) for i in range(draws)), start=1)


def test_the_api_answers_the_opening_hand_and_every_site(cards, api):
    response = api.post(URL, {"list": legal_deck(), "target": "side:shadow"}, format="json")
    assert response.status_code == 200, response.json()
    assert_matches_schema(response, URL, "post")
    body = response.json()
    assert body["deck_size"] == 60 and body["copies"] == 30
    assert Fraction(body["opening_hand"]["exact"]) == 1 - none_drawn(60, 30, 8)
    assert [s["seen"] for s in body["by_site"]] == [8 + 2 * n for n in range(9)]
    assert sum(row["copies"] for row in body["opening_hand_table"]) == 60
    assert {c["section"] for c in body["citations"]} >= {"techenie-igry"}


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"target": "culture:Nobody"}, "target", "rule"),
        ({"list": "4x No Such Card"}, "list", "unknown_card"),
        ({"at_least": 0}, "at_least", "out_of_range"),
        ({"draws_per_site": "2"}, "draws_per_site", "wrong_type"),
    ],
)
def test_a_bad_question_is_a_400_naming_its_field(cards, api, change, field, code):
    body = {"list": legal_deck(), "target": "type:Minion", **change}
    response = api.post(URL, body, format="json")
    assert response.status_code == 400
    assert (field, code) in {(e["field"], e["code"]) for e in response.json()["errors"]}


def deck_key() -> str:
    question = {"name": "", "list": legal_deck(), "format": "fellowship_block",
                "check_starting_fellowship": True}  # fmt: skip
    return share_input(kind=DECK_KIND, payload=question)


def test_the_deck_check_links_to_its_draw_odds_and_they_open_with_the_decks_choices(cards, client):
    key = deck_key()
    odds = f"{reverse('cards_db:draw_odds')}?deck={key}"
    assert odds in client.get(reverse("cards_db:deck_new"), {"deck": key}).content.decode()
    page = client.get(odds, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'value="side:shadow"' in html and 'value="type:Minion"' in html
    assert "errorlist" not in html


def test_the_page_answers_with_the_apis_number_first(cards, client, api):
    key = deck_key()
    page = client.get(
        reverse("cards_db:draw_odds"),
        {"deck": key, "target": "side:shadow", "at_least": 3},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 200
    body = {"list": legal_deck(), "target": "side:shadow", "at_least": 3}
    chance = api.post(URL, body, format="json").json()["opening_hand"]["probability"]
    headline = page.content.decode().split('data-testid="headline">')[1].split("</p>")[0]
    assert f"{chance * 100:.1f}%" in headline and "at least 3" in headline


def test_a_deck_exported_for_gemp_reads_back_as_the_same_deck(cards, api):
    """Round trip (issue 16): save, export in GEMP's layout, check the export."""
    saved = api.post(
        "/api/decks/", {"name": "Round trip", "list": legal_deck(), "format": "fellowship_block"},
        format="json",
    ).json()  # fmt: skip
    url = f"/api/decks/{saved['deck']['id']}/export/"
    text = api.get(url, {"style": "gemp"}).content.decode()
    assert text.startswith("Round trip\nFormat: ") and "\nShadow Draw Deck:\n" in text
    again = api.post("/api/decks/validate/", {"list": text}, format="json").json()
    first = api.post("/api/decks/validate/", {"list": legal_deck()}, format="json").json()
    assert again["valid"] and again["errors"] == []
    assert again["stats"]["draw_deck"] == first["stats"]["draw_deck"] == 60
    assert again["stats"]["sites"] == first["stats"]["sites"]
    assert api.get(url, {"style": "html"}).status_code == 400


def test_the_gemp_export_is_a_fixed_point(cards, api):
    """Saving a deck's GEMP export and exporting it again gives the same text and the same
    cards (the starting fellowship goes back into the Free Peoples draw deck, as in GEMP)."""
    first = api.post(
        "/api/decks/", {"name": "Twice", "list": legal_deck(), "format": "fellowship_block"},
        format="json",
    ).json()["deck"]  # fmt: skip
    text = api.get(f"/api/decks/{first['id']}/export/", {"style": "gemp"}).content.decode()
    second = api.post(
        "/api/decks/", {"name": "Twice", "list": text, "format": "fellowship_block"},
        format="json",
    ).json()["deck"]  # fmt: skip
    again = api.get(f"/api/decks/{second['id']}/export/", {"style": "gemp"}).content.decode()
    assert again == text
    report = api.post("/api/decks/validate/", {"list": text}, format="json").json()
    assert report["valid"] and report["stats"]["draw_deck"] == 60


def test_a_gemp_deck_page_pasted_as_html_is_checked_line_by_line(cards, api):
    from tests.games.tcg.test_gemp_lists import GEMP_HTML

    body = {"list": GEMP_HTML.replace("Goblin Archer", "Goblin Archerr")}
    report = api.post("/api/decks/validate/", body, format="json").json()
    unknown = [e for e in report["errors"] if e["code"] == "unknown_card"]
    assert len(unknown) == 1 and unknown[0]["lines"] == [12]  # the text's 12th line


def test_the_free_peoples_side_is_a_target_too(cards, api):
    """The picker offers side:free_peoples; it names the 30 Free Peoples cards as side:shadow
    names the 30 Shadow ones (it matched none: the two spellings were folded differently)."""
    body = api.post(
        URL, {"list": legal_deck(), "target": "side:free_peoples"}, format="json"
    ).json()
    assert body["copies"] == 30


@pytest.mark.parametrize("line", ["9" * 5000 + " Legolas", "x" + "9" * 4400 + " Legolas"])
def test_a_count_of_thousands_of_digits_is_a_400_on_its_line(cards, api, line):
    """Not read whole (Python refuses integers of over 4,300 digits, a 500): out of range on its
    line, as the validator reports it, and a 400 for the draw odds."""
    report = api.post("/api/decks/validate/", {"list": line}, format="json").json()
    assert ("invalid_count", [1]) in [(e["code"], e["lines"]) for e in report["errors"]]
    assert api.post(URL, {"list": line}, format="json").status_code == 400
