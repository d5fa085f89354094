"""The board map: the SVG renderer, position links, the store endpoint and the prefilled links."""

import gzip
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from django.contrib.staticfiles import finders
from django.urls import set_script_prefix
from rest_framework.test import APIClient

from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.map_svg import board_svg, region_points
from adjudicator.games.wotr.position import Position, standard_setup
from adjudicator.games.wotr.reading import validate_position
from adjudicator.web.wotr_moves.map_links import hunt_link, hunt_plan_link, victory_link
from tests.openapi import assert_matches_schema

SHARE = "/api/wotr/moves/positions/"
pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = APIClient()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def edited(**changes) -> Position:
    data = standard_setup().to_dict()
    data.update(changes)
    return validate_position(data)


def test_every_region_is_a_focusable_named_element_at_its_point():
    svg = board_svg(standard_setup(), names={"edoras": "Эдорас"})
    regions = re.findall(r'<g class="region[^"]*" data-region="([^"]+)" tabindex="0"', svg)
    assert sorted(regions) == sorted(BOARD.regions) == sorted(region_points())
    assert 'aria-label="Эдорас"><title>Эдорас</title>' in svg
    x, y = region_points()["edoras"]
    assert f'<circle class="hit" cx="{x}" cy="{y}"' in svg


def test_borders_settlements_counters_and_highlights():
    svg = board_svg(standard_setup(), names={}, highlights={"rohan-gap": "destination"})
    passable = {frozenset((a, b)) for a, r in BOARD.regions.items() for b in r.neighbours}
    assert svg.count('class="border passable"') == len(passable)
    assert 'class="border impassable"' in svg
    assert 'class="settlement stronghold" fill="#3b6fb6"' in svg  # Minas Tirith, Gondor blue
    minas_tirith = svg.split('data-region="minas-tirith"')[1].split("</g></g>")[0]
    assert ">3·1·1</text>" in minas_tirith
    assert ">N1</text>" in svg.split('data-region="minas-morgul"')[1].split("data-region=")[0]
    assert ">F</text>" in svg.split('data-region="rivendell"')[1].split("data-region=")[0]
    marked = board_svg(standard_setup(), names={}, highlights={"osgiliath": "destination"})
    assert '<g class="region destination" data-region="osgiliath"' in marked


def test_names_are_escaped():
    svg = board_svg(standard_setup(), names={"bree": '<Bree & "co">'})
    assert "&lt;Bree &amp; &quot;co&quot;&gt;" in svg and "<Bree" not in svg


def test_the_same_position_always_gets_the_same_key(api):
    first = api.post(SHARE, {"position": "setup"}, format="json")
    assert_matches_schema(first, SHARE, "post")
    again = api.post(SHARE, {"position": standard_setup().to_dict()}, format="json")
    assert first.status_code == again.status_code == 200
    assert first.json()["key"] == again.json()["key"]
    assert first.json()["url"].endswith(f"/wotr/moves/?position={first.json()['key']}")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"position": "setup", "colour": "red"}, "colour"),
        ({}, "position"),
        ({"position": {"armies": {"edoras": {"rohan": {"regular": 11}}}}}, "position"),
        ({"position": {"armies": {"x" * 70_000: {}}}}, "position"),
    ],
)
def test_bad_positions_are_refused_naming_the_field(api, body, field):
    response = api.post(SHARE, body, format="json")
    assert response.status_code == 400
    assert_matches_schema(response, SHARE, "post")
    assert any(e["field"].startswith(field) for e in response.json()["errors"])


def test_a_position_link_shows_that_position_in_every_language(api, client):
    position = edited(armies={"edoras": {"rohan": {"regular": 4}}})
    key = api.post(SHARE, {"position": position.to_dict()}, format="json").json()["key"]
    for language in ("ru", "pl", "en"):
        page = client.get(f"/wotr/moves/?position={key}", HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        body = page.content.decode()
        assert f'data-position-key="{key}"' in body
        assert ">4·0·0</text>" in body.split('data-region="edoras"')[1].split("data-region=")[0]
    assert (
        'aria-label="Эдорас"'
        in client.get(f"/wotr/moves/?position={key}", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    )


def test_an_unknown_link_key_says_so(client):
    page = client.get("/wotr/moves/?position=aaaaaaaaaaaa", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    assert "No position is stored under this link." in page.content.decode()


def test_victory_and_hunt_links_read_the_position():
    data = standard_setup().to_dict()
    data["control"]["minas-tirith"] = "shadow"
    data["armies"]["minas-tirith"] = {"sauron": {"regular": 2, "nazgul": 1}}
    data["fellowship"].update(region="minas-tirith", corruption=4)
    data["hunt_box"] = {"shadow_dice": 3, "free_peoples_dice": 1}
    position = validate_position(data)
    victory = parse_qs(urlparse(victory_link(position)).query)
    assert victory == {"control.minas-tirith": ["shadow"], "corruption": ["4"]}
    hunt = parse_qs(urlparse(hunt_link(position)).query)
    assert hunt["hunt_dice"] == ["3"] and hunt["fp_dice_in_box"] == ["1"]
    assert hunt["rerolls.stronghold"] == hunt["rerolls.army"] == hunt["rerolls.nazgul"] == ["on"]
    assert len(hunt["companions"]) == 7


def test_the_links_paths_follow_the_script_prefix():
    """The checkers' paths are kept per script prefix: a site served under one gets its own."""
    position = standard_setup()
    plain = [link(position) for link in (victory_link, hunt_link, hunt_plan_link)]
    set_script_prefix("/site/")
    try:
        prefixed = [link(position) for link in (victory_link, hunt_link, hunt_plan_link)]
    finally:
        set_script_prefix("/")
    assert [link(position) for link in (victory_link, hunt_link, hunt_plan_link)] == plain
    assert prefixed == ["/site" + link for link in plain]


def test_the_hunt_advisor_link_counts_the_moves_to_a_gate():
    """From Rivendell, 10 regions to Morannon or Minas Morgul; 3 of them already moved
    (progress) leave 7 (Местоположение Содружества, Вход в Мордор); tiles drawn go along."""
    data = standard_setup().to_dict()
    data["fellowship"].update(progress=3, corruption=2)
    data["hunt_tiles_drawn"] = ["eye", "3"]
    plan = parse_qs(urlparse(hunt_plan_link(validate_position(data))).query)
    assert plan["moves_to_mordor"] == ["7"] and plan["corruption"] == ["2"]
    assert plan["drawn"] == ["eye,3"] and len(plan["companions"]) == 7
    data["fellowship"].update(region="dagorlad", progress=1)  # next to Morannon: at it now
    at_gate = parse_qs(urlparse(hunt_plan_link(validate_position(data))).query)
    assert at_gate["moves_to_mordor"] == ["0"]


def test_the_hunt_and_victory_links_are_answered_without_errors(client):
    setup = standard_setup()
    for link in (hunt_link(setup), hunt_plan_link(setup), victory_link(setup)):
        page = client.get(link, HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200
        assert b"error-summary" not in page.content


def test_the_map_page_weighs_at_most_150_kb_compressed(client):
    """The board map's own budget (tests/test_page_weight.py exempts it from the 60 KB one)."""
    html = client.get("/wotr/moves/", HTTP_ACCEPT_LANGUAGE="ru").content
    linked = re.findall(r'(?:href|src)="/static/([^"]+\.(?:css|js))"', html.decode())
    assert "wotr_moves/map.js" in linked
    parts = [html, *(Path(finders.find(name)).read_bytes() for name in linked)]
    assert sum(len(gzip.compress(part)) for part in parts) <= 150 * 1024
