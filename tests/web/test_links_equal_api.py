"""A page link and an API call say the same thing: the link's query, nested at its dots, is the
API request, and both answer the same (issue: a link for every answer)."""

from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from adjudicator.web import registry
from adjudicator.web.pages import nested_query
from cards_db.importer import import_data_files
from cards_db.views import DeckCheckPage
from tests.games.tcg.sample_decks import legal_deck
from tests.openapi import openapi_schema, operation
from tests.site_pages import CHECKER_QUESTIONS

LINKS = [
    ("/wotr/battle/?attacker.regular=10&defender.regular=5", "/api/wotr/battle/"),
    (
        "/wotr/battle/?attacker.regular=6&attacker.elite=2&attacker.leadership=2"
        "&defender.regular=3&defender.elite=2&settlement=stronghold&siege=on&rounds=3",
        "/api/wotr/battle/",
    ),
    ("/wotr/factions/?faction=ents&figures=4&target.regular=3", "/api/wotr/factions/attack/"),
    (
        "/wotr/hunt/?hunt_dice=3&fp_dice_in_box=1&rerolls.stronghold=on&corruption=10",
        "/api/wotr/hunt/",
    ),
    ("/wotr/hunt/turn/?hunt_dice=3&corruption=8&moves=2", "/api/wotr/hunt/turn/"),
    (
        "/wotr/victory/?control.minas-tirith=shadow&control.dale=shadow&corruption=4",
        "/api/wotr/victory/",
    ),
    (
        "/mordor/keep/?rolled.0.face=ring&rolled.0.color=black&rolled.1.face=orc"
        "&rolled.1.color=yellow&rolled.2.face=nazgul&rolled.2.color=blue&keep=2&player_color=red",
        "/api/mordor/keep/check/",
    ),
    (
        "/mordor/resolve/?players.0.color=red&players.1.color=blue&players.1.position=1"
        + "".join(f"&players.1.nazgul_track={s}" for s in ["split_half", *["empty"] * 6])
        + "&active=0&kept.0.face=ring&kept.0.color=red",
        "/api/mordor/resolve/",
    ),
    (
        "/mordor/odds/?position=4&player_color=red&other_colors=blue&rolled.0.face=ring"
        "&rolled.0.color=yellow&rolled.1.face=orc&rolled.1.color=red&rolled.2.face=orc"
        "&rolled.2.color=blue&rolled.3.face=gandalf&rolled.3.color=green"
        "&kept_before.0.face=ring&kept_before.0.color=black",
        "/api/mordor/odds/",
    ),
    ("/wojna/battle/?attacker_units=6&defender_units=2", "/api/wojna/battle/"),
    (
        "/wojna/ratio-plan/?attacker_units=6&defender_units=3&unit_strength=2",
        "/api/wojna/ratio-plan/",
    ),
    ("/wojna/tests/?niewola=3&attempts=2&found=false", "/api/wojna/capture/"),
    ("/wojna/tests/?ucieczka=4&attempts=3", "/api/wojna/escape/"),
    ("/wojna/tests/?pierscien=2", "/api/wojna/ring-removal/"),
    (
        "/wojna/duel/?attacker_morale=3&attacker_odwaga=3&defender_morale=3&defender_odwaga=2",
        "/api/wojna/duel/",
    ),
    ("/wojna/search/?phase=search_phase&orc_units=3&nazgul=2", "/api/wojna/search/"),
    ("/wojna/wounds/?odpornosc=3&crosses=1", "/api/wojna/wounds/"),
    ("/wojna/ringwraith/?odpornosc=3&pierscien=2", "/api/wojna/ringwraith/"),
    ("/wojna/ring-destruction/?hex=4129", "/api/wojna/ring-destruction/"),
    ("/wojna/gollum/?previous=sauron", "/api/wojna/gollum/"),
    ("/cards/calculators/move-twilight/?shadow_number=3&companions=4", "/api/tcg/move-twilight/"),
    (
        "/cards/calculators/minion-cost/?twilight_cost=3&minion_site_number=4&current_site=2",
        "/api/tcg/minion-cost/",
    ),
    ("/cards/calculators/move-limit/?players_at_start=2&moves_made=1", "/api/tcg/move-limit/"),
    ("/cards/calculators/burdens/?burdens=10&resistance=10&added=1", "/api/tcg/burdens/"),
]


def _request_schema(endpoint: str, path: str) -> dict[str, Any]:
    """The OpenAPI schema of the request field at a dotted path ({} when not documented)."""
    document = openapi_schema()
    components = document["components"]["schemas"]
    node = operation(endpoint, "post")["requestBody"]["content"]["application/json"]
    node = node["schema"]
    for part in path.split("."):
        while "$ref" in node or "allOf" in node or node.get("type") == "array":
            if node.get("type") == "array":
                node = node.get("items", {})
                continue
            if "allOf" in node:  # a request body's schema is written out in place
                node = node["allOf"][0]
                continue
            node = components[node["$ref"].rsplit("/", 1)[1]]
        if part.isdigit():
            continue
        node = node.get("properties", {}).get(part) or node.get("additionalProperties") or {}
    return node


def _typed(text: str, schema: dict[str, Any]) -> Any:
    """A query value as the API takes it: ``on`` a ticked box, numbers as numbers."""
    kind = schema.get("type")
    if kind == "boolean" or text == "on":
        return text == "on"
    if kind == "integer" or (kind is None and text.lstrip("-").isdigit()):
        return int(text)
    return text


