"""The in-page editor of the rule tables (Tabele i zestawienia): typed lines, checked whole."""

import pytest
from django.test import Client
from django.urls import reverse

from adjudicator.web.wojna.models import BattleResultEntry, SearchTableEntry

pytestmark = pytest.mark.django_db

TABLES = {
    "battle_results": "3:1 4 20 40\n\n3-1 5 10 50",
    "duel_results": "",
    "search": "4 6 5 n\n7 - 6",
    "spells": "A 3 2",
}


@pytest.fixture
def client():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_typed_tables_are_saved_and_read_by_the_calculators(client):
    response = client.post(reverse("wojna:tables"), TABLES)
    assert response.status_code == 302
    assert sorted(BattleResultEntry.objects.values_list("odds", "die")) == [("3:1", 4), ("3:1", 5)]
    rows = list(SearchTableEntry.objects.order_by("points_from").values_list(
        "points_from", "points_to", "die", "capture"
    ))  # fmt: skip
    assert rows == [(4, 6, 5, True), (7, None, 6, False)]
    page = client.get(reverse("wojna:tables")).content.decode()
    assert "3:1 4 20 40" in page and "7 - 6" in page and "Tables saved." in page
    battle = client.get(reverse("wojna:battle"), {"attacker_units": 6, "defender_units": 2})
    assert "20% (" in battle.content.decode()  # the 3:1 column, die 4, from the typed table


def test_a_bad_line_is_named_and_nothing_is_saved(client):
    client.post(reverse("wojna:tables"), TABLES)
    bad = {**TABLES, "battle_results": "3:1 4 20 40\n\n7:7 4 20 40", "spells": "A 3 2 9"}
    response = client.post(reverse("wojna:tables"), bad)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["battle_results"][0].startswith("line 3: ")
    assert errors["spells"][0].startswith("line 1: more values")
    assert BattleResultEntry.objects.count() == 2  # the stored tables are unchanged


def test_a_calculator_without_its_table_links_to_the_editor(client):
    page = client.get(reverse("wojna:battle"), {"attacker_units": 6, "defender_units": 2})
    assert f'href="{reverse("wojna:tables")}"' in page.content.decode()


def test_the_calculators_read_the_tables_as_stored_now(client):
    """The selectors compile their SQL once per process but read the rows on every question."""
    question = {"attacker_units": 6, "defender_units": 2}
    assert "20% (" not in client.get(reverse("wojna:battle"), question).content.decode()
    client.post(reverse("wojna:tables"), TABLES)
    assert "20% (" in client.get(reverse("wojna:battle"), question).content.decode()
    client.post(reverse("wojna:tables"), {**TABLES, "battle_results": "3:1 4 30 40"})
    page = client.get(reverse("wojna:battle"), question).content.decode()
    assert "30% (" in page and "20% (" not in page
