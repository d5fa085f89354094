"""Cards as documents of the site search (registered in ``CardsDbConfig.ready()``)."""

from collections.abc import Iterator

from cards_db.models import Card
from rules_corpus.search.documents import SearchDocument

GAME = "lotr-tcg"


def card_body(card: Card) -> str:
    """What a card is searched by: its line of stats, keywords, game text and lore."""
    stats = ", ".join(
        part
        for part in (card.type, card.race, card.culture, card.item_class,
                     *(k.name for k in card.keywords.all()))
        if part
    )  # fmt: skip
    return "\n".join(part for part in (stats, card.game_text, card.lore) if part)


def card_documents() -> Iterator[SearchDocument]:
    """One English document per card, leading to the card's page."""
    for card in Card.objects.prefetch_related("keywords").order_by("card_set", "number"):
        yield SearchDocument(
            doc_type="card",
            key=card.pk,
            game=GAME,
            language="en",
            title=f"{card.full_title} ({card.collector_info})",
            body=card_body(card),
            url=card.get_absolute_url(),
            source_title="LOTR TCG cards",
        )
