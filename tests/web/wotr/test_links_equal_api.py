"""A page link and an API call say the same thing: the link's query, nested at its dots, is the
API request, and both answer the same (issue: a link for every answer)."""

from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client
from rest_framework.test import APIClient

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
    (
        "/wotr/victory/?control.minas-tirith=shadow&control.dale=shadow&corruption=4",
        "/api/wotr/victory/",
    ),
]


def _value(text: str):
    if text == "on":
        return True
    return int(text) if text.lstrip("-").isdigit() else text


def api_body(link: str) -> dict:
    """The link's query as a JSON body: ``attacker.regular=10`` → ``{"attacker": {"regular": 10}}``
    (``on`` a ticked box, whole numbers as numbers)."""
    body: dict = {}
    for key, text in parse_qsl(urlsplit(link).query):
        *parents, leaf = key.split(".")
        node = body
        for parent in parents:
            node = node.setdefault(parent, {})
        node[leaf] = _value(text)
    return body


@pytest.mark.django_db
@pytest.mark.parametrize(("link", "endpoint"), LINKS)
def test_the_page_link_and_the_api_call_give_the_same_answer(link, endpoint):
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(link)
    assert page.status_code == 200
    api = APIClient().post(endpoint, api_body(link), format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert api.status_code == 200, api.json()
    assert page.context["answer"]["verdict"] == api.json()["verdict"]
    assert page.context["answer"]["citations"] == api.json()["citations"]
