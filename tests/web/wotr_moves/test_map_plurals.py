"""The map's counts in each language's plural form (issue 23: "1 regions away")."""

import json
import re

import pytest
from django.utils import translation

from adjudicator.web.wotr_moves.views import map_plurals

pytestmark = pytest.mark.django_db

EXPECTED = {
    "en": {1: "1 region away", 2: "2 regions away", 5: "5 regions away"},
    "ru": {1: "1 регион пути", 2: "2 региона пути", 5: "5 регионов пути", 21: "21 регион пути"},
    "pl": {
        1: "1 region dalej",
        2: "2 regiony dalej",
        5: "5 regionów dalej",
        22: "22 regiony dalej",
    },
}


@pytest.mark.parametrize("language", EXPECTED)
def test_distances_take_the_language_plural_form(language):
    with translation.override(language):
        steps = map_plurals()["steps"]
    for n, text in EXPECTED[language].items():
        assert steps[n] == text


def test_the_page_carries_the_forms_for_the_script(client):
    page = client.get("/wotr/moves/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    found = re.search(r'id="map-plurals" type="application/json">(.*?)</script>', page)
    data = json.loads(found.group(1))
    assert data["regular"][3] == "3 обычных юнита" and data["elite"][1] == "1 элитный юнит"
    assert data["destinations"][5].startswith("5 ")
