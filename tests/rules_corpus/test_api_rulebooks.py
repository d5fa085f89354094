"""GET /api/rulebooks/, /api/rulebooks/<slug>/ and /api/sections/<id>/, against the schema."""

import pytest

from rules_corpus.models import Section
from tests.openapi import assert_matches_schema


def walk(nodes):
    for node in nodes:
        yield node
        yield from walk(node["children"])


def test_rulebook_list(client, loaded_rulebooks):
    response = client.get("/api/rulebooks/")
    assert response.status_code == 200
    assert_matches_schema(response, "/api/rulebooks/")
    body = response.json()
    assert body["count"] == 5
    first = body["results"][0]
    assert first["slug"] == "wotr-rules"
    assert first["section_count"] == 95
    assert first["api_url"] == "http://testserver/api/rulebooks/wotr-rules/"
    assert first["url"] == "http://testserver/rules/wotr-rules/"


def test_rulebook_detail_has_the_section_tree(client, loaded_rulebooks):
    response = client.get("/api/rulebooks/wojna-o-pierscien/")
    assert response.status_code == 200
    assert_matches_schema(response, "/api/rulebooks/{slug}/")
    body = response.json()
    assert body["language"] == "pl"
    assert body["corrections"][0]["original"] == "póˇniej"
    chapters = [node["anchor"] for node in body["sections"]]
    assert chapters[:3] == [
        "wojna-o-pierscien-zasady",
        "strony-konfliktu-i-cel-gry",
        "plansza-i-rozpoczecie-gry",
    ]
    postacie = next(node for node in body["sections"] if node["anchor"] == "postacie")
    assert [child["number_path"] for child in postacie["children"]][:2] == ["4.1", "4.2"]
    assert postacie["children"][0]["url"] == "http://testserver/rules/wojna-o-pierscien/odwaga/"
    assert len(list(walk(body["sections"]))) == 27


def test_section_detail(client, loaded_rulebooks):
    section = Section.objects.get(rulebook__slug="wotr-rules", anchor="srazhenie")
    response = client.get(f"/api/sections/{section.pk}/")
    assert response.status_code == 200
    assert_matches_schema(response, "/api/sections/{id}/")
    body = response.json()
    by_anchor = dict(
        Section.objects.filter(rulebook__slug="wotr-rules").values_list("anchor", "id")
    )
    assert body["rulebook"] == "wotr-rules"
    assert body["parent"] == by_anchor["srazheniia"]
    assert body["previous"] == by_anchor["sila-armii-i-liderstvo"]
    assert body["next"] == by_anchor["boevye-karty-2"]
    assert body["children"][0] == by_anchor["boevye-karty-2"]
    assert body["text"].startswith("Сражение состоит из 5 шагов.")
    assert body["url"] == "http://testserver/rules/wotr-rules/srazhenie/"


def test_first_section_has_no_previous_nor_parent(client, loaded_rulebooks):
    first = Section.objects.get(rulebook__slug="wotr-rules", position=0)
    body = client.get(f"/api/sections/{first.pk}/").json()
    assert (body["previous"], body["parent"]) == (None, None)


@pytest.mark.parametrize(
    ("url", "schema_path"),
    [
        ("/api/rulebooks/no-such-book/", "/api/rulebooks/{slug}/"),
        ("/api/sections/999999/", "/api/sections/{id}/"),
    ],
)
def test_unknown_is_404(client, loaded_rulebooks, url, schema_path):
    response = client.get(url)
    assert response.status_code == 404
    assert_matches_schema(response, schema_path)
