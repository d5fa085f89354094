from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsDbConfig(AppConfig):
    name = "cards_db"
    verbose_name = _("LOTR TCG cards and decks")

    def ready(self) -> None:
        """Cards join the site search as a second document type."""
        from cards_db.search import card_documents
        from rules_corpus.search.documents import register_source

        register_source(card_documents)
