"""Factories for cards and decks."""

import factory

from cards_db.models import Card, CardSet, Deck, DeckCard, Keyword


class CardSetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CardSet
        django_get_or_create = ["number"]

    number = 1
    name = "The Fellowship of the Ring"


class KeywordFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Keyword
        django_get_or_create = ["name"]

    name = "Archer"


class CardFactory(factory.django.DjangoModelFactory):
    """A Free Peoples companion by default; pass ``type``/``side`` for others."""

    class Meta:
        model = Card
        skip_postgeneration_save = True  # keywords.set() writes the M2M rows itself

    card_set = factory.SubFactory(CardSetFactory)
    number = factory.Sequence(lambda n: 400 + n)
    id = factory.LazyAttribute(lambda c: f"{c.card_set.number}_{c.number}")
    rarity = "C"
    collector_info = factory.LazyAttribute(lambda c: f"{c.card_set.number}{c.rarity}{c.number}")
    title = factory.Sequence(lambda n: f"Test Companion {n}")
    side = "free_peoples"
    culture = "Shire"
    type = "Companion"
    twilight_cost = 1
    strength = 3
    vitality = 3
    game_text = "Test card."
    search_text = factory.LazyAttribute(lambda c: f" {c.title.lower()} test card ")

    @factory.post_generation
    def keywords(self, create, extracted, **kwargs):
        if create and extracted:
            self.keywords.set([KeywordFactory(name=name) for name in extracted])


class DeckFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Deck

    name = factory.Sequence(lambda n: f"Deck {n}")
    format = "fellowship_block"
    source = "1x Test card"


class DeckCardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DeckCard

    deck = factory.SubFactory(DeckFactory)
    card = factory.SubFactory(CardFactory)
    count = 1
    role = DeckCard.Role.DRAW
    line = factory.Sequence(lambda n: n + 1)