def api_body(link: str, endpoint: str) -> dict:
    """The link's query as a JSON body: ``attacker.regular=10`` → ``{"attacker": {"regular":
    10}}``, ``rolled.0.face=ring`` → ``{"rolled": [{"face": "ring"}]}``, a repeated key (or one
    value of a list) a list; each value typed as the API's schema says."""
    query = QueryDict(urlsplit(link).query)
    return _typed_tree(nested_query(query), endpoint, "")


def _typed_tree(node: Any, endpoint: str, path: str) -> Any:
    if isinstance(node, dict):
        return {  # an empty field is a field left out
            key: _typed_tree(value, endpoint, f"{path}.{key}".lstrip("."))
            for key, value in node.items()
            if value != ""
        }
    schema = _request_schema(endpoint, path)
    objects = isinstance(node, list) and node and isinstance(node[0], dict)
    if schema.get("type") == "array" and not objects:
        items = node if isinstance(node, list) else [node]
        return [_typed(text, schema.get("items", {})) for text in items if text != ""]
    if isinstance(node, list):
        return [_typed_tree(item, endpoint, f"{path}.{index}") for index, item in enumerate(node)]
    return _typed(node, schema)


#: Pages whose tables show every row's exact fraction (the hunt's) answer as the API asked with
#: ?exact=all; through the API the rows carry their floats only by default (docs/api.md).
EXACT_ROWS = {"/api/wotr/hunt/", "/api/wotr/hunt/turn/"}


def _api_answer(endpoint: str, body: dict) -> dict:
    """The API's answer to ``body``, every exact fraction asked for where the page shows it."""
    path = f"{endpoint}?exact=all" if endpoint in EXACT_ROWS else endpoint
    api = APIClient().post(path, body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert api.status_code == 200, api.json()
    return api.json()


def _same_answer(page_answer: dict, api_answer: dict) -> None:
    """Everything the page's answer and the API's share is equal, citations included."""
    page_answer = page_answer.get(
        "result", page_answer
    )  # a Wojna page keeps the API's answer whole
    shared = [key for key in api_answer if key in page_answer]
    assert "citations" in shared and len(shared) >= 3, shared
    for key in shared:
        assert page_answer[key] == api_answer[key], key


@pytest.mark.django_db
@pytest.mark.parametrize(("link", "endpoint"), LINKS)
def test_the_page_link_and_the_api_call_give_the_same_answer(link, endpoint):
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(link)
    assert page.status_code == 200
    _same_answer(page.context["answer"], _api_answer(endpoint, api_body(link, endpoint)))


@pytest.mark.django_db
def test_a_deck_link_names_the_stored_list_the_api_validates(client):
    """A deck list is too big for a link: the page's ``?deck=<key>`` names the stored question,
    whose list, format and option are the API's body, and both give the same report."""
    import_data_files()
    text = legal_deck().replace("4x Axe Strike (1C3)", "5x Axe Strike (1C3)")
    question = {"list": text, "format": "fellowship_block", "check": "1"}
    link = client.post("/cards/decks/", question)["Location"]
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and isinstance(
        page.resolver_match.func.view_class(), DeckCheckPage
    )
    body = {"list": text, "format": "fellowship_block", "check_starting_fellowship": False}
    api = APIClient().post("/api/decks/validate/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert page.context["answer"]["report"]["errors"] == api.json()["errors"]
    assert page.context["answer"]["report"]["valid"] is api.json()["valid"] is False


#: The API endpoint each checker page asks (the registry's page and operation).
ENDPOINTS = {
    registry.page_path(checker): reverse(checker.api_name)
    for checker in registry.CHECKERS
    if checker.page is not None and checker.api
}


#: The die-test page asks the endpoint of the test its link names.
DIE_TESTS = {"niewola": "capture", "ucieczka": "escape", "pierscien": "ring-removal"}


def _endpoint(link: str) -> str:
    parts = urlsplit(link)
    if parts.path == "/wojna/tests/":
        (test,) = [DIE_TESTS[key] for key, _ in parse_qsl(parts.query) if key in DIE_TESTS]
        return f"/api/wojna/{test}/"
    return ENDPOINTS[parts.path]


@pytest.mark.django_db
@pytest.mark.parametrize("question", CHECKER_QUESTIONS)
def test_the_share_link_of_a_submitted_form_is_the_api_request(question):
    """Whatever the form sent (one row per die colour, per seat...), the answer's Share link
    names the API request's fields, and the API answers it the same."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(question)
    link = page.context["share_url"].removeprefix("http://testserver")
    endpoint = _endpoint(link)
    unknown = [
        key for key, _ in parse_qsl(urlsplit(link).query) if not _request_schema(endpoint, key)
    ]
    assert not unknown, link
    shared = client.get(link)
    assert shared.context["answer"]["headline"] == page.context["answer"]["headline"]
    _same_answer(page.context["answer"], _api_answer(endpoint, api_body(link, endpoint)))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "link",
    [
        "/mordor/keep/?rolled=ring&rolled.0.face=orc&rolled.0=x&keep=9&keep.a=1&player_color=red",
        "/mordor/resolve/?players.0=red&players.x.color=blue&kept.0.face=ring.kept&active=zero",
        "/mordor/odds/?position=4&player_color=red&nazgul_track=marked&nazgul_track.0=x",
        "/cards/calculators/skirmish/?free_peoples.0.strength=x&shadow=Orc&burdens_per_wound.a=1",
        "/cards/calculators/bids/?bids=Petr&bids.Yuri=many&tie_order.0.x=1",
        "/wojna/ring-inheritance/?candidates.0=Pippin&candidates.1.group=nobody",
        "/wojna/tests/?niewola=many&ucieczka=2&found=maybe",
    ],
)
def test_a_malformed_link_is_a_400_naming_the_problem(link):
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(link)
    assert page.status_code == 400
    assert b"errorlist" in page.content or b"error-summary" in page.content
