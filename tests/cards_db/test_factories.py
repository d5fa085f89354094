"""The factories themselves: explicit about saving, so factory-boy has nothing to warn about."""

import warnings

import pytest

from tests.cards_db.factories import CardFactory


@pytest.mark.django_db
def test_card_factory_sets_keywords_without_a_postgeneration_save_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        card = CardFactory(keywords=["Archer", "Ranger"])
    card.refresh_from_db()
    assert sorted(card.keywords.values_list("name", flat=True)) == ["Archer", "Ranger"]
