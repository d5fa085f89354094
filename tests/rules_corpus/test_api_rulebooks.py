"""GET /api/rulebooks/, /api/rulebooks/<slug>/ and /api/sections/<id>/, against the schema."""

import gzip
import json
from datetime import datetime

import pytest
from django.utils.http import parse_http_date

from rules_corpus.models import Section
from rules_corpus.services import load_rulebooks
from tests.openapi import assert_matches_schema, openapi_schema


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
    assert body["parent_anchor"] == "srazheniia"
    assert (body["previous_anchor"], body["next_anchor"]) == (
        "sila-armii-i-liderstvo",
        "boevye-karty-2",
    )
    assert body["children_anchors"][0] == "boevye-karty-2"
    assert len(body["children_anchors"]) == len(body["children"])
    assert body["text"].startswith("Сражение состоит из 5 шагов.")
    assert body["url"] == "http://testserver/rules/wotr-rules/srazhenie/"


def test_first_section_has_no_previous_nor_parent(client, loaded_rulebooks):
    first = Section.objects.get(rulebook__slug="wotr-rules", position=0)
    body = client.get(f"/api/sections/{first.pk}/").json()
    assert (body["previous"], body["parent"]) == (None, None)
    assert (body["previous_anchor"], body["parent_anchor"]) == (None, None)


def test_a_sections_stable_ids_survive_reloading_the_rulebooks(client, loaded_rulebooks):
    """Anchors name the section and its relations whatever the database's ids: after the
    rulebook is dropped and loaded again, every id changed and no anchor did."""
    path = "/api/rulebooks/wotr-rules/sections/srazhenie/"
    before = client.get(path).json()
    loaded_rulebooks["wotr-rules"].delete()
    load_rulebooks()

    after = client.get(path).json()

    stable = ["anchor", "parent_anchor", "previous_anchor", "next_anchor", "children_anchors"]
    assert {key: after[key] for key in stable} == {key: before[key] for key in stable}
    assert after["id"] != before["id"] and after["parent"] != before["parent"]
    assert client.get(f"/api/sections/{after['id']}/").json() == after
    tree = client.get("/api/rulebooks/wotr-rules/").json()["sections"]
    node = next(node for node in walk(tree) if node["anchor"] == "srazhenie")
    assert [child["anchor"] for child in node["children"]] == after["children_anchors"]


def test_the_integer_ids_are_deprecated_aliases_in_the_schema():
    components = openapi_schema()["components"]["schemas"]
    deprecated = {
        name: sorted(key for key, field in schema["properties"].items() if field.get("deprecated"))
        for name, schema in components.items()
        if name in {"SectionDetail", "RulebookSectionNode", "SearchResult"}
    }
    assert deprecated == {
        "SectionDetail": ["children", "id", "next", "parent", "previous"],
        "RulebookSectionNode": ["id"],
        "SearchResult": ["section"],
    }
    assert openapi_schema()["paths"]["/sections/{id}/"]["get"]["deprecated"] is True


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


def test_a_section_by_rulebook_and_anchor_is_the_same_as_by_its_id_alias(client, loaded_rulebooks):
    section = Section.objects.get(rulebook__slug="wotr-rules", anchor="srazhenie")
    path = "/api/v1/rulebooks/wotr-rules/sections/srazhenie/"

    response = client.get(path)

    assert response.status_code == 200
    assert_matches_schema(response, "/api/rulebooks/{slug}/sections/{anchor}/")
    assert response.json() == client.get(f"/api/sections/{section.pk}/").json()
    assert response.json()["api_url"] == f"http://testserver{path.replace('/v1', '')}"
    assert client.get("/api/rulebooks/wotr-rules/sections/no-such/").status_code == 404


def test_every_section_downloads_in_one_gzipped_request_that_revalidates(client, loaded_rulebooks):
    response = client.get("/api/v1/bulk/sections/", HTTP_ACCEPT_ENCODING="gzip")

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    body = json.loads(gzip.decompress(response.content))
    assert body["count"] == Section.objects.count() == len(body["sections"])
    first = body["sections"][0]
    assert (first["rulebook"], first["parent"]) == ("wotr-rules", None)
    assert client.get(first["api_url"]).json()["text"] == first["text"]
    assert parse_http_date(response["Last-Modified"]) == int(
        datetime.fromisoformat(body["updated_at"]).timestamp()
    )
    again = client.get(
        "/api/v1/bulk/sections/", HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=response["ETag"]
    )
    assert again.status_code == 304
    plain = client.get("/api/v1/bulk/sections/")
    assert "Content-Encoding" not in plain
    assert_matches_schema(plain, "/api/bulk/sections/")
