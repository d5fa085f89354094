"""The importer, the admin and the models (with the factories)."""

import dataclasses
import json

import pytest
from django.core.management import CommandError, call_command

from cards_db.importer import data_files, import_cards
from cards_db.models import Card, CardSet, Deck, DeckCard, Keyword
from cards_db.services import engine_card, export_deck
from tests.cards_db.factories import CardFactory, DeckCardFactory, DeckFactory
from tests.games.tcg.sample_decks import all_cards

pytestmark = pytest.mark.django_db


def test_import_cards_is_idempotent(capsys):
    call_command("import_cards")
    assert "609 created" in capsys.readouterr().out
    call_command("import_cards")
    assert "0 created, 0 updated, 609 unchanged" in capsys.readouterr().out
    assert Card.objects.count() == 609 and CardSet.objects.count() == 3
    legolas = Card.objects.get(pk="1_50")
    assert (legolas.collector_info, legolas.strength, legolas.culture) == ("1R50", 6, "Elven")
    assert [k.name for k in legolas.keywords.all()] == ["Archer"]
    site = Card.objects.get(pk="1_349")
    assert (site.site_number, site.shadow_number, site.twilight_cost) == (5, 6, None)


def test_every_field_of_every_card_survives_the_import(cards):
    """The 609 cards read back from the database equal the vendored JSON, field by field
    (keywords as a set: the database does not keep their printed order)."""
    stored = {c.id: engine_card(c) for c in Card.objects.prefetch_related("keywords")}
    assert len(stored) == len(all_cards()) == 609
    for card in all_cards():
        back = stored[card.id]
        assert set(back.keywords) == set(card.keywords), card.id
        assert dataclasses.replace(back, keywords=card.keywords) == card, card.id


def test_import_updates_a_changed_card(tmp_path):
    cards = json.loads(data_files()[0].read_text(encoding="utf-8"))[:3]
    import_cards(cards)
    cards[2] = {**cards[2], "strength": 99, "keywords": ["Fierce"]}
    result = import_cards(cards)
    assert (result.created, result.updated, result.unchanged) == (0, 1, 2)
    card = Card.objects.get(pk=cards[2]["id"])
    assert card.strength == 99 and [k.name for k in card.keywords.all()] == ["Fierce"]


def test_import_rejects_a_missing_or_malformed_file(tmp_path):
    with pytest.raises(CommandError):
        call_command("import_cards", str(tmp_path / "nope.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('[{"title": "no id"}]')
    with pytest.raises(CommandError):
        call_command("import_cards", str(broken))
    assert not Card.objects.exists()


def test_factories_make_cards_and_decks():
    card = CardFactory(title="Test Archer", keywords=["Archer"])
    deck_card = DeckCardFactory(card=card, count=3)
    assert Keyword.objects.get(name="Archer").cards.get() == card
    assert deck_card.deck.cards.get().count == 3
    assert str(card) == f"Test Archer ({card.collector_info})"


def test_export_groups_by_role():
    deck = DeckFactory(name="Mine")
    DeckCardFactory(deck=deck, card=CardFactory(title="Bearer"), role=DeckCard.Role.RING_BEARER)
    DeckCardFactory(deck=deck, card=CardFactory(title="Hobbit"), count=2)
    text = export_deck(deck)
    assert text.splitlines()[:3] == ["# Mine", "", "Ring-bearer:"]
    assert "2x Hobbit (1C" in text and "Draw deck:" in text


def test_admin_pages(admin_client):
    deck = DeckFactory()
    DeckCardFactory(deck=deck)
    pages = ["card/", "deck/", f"deck/{deck.pk}/change/", "cardset/", "keyword/", "deckcard/"]
    for url in pages:
        assert admin_client.get(f"/admin/cards_db/{url}").status_code == 200, url
    assert Deck.objects.count() == 1
