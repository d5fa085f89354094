from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsDbConfig(AppConfig):
    name = "cards_db"
    verbose_name = _("LOTR TCG cards and decks")

    def ready(self) -> None:
        """Cards join the site search as a second document type; a deleted deck's links go
        with it."""
        from django.db.models.signals import post_delete

        from cards_db.models import Deck
        from cards_db.search import card_documents
        from cards_db.services import forget_deck_links
        from rules_corpus.search.documents import register_source

        register_source(card_documents)
        post_delete.connect(forget_deck_links, sender=Deck, dispatch_uid="forget_deck_links")
