"""Saved decks: deletable with their edit key, expired after the retention, saves throttled."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from cards_db.models import Deck

pytestmark = pytest.mark.django_db


def make_deck(**fields) -> Deck:
    return Deck.objects.create(name="Test", format="fellowship_block", source="", **fields)


def test_the_api_deletes_a_deck_only_with_its_edit_key():
    deck = make_deck()
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    url = f"/api/decks/{deck.pk}/"
    wrong = api.delete(url + "?edit_key=00000000-0000-0000-0000-000000000000")
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["field"] == "edit_key"
    assert api.delete(url).status_code == 400
    assert api.delete(f"{url}?edit_key={deck.edit_key}").status_code == 204
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert api.delete(f"{url}?edit_key={deck.edit_key}").status_code == 404


def test_the_edit_page_deletes_a_deck(client):
    deck = make_deck()
    url = reverse("cards_db:deck_delete", kwargs={"pk": deck.pk, "key": deck.edit_key})
    assert client.get(url).status_code == 405
    other = reverse("cards_db:deck_delete", kwargs={"pk": deck.pk, "key": deck.pk})
    assert client.post(other).status_code == 404
    assert client.post(url).status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_expire_decks_deletes_only_decks_older_than_the_retention(capsys):
    old, recent = make_deck(), make_deck()
    Deck.objects.filter(pk=old.pk).update(updated=timezone.now() - timedelta(days=400))
    call_command("expire_decks", "--dry-run")
    assert "would delete 1 deck(s)" in capsys.readouterr().out
    assert Deck.objects.count() == 2
    call_command("expire_decks", "--days", "365")
    assert list(Deck.objects.values_list("pk", flat=True)) == [recent.pk]


def test_deck_saves_are_throttled_per_client(monkeypatch):
    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "deck_save": "2/hour"}
    monkeypatch.setattr("rest_framework.throttling.SimpleRateThrottle.THROTTLE_RATES", rates)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    body = {"name": "x", "list": "", "format": "fellowship_block"}
    statuses = [api.post("/api/decks/", body, format="json").status_code for _ in range(3)]
    assert statuses[:2] != [429, 429] and statuses[2] == 429
    deck = make_deck()
    assert api.get(f"/api/decks/{deck.pk}/").status_code == 200


@override_settings(DECK_RETENTION_DAYS=30)
def test_retention_comes_from_settings(capsys):
    make_deck()
    call_command("expire_decks", "--dry-run")
    assert "not changed for 30 days" in capsys.readouterr().out


def test_page_saves_count_against_the_same_rate_as_the_api(monkeypatch):
    """Saves from the deck page were unlimited (issue 12); they share the API's rate."""
    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "deck_save": "2/hour"}
    monkeypatch.setattr("rest_framework.throttling.SimpleRateThrottle.THROTTLE_RATES", rates)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    body = {"name": "x", "list": "4x No Such Card", "format": "fellowship_block"}
    assert api.post("/api/decks/", body, format="json").status_code != 429
    form = {**body, "save": "1"}
    assert api.post(reverse("cards_db:deck_new"), form).status_code != 429
    refused = api.post(reverse("cards_db:deck_new"), form)
    assert refused.status_code == 429
    assert "too many saves" in refused.content.decode()
    deck = make_deck()
    edit = reverse("cards_db:deck_edit", kwargs={"pk": deck.pk, "key": deck.edit_key})
    assert api.post(edit, form).status_code == 429
    assert api.post(reverse("cards_db:deck_new"), {**body}).status_code != 429  # a check
